#!/bin/sh
# Bad input never crashes unify: damaged copies of recorded traces (truncated stream,
# corrupted packets, corrupted metadata), out-of-order timestamps and, with ../shared, a
# truncated stream of a real multi-packet LTTng trace. Each gets a clear message (without
# babeltrace2's internal addresses), a best-effort output that babeltrace2 reads, and counts
# of what was skipped.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/unify-harness.sh"
ooo=$HSATRACE_BUILD/tests/unify/ooo_trace
shared=$HSATRACE_SRC/../shared/traces/lttng-2.11-kernel-ust-multi-domains
unify_require "$ooo"
plan 24

record_start
val() { sed -n "s/^$1=//p" "$2"; }
not_crashed() { [ "$1" -lt 128 ]; }

# Out-of-order timestamps in a stream (babeltrace2's own muxer refuses such input).
"$ooo" "$tmp/ooo" && "$unify" --summary "$tmp/ooo" -o "$tmp/ooo.out" >"$tmp/ooo.sum" 2>"$tmp/ooo.log"
ok $? "out-of-order timestamps: unify exits 0"
is "$(val clamped "$tmp/ooo.sum")" 1 "the timestamp going back is counted"
grep -q '1 out-of-order timestamps moved forward' "$tmp/ooo.log"
ok $? "and reported"
out=$(babeltrace2 --clock-cycles "$tmp/ooo.out" 2>/dev/null)
ok $? "babeltrace2 reads the repaired trace"
case "$out" in
*'[00000000000000003000]'*'seq = 1 }'*'[00000000000000003000]'*'seq = 2 }'*'seq = 4'*) r=0 ;;
*) r=1 ;;
esac
ok $r "all events kept, the late one moved to its predecessor's time" || diag "$out"

# A recorded trace and damaged copies of it.
"$record" --no-tracer --no-kernel -e activity -o "$tmp/rec" -- "$app" 2>/dev/null
trace=$(dirname "$(find "$tmp/rec" -name metadata | head -n 1)")
full=$(babeltrace2 "$trace" 2>/dev/null | wc -l)
biggest=$(ls -S "$trace" | grep -v -e metadata -e index | head -n 1)

# Truncate, in turn, each stream file to a partial packet; keep the case that loses events.
best=""
for f in $(ls "$trace" | grep -v -e metadata -e index); do
	rm -rf "$tmp/t.$f" "$tmp/t.$f.out"
	cp -r "$trace" "$tmp/t.$f" && chmod -R u+w "$tmp/t.$f" && truncate -s 100 "$tmp/t.$f/$f"
	"$unify" --summary "$tmp/t.$f" -o "$tmp/t.$f.out" >"$tmp/t.$f.sum" 2>"$tmp/t.$f.log"
	echo $? >"$tmp/t.$f.status"
	n=$(val events_in "$tmp/t.$f.sum")
	if [ -z "$best" ] || [ "${n:-0}" -lt "$best_n" ]; then best=$f; best_n=${n:-0}; fi
done
st=$(cat "$tmp/t.$best.status")
not_crashed $st && [ $st -ne 0 ]
ok $? "truncated stream: exit status 1, no crash (got $st)"
grep -q 'stream cannot be read, skipped' "$tmp/t.$best.log" && [ "$(val lost_streams "$tmp/t.$best.sum")" = 1 ]
ok $? "the unreadable stream is named and counted" || sed 's/^/# /' "$tmp/t.$best.log" >&2
babeltrace2 "$tmp/t.$best.out" >/dev/null 2>&1
ok $? "the rest is written and readable" || ls -la "$tmp" >&2
[ "$best_n" -lt "$full" ]
ok $? "the lost stream's events are missing ($best_n of $full read)"

cp -r "$trace" "$tmp/garbled" && chmod -R u+w "$tmp/garbled"
size=$(stat -c %s "$tmp/garbled/$biggest")
dd if=/dev/urandom of="$tmp/garbled/$biggest" bs=1 seek=$((size / 2)) count=200 conv=notrunc 2>/dev/null
"$unify" --summary "$tmp/garbled" -o "$tmp/garbled.out" >"$tmp/garbled.sum" 2>"$tmp/garbled.log"
not_crashed $?
ok $? "corrupted packet data: no crash"
# The copy path walks every event before copying: random bytes that still decode (in a
# packet's padding, or read as other field values) are copied, and the copy is as readable
# as the input, event for event (compared up to the shorter: the copy has the hsa_gpu
# events too); bytes that do not decode make the trace re-encoded
# (tests/unify/08-copy-damaged.t checks that case exactly).
babeltrace2 "$tmp/garbled" 2>/dev/null | cut -d' ' -f1,4- >"$tmp/garbled.in.txt"
st_in=$(babeltrace2 "$tmp/garbled" >/dev/null 2>&1; echo $?)
babeltrace2 "$tmp/garbled.out" >"$tmp/garbled.out.txt" 2>/dev/null
st=$?
grep -av ' hsa_gpu:' "$tmp/garbled.out.txt" | cut -d' ' -f1,4- >"$tmp/garbled.out.cut"
if [ "$(val path "$tmp/garbled.sum")" = copy ]; then
	n=$(wc -l <"$tmp/garbled.in.txt")
	[ "$(wc -l <"$tmp/garbled.out.cut")" -lt "$n" ] && n=$(wc -l <"$tmp/garbled.out.cut")
	[ "$n" -gt 0 ] && [ "$st" = "$st_in" ] &&
		[ "$(head -n "$n" "$tmp/garbled.in.txt")" = "$(head -n "$n" "$tmp/garbled.out.cut")" ]
	ok $? "copied: as readable as the damaged input (exit $st_in), the same events ($n compared)"
