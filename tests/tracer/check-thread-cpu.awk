# check-thread-cpu.awk - the threads' CPU clocks at waits (signal_wait's thread_cpu_begin_ns
# and thread_cpu_end_ns, schema 2.2) over babeltrace2 --clock-cycles text (timestamps in ns):
# one line of counts (10-thread-cpu.t says what each must be).
{ ts = substr($1, 2) + 0; pid = field("vpid"); tid = field("vtid") }
!(pid in first) { first[pid] = ts }
{ last[pid] = ts }
/ hsa_api_entry:hsa_(amd_)?signal_wait_/ { waits++; entry[field("correlation_id")] = ts; next }
/ hsa_activity:signal_wait:/ {
	sw++
	b = field("thread_cpu_begin_ns"); e = field("thread_cpu_end_ns")
	if (b == "" || e == "") { missing++; next }
	b += 0; e += 0
	if (e < b) backwards++
	if (e - b > field("blocked_ns") + 0) over_wait++
	if (tid in prev_end) {
		if (b < prev_end[tid]) backwards++
		if (b - prev_end[tid] > ts - prev_entry[tid]) over_phase++
		phases++
	}
	prev_end[tid] = e; prev_entry[tid] = entry[field("correlation_id")]
	proc[tid] = pid; cpu[tid] = e
}
END {
	for (t in cpu) if (t != proc[t]) { workers++; if (cpu[t] >= last[proc[t]] - first[proc[t]]) wall_like++ }
	printf "waits=%d signal_waits=%d missing=%d backwards=%d over_wait=%d over_phase=%d phases=%d workers=%d wall_like=%d\n",
		waits, sw, missing, backwards, over_wait, over_phase, phases, workers, wall_like
}