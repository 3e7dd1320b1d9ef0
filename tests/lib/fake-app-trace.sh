# fake-app-trace.sh - a real LTTng trace of tests/stats/fake_hsa_app, as the stats, report
# and export tests record it (sourced after lttng-harness.sh, once lttng_harness_start has
# started the private session daemon):
#
#   fake_app_trace OUT EVENTS ARGS...   one session writing into OUT: the UST events EVENTS
#                                       (lttng enable-event -u), the contexts hsatrace record
#                                       adds (vpid, vtid, procname), one run of
#                                       fake_hsa_app ARGS; exit status 0 when all went well
fake_app_trace() {
	_out=$1 _events=$2
	shift 2
	lttng create "s-$(basename "$_out")" -o "$_out" >/dev/null &&
		lttng enable-event -u "$_events" >/dev/null &&
		lttng add-context -u -t vpid -t vtid -t procname >/dev/null &&
		lttng start >/dev/null && "$HSATRACE_BUILD/tests/stats/fake_hsa_app" "$@" &&
		lttng stop >/dev/null && lttng destroy >/dev/null
}