else
	[ "$st" = 0 ] || [ ! -d "$tmp/garbled.out" ]
	ok $? "re-encoded (damage in a packet header or its events): whatever was written is readable"
fi
"$unify" --reencode "$tmp/garbled" -o "$tmp/garbled.re" >/dev/null 2>&1
babeltrace2 "$tmp/garbled.re" >/dev/null 2>&1 || [ ! -d "$tmp/garbled.re" ]
ok $? "re-encoding, whatever was written is readable (the damaged stream cut)"

cp -r "$trace" "$tmp/meta" && chmod -R u+w "$tmp/meta"
dd if=/dev/urandom of="$tmp/meta/metadata" bs=1 seek=40 count=300 conv=notrunc 2>/dev/null
"$unify" "$tmp/meta" -o "$tmp/meta.out" 2>"$tmp/meta.log"
is $? 1 "corrupted metadata: exit status 1"
grep -q 'no readable trace' "$tmp/meta.log"
ok $? "with a clear message" || sed 's/^/# /' "$tmp/meta.log" >&2

"$unify" "$tmp/does-not-exist" -o "$tmp/x.out" 2>"$tmp/x.log"
is $? 1 "a missing input is a failure"
grep -q 'cannot read input' "$tmp/x.log"
ok $? "named in the message"

# A unified trace (no LTTng index): a damaged stream keeps its intact packets, found by
# walking the packet headers.
"$record" --no-tracer --no-kernel -e activity --event 'hsatrace_bench:*' --subbuf-size 4096 \
	--blocking -o "$tmp/many" -- "$app" --bulk 3000 2>/dev/null
"$unify" "$tmp/many" -o "$tmp/many.u" 2>/dev/null
big=$(ls -S "$tmp/many.u" | grep -v metadata | head -n 1)
full=$(babeltrace2 "$tmp/many.u" 2>/dev/null | wc -l)
size=$(stat -c %s "$tmp/many.u/$big")
cp -r "$tmp/many.u" "$tmp/u.cut" && chmod -R u+w "$tmp/u.cut" && truncate -s $((size / 2 + 100)) "$tmp/u.cut/$big"
cp -r "$tmp/many.u" "$tmp/u.without" && rm "$tmp/u.without/$big"
without=$(babeltrace2 "$tmp/u.without" 2>/dev/null | wc -l)
"$unify" --summary "$tmp/u.cut" -o "$tmp/u.cut.out" >"$tmp/u.cut.sum" 2>"$tmp/u.cut.log"
is "$(val cut_streams "$tmp/u.cut.sum")/$(val lost_streams "$tmp/u.cut.sum")" 1/0 \
	"unified trace, stream truncated mid-packet: the stream is cut, not lost" ||
	sed 's/^/# /' "$tmp/u.cut.log" >&2
n=$(val events_in "$tmp/u.cut.sum")
[ "$n" -gt "$without" ] && [ "$n" -lt "$full" ] && [ "$(babeltrace2 "$tmp/u.cut.out" 2>/dev/null | wc -l)" = "$n" ]
ok $? "its intact packets are read and written ($without < $n < $full events)"
grep -q "stream cut at its last readable packet: file=.*/$big kept=[0-9]* intact packets, [0-9]*/$((size / 2 + 100)) bytes ([0-9]* bytes dropped)" "$tmp/u.cut.log"
ok $? "and what was dropped is said" || sed 's/^/# /' "$tmp/u.cut.log" >&2
fifth=$(LC_ALL=C grep -obUaP '\xc1\x1f\xfc\xc1|\xc1\xfc\x1f\xc1' "$tmp/many.u/$big" | sed -n 5p | cut -d: -f1)
cp -r "$tmp/many.u" "$tmp/u.hdr" && chmod -R u+w "$tmp/u.hdr"
printf 'XXXX' | dd of="$tmp/u.hdr/$big" bs=1 seek="${fifth:-0}" conv=notrunc 2>/dev/null
"$unify" --summary "$tmp/u.hdr" -o "$tmp/u.hdr.out" >"$tmp/u.hdr.sum" 2>"$tmp/u.hdr.log"
grep -q "file=.*/$big kept=4 intact packets, $fifth/$size bytes" "$tmp/u.hdr.log"
ok $? "a damaged packet header: the 4 packets before it are kept" || sed 's/^/# /' "$tmp/u.hdr.log" >&2

if [ -d "$shared" ]; then
	cp -r "$shared" "$tmp/shared" && chmod -R u+w "$tmp/shared"
	truncate -s 20000 "$tmp/shared/ust/ust2_channel_3"
	"$unify" --summary "$tmp/shared" -o "$tmp/shared.out" >"$tmp/shared.sum" 2>"$tmp/shared.log"
	is $? 1 "real trace with a truncated stream: exit status 1, output written"
	is "$(val cut_streams "$tmp/shared.sum")" 1 "the stream is cut at its last complete packet"
	n_kernel=$(babeltrace2 "$shared/kernel" 2>/dev/null | wc -l)
	got=$(babeltrace2 "$tmp/shared.out" 2>/dev/null | grep -c 'lttng_test_filter_event:')
	is "$got" "$n_kernel" "every event of the undamaged kernel trace is kept"
else
	skip 3 "../shared/traces is absent"
fi

! grep -l 'addr=0x' "$tmp"/*.log
ok $? "no message carries babeltrace2's internal addresses"

done_testing
