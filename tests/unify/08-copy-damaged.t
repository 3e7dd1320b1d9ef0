#!/bin/sh
# The copy path never silently writes a trace that does not read: each input it would copy
# is first decoded to its end (every stream on its own), and an input whose event data is
# corrupted (packet headers and contexts intact, so the packets themselves could be
# copied) is re-encoded instead, as --reencode does it: the damaged stream is cut where it
# stops decoding, the stream named, exit status 1, and the output reads to its end with
# the same events as --reencode's. Alone it re-encodes everything; next to an intact run
# the intact one is still copied. An input whose metadata the walk does not understand is
# decoded by babeltrace2 instead. --no-verify copies the damage as it is.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/unify-harness.sh"
unify_require
plan 23

record_start
val() { sed -n "s/^$1=//p" "$2"; }
rec() { "$record" --no-tracer --no-kernel -e activity --event 'hsatrace_bench:*' "$@"; }

# Many 4 KiB packets; in a copy, the middle packet of the biggest stream file gets 2 KiB of
# 0xff after its first KiB (its header and context, at the packet's start, are intact).
rec --subbuf-size 4096 --blocking -o "$tmp/good" -- "$app" --bulk 3000 2>/dev/null
rec -o "$tmp/other" -- "$app" 2>/dev/null
t=$(dirname "$(find "$tmp/good" -name metadata | head -n 1)")
case $t in
"$tmp"/good/*) ;;
*) echo "Bail out! nothing was recorded in $tmp/good"; exit 1 ;;
esac
f=$(ls -S "$t" | grep -v -e metadata -e index | head -n 1)
cp -r "$tmp/good" "$tmp/bad" && chmod -R u+w "$tmp/bad"
bt=$tmp/bad/${t#"$tmp/good/"}
packets=$(($(stat -c %s "$t/$f") / 4096))
at=$(((packets / 2) * 4096 + 1024))
awk 'BEGIN { for (i = 0; i < 2048; i++) printf "%c", 255 }' | LC_ALL=C dd of="$bt/$f" bs=1 seek=$at conv=notrunc 2>/dev/null
! babeltrace2 "$bt" >/dev/null 2>&1
ok $? "the damaged input does not read to its end ($packets packets, 0xff at byte $at of $f)"

# Alone: nothing can be copied, every event re-encoded.
"$unify" --summary "$tmp/bad" -o "$tmp/bad.out" >"$tmp/bad.sum" 2>"$tmp/bad.log"
is $? 1 "alone: exit status 1"
[ "$(val path "$tmp/bad.sum")" = reencode ] && [ "$(val failed_streams "$tmp/bad.sum")" = 1 ]
ok $? "alone: re-encoded, one stream failed" || sed 's/^/# /' "$tmp/bad.log" >&2
grep -q "re-encoding every event: the packets cannot be copied: $bt: its events do not all decode (.*) at byte [0-9]* of $bt/$f\$" "$tmp/bad.log" &&
	grep -q "input stream is damaged, the rest of it is skipped: file=$bt/$f" "$tmp/bad.log"
ok $? "alone: the damaged stream file named, why it is re-encoded said" || sed 's/^/# /' "$tmp/bad.log" >&2
! grep -q '0x[0-9a-f]\{6,\}' "$tmp/bad.log"
ok $? "alone: no internal addresses in the messages"
babeltrace2 "$tmp/bad.out" >"$tmp/bad.out.txt" 2>/dev/null
ok $? "alone: the output reads to its end"
"$unify" --reencode "$tmp/bad" -o "$tmp/bad.re" >/dev/null 2>&1
babeltrace2 "$tmp/bad.re" >"$tmp/bad.re.txt" 2>/dev/null
n=$(wc -l <"$tmp/bad.re.txt")
[ "$n" -gt 0 ] && cmp -s "$tmp/bad.out.txt" "$tmp/bad.re.txt"
ok $? "alone: the same $n events as --reencode"
babeltrace2 "$t" 2>/dev/null | wc -l >"$tmp/good.n"
[ "$(wc -l <"$tmp/bad.out.txt")" -lt "$(cat "$tmp/good.n")" ] &&
	[ "$(grep -c ' hsatrace_bench:' "$tmp/bad.out.txt")" -gt $(((packets / 2) * 10)) ]
ok $? "alone: the events before the damage are kept, the damaged rest is not"

# Next to an intact run with the same clock (--keep-clocks: another run's clock would be
# re-encoded anyway): the intact one is copied, the damaged one re-encoded.
"$unify" --summary --keep-clocks "$tmp/other" "$tmp/bad" -o "$tmp/mix.out" >"$tmp/mix.sum" 2>"$tmp/mix.log"
is $? 1 "with an intact run: exit status 1"
is "$(val path "$tmp/mix.sum") $(val copied_traces "$tmp/mix.sum") $(val reencoded_traces "$tmp/mix.sum") $(val failed_streams "$tmp/mix.sum")" \
	"copy 1 1 1" "with an intact run: that one copied, the damaged one re-encoded, its stream cut"
grep -q "re-encoding $bt: its events do not all decode (.*) at byte [0-9]* of $bt/$f\$" "$tmp/mix.log"
ok $? "with an intact run: which input is re-encoded and why is said" || sed 's/^/# /' "$tmp/mix.log" >&2
babeltrace2 "$tmp/mix.out" >"$tmp/mix.out.txt" 2>/dev/null
ok $? "with an intact run: the output reads to its end"
"$unify" --reencode "$tmp/other" "$tmp/bad" -o "$tmp/mix.re" >/dev/null 2>&1
babeltrace2 "$tmp/mix.re" >"$tmp/mix.re.txt" 2>/dev/null
n=$(wc -l <"$tmp/mix.re.txt")
[ "$n" -gt 0 ] && cmp -s "$tmp/mix.out.txt" "$tmp/mix.re.txt"
ok $? "with an intact run: the same $n events as --reencode"
is "$(babeltrace2 --output-format=ctf-metadata "$tmp/mix.out" | grep -c '^clock {')" 1 \
	"with an intact run: one clock"

# The damaged run with a clock 1.5 s later (its times would be moved): found as it is
# walked with the move, re-encoded; the intact one still copied.
cp -r "$tmp/bad" "$tmp/badlater" && chmod -R u+w "$tmp/badlater"
blt=$(dirname "$(find "$tmp/badlater" -name metadata | head -n 1)")
babeltrace2 --output-format=ctf-metadata "$blt" >"$tmp/bl.tsdl"
o=$(sed -n 's/^[[:space:]]*offset = \([0-9]*\);.*/\1/p' "$tmp/bl.tsdl")
sed "s/^\([[:space:]]*offset = \)$o;/\1$((o + 1500000000));/" "$tmp/bl.tsdl" >"$blt/metadata"
"$unify" --summary "$tmp/other" "$tmp/badlater" -o "$tmp/bl.out" >"$tmp/bl.sum" 2>"$tmp/bl.log"
st=$?
[ "$st" = 1 ] && [ "$(val copied_traces "$tmp/bl.sum") $(val reencoded_traces "$tmp/bl.sum")" = "1 1" ] &&
	grep -q "re-encoding $blt: its events do not all decode (.*) at byte [0-9]* of $blt/$f\$" "$tmp/bl.log"
