#include "analyses/record/sessiond.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <lttng/lttng.h>

static pid_t started_pid;	/* the daemon record started, 0 when it found one */

bool rec_sessiond_alive(void)
{
	return lttng_session_daemon_alive() == 1;
}

/* Where lttng-sessiond writes its pid: the global rundir for root, else LTTNG_HOME (or
 * HOME)/.lttng, as lttng-tools 2.13 decides. */
static pid_t sessiond_pid(void)
{
	const char *home = getenv("LTTNG_HOME");
	char path[PATH_MAX];
	long pid = 0;
	FILE *f;

	if (!home || !*home)
		home = getenv("HOME");
	if (getuid() == 0)
		snprintf(path, sizeof(path), "/var/run/lttng/lttng-sessiond.pid");
	else if (home)
		snprintf(path, sizeof(path), "%s/.lttng/lttng-sessiond.pid", home);
	else
		return 0;
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%ld", &pid) != 1)
		pid = 0;
	fclose(f);
	return (pid_t)pid;
}

bool rec_sessiond_started(void)
{
	return started_pid > 0;
}

int rec_sessiond_ensure(void)
{
	pid_t pid;
	int status;

	if (rec_sessiond_alive())
		return 0;
	fprintf(stderr, "hsatrace record: no session daemon answers, starting "
		"`lttng-sessiond --daemonize` (stopped when record ends)\n");
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		execlp("lttng-sessiond", "lttng-sessiond", "--daemonize", (char *)NULL);
		_exit(127);
	}
	/* --daemonize returns once the daemon accepts commands. */
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	for (int i = 0; i < 100 && !rec_sessiond_alive(); i++)
		usleep(20000);
	if (rec_sessiond_alive()) {
		started_pid = sessiond_pid();
		return 0;
	}
	fprintf(stderr, "hsatrace record: no LTTng session daemon is reachable and "
		"`lttng-sessiond --daemonize` did not start one (is lttng-tools installed?)\n");
	return -1;
}

static int session_count(void)
{
	struct lttng_session *sessions = NULL;
	int n = lttng_list_sessions(&sessions);

	free(sessions);
	return n;
}

void rec_sessiond_release(void)
{
	int others;

	if (started_pid <= 0 || started_pid != sessiond_pid())
		return;
	others = session_count();
	if (others != 0) {
		fprintf(stderr, "hsatrace record: leaving the session daemon it started running "
			"(pid %ld): other sessions use it\n", (long)started_pid);
		return;
	}
	kill(started_pid, SIGTERM);
	/* The daemon flushes and removes its pid file; 5 s is plenty on a loaded machine. */
	for (int i = 0; i < 250 && kill(started_pid, 0) == 0; i++)
		usleep(20000);
	if (kill(started_pid, 0) == 0)
		fprintf(stderr, "hsatrace record: warning: the session daemon it started (pid %ld) "
			"did not stop\n", (long)started_pid);
	started_pid = 0;
}
