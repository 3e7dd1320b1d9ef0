# check-hip.awk - what 08-hip.t asserts about the HIP layer, read from babeltrace2's text:
# one "key value" line per fact (counts; the lists of offenders are printed as "bad ..." lines).
#
#   hip_entries / hip_exits        HIP API events; unpaired: entries without their exit
#   hip_failed                     exits with a non-zero status
#   nested_ok / nested_bad         HSA API entries with a hip_correlation_id: inside that HIP
#                                  call (same thread, between its entry and exit) or not
#   hip_unknown                    hip_correlation_id values naming no HIP call
#   memcpy_calls / memcpy_with_activity  hipMemcpy* calls but host-to-host ones (kind 0, done
#                                  by the host), and those with a copy_exec or a dispatch
#                                  packet carrying their id
#   launches / launches_named / launch_packets  hipLaunchKernel calls, with a kernel_name,
#                                  with a dispatch packet of that name carrying their id
#   elapsed_ns / bracket_max_ns / bracket_wall_ns  hipEventElapsedTime's answer, the longest
#                                  copy or kernel caused by the HIP calls between the
#                                  hipEventRecord of its start event and that of its stop
#                                  event, and the wall time from the first record's entry to
#                                  the elapsed-time call's entry
#   calls FN N / total FN NS       per HIP function: paired calls, sum of exit - entry
function ts(    t, p) {
	# babeltrace2 --clock-seconds: [SECONDS.nnnnnnnnn] -> ns since the first event's second
	# (a double holds those exactly; ns since the epoch it would not)
	t = substr($1, 2, length($1) - 2)
	split(t, p, /[.]/)
	if (base_s == "")
		base_s = p[1]
	return (p[1] - base_s) * 1000000000 + p[2]
}
{
	name = $4
	sub(/:$/, "", name)
	tid = field("vtid")
}
name ~ /^hip_(api|hot)_entry:/ {
	cid = field("correlation_id")
	fn[cid] = field("function")
	htid[cid] = tid
	tin[cid] = ts()
	order[++n_hip] = cid
	host_to_host[cid] = field("kind") == "0"
	if (fn[cid] == "hipLaunchKernel") {
		launches++
		launch_name[cid] = field("kernel_name")
		if (launch_name[cid] != "-" && launch_name[cid] != "")
			launches_named++
	}
	if (fn[cid] == "hipEventRecord")
		recorded[field("event")] = cid
	if (fn[cid] == "hipEventElapsedTime") {
		el_start = field("start")
		el_stop = field("stop")
		el_cid = cid
	}
	hip_entries++
}
name ~ /^hip_(api|hot)_exit:/ {
	cid = field("correlation_id")
	tout[cid] = ts()
	if (field("status") != "0")
		hip_failed++
	if (fn[cid] == "hipEventElapsedTime")
		elapsed_ns = field("ms_ns")
	if (cid in tin) {
		calls[fn[cid]]++
		total[fn[cid]] += tout[cid] - tin[cid]
	}
	hip_exits++
}
name ~ /^hsa_(api|hot)_entry:/ && field("hip_correlation_id") != "0" {
	h = field("hip_correlation_id")
	hsa_in[++n_nest] = ts()
	hsa_h[n_nest] = h
	hsa_tid[n_nest] = tid
	hsa_fn[n_nest] = field("function")
}
name == "hsa_activity:copy_exec" && field("hip_correlation_id") != "0" {
	h = field("hip_correlation_id")
	activity[h]++
	d = field("gpu_end_ns") - field("gpu_begin_ns")
	if (d > longest[h])
		longest[h] = d
}
name == "hsa_activity:kernel_exec" && field("hip_correlation_id") != "0" {
	h = field("hip_correlation_id")
	d = field("gpu_end_ns") - field("gpu_begin_ns")
	if (d > longest[h])
		longest[h] = d
}
name == "hsa_activity:packet_submit" && field("packet_type") == "2" &&
    field("hip_correlation_id") != "0" {
	h = field("hip_correlation_id")
	activity[h]++
	packet_kernel[h] = field("kernel_name")
}
END {
	for (cid in tin)
		if (!(cid in tout))
			unpaired++
	for (i = 1; i <= n_nest; i++) {
		h = hsa_h[i]
		if (!(h in tin)) {
			hip_unknown++
			continue
		}
		if (hsa_tid[i] == htid[h] && hsa_in[i] >= tin[h] && (!(h in tout) || hsa_in[i] <= tout[h]))
			nested_ok++
		else {
			nested_bad++
			print "bad nest " hsa_fn[i] " in " fn[h] " (" h ")"
		}
	}
	for (cid in fn) {
		if (fn[cid] ~ /^hipMemcpy/ && !host_to_host[cid]) {
			memcpy_calls++
			if (activity[cid] > 0)
				memcpy_with_activity++
			else
				print "bad memcpy " fn[cid] " (" cid ") caused no copy or dispatch"
		}
		if (fn[cid] == "hipLaunchKernel" && packet_kernel[cid] != "")
			launch_packets++
	}
	if (el_cid != "" && (el_start in recorded) && (el_stop in recorded)) {
		first = recorded[el_start]
		last = recorded[el_stop]
		for (i = 1; i <= n_hip; i++) {
			c = order[i]
			if (tin[c] > tin[first] && tin[c] < tin[last] && longest[c] > bracket_max_ns)
				bracket_max_ns = longest[c]
		}
		bracket_wall_ns = tin[el_cid] - tin[first]
	}
	printf "hip_entries %d\nhip_exits %d\nunpaired %d\nhip_failed %d\n", hip_entries,
	       hip_exits, unpaired, hip_failed
	printf "nested_ok %d\nnested_bad %d\nhip_unknown %d\n", nested_ok, nested_bad, hip_unknown
	printf "memcpy_calls %d\nmemcpy_with_activity %d\n", memcpy_calls, memcpy_with_activity
	printf "launches %d\nlaunches_named %d\nlaunch_packets %d\n", launches, launches_named,
	       launch_packets
	printf "elapsed_ns %s\nbracket_max_ns %d\nbracket_wall_ns %d\n", elapsed_ns, bracket_max_ns,
	       bracket_wall_ns
	for (f in calls)
		printf "calls %s %d\ntotal %s %d\n", f, calls[f], f, total[f]
}
