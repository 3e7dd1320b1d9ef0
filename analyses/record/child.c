#include "analyses/record/child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t child_pid;
static volatile sig_atomic_t interrupted;

static void on_signal(int sig, siginfo_t *info, void *ucontext)
{
	(void)ucontext;
	interrupted = sig;
	/* A terminal's signal (SI_KERNEL) already went to the whole process group. */
	if (child_pid > 0 && info && info->si_code != SI_KERNEL)
		kill((pid_t)child_pid, sig);
}

int child_signals_install(void)
{
	static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		if (sigaction(signals[i], &sa, NULL) != 0)
			return -1;
	/* A session daemon closing its socket must be an error to handle, not our death. */
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

int child_interrupted(void)
{
	return interrupted;
}

static int executable_file(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return errno == ENOENT || errno == ENOTDIR ? ENOENT : EACCES;
	return S_ISREG(st.st_mode) && access(path, X_OK) == 0 ? 0 : EACCES;
}

int child_find_program(const char *argv0)
{
	const char *path = getenv("PATH");
	char *dirs, *save = NULL;
	int found = ENOENT;

	if (!*argv0)
		return ENOENT;
	if (strchr(argv0, '/'))
		return executable_file(argv0);
	dirs = strdup(path && *path ? path : "/usr/local/bin:/usr/bin:/bin");
	if (!dirs)
		return ENOMEM;
	for (char *d = strtok_r(dirs, ":", &save); d && found; d = strtok_r(NULL, ":", &save)) {
		char *candidate;

		if (asprintf(&candidate, "%s/%s", *d ? d : ".", argv0) < 0)
			break;
		/* Like execvp(): a match that is not executable is remembered, the search goes on. */
		switch (executable_file(candidate)) {
		case 0: found = 0; break;
		case EACCES: found = EACCES; break;
		default: break;
		}
		free(candidate);
	}
	free(dirs);
	return found;
}

static int set_env(const struct child_env *e)
{
	const char *old = getenv(e->name);
	char *value;
	int ret;

	if (!e->prepend_path || !old || !*old)
		return setenv(e->name, e->value, 1);
	if (asprintf(&value, "%s:%s", e->value, old) < 0)
		return -1;
	ret = setenv(e->name, value, 1);
	free(value);
	return ret;
}

/* In the child: waits for record's go byte on go_fd, then exec()s; a failed exec() sends
 * its errno through err_fd (close-on-exec, so a successful exec closes it). */
static void exec_child(char *const *argv, const struct child_env *env, int n_env, int go_fd,
		       int err_fd, pid_t recorder)
{
	struct sigaction sa;
	char go;
	int err;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
	if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != recorder)
		_exit(127);
	for (int i = 0; i < n_env; i++)
		if (set_env(&env[i]) != 0)
			_exit(127);
	if (read(go_fd, &go, 1) != 1)	/* record gave up: never run untraced */
		_exit(127);
	close(go_fd);
	execvp(argv[0], argv);
	err = errno;
	if (write(err_fd, &err, sizeof(err)) != (ssize_t)sizeof(err))
		_exit(127);
	_exit(127);
}

static long long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* A descriptor that becomes readable when pid exits, -1 where the kernel has none (before
 * Linux 5.3): then the exit is only noticed at the next tick. */
static int exit_fd(pid_t pid)
{
#ifdef SYS_pidfd_open
	return (int)syscall(SYS_pidfd_open, pid, 0);
#else
	(void)pid;
	return -1;
#endif
}

/* Waits for the program, calling hooks->ready as soon as its fd is readable and hooks->tick
 * every CHILD_TICK_MS. Its exit wakes the wait at once (pidfd): the session is stopped
 * without waiting for the tick. */
static int wait_child(pid_t pid, const struct child_hooks *hooks)
{
	struct pollfd fds[2] = { { hooks ? hooks->ready_fd : -1, POLLIN, 0 },
				 { exit_fd(pid), POLLIN, 0 } };
	long long next_tick = now_ms() + CHILD_TICK_MS;
	int status = 0;
	pid_t got;

	for (;;) {
		long long left = next_tick - now_ms();

		got = waitpid(pid, &status, WNOHANG);
		if (got == pid || (got < 0 && errno != EINTR))
			break;
		if (left <= 0) {
			if (hooks && hooks->tick)
				hooks->tick(pid, hooks->ctx);
			next_tick = now_ms() + CHILD_TICK_MS;
			continue;
		}
		/* a negative fd is ignored by poll(): then it only sleeps */
		if (poll(fds, 2, (int)left) > 0 && (fds[0].revents & POLLIN) && hooks->ready)
			hooks->ready(hooks->ctx);
	}
	if (fds[1].fd >= 0)
		close(fds[1].fd);
	return got == pid ? status : -1;
}

static void say_how_it_ended(int status)
{
	if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		fprintf(stderr, "hsatrace record: the program exited with status %d\n",
			WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		fprintf(stderr, "hsatrace record: the program was killed by signal %d (%s)\n",
			WTERMSIG(status), strsignal(WTERMSIG(status)));
}

/* Runs the started hook, lets the child exec, and reads whether exec() worked. */
static int release_child(pid_t pid, int go_fd, int err_fd, const struct child_hooks *hooks,
			 int *exec_errno)
{
	ssize_t n;

	if (hooks && hooks->started && hooks->started(pid, hooks->ctx) != 0)
		return -1;
	if (write(go_fd, "x", 1) != 1)
		return -1;
	do
		n = read(err_fd, exec_errno, sizeof(*exec_errno));
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)sizeof(*exec_errno))
		return -1;
	*exec_errno = 0;
	return 0;
}

int child_run(char *const *argv, const struct child_env *env, int n_env,
	      const struct child_hooks *hooks, int *exec_errno)
{
	int go[2] = { -1, -1 }, err[2] = { -1, -1 }, status = -1;
	pid_t pid, recorder = getpid();

	*exec_errno = 0;
	fflush(NULL);
	if (pipe2(go, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) {
		fprintf(stderr, "hsatrace record: failed to create a pipe: %s\n", strerror(errno));
		goto end;
	}
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "hsatrace record: failed to fork: %s\n", strerror(errno));
		goto end;
	}
	if (pid == 0) {
		close(go[1]);
		close(err[0]);
		exec_child(argv, env, n_env, go[0], err[1], recorder);
	}
	child_pid = pid;
	close(go[0]);
	close(err[1]);
	go[0] = err[1] = -1;
	if (interrupted)	/* the signal came between install and fork */
		kill(pid, SIGINT);
	if (release_child(pid, go[1], err[0], hooks, exec_errno) != 0) {
		if (*exec_errno)
			fprintf(stderr, "hsatrace record: failed to run the program: path=%s "
				"(%s)\n", argv[0], strerror(*exec_errno));
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		goto end;
	}
	status = wait_child(pid, hooks);
	if (status != -1)
		say_how_it_ended(status);
end:
	child_pid = 0;
	for (int i = 0; i < 2; i++) {
		if (go[i] >= 0)
			close(go[i]);
		if (err[i] >= 0)
			close(err[i]);
	}
	return status;
}
