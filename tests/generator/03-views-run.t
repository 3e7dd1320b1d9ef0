#!/bin/sh
# The generated views do what docs/views.md says, run by the headless engine
# (hsatrace analyze) on small Trace Compass stub traces written for this test:
# hsa-stub-trace.xml (a host-to-device copy; queue 1: two dispatches, a barrier, a dispatch
# behind it; queue 2: barrier, dispatch, barrier, dispatch; a successful and a failed API call,
# the exit of a call and the end of a kernel begun before the trace) and kernel-stub-trace.xml (a thread blocking in ioctl inside an HSA wait).
# Each expected interval below is worked out by hand from the trace and the view's rules.
. "$(dirname "$0")/../lib/tap.sh"
analyze=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-analyze
[ -x "$analyze" ] || skip_all "the engine (hsatrace-analyze) is not built"
plan 30
here=$HSATRACE_SRC/tests/generator
views=$HSATRACE_SRC/xml-views
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# has FILE "analysis<TAB>path<TAB>start<TAB>end<TAB>type<TAB>value" NAME
has() {
	grep -qxF "$(printf '%b' "$2")" "$1"
	ok $? "$3"
}

"$analyze" -q --intervals='Agents/7/Queues/*/*' "$views/hsa-queues.xml" \
	"$here/hsa-stub-trace.xml" >"$tmp/queues"
ok $? "the queues analysis runs"
q='org.hsatrace.queues.state\tAgents/7/Queues/1'
has "$tmp/queues" "$q/state\t20\t49\tint\t0" "queue idle once created"
has "$tmp/queues" "$q/state\t60\t74\tint\t2" "busy with 2 packets in flight after two dispatches"
has "$tmp/queues" "$q/state\t75\t149\tint\t3" "a barrier is not a packet in flight; the dispatch behind it is"
has "$tmp/queues" "$q/state\t200\t249\tint\t-1" \
	"waiting on the barrier once the dispatches ahead of it end, until the one behind it starts"
has "$tmp/queues" "$q/kernel\t100\t149\tstring\tvadd" "the running kernel by name, at GPU time"
# queue 2: barrier, dispatch a, barrier, dispatch b
q2='org.hsatrace.queues.state\tAgents/7/Queues/2'
has "$tmp/queues" "$q2/state\t31\t109\tint\t-1" "a barrier at the head holds the packets queued behind it"
has "$tmp/queues" "$q2/state\t110\t119\tint\t2" "busy while a runs (a and b in flight)"
has "$tmp/queues" "$q2/state\t120\t129\tint\t-1" "the second barrier holds b once a ended"

"$analyze" -q --segments -a org.hsatrace.gpu.segments "$views/hsa-gpu.xml" \
	"$here/hsa-stub-trace.xml" >"$tmp/segments"
ok $? "the GPU duration pattern runs"
s='org.hsatrace.gpu.segments'
has "$tmp/segments" "$s\t100\t150\t50\tvadd\tqueue_id=long:1;packet_index=long:0;correlation_id=long:5;agent_handle=long:7" \
	"a kernel segment from kernel_begin to the matching kernel_end"
! grep -q 'hsa_signal_wait_scacquire' "$tmp/segments"
ok $? "no segment for an exit whose entry precedes the trace"
has "$tmp/segments" "$s\t220\t230\t10\thsa_queue_destroy\tstatus=long:4097;correlation_id=long:2;tid=long:101" \
	"an API call segment by function name, with its failed status"

has "$tmp/segments" "$s\t80\t95\t15\thost to device\tsize_bytes=long:4096;src_agent=long:6;dst_agent=long:7;correlation_id=long:8" \
	"a copy segment named by direction, matched by copy_id"
"$analyze" -q --intervals='Copies/*/*/*' "$views/hsa-gpu.xml" "$here/hsa-stub-trace.xml" >"$tmp/copies"
has "$tmp/copies" 'org.hsatrace.gpu.state\tCopies/6/7/1\t80\t94\tstring\thost to device' \
	"the copy on its engine row (source agent, destination agent)"

"$analyze" -q --intervals='Processes/*' "$views/hsa-api.xml" "$here/hsa-stub-trace.xml" >"$tmp/api"
p='org.hsatrace.api.state\tProcesses/100/Threads/101'
has "$tmp/api" "$p/CallStack/1\t30\t39\tstring\thsa_queue_create" "the call stack holds the plain function name"
has "$tmp/api" "$p/failed\t230\t300\tstring\thsa_queue_destroy" "a failed call is visible by its status"