ok $? "another clock and damaged: re-encoded, said why, the intact run copied, exit 1 (got $st)" ||
	sed 's/^/# /' "$tmp/bl.log" >&2
"$unify" --reencode "$tmp/other" "$tmp/badlater" -o "$tmp/bl.re" >/dev/null 2>&1
babeltrace2 "$tmp/bl.out" >"$tmp/bl.out.txt" 2>/dev/null && babeltrace2 "$tmp/bl.re" >"$tmp/bl.re.txt" 2>/dev/null &&
	[ -s "$tmp/bl.re.txt" ] && cmp -s "$tmp/bl.out.txt" "$tmp/bl.re.txt"
ok $? "another clock and damaged: the output reads, the same events as --reencode"
# Its events are walked once, as its times are moved while copied: the damage is found
# then and the output written again from the start, with it re-encoded.
[ "$(grep -c "re-encoding $blt:" "$tmp/bl.log")" = 1 ] &&
	[ "$(grep -c "copying $blt with its times moved" "$tmp/bl.log")" -le 1 ] &&
	[ "$(find "$tmp/bl.out" -name metadata | wc -l)" = 1 ] &&
	[ "$(find "$tmp/bl.out" -mindepth 1 -type d | wc -l)" = 0 ] &&
	[ -z "$(find "$tmp" -maxdepth 1 -name "bl.out.tmp-*")" ]
