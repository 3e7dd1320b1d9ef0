/*
 * child - running the traced program and forwarding signals to it.
 *
 * child_signals_install() catches SIGINT, SIGTERM and SIGHUP for the whole recording: a
 * signal sent to hsatrace-record (kill, a job controller) is forwarded to the program; one
 * the terminal sends to the whole process group reaches the program by itself and is not
 * sent twice. Either way, record goes on to stop and destroy its session, and runs no
 * further pass (child_interrupted()).
 */
#ifndef HSATRACE_RECORD_CHILD_H
#define HSATRACE_RECORD_CHILD_H

#include <stdbool.h>

struct child_env {
	const char *name;
	const char *value;
	bool prepend_path;	/* prepend to an existing ':'-list (LD_PRELOAD, LD_LIBRARY_PATH) */
};

int child_signals_install(void);
bool child_interrupted(void);

/* Runs argv with the extra environment, waits for it. Returns its wait status, or -1 when
 * it could not be started. Prints how it ended when that was not a success. */
int child_run(char *const *argv, const struct child_env *env, int n_env);

#endif
