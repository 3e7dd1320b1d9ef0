# check-process-cpu.awk - the process's CPU clock at waits (signal_wait's process_cpu_ns,
# schema 2.3) checked against what is sure about when each clock was read, over babeltrace2
# --clock-cycles text (time order, timestamps in ns). One line of counts per process.
#
# A wait's clocks are read between its hsa_api_entry event and its signal_wait event, the
# process clock after the thread clock. So for two waits a and b of a process with a's
# signal_wait before b's entry, a's reads came before b's: b's process clock is not less than
# a's, and their difference holds every thread's CPU time between a wait entered after a's
# signal_wait and a wait returned before b's entry. Waits that overlap in time are not
# ordered (a thread can be preempted between its clock read and its event), so the events'
# own time order is counted (raw_back) but not asserted.

/ hsa_api_entry:hsa_(amd_)?signal_wait_/ {
	entry[field("vpid"), field("correlation_id")] = substr($1, 2) + 0
	next
}
/ hsa_activity:signal_wait:/ {
	pid = field("vpid"); tid = field("vtid"); ts = substr($1, 2) + 0
	p = field("process_cpu_ns")
	pids[pid] = 1
	if (p == "" || p + 0 == 0) { missing[pid]++; next }
	i = ++n[pid]
	w_ts[pid, i] = ts; w_entry[pid, i] = entry[pid, field("correlation_id")]; w_tid[pid, i] = tid
	w_b[pid, i] = field("thread_cpu_begin_ns") + 0; w_e[pid, i] = field("thread_cpu_end_ns") + 0
	w_p[pid, i] = p + 0
}

# The CPU time the process's threads surely used between wait a's reads and wait b's:
# per thread, from its first wait entered after a's signal_wait to its last wait returned
# before b's entry. Sets threads_in to how many threads gave some.
function threads_between(pid, a, b,    i, t, first, last, sum) {
	split("", first); split("", last)
	for (i = 1; i <= n[pid]; i++) {
		t = w_tid[pid, i]
		if (w_entry[pid, i] > w_ts[pid, a] && !(t in first)) first[t] = i
		if (w_ts[pid, i] < w_entry[pid, b]) last[t] = i
	}
	sum = 0; threads_in = 0
	for (t in first)
		if ((t in last) && last[t] >= first[t]) {
			sum += w_e[pid, last[t]] - w_b[pid, first[t]]; threads_in++
		}
	return sum
}

function check(pid,    i, a, b, t, maxp, sum, first_b, first_e, last_e, ordered, back, below, thread_back, raw_back, windows, multi, short, total, grown, nthreads, ratio) {
	maxp = 0
	for (i = 1; i <= n[pid]; i++) {
		t = w_tid[pid, i]
		if (w_p[pid, i] < w_e[pid, i]) below++
		if ((t in last_p) && w_p[pid, i] < last_p[t]) thread_back++
		last_p[t] = w_p[pid, i]
		if (w_p[pid, i] < maxp) raw_back++
		if (w_p[pid, i] > maxp) maxp = w_p[pid, i]
		if (!(t in first_b)) { first_b[t] = w_b[pid, i]; first_e[t] = w_e[pid, i]; nthreads++ }
		last_e[t] = w_e[pid, i]
	}
	for (a = 1; a <= n[pid]; a++)
		for (b = a + 1; b <= n[pid]; b++) {
			if (w_ts[pid, a] >= w_entry[pid, b]) continue
			ordered++
			if (w_p[pid, b] < w_p[pid, a]) back++
			sum = threads_between(pid, a, b)
			if (threads_in == 0) continue
			windows++
			if (threads_in > 1) multi++
			if (w_p[pid, b] - w_p[pid, a] < sum) short++
		}
	total = 0; grown = 0
	for (t in first_b) { total += last_e[t] - first_b[t]; grown += last_e[t] - first_e[t] }
	# From the first wait's return to the last one's: the process's clock against the waiting
	# threads' (from each one's first return to its last).
	ratio = grown > 0 ? (w_p[pid, n[pid]] - w_p[pid, 1]) / grown : 0
	printf "pid=%s signal_waits=%d missing=%d below_thread=%d thread_back=%d ordered=%d back=%d raw_back=%d windows=%d multi_thread_windows=%d short=%d threads_total=%d max_process=%d under_total=%d threads=%d ratio_x100=%d\n",
		pid, n[pid], missing[pid], below, thread_back, ordered, back, raw_back, windows, multi,
		short, total, maxp, maxp < total, nthreads, ratio * 100
	split("", last_p)
}

END { for (pid in pids) check(pid) }