ok $? "another clock and damaged: each choice said once, one trace, no leftover of the first attempt" ||
	sed 's/^/# /' "$tmp/bl.log" >&2

# The intact recording alone is copied (verified, nothing to re-encode).
"$unify" --summary "$tmp/good" -o "$tmp/good.out" >"$tmp/good.sum" 2>"$tmp/good.log"
is "$? $(val path "$tmp/good.sum") $(val reencoded_traces "$tmp/good.sum")" "0 copy 0" \
	"the intact recording: copied, exit 0"

# Metadata the walk does not understand (a type declared inside a structure, which
# babeltrace2 reads): babeltrace2 decodes each stream of the input instead, before copying.
odd_meta() { # FROM TO
	cp -r "$1" "$2" && chmod -R u+w "$2"
	_t=$(dirname "$(find "$2" -name metadata | head -n 1)")
	babeltrace2 --output-format=ctf-metadata "$_t" |
		sed 's/fields := struct {/fields := struct { typealias integer { size = 8; align = 8; signed = false; } := odd_u8;/' \
			>"$tmp/odd.tsdl" && mv "$tmp/odd.tsdl" "$_t/metadata"
}
odd_meta "$tmp/good" "$tmp/odd"
"$unify" --summary "$tmp/odd" -o "$tmp/odd.out" >"$tmp/odd.sum" 2>"$tmp/odd.log"
is "$? $(val path "$tmp/odd.sum")" "0 copy" "metadata the walk does not understand: verified by babeltrace2, copied"
"$unify" --reencode "$tmp/odd" -o "$tmp/odd.re" >/dev/null 2>&1
babeltrace2 "$tmp/odd.out" >"$tmp/odd.out.txt" 2>/dev/null && babeltrace2 "$tmp/odd.re" >"$tmp/odd.re.txt" 2>/dev/null &&
	[ -s "$tmp/odd.re.txt" ] && cmp -s "$tmp/odd.out.txt" "$tmp/odd.re.txt"
ok $? "metadata the walk does not understand: the same events as --reencode"
odd_meta "$tmp/bad" "$tmp/oddbad"
ot=$(dirname "$(find "$tmp/oddbad" -name metadata | head -n 1)")
"$unify" --summary "$tmp/oddbad" -o "$tmp/oddbad.out" >"$tmp/oddbad.sum" 2>"$tmp/oddbad.log"
st=$?
[ "$st" = 1 ] && [ "$(val path "$tmp/oddbad.sum")" = reencode ] &&
	grep -q "cannot be copied: $ot: its events do not all decode (file=$ot/$f)" "$tmp/oddbad.log"
ok $? "and damaged: babeltrace2 finds it, the file named, re-encoded, exit 1 (got $st)" ||
	sed 's/^/# /' "$tmp/oddbad.log" >&2

# --no-verify: the corrupted packets are copied as they are, unnoticed.
"$unify" --summary --no-verify "$tmp/bad" -o "$tmp/nv.out" >"$tmp/nv.sum" 2>"$tmp/nv.log"
is "$? $(val path "$tmp/nv.sum")" "0 copy" "--no-verify: copied, exit 0"
! babeltrace2 "$tmp/nv.out" >/dev/null 2>&1
ok $? "--no-verify: the copy is as damaged as the input"

done_testing
