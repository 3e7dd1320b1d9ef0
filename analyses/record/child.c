#include "analyses/record/child.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t child_pid;
static volatile sig_atomic_t interrupted;

static void on_signal(int sig, siginfo_t *info, void *ucontext)
{
	(void)ucontext;
	interrupted = 1;
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

bool child_interrupted(void)
{
	return interrupted != 0;
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

static void exec_child(char *const *argv, const struct child_env *env, int n_env)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
	for (int i = 0; i < n_env; i++)
		if (set_env(&env[i]) != 0)
			_exit(127);
	execvp(argv[0], argv);
	fprintf(stderr, "hsatrace-record: failed to run the program: path=%s (%s)\n", argv[0],
		strerror(errno));
	_exit(127);
}

int child_run(char *const *argv, const struct child_env *env, int n_env)
{
	int status = 0;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "hsatrace-record: failed to fork: %s\n", strerror(errno));
		return -1;
	}
	if (pid == 0)
		exec_child(argv, env, n_env);
	child_pid = pid;
	if (interrupted)	/* the signal came between install and fork */
		kill(pid, SIGINT);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			status = -1;
			break;
		}
	}
	child_pid = 0;
	if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) != 0)
		fprintf(stderr, "hsatrace-record: the program exited with status %d\n",
			WEXITSTATUS(status));
	else if (status != -1 && WIFSIGNALED(status))
		fprintf(stderr, "hsatrace-record: the program was killed by signal %d (%s)\n",
			WTERMSIG(status), strsignal(WTERMSIG(status)));
	return status;
}