"$analyze" -q --intervals='Threads/101/*' "$views/linux-kernel.xml" \
	"$here/kernel-stub-trace.xml" >"$tmp/kernel"
k='org.hsatrace.kernel.state\tThreads/101'
has "$tmp/kernel" "$k/state\t30\t44\tint\t3" "a thread switched out in a system call is blocked"
has "$tmp/kernel" "$k/state\t50\t59\tint\t4" "switched back in, it resumes its system call"
has "$tmp/kernel" "$k/hsa/1\t25\t64\tstring\thsa_signal_wait_scacquire" \
	"beside its kernel state, the HSA call it is in"
"$analyze" -q --intervals='Threads/102/state' "$views/linux-kernel.xml" \
	"$here/kernel-stub-trace.xml" >"$tmp/exited"
has "$tmp/exited" 'org.hsatrace.kernel.state\tThreads/102/state\t80\t90\tint\t5' \
	"an exited thread stays exited when it is switched out"

"$analyze" -q --intervals='Queues/*/*' "$views/hsa-counters.xml" "$here/hsa-stub-trace.xml" \
	>"$tmp/counters"
has "$tmp/counters" 'org.hsatrace.counters.state\tQueues/1/packets_in_flight\t60\t74\tint\t2' \
	"packets in flight count dispatches, not barriers, until their kernel_end"
"$analyze" -q --intervals='Copies/*/*/*' "$views/hsa-counters.xml" "$here/hsa-stub-trace.xml" \
	>"$tmp/bytes"
! grep -q 'packets_in_flight	[0-9]*	[0-9]*	int	-' "$tmp/counters"
ok $? "the end of a kernel begun before the trace does not make a count negative"
has "$tmp/bytes" 'org.hsatrace.counters.state\tCopies/6/7/bytes_copied\t95\t300\tlong\t4096' \
	"bytes copied accumulate at the copy's end (the bandwidth view shows their delta)"

# the views' entries resolve: tree lines are name,start,end,parent
"$analyze" -q --view=org.hsatrace.gpu.view --part=tree "$views/hsa-gpu.xml" \
	"$here/hsa-stub-trace.xml" >"$tmp/gpu-tree"
grep -qx 'cpu-gpu,10,300,hsa-stub-trace.xml' "$tmp/gpu-tree" &&
	grep -qx '1,10,300,cpu-gpu' "$tmp/gpu-tree" && grep -qx '1,100,280,1' "$tmp/gpu-tree" &&
	grep -qx '6,10,300,Copies' "$tmp/gpu-tree" && grep -qx '7,80,95,6' "$tmp/gpu-tree"
ok $? "GPU view: agent (by name) > queue > kernel row; Copies > source > destination" ||
	sed 's/^/#   /' "$tmp/gpu-tree" >&2
"$analyze" -q --view=org.hsatrace.api.view --part=tree "$views/hsa-api.xml" \
	"$here/hsa-stub-trace.xml" >"$tmp/api-tree"
has "$tmp/api-tree" 'failed,230,300,101' "API view: process (by name) > thread > call stack and failed rows"
"$analyze" -q --view=org.hsatrace.kernel.threads.view --part=tree "$views/linux-kernel.xml" \
	"$here/kernel-stub-trace.xml" >"$tmp/threads-tree"
has "$tmp/threads-tree" 'hsa,25,65,app' "threads view: the HSA row beside the thread's kernel state"
"$analyze" -q --view=org.hsatrace.queues.view --part=tree "$views/hsa-queues.xml" \
	"$here/hsa-stub-trace.xml" >"$tmp/queues-tree"
has "$tmp/queues-tree" '1,10,300,cpu-gpu' "queues view: agent (by name) > queue, with its running-kernel row"
"$analyze" -q --intervals='*Counters/*' "$views/hsa-counters.xml" "$here/hsa-stub-trace.xml" \
	>"$tmp/counter-events"
has "$tmp/counter-events" 'org.hsatrace.counters.state\tCounters/queue/packets_in_flight/1\t52\t300\tlong\t1' \
	"a derived counter event, by scope, name and id"
has "$tmp/counter-events" 'org.hsatrace.counters.state\tHwCounters/SQ_WAVES\t151\t300\tlong\t64' \
	"a hardware counter (scope dispatch), by name"
