#include "analyses/record/stale.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lttng/lttng.h>

#include "analyses/record/session.h"

#define RECORDER_COMM "hsatrace-record"

/* Whether pid is a running hsatrace-record (a reused pid of another program is not). */
static bool recorder_alive(long pid)
{
	char path[64], comm[64] = "";
	FILE *f;

	if (kill((pid_t)pid, 0) != 0 && errno == ESRCH)
		return false;
	snprintf(path, sizeof(path), "/proc/%ld/comm", pid);
	f = fopen(path, "r");
	if (!f)
		return true;	/* cannot tell: leave it */
	if (!fgets(comm, sizeof(comm), f))
		comm[0] = '\0';
	fclose(f);
	comm[strcspn(comm, "\n")] = '\0';
	return strcmp(comm, RECORDER_COMM) == 0;
}

/* The recorder pid in "hsatrace-PID-TIME-pN", 0 when the name is not record's. */
static long recorder_of(const char *name)
{
	long pid = 0, when = 0;
	int pass = 0, end = 0;

	if (sscanf(name, "hsatrace-%ld-%ld-p%d%n", &pid, &when, &pass, &end) != 3 ||
	    name[end] != '\0' || pid <= 0)
		return 0;
	return pid;
}

void rec_destroy_stale_sessions(void)
{
	struct lttng_session *sessions = NULL;
	int n = lttng_list_sessions(&sessions);

	for (int i = 0; i < n; i++) {
		long pid = recorder_of(sessions[i].name);
		struct rec_session s = { .created = true };

		if (pid == 0 || pid == (long)getpid() || recorder_alive(pid))
			continue;
		snprintf(s.name, sizeof(s.name), "%s", sessions[i].name);
		fprintf(stderr, "hsatrace record: destroying the session %s left behind by a "
			"record that died (pid %ld); its trace stays in %s\n", s.name, pid,
			sessions[i].path);
		rec_session_destroy(&s);
	}
	free(sessions);
}
