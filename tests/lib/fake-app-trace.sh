# fake-app-trace.sh - a real LTTng trace of tests/stats/fake_hsa_app, as the stats, report
# and export tests record it (sourced after lttng-harness.sh, once lttng_harness_start has
# started the private session daemon):
#
#   fake_app_trace OUT EVENTS ARGS...   one session writing into OUT: the UST events EVENTS
#                                       (lttng enable-event -u), the contexts hsatrace record
#                                       adds (vpid, vtid, procname), one run of
#                                       fake_hsa_app ARGS; exit status 0 when all went well
#   fake_app_lossy_trace OUT            a trace the tracer discards events of: a burst of
#                                       fake_hsa_app bulk 20000 into two 4 KiB sub-buffers
fake_app_trace() {
	_out=$1 _events=$2
	shift 2
	lttng create "s-$(basename "$_out")" -o "$_out" >/dev/null &&
		lttng enable-event -u "$_events" >/dev/null &&
		lttng add-context -u -t vpid -t vtid -t procname >/dev/null &&
		lttng start >/dev/null && "$HSATRACE_BUILD/tests/stats/fake_hsa_app" "$@" &&
		lttng stop >/dev/null && lttng destroy >/dev/null
}

fake_app_lossy_trace() {
	lttng create "s-$(basename "$1")" -o "$1" >/dev/null &&
		lttng enable-channel -u --subbuf-size 4096 --num-subbuf 2 small >/dev/null &&
		lttng enable-event -u -c small 'hsa_hot_*,hsa_activity:*' >/dev/null &&
		lttng start >/dev/null && "$HSATRACE_BUILD/tests/stats/fake_hsa_app" bulk 20000 &&
		lttng stop >/dev/null && lttng destroy >/dev/null
}
