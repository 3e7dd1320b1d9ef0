# check-barrier-deps.awk - over matmul_pipeline's packet_submit events (babeltrace2 text):
# "ok" when the last barrier-AND packet depends on the completion signal of every
# matmul_rows dispatch, else "bad: " and its dependencies.
{ type = field("packet_type"); name = field("kernel_name") }
type == 2 && name == "matmul_rows" { bands[field("completion_signal")] = 1; nb++ }
type == 3 { deps = ""; for (i = 0; i < 5; i++) { dep = field("dep_signal_" i); if (dep != "0x0") deps = deps " " dep }; last = deps }
END { n = split(last, d, " "); for (i = 1; i <= n; i++) if (d[i] in bands) hit++; print (n == nb && hit == nb) ? "ok" : "bad: " last }
