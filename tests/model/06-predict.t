#!/bin/sh
# bench/model/predict on real recordings (the CPU runtime, a private lttng-sessiond): the
# statistics its table prints are the ones it says, recomputed here from each recording's own
# `hsatrace model -f json`: a measured total is the median of the configuration's recordings
# with its quartiles around it and the smallest beside it; a prediction the median of those
# made from each recording of the reference, its best-of the one from the fastest reference.
# Small runs (their numbers are not judged: no timing assertions in tests). Where the HIP
# samples are built, one recording of hip_streams' pipeline on 1 and on 2 streams (hs1, hs2):
# the HIP row, its prediction hs1's with queues=2, its measure hs2's total; without them the
# table leaves the row out and says so.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
model_require "$B/libexec/hsatrace/hsatrace-model" "$B/libexec/hsatrace/hsatrace-record" \
	"$S/multi_thread" "$S/matmul_pipeline"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 not installed"
plan 9
export LC_ALL=C
model_start
json() { model_json "" "$@"; }
# rounded as the table does: %.6f (the script's statistics), then %.4f (its row)
median() { sort -g | awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	printf "%.4f\n", sprintf("%.6f", m) }'; }

hip=""
[ -z "$HIP_STREAMS" ] || hip="hs1 hs2"

# Three recordings of the 1-thread run and of the 2-thread reference, one of each other one.
failed=0
for c in mt1 mt2 mt4 mt8 w1 mm1 mm3 $hip; do
	case $c in mt1 | mt2) rounds="1 2 3" ;; *) rounds=1 ;; esac
	for r in $rounds; do
		mkdir -p "$tmp/d/$c"
		case $c in
		mt*) rec "$tmp/d/$c/r$r" "$S/multi_thread" "$S/multi_thread_kernels.so" "${c#mt}" 40 ;;
		w1) HSATRACE_CPU_WORKERS=1 rec "$tmp/d/$c/r$r" "$S/multi_thread" "$S/multi_thread_kernels.so" 2 40 ;;
		mm*) rec "$tmp/d/$c/r$r" "$S/matmul_pipeline" "$S/matmul_pipeline_kernels.so" 64 "${c#mm}" ;;
		hs*) rec_hip "$tmp/d/$c/r$r" "${c#hs}" ;;
		esac || { failed=1; cat "$tmp/rec.log" >&2; }
	done
done
ok $failed "three recordings of two configurations, one of $([ -n "$hip" ] && echo seven || echo five) others"

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
# the rows: five, the HIP one when recorded, and three with the devices apart
rows=5
[ -z "$hip" ] || rows=6
is "$(printf '%s\n' "$out" | grep -c '^| [a-z_]* .*(.*) | [0-9.]* | [0-9.]* \[')" $((rows + 3)) \
	"$rows rows and three with the devices apart"
printf '%s\n' "$out" | grep -q "^mean absolute error [0-9.]* %, worst [0-9.]* % ($rows configurations); best of the rounds: [0-9.]* %"
ok $? "the summary of both statistics"
if [ -n "$hip" ]; then
	"$hsat" model -f json -w queues=2 -o "$tmp/p.json" "$tmp/d/hs1/r1" &&
		"$hsat" model -f json -o "$tmp/t.json" "$tmp/d/hs2/r1" &&
		want="$(json "$tmp/p.json" '$j->{predicted}{total_s}' | median) $(json "$tmp/t.json" '$j->{measured}{total_s}' | median)"
	got=$(printf '%s\n' "$out" | perl -ne 'print "$1 $2\n" if /^\| hip_streams pipeline, 2 streams \(1 stream; queues=2\) \| ([0-9.]+) \| ([0-9.]+) \[/')
	is "$got" "$want" "the HIP row: hs1's prediction with queues=2, hs2's total"
else
	printf '%s\n' "$out" | grep -q '^(no recordings of hs1 and hs2 in .*: the HIP row is left out)$'
	ok $? "without hs1 and hs2 the table says the HIP row is left out"
fi

rm -rf "$tmp/d/mm3"
HSATRACE_BUILD=$B sh "$HSATRACE_SRC/bench/model/predict" "$tmp/d" >"$tmp/missing.out" 2>&1
st=$?
is "$st $(grep -c 'no recording of mm3' "$tmp/missing.out")" "1 1" \
	"a missing configuration exits 1 saying which"
done_testing
