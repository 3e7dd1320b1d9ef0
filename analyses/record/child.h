/*
 * child - running the traced program and forwarding signals to it.
 *
 * child_signals_install() catches SIGINT, SIGTERM and SIGHUP for the whole recording: a
 * signal sent to hsatrace-record (kill, a job controller) is forwarded to the program; one
 * the terminal sends to the whole process group reaches the program by itself and is not
 * sent twice. Either way, record goes on to stop and destroy its session, and runs no
 * further pass (child_interrupted()).
 *
 * The program is forked, then held before exec() until hooks->started has run (record
 * tracks its pid there, so its first event is already recorded); it gets SIGTERM when
 * record dies (PR_SET_PDEATHSIG), so a killed record leaves no program running untraced.
 */
#ifndef HSATRACE_RECORD_CHILD_H
#define HSATRACE_RECORD_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct child_env {
	const char *name;
	const char *value;
	bool prepend_path;	/* prepend to an existing ':'-list (LD_PRELOAD, LD_LIBRARY_PATH) */
};

struct child_hooks {
	/* The program exists (pid) but has not exec()ed yet; non-zero: do not run it. */
	int (*started)(pid_t pid, void *ctx);
	/* Called about every CHILD_TICK_MS while the program runs. */
	void (*tick)(pid_t pid, void *ctx);
	/* Called as soon as ready_fd (>= 0) is readable while the program runs. */
	int ready_fd;
	void (*ready)(void *ctx);
	void *ctx;
};

#define CHILD_TICK_MS 100

int child_signals_install(void);
/* The signal record received (SIGINT, SIGTERM, SIGHUP), 0 when none. */
int child_interrupted(void);

/* Finds argv0 as execvp() would (PATH when it has no '/'): 0 when it is an executable
 * file, else ENOENT (not found) or EACCES (not an executable file). */
int child_find_program(const char *argv0);

/* Runs argv with the extra environment, waits for it. Returns its wait status, or -1 when
 * it could not be started (*exec_errno then says why exec() failed, 0 for other reasons).
 * Prints how it ended when that was not a success. */
int child_run(char *const *argv, const struct child_env *env, int n_env,
	      const struct child_hooks *hooks, int *exec_errno);

#endif
