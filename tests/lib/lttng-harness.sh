# lttng-harness.sh - a private LTTng session daemon for integration tests (sourced).
#
#   lttng_harness_unprivileged "$@"   call first: as root, re-runs the test as uid 1000
#                                     inside a user namespace (see below)
#   lttng_harness_start               starts lttng-sessiond with its own LTTNG_HOME and
#                                     rundir in a temp folder, waits until it answers, and
#                                     arranges (trap EXIT) for it to be stopped
#   lttng_harness_stop                stops it (idempotent; also run by the trap)
#
# After start: LTTNG_HOME is exported, LTTNG_HARNESS_DIR is the temp folder (removed on stop
# unless HSATRACE_KEEP_TMP=1), and `lttng` talks to the private daemon.
#
# Why the user namespace: a root lttng-sessiond always uses the global /var/run/lttng rundir,
# whatever LTTNG_HOME says, so a test run as root would collide with (or be) the root daemon a
# user may already run. As uid 1000 in a namespace mapped to the real uid, the daemon and the
# traced programs use the per-user rundir under LTTNG_HOME, and files keep their real owner.

lttng_harness_unprivileged() {
	if [ "$(id -u)" -eq 0 ] && [ -z "${LTTNG_HARNESS_IN_USERNS:-}" ]; then
		export LTTNG_HARNESS_IN_USERNS=1
		exec unshare --user --map-user=1000 --map-group=1000 -- "$0" "$@"
	fi
}

lttng_harness_stop() {
	[ -n "${LTTNG_HARNESS_DIR:-}" ] || return 0
	_pidfile=$LTTNG_HARNESS_DIR/.lttng/lttng-sessiond.pid
	if [ -f "$_pidfile" ]; then
		_pid=$(cat "$_pidfile")
		kill -TERM "$_pid" 2>/dev/null
		_i=0
		while kill -0 "$_pid" 2>/dev/null && [ "$_i" -lt 100 ]; do
			sleep 0.05
			_i=$((_i + 1))
		done
		kill -KILL "$_pid" 2>/dev/null
	fi
	if [ "${HSATRACE_KEEP_TMP:-0}" = 1 ]; then
		echo "# kept $LTTNG_HARNESS_DIR" >&2
	else
		rm -rf "$LTTNG_HARNESS_DIR"
	fi
	LTTNG_HARNESS_DIR=""
}

lttng_harness_start() {
	LTTNG_HARNESS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/hsatrace-lttng.XXXXXX") || return 1
	export LTTNG_HOME=$LTTNG_HARNESS_DIR
	trap lttng_harness_stop EXIT
	trap 'exit 130' INT TERM
	# --daemonize returns once the daemon is ready to receive client commands.
	if ! lttng-sessiond --daemonize --no-kernel \
		>"$LTTNG_HARNESS_DIR/sessiond.log" 2>&1; then
		echo "# lttng-sessiond failed to start:" >&2
		sed 's/^/#   /' "$LTTNG_HARNESS_DIR/sessiond.log" >&2
		return 1
	fi
	_i=0
	until lttng list >/dev/null 2>&1; do
		_i=$((_i + 1))
		if [ "$_i" -gt 100 ]; then
			echo "# lttng-sessiond does not answer" >&2
			return 1
		fi
		sleep 0.05
	done
	return 0
}
