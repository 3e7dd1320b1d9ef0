/* sqlite_views - the SQL views of the exported database (docs/export.md explains each). */
#include "analyses/export/sqlite_views.h"

const char sqlite_views_sql[] =
	/* Per kernel name: launches and GPU time, the longest total first. */
	"CREATE VIEW top_kernels AS SELECT name, COUNT(*) AS launches,"
	" SUM(duration_ns) AS total_ns, AVG(duration_ns) AS avg_ns,"
	" MIN(duration_ns) AS min_ns, MAX(duration_ns) AS max_ns"
	" FROM kernels GROUP BY name ORDER BY total_ns DESC, name;\n"
	/* Per HSA function: calls, time, errors (calls without an exit are left out). */
	"CREATE VIEW api_summary AS SELECT function, COUNT(*) AS calls,"
	" SUM(duration_ns) AS total_ns, AVG(duration_ns) AS avg_ns,"
	" MIN(duration_ns) AS min_ns, MAX(duration_ns) AS max_ns, SUM(is_error) AS errors"
	" FROM api_calls WHERE end_ns IS NOT NULL GROUP BY function"
	" ORDER BY total_ns DESC, function;\n"
	/* Per thread: time in the API, counting only outermost calls (depth 0) so a callback's
	 * calls are not counted twice. */
	"CREATE VIEW api_time_per_thread AS SELECT a.pid, a.tid, t.name AS thread_name,"
	" COUNT(*) AS calls, SUM(CASE WHEN a.depth = 0 THEN a.duration_ns ELSE 0 END)"
	" AS api_ns FROM api_calls a LEFT JOIN threads t ON t.pid = a.pid AND t.tid = a.tid"
	" WHERE a.end_ns IS NOT NULL GROUP BY a.pid, a.tid ORDER BY api_ns DESC;\n"
	/* Per copy direction: bytes over copy time (bytes per ns is GB/s). */
	"CREATE VIEW copy_bandwidth AS SELECT direction, COUNT(*) AS copies,"
	" SUM(bytes) AS bytes, SUM(duration_ns) AS total_ns,"
	" CASE WHEN SUM(duration_ns) > 0 THEN 1.0 * SUM(bytes) / SUM(duration_ns) END"
	" AS gbps FROM copies GROUP BY direction ORDER BY bytes DESC;\n"
	/* Per queue: packets, kernels, and the share of the queue's active span (first kernel
	 * start to last kernel end) during which a kernel ran. */
	"CREATE VIEW queue_occupancy AS SELECT q.pid, q.queue_id, q.size,"
	" (SELECT COUNT(*) FROM packets p WHERE p.pid = q.pid AND p.queue_id = q.queue_id)"
	" AS packets, COUNT(k.queue_id) AS kernels, SUM(k.duration_ns) AS busy_ns,"
	" MAX(k.end_ns) - MIN(k.start_ns) AS span_ns,"
	" CASE WHEN MAX(k.end_ns) > MIN(k.start_ns) THEN 1.0 * SUM(k.duration_ns) /"
	" (MAX(k.end_ns) - MIN(k.start_ns)) END AS occupancy"
	" FROM queues q LEFT JOIN kernels k ON k.pid = q.pid AND k.queue_id = q.queue_id"
	" GROUP BY q.pid, q.queue_id ORDER BY q.pid, q.queue_id;\n"
	/* Each kernel with the API call that launched it (the doorbell store, when traced). */
	"CREATE VIEW kernel_launches AS SELECT k.*, p.tid, p.ts_ns AS submit_ns,"
	" k.start_ns - p.ts_ns AS queued_ns FROM kernels k LEFT JOIN packets p"
	" ON p.pid = k.pid AND p.queue_id = k.queue_id AND p.packet_index = k.packet_index;\n"
	"CREATE INDEX api_calls_function ON api_calls(function);\n"
	"CREATE INDEX api_args_call ON api_args(pid, correlation_id);\n"
	"CREATE INDEX kernels_queue ON kernels(pid, queue_id);\n"
	"CREATE INDEX packets_queue ON packets(pid, queue_id, packet_index);\n";
