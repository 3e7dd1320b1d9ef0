# Reads `babeltrace2 --clock-cycles` text of an hsatrace recording and prints one
# "name value" line per measurement, for tests/tracer/*.t to compare with what they expect.
#
#   unpaired          API exits without their entry, entries without their exit, or with
#                     another function
#   exits FN STATUS   count of FN's exits returning STATUS (one line per pair)
#   dispatches        kernel-dispatch packets submitted
#   barriers          barrier packets submitted
#   kernel_execs      kernel executions reported
#   exec_unmatched    kernel executions with no packet of the same queue/index/correlation
#   exec_bad_window   kernel executions not inside [submit, completion report], or begin > end
#   packet_uncorrelated  packets whose correlation id is no doorbell store of the same thread
#   copies            copy executions; copy_bad_window: begin > end or end after the report
#   kernel KERNEL     kernel executions per name
#   code_object_loads / code_object_unloads / kernel_symbols / trace_infos / attaches
#   alloc_bytes_unfreed  bytes allocated minus freed, from mem_alloc/mem_free


{
	ts = substr($1, 2, length($1) - 2) + 0
	ev = $4
	sub(/:$/, "", ev)
	split(ev, pe, ":")
	provider = pe[1]
	name = pe[2]
	tid = field("vtid")
}

provider == "hsa_api_entry" || provider == "hsa_hot_entry" {
	cid = field("correlation_id")
	if (cid in open)
		unpaired++
	open[cid] = field("function")
	if (open[cid] ~ /^hsa_signal_store_/)
		store[cid] = tid
}

provider == "hsa_api_exit" || provider == "hsa_hot_exit" {
	cid = field("correlation_id")
	fn = field("function")
	if (!(cid in open) || open[cid] != fn)
		unpaired++
	delete open[cid]
	exits[fn " " field("status")]++
}

ev == "hsa_activity:packet_submit" {
	key = field("queue_id") "/" field("packet_index")
	submit_ts[key] = ts
	submit_cid[key] = field("correlation_id")
	type = field("packet_type")
	if (type == 2)
		dispatches++
	else if (type == 3 || type == 5)
		barriers++
	cid = field("correlation_id")
	if (!(cid in store) || store[cid] != tid)
		packet_uncorrelated++
}

ev == "hsa_activity:kernel_exec" {
	kernel_execs++
	kernels[field("kernel_name")]++
	key = field("queue_id") "/" field("packet_index")
	begin = field("gpu_begin_ns") + 0
	end = field("gpu_end_ns") + 0
	if (!(key in submit_ts) || submit_cid[key] != field("correlation_id"))
		exec_unmatched++
	else if (begin > end || begin < submit_ts[key] || end > ts)
		exec_bad_window++
}

ev == "hsa_activity:copy_exec" {
	copies++
	if (field("gpu_begin_ns") + 0 > field("gpu_end_ns") + 0 || field("gpu_end_ns") + 0 > ts)
		copy_bad_window++
}

ev == "hsa_activity:code_object_load" { code_object_loads++ }
ev == "hsa_activity:code_object_unload" { code_object_unloads++ }
ev == "hsa_activity:kernel_symbol" { kernel_symbols++ }
ev == "hsa_meta:trace_info" { trace_infos++ }
ev == "hsa_meta:attach" { attaches++ }
ev == "hsa_activity:mem_alloc" { alloc_bytes += field("size") }
ev == "hsa_activity:mem_free" { alloc_bytes -= field("size") }

END {
	for (cid in open)
		unpaired++
	printf "unpaired %d\n", unpaired
	printf "dispatches %d\nbarriers %d\nkernel_execs %d\n", dispatches, barriers, kernel_execs
	printf "exec_unmatched %d\nexec_bad_window %d\n", exec_unmatched, exec_bad_window
	printf "packet_uncorrelated %d\n", packet_uncorrelated
	printf "copies %d\ncopy_bad_window %d\n", copies, copy_bad_window
	printf "code_object_loads %d\ncode_object_unloads %d\n", code_object_loads, code_object_unloads
	printf "kernel_symbols %d\ntrace_infos %d\nattaches %d\n", kernel_symbols, trace_infos, attaches
	printf "alloc_bytes_unfreed %d\n", alloc_bytes
	for (k in kernels)
		printf "kernel %s %d\n", k, kernels[k]
	for (k in exits)
		printf "exits %s %d\n", k, exits[k]
}
