#!/bin/sh
# hsatrace export --format perfetto against the documented Trace Event Format
# (tests/export/perfetto_format.pl: phases, required fields and their types per phase, metadata
# names, balanced B/E, flow events after their start, timestamps in microseconds at ns
# resolution), on the sample traces; and the checker itself rejects files that break each of
# those rules, so a passing export means something.
. "$(dirname "$0")/../lib/tap.sh"
export_=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-export
check=$HSATRACE_SRC/tests/export/perfetto_format.pl
samples=$HSATRACE_SRC/traces-samples/traces
[ -x "$export_" ] || skip_all "hsatrace-export not built ($export_)"
perl -MJSON::PP -e 1 2>/dev/null || skip_all "perl's JSON::PP missing"
plan 9
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for name in vector_copy matmul_pipeline multi_thread; do
	"$export_" -f perfetto -o "$tmp/$name.json" "$samples/$name/trace" 2>"$tmp/err" &&
		perl "$check" <"$tmp/$name.json" >"$tmp/out" &&
		[ "$(sed -n 's/^events //p' "$tmp/out")" -gt 0 ]
	ok $? "$name: the export follows the Trace Event Format" ||
		diag "$(cat "$tmp/err" "$tmp/out" | head -20)"
done

# Broken copies of a real export: each must be refused, for the reason given.
broken() { # NAME PERL_EXPR WANT: applies PERL_EXPR to the events, expects WANT in the report
	perl -MJSON::PP -e '
		local $/; my $d = decode_json(<STDIN>); my $ev = $d->{traceEvents};
		'"$2"';
		print encode_json($d);' <"$tmp/matmul_pipeline.json" >"$tmp/broken.json"
	perl "$check" <"$tmp/broken.json" >"$tmp/out"
	st=$?
	[ $st = 1 ] && grep -q "$3" "$tmp/out"
	ok $? "refused: $1" || diag "status $st: $(head -5 "$tmp/out")"
}
broken "a slice without dur" '(grep { $_->{ph} eq "X" } @$ev)[0]->{dur} = undef' 'dur is not a number'
broken "an unknown phase" '$ev->[0]{ph} = "Q"' "unknown phase 'Q'"
broken "a flow end without its start" \
	'my ($s) = grep { $_->{ph} eq "s" } @$ev; $s->{id} = "nope"' 'before (or without) its s'
broken "a timestamp finer than a ns" '(grep { $_->{ph} eq "X" } @$ev)[0]->{ts} = 1.23456' \
	'more than 3 decimals'
broken "an unknown metadata event" \
	'(grep { $_->{ph} eq "M" } @$ev)[0]->{name} = "thread_colour"' 'unknown metadata event'
broken "a bad displayTimeUnit" '$d->{displayTimeUnit} = "us"' 'neither ms nor ns'
done_testing
