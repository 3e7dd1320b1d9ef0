# expect.awk - the statistics the tests expect, computed independently of hsatrace from
# `babeltrace2 --clock-cycles TRACE` text output (raw clock values = ns). Prints CSV rows
# like `hsatrace stats --format csv`, unsorted (the test sorts them), for every section:
#   api,FUNCTION,calls,total,avg,min,max,percent,errors   kernels,NAME,...   copies,DIR,...
#   queues,PID,QUEUE,size,packets,kernel_packets,other_packets,max_in_flight
#   waits,PID,TID,PROCNAME,waits,blocked_ns,source
function acc(tab, key, d) {
	tab[key, "n"]++
	tab[key, "total"] += d
	if (tab[key, "n"] == 1 || d < tab[key, "min"]) tab[key, "min"] = d
	if (tab[key, "n"] == 1 || d > tab[key, "max"]) tab[key, "max"] = d
	if (!((key) in tab_names)) { tab_names[key] = 1 }
}
{
	ts = substr($1, 2, length($1) - 2) + 0
	name = $4
	sub(/:$/, "", name)
	vpid = field("vpid"); vtid = field("vtid")
}
name ~ /^hsa_(api|hot)_entry:/ {
	key = vpid SUBSEP field("correlation_id")
	start[key] = ts; fn[key] = field("function"); tid[key] = vtid; proc[key] = field("procname")
	next
}
name ~ /^hsa_(api|hot)_exit:/ {
	key = vpid SUBSEP field("correlation_id")
	if (!(key in start)) next
	d = ts - start[key]; f = fn[key]
	api[f, "n"]++; api[f, "total"] += d
	if (api[f, "n"] == 1 || d < api[f, "min"]) api[f, "min"] = d
	if (api[f, "n"] == 1 || d > api[f, "max"]) api[f, "max"] = d
	api_fn[f] = 1; api_all += d
	st = field("status")
	# hsa_status_t failures: AMD errors 40..43 and HSA_STATUS_ERROR (4096) and up
	if (st != "" && ((st + 0 >= 40 && st + 0 <= 43) || st + 0 >= 4096)) api_err[f]++
	if (f ~ /^hsa_(amd_)?signal_wait_/) {
		t = vpid SUBSEP tid[key]
		aw_n[t]++; aw_ns[t] += d; who[t] = proc[key]
	}
	delete start[key]
	next
}
name == "hsa_activity:kernel_exec" || name == "hsa_gpu:kernel_end" {
	key = vpid SUBSEP field("queue_id") SUBSEP field("packet_index") SUBSEP field("correlation_id")
	if (name == "hsa_activity:kernel_exec") { exec[key] = 1; src = "x" } else src = "g"
	kname[src, key] = field("kernel_name")
	kdur[src, key] = field("gpu_end_ns") - field("gpu_begin_ns")
	kq[key] = field("queue_id"); kidx[key] = field("packet_index"); kpid[key] = vpid
	kbegin[key] = field("gpu_begin_ns") + 0; kend[key] = field("gpu_end_ns") + 0
	kkeys[src, key] = 1
	next
}
name == "hsa_activity:copy_exec" {
	dir = field("direction")
	dir = dir == 0 ? "host-to-host" : dir == 1 ? "host-to-device" : dir == 2 ? "device-to-host" : dir == 3 ? "device-to-device" : dir
	cp_n[dir]++; cp_bytes[dir] += field("size")
	cp_ns[dir] += field("gpu_end_ns") - field("gpu_begin_ns")
	next
}
name == "hsa_activity:queue_create" {
	q = vpid SUBSEP field("queue_id"); qsize[q] = field("size"); qseen[q] = 1
	next
}
name == "hsa_activity:packet_submit" {
	q = vpid SUBSEP field("queue_id"); qseen[q] = 1
	n = ++sub_n[q]
	sub_idx[q, n] = field("packet_index") + 0; sub_ts[q, n] = ts
	sub_kernel[q, n] = field("packet_type") == 2
	if (sub_kernel[q, n]) qk[q]++; else qo[q]++
	next
}
name == "hsa_activity:signal_wait" {
	t = vpid SUBSEP vtid
	sw_n[t]++; sw_ns[t] += field("blocked_ns"); who[t] = field("procname")
	next
}
# A C++ kernel name as binutils' c++filt shows it (the independent demangler).
function demangled(name,    cmd, out) {
	if (substr(name, 1, 2) != "_Z") return name
	cmd = "c++filt '" name "'"
	cmd | getline out
	close(cmd)
	return out == "" ? name : out
}
# A CSV cell as stats writes it: quoted when it holds a comma or a quote.
function csv(cell,    q) {
	if (cell !~ /[,"]/) return cell
	q = cell
	gsub(/"/, "\"\"", q)
	return "\"" q "\""
}
function kernel_row(src, key,    k) {
	k = kname[src, key]
	if (k == "") k = "(unnamed)"
	acc(kern, k, kdur[src, key]); kern_names[k] = 1; kern_all += kdur[src, key]
	# completions per queue, for the occupancy below
	cq = kpid[key] SUBSEP kq[key]
	nc = ++comp_n[cq]; comp_idx[cq, nc] = kidx[key] + 0
	comp_begin[cq, nc] = kbegin[key]; comp_end[cq, nc] = kend[key]
}
END {
	for (f in api_fn)
		printf "api,%s,%.0f,%.0f,%.0f,%.0f,%.0f,%.2f,%.0f\n", f, api[f, "n"], api[f, "total"],
			int(api[f, "total"] / api[f, "n"]), api[f, "min"], api[f, "max"],
			api_all ? 100 * api[f, "total"] / api_all : 0, api_err[f] + 0
	for (sk in kkeys) {
		split(sk, parts, SUBSEP)
		key = substr(sk, length(parts[1]) + 2)
		if (parts[1] == "x" || !(key in exec))
			kernel_row(parts[1], key)
	}
	for (k in kern_names) {
		shown = demangled(k)
		printf "kernels,%s,%.0f,%.0f,%.0f,%.0f,%.0f,%.2f,%s\n", csv(shown), kern[k, "n"],
			kern[k, "total"], int(kern[k, "total"] / kern[k, "n"]), kern[k, "min"],
			kern[k, "max"], kern_all ? 100 * kern[k, "total"] / kern_all : 0,
			shown == k ? "" : k
	}
	for (dir in cp_n)
		printf "copies,%s,%.0f,%.0f,%.0f,%.0f,%.3f\n", dir, cp_n[dir], cp_bytes[dir],
			cp_ns[dir], int(cp_ns[dir] / cp_n[dir]),
			cp_ns[dir] ? cp_bytes[dir] / cp_ns[dir] : 0
	for (q in qseen) {
		split(q, qp, SUBSEP)
		# in flight: +1 at submit, -1 when the packet leaves (see docs/stats-report.md)
		ne = 0
		for (i = 1; i <= sub_n[q]; i++) {
			r = -1
			for (j = 1; j <= comp_n[q]; j++) {
				if (sub_kernel[q, i] && comp_idx[q, j] == sub_idx[q, i])
					r = comp_end[q, j]
				if (!sub_kernel[q, i] && comp_idx[q, j] > sub_idx[q, i] &&
				    (r < 0 || comp_idx[q, j] < best))
					{ r = comp_begin[q, j]; best = comp_idx[q, j] }
			}
			if (r < 0) r = sub_kernel[q, i] ? 1e300 : sub_ts[q, i]
			if (r < sub_ts[q, i]) r = sub_ts[q, i]
			et[++ne] = sub_ts[q, i]; ed[ne] = 1
			et[++ne] = r; ed[ne] = -1
		}
		# sweep in time order, completions first at equal times (insertion sort: tiny)
		for (i = 2; i <= ne; i++)
			for (j = i; j > 1 && (et[j] < et[j-1] || (et[j] == et[j-1] && ed[j] < ed[j-1])); j--) {
				tt = et[j]; et[j] = et[j-1]; et[j-1] = tt
				tt = ed[j]; ed[j] = ed[j-1]; ed[j-1] = tt
			}
		lvl = 0; peak = 0
		for (i = 1; i <= ne; i++) { lvl += ed[i]; if (lvl > peak) peak = lvl }
		printf "queues,%s,%s,%.0f,%.0f,%.0f,%.0f,%.0f\n", qp[1], qp[2], qsize[q] + 0,
			sub_n[q] + 0, qk[q] + 0, qo[q] + 0, peak
	}
	for (t in who) {
		split(t, tp, SUBSEP)
		if (sw_n[t])
			printf "waits,%s,%s,%s,%.0f,%.0f,signal_wait\n", tp[1], tp[2], who[t], sw_n[t], sw_ns[t]
		else
			printf "waits,%s,%s,%s,%.0f,%.0f,api\n", tp[1], tp[2], who[t], aw_n[t], aw_ns[t]
	}
}
