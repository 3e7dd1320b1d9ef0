# browser_expect.awk: from `babeltrace2 --clock-cycles TRACE` output, what browser_check.pl
# must find on the page (its EXPECT lines): the first copy by GPU begin time, the first API
# call whose exit status is an HSA error (>= 0x1000), and how many times vector_add ran.
# Times stay strings (exact whatever their size): compared by length, then as strings.
function lt(a, b) { return length(a) < length(b) || (length(a) == length(b) && a < b) }
{ ts = substr($1, 2, length($1) - 2); sub(/^0+/, "", ts) }
/ hsa_activity:copy_exec:/ {
	b = field("gpu_begin_ns")
	if (cb == "" || lt(b, cb)) { cb = b; ce = field("gpu_end_ns"); cs = field("size") }
}
/ hsa_api_entry:[a-z_0-9]+:/ { entry[field("correlation_id")] = ts }
/ hsa_api_exit:[a-z_0-9]+:/ {
	st = field("status") + 0
	if (st >= 4096 && efn == "") { efn = field("function"); eb = entry[field("correlation_id")]; ee = ts; est = st }
}
/ hsa_activity:kernel_exec:/ { k[field("kernel_name")]++ }
END {
	print "copy", cb, ce, cs
	print "error", efn, eb, ee, est
	print "kernel vector_add", k["vector_add"] + 0
}
