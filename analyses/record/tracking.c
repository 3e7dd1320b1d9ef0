#include "analyses/record/tracking.h"

#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng.h>

#define MAX_ANCESTRY 64	/* a deeper process tree is not the program's */

int rec_tracking_init(struct rec_tracking *t, const char *session)
{
	enum lttng_error_code code;

	*t = (struct rec_tracking){ 0 };
	code = lttng_session_get_tracker_handle(session, LTTNG_DOMAIN_UST,
						LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID, &t->handle);
	if (code != LTTNG_OK ||
	    lttng_process_attr_tracker_handle_set_tracking_policy(t->handle,
			LTTNG_TRACKING_POLICY_INCLUDE_SET) != LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK) {
		fprintf(stderr, "hsatrace record: failed to track the program's processes only: "
			"session=%s\n", session);
		return -1;
	}
	return 0;
}

static bool tracked(const struct rec_tracking *t, pid_t pid)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->pids[i] == pid)
			return true;
	return false;
}

int rec_tracking_add(struct rec_tracking *t, pid_t pid)
{
	enum lttng_process_attr_tracker_handle_status st;

	if (tracked(t, pid))
		return 0;
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		pid_t *pids = realloc(t->pids, cap * sizeof(*pids));

		if (!pids)
			return -1;
		t->pids = pids;
		t->cap = cap;
	}
	st = lttng_process_attr_virtual_process_id_tracker_handle_add_pid(t->handle, pid);
	if (st != LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK &&
	    st != LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_EXISTS)
		return -1;
	t->pids[t->n++] = pid;
	return 0;
}

void rec_tracking_remove(struct rec_tracking *t, pid_t pid)
{
	for (size_t i = 0; i < t->n; i++) {
		if (t->pids[i] != pid)
			continue;
		lttng_process_attr_virtual_process_id_tracker_handle_remove_pid(t->handle, pid);
		t->pids[i] = t->pids[--t->n];
		return;
	}
}

/* The parent of pid from /proc/PID/stat (after the parenthesised command), 0 if gone. */
static pid_t parent_of(pid_t pid)
{
	char path[64], line[512];
	const char *close_paren;
	FILE *f;
	long ppid = 0;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fgets(line, sizeof(line), f) && (close_paren = strrchr(line, ')')))
		sscanf(close_paren + 1, " %*c %ld", &ppid);
	fclose(f);
	return (pid_t)ppid;
}

struct proc_pair {
	pid_t pid, ppid;
};

/* Every process's (pid, ppid), read once from /proc; *n pairs in a malloc'ed array. */
static struct proc_pair *list_processes(size_t *n)
{
	DIR *proc = opendir("/proc");
	struct proc_pair *pairs = NULL, *grown;
	struct dirent *e;
	size_t cap = 0;

	*n = 0;
	while (proc && (e = readdir(proc))) {
		pid_t pid = (pid_t)atol(e->d_name);

		if (!isdigit((unsigned char)e->d_name[0]) || pid <= 1)
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 256;
			grown = realloc(pairs, cap * sizeof(*pairs));
			if (!grown)
				break;
			pairs = grown;
		}
		pairs[*n] = (struct proc_pair){ pid, parent_of(pid) };
		(*n)++;
	}
	if (proc)
		closedir(proc);
	return pairs;
}

void rec_tracking_scan(struct rec_tracking *t, pid_t root)
{
	size_t n;
	struct proc_pair *pairs = t->handle ? list_processes(&n) : NULL;
	bool grew = true;

	/* Tracked processes' children join until nothing changes (grandchildren included). */
	for (int round = 0; pairs && grew && round < MAX_ANCESTRY; round++) {
		grew = false;
		for (size_t i = 0; i < n; i++) {
			if (tracked(t, pairs[i].pid))
				continue;
			if ((pairs[i].ppid == root || tracked(t, pairs[i].ppid)) &&
			    rec_tracking_add(t, pairs[i].pid) == 0)
				grew = true;
		}
	}
	free(pairs);
}

void rec_tracking_release(struct rec_tracking *t)
{
	if (t->handle)
		lttng_process_attr_tracker_handle_destroy(t->handle);
	free(t->pids);
	*t = (struct rec_tracking){ 0 };
}
