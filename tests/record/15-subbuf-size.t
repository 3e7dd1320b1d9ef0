#!/bin/sh
# The UST channels' sub-buffers, as the session daemon holds them while the program runs:
# 8 of 512 KiB per CPU for the API channel by default, half that size for the activity
# channel (each traced process maps them all as it starts: bench/RESULTS.md, "Branch
# `startup5`"); --subbuf-size sets the API channel's, the activity channel again half; the
# hot category's default is 4 MiB.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
record_require "$app"
command -v lttng >/dev/null || skip_all "lttng (the client) not installed"
plan 10

record_start
rec_timeout=60
# The program: writes the session's channel listing, then emits its own event.
list_channels="lttng list \$(lttng list | sed -n 's/^ *[0-9]*) \(hsatrace-[^ ]*\) .*/\1/p')"

# CHANNEL FILE: "subbuf_size num_subbuf" of CHANNEL in a `lttng list SESSION` listing.
attrs() {
	awk -v c="$1" '
		/^- / { name = $2; sub(":$", "", name) }
		name == c && /Sub-buffer size:/ { size = $3 }
		name == c && /Sub-buffer count:/ { print size, $3; exit }' "$2"
}

# ARGS... NAME: records with ARGS, the listing in $tmp/NAME.channels.
rec_listing() {
	_name=$1
	shift
	rec "$@" -o "$tmp/$_name" -- sh -c "$list_channels >\"$tmp/$_name.channels\"; exec \"$app\" 1 $_name" \
		2>"$tmp/$_name.log"
}

rec_listing default
ok $? "record succeeds" || sed 's/^/# /' "$tmp/default.log" >&2
sed 's/^/# /' "$tmp/default.channels" >&2
is "$(attrs hsatrace "$tmp/default.channels")" "524288 8" "the API channel: 8 sub-buffers of 512 KiB"
is "$(attrs hsatrace_activity "$tmp/default.channels")" "262144 8" "the activity channel: 8 of 256 KiB"
is "$(babeltrace2 "$tmp/default" 2>/dev/null | grep -c 'hsatrace_selftest:hello')" 1 \
	"the program's event is recorded"

rec_listing set --subbuf-size 1048576
ok $? "record --subbuf-size 1048576 succeeds" || sed 's/^/# /' "$tmp/set.log" >&2
is "$(attrs hsatrace "$tmp/set.channels")" "1048576 8" "the API channel: 8 of 1 MiB"
is "$(attrs hsatrace_activity "$tmp/set.channels")" "524288 8" "the activity channel: half"

rec_listing hot -e hot
ok $? "record -e hot succeeds" || sed 's/^/# /' "$tmp/hot.log" >&2
is "$(attrs hsatrace "$tmp/hot.channels")" "4194304 8" "with the hot category: 8 of 4 MiB"
is "$(attrs hsatrace_activity "$tmp/hot.channels")" "2097152 8" "the activity channel: half"

done_testing
