#!/bin/sh
# The Perfetto export's copy arrows whatever order a copy and its call complete in: a real
# LTTng trace of tests/stats/fake_hsa_app async_copy has one hsa_amd_memory_async_copy whose
# copy completes after the call returns and one whose copy completes inside the call (its
# copy_exec before the call's exit, as the CPU runtime's copies often are). Each copy's flow
# starts ("s") on its call's slice and ends ("f") on the copy's slice, after its start in the
# file (tests/export/perfetto_format.pl).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/lib/fake-app-trace.sh"
lttng_harness_unprivileged "$@"

export_=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-export
app=$HSATRACE_BUILD/tests/stats/fake_hsa_app
check=$HSATRACE_SRC/tests/export/perfetto_format.pl
for p in "$app" "$export_"; do
	[ -x "$p" ] || skip_all "not built: $p"
done
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 not installed"
perl -MJSON::PP -e 1 2>/dev/null || skip_all "perl's JSON::PP missing"
plan 6
export LC_ALL=C

lttng_harness_start
ok $? "private lttng-sessiond started"
tmp=$LTTNG_HARNESS_DIR
trace=$tmp/trace
fake_app_trace "$trace" 'hsa_api_*,hsa_activity:*,hsa_meta:*' async_copy
ok $? "fake_hsa_app async_copy recorded"

# The trace's order, as babeltrace2 reads it: per copy's correlation id, "inside" when its
# copy_exec comes before its call's exit, "after" otherwise.
babeltrace2 "$trace" | awk '
	/hsa_api_exit:hsa_amd_memory_async_copy/ {
		if (match($0, /correlation_id = [0-9]+/)) exited[substr($0, RSTART + 17, RLENGTH - 17)] = 1
	}
	/hsa_activity:copy_exec/ {
		if (match($0, /correlation_id = [0-9]+/)) {
			c = substr($0, RSTART + 17, RLENGTH - 17)
			print c, (c in exited ? "after" : "inside")
		}
	}' | sort >"$tmp/order"
is "$(cut -d' ' -f2 "$tmp/order" | sort | tr '\n' ' ')" "after inside " \
	"the trace has a copy completing after its call and one completing inside it" ||
	diag "$(cat "$tmp/order")"

"$export_" -f perfetto -o "$tmp/out.json" "$trace" 2>"$tmp/err"
ok $? "exported to Perfetto JSON" || diag "$(cat "$tmp/err")"
perl "$check" <"$tmp/out.json" >"$tmp/check"
ok $? "the export follows the Trace Event Format (every flow end after its start)" ||
	diag "$(head -5 "$tmp/check")"

# Per flow end: the correlation id of the call slice its start is on and of the copy slice
# it ends on, when both exist where the arrow's ends are (same pid, tid and ts).
perl -MJSON::PP -e '
	local $/; my $ev = decode_json(<STDIN>)->{traceEvents};
	my (%start, %call, %copy);
	for my $e (@$ev) {
		my $at = "$e->{pid}/$e->{tid}/" . ($e->{ts} // "");
		$start{$e->{id}} = $at if $e->{ph} eq "s";
		next unless $e->{ph} eq "X";
		$call{$at} = $e->{args}{correlation_id}
			if $e->{name} =~ /^hsa_amd_memory_async_copy/;
		$copy{$at} = $e->{args}{correlation_id} if ($e->{cat} // "") eq "copy";
	}
	for my $e (grep { $_->{ph} eq "f" } @$ev) {
		my $from = $call{$start{$e->{id}} // ""} // "none";
		my $to = $copy{"$e->{pid}/$e->{tid}/$e->{ts}"} // "none";
		print "$from $to\n";
	}' <"$tmp/out.json" | sort >"$tmp/arrows"
is "$(cat "$tmp/arrows")" "$(awk '{ print $1, $1 }' "$tmp/order")" \
	"each copy's arrow goes from its call's slice to its copy's slice"
done_testing
