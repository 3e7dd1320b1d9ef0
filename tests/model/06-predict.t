#!/bin/sh
# bench/model/predict on real recordings (the CPU runtime, a private lttng-sessiond): the
# statistics its table prints are the ones it says, recomputed here from each recording's own
# `hsatrace model -f json`: a measured total is the median of the configuration's recordings
# with its quartiles around it and the smallest beside it; a prediction the median of those
# made from each recording of the reference, its best-of the one from the fastest reference.
# Small runs (their numbers are not judged: no timing assertions in tests).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
model_require "$B/libexec/hsatrace/hsatrace-model" "$B/libexec/hsatrace/hsatrace-record" \
	"$S/multi_thread" "$S/matmul_pipeline"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 not installed"
plan 8
export LC_ALL=C
model_start
json() { perl -MJSON::PP -e 'local $/; open my $f, "<", $ARGV[0] or die;
	my $j = decode_json(<$f>); print eval($ARGV[1]), "\n"; die $@ if $@' "$@"; }
# rounded as the table does: %.6f (the script's statistics), then %.4f (its row)
median() { sort -g | awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	printf "%.4f\n", sprintf("%.6f", m) }'; }

# Three recordings of the 1-thread run and of the 2-thread reference, one of each other one.
failed=0
for c in mt1 mt2 mt4 mt8 w1 mm1 mm3; do
	case $c in mt1 | mt2) rounds="1 2 3" ;; *) rounds=1 ;; esac
	for r in $rounds; do
		mkdir -p "$tmp/d/$c"
		case $c in
		mt*) rec "$tmp/d/$c/r$r" "$S/multi_thread" "$S/multi_thread_kernels.so" "${c#mt}" 40 ;;
		w1) HSATRACE_CPU_WORKERS=1 rec "$tmp/d/$c/r$r" "$S/multi_thread" "$S/multi_thread_kernels.so" 2 40 ;;
		mm*) rec "$tmp/d/$c/r$r" "$S/matmul_pipeline" "$S/matmul_pipeline_kernels.so" 64 "${c#mm}" ;;
		esac || { failed=1; cat "$tmp/rec.log" >&2; }
	done
done
ok $failed "three recordings of two configurations, one of five others"

out=$(HSATRACE_BUILD=$B sh "$HSATRACE_SRC/bench/model/predict" "$tmp/d" "median of test" 2>&1)
ok $? "bench/model/predict exits 0" || printf '%s\n' "$out" | sed 's/^/# /' >&2
row=$(printf '%s\n' "$out" | grep -m 1 '^| multi_thread 1 threads (2; threads=1) |')

for r in 1 2 3; do
	"$hsat" model -f json -o "$tmp/t$r.json" "$tmp/d/mt1/r$r" &&
		json "$tmp/t$r.json" '$j->{measured}{total_s}'
done >"$tmp/totals"
"$hsat" model -f json -w threads=1 -o "$tmp/p.json" "$tmp/d/mt2/r1" &&
	json "$tmp/p.json" '"$j->{predicted}{total_s} $j->{measured}{total_s}"' >"$tmp/pred" &&
	for r in 2 3; do
		"$hsat" model -f json -w threads=1 -o "$tmp/p.json" "$tmp/d/mt2/r$r" &&
			json "$tmp/p.json" '"$j->{predicted}{total_s} $j->{measured}{total_s}"'
	done >>"$tmp/pred"
want_pred=$(cut -d' ' -f1 "$tmp/pred" | median)
want_meas=$(median <"$tmp/totals")
want_min=$(sort -g "$tmp/totals" | head -n 1 | awk '{ printf "%.4f\n", $1 }')
want_best=$(sort -g -k2 "$tmp/pred" | head -n 1 | awk '{ printf "%.4f\n", $1 }')
got=$(printf '%s\n' "$row" | perl -ne 'print "$1 $2\n" if /^\|[^|]*\| ([0-9.]+) \| ([0-9.]+) \[/')
is "$got" "$want_pred $want_meas" \
	"the 1-thread row: the median of the three predictions, the median of the three totals"
# The quartiles of three totals, linear between ranks: halfway from the smallest to the
# middle one and from there to the largest (rounded as the table does: %.6f, then %.4f).
# Three close recordings can make them equal at 4 decimals: not an empty range.
want_iqr=$(sort -g "$tmp/totals" | awk '{ v[NR] = $1 }
	END { printf "%.4f %.4f\n", sprintf("%.6f", (v[1] + v[2]) / 2), sprintf("%.6f", (v[2] + v[3]) / 2) }')
got=$(printf '%s\n' "$row" | perl -ne 'print "$2 $3\n" if /\| ([0-9.]+) \[([0-9.]+)–([0-9.]+)\]/ && $2 <= $1 && $1 <= $3')
is "$got" "$want_iqr" "its inter-quartile range holds the median and is the three totals' quartiles" ||
	diag "$row"
got=$(printf '%s\n' "$row" | perl -ne 'print "$1 $2\n" if m{\| ([0-9.]+) / ([0-9.]+), [-+][0-9.]+ % \|$}')
is "$got" "$want_best $want_min" \
	"its best of the rounds: the prediction from the fastest reference, the smallest total"
is "$(printf '%s\n' "$out" | grep -c '^| [a-z_]* .*(.*) | [0-9.]* | [0-9.]* \[')" 8 \
	"five rows and three with the devices apart"
printf '%s\n' "$out" | grep -q '^mean absolute error [0-9.]* %, worst [0-9.]* % (5 configurations); best of the rounds: [0-9.]* %'
ok $? "the summary of both statistics"

rm -rf "$tmp/d/mm3"
HSATRACE_BUILD=$B sh "$HSATRACE_SRC/bench/model/predict" "$tmp/d" >"$tmp/missing.out" 2>&1
st=$?
is "$st $(grep -c 'no recording of mm3' "$tmp/missing.out")" "1 1" \
	"a missing configuration exits 1 saying which"
done_testing
