#include "analyses/record/buffers.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyses/record/tracking.h"

/* liblttng-ust's constructor has returned once the shell runs its first command. */
#define STAND_IN_SCRIPT "echo registered; read line"
/* liblttng-ust waits up to LTTNG_UST_REGISTER_TIMEOUT ms for the daemon; record a bit more */
#define REGISTER_TIMEOUT "1000"
#define READY_TIMEOUT_MS 1500

/* In the child: waits until record has tracked it (a byte on stdin), then becomes the
 * stand-in. Any failure ends it with status 127. */
static void exec_stand_in(int in_fd, int out_fd, pid_t recorder)
{
	int quiet = open("/dev/null", O_WRONLY | O_CLOEXEC);	/* the loader's, liblttng-ust's words */
	char go;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != recorder || quiet < 0 ||
	    dup2(in_fd, STDIN_FILENO) < 0 || dup2(out_fd, STDOUT_FILENO) < 0 ||
	    dup2(quiet, STDERR_FILENO) < 0 ||
	    setenv("LD_PRELOAD", "liblttng-ust.so.1", 1) != 0 ||
	    setenv("LTTNG_UST_WITHOUT_BADDR_STATEDUMP", "1", 1) != 0 ||
	    setenv("LTTNG_UST_WITHOUT_PROCNAME_STATEDUMP", "1", 1) != 0 ||
	    setenv("LTTNG_UST_REGISTER_TIMEOUT", REGISTER_TIMEOUT, 1) != 0 ||
	    read(STDIN_FILENO, &go, 1) != 1)
		_exit(127);
	execl("/bin/sh", "sh", "-c", STAND_IN_SCRIPT, (char *)NULL);
	_exit(127);
}

/* True when the stand-in wrote its line within READY_TIMEOUT_MS. */
static int wait_registered(int out_fd)
{
	struct pollfd p = { out_fd, POLLIN, 0 };
	char line[16];
	int n;

	do
		n = poll(&p, 1, READY_TIMEOUT_MS);
	while (n < 0 && errno == EINTR);
	return n == 1 && read(out_fd, line, sizeof(line)) > 0;
}

int rec_buffers_prepare(struct rec_buffers *b, struct rec_tracking *t)
{
	int in[2] = { -1, -1 }, out[2] = { -1, -1 }, ok = 0;
	pid_t recorder = getpid();

	*b = (struct rec_buffers){ 0, -1 };
	if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0)
		goto end;
	b->pid = fork();
	if (b->pid < 0) {
		b->pid = 0;
		goto end;
	}
	if (b->pid == 0)
		exec_stand_in(in[0], out[1], recorder);
	b->stdin_fd = in[1];
	in[1] = -1;
	ok = rec_tracking_add(t, b->pid) == 0 && write(b->stdin_fd, "g", 1) == 1 &&
	     wait_registered(out[0]);
end:
	for (int i = 0; i < 2; i++) {
		if (in[i] >= 0)
			close(in[i]);
		if (out[i] >= 0)
			close(out[i]);
	}
	if (!ok && b->pid > 0)
		kill(b->pid, SIGKILL);	/* it may still be waiting for the daemon */
	if (!ok)
		rec_buffers_release(b, t);
	return ok ? 0 : -1;
}

void rec_buffers_release(struct rec_buffers *b, struct rec_tracking *t)
{
	if (b->stdin_fd >= 0)
		close(b->stdin_fd);	/* the shell's read ends: it exits */
	if (b->pid > 0) {
		while (waitpid(b->pid, NULL, 0) < 0 && errno == EINTR)
			;
		rec_tracking_remove(t, b->pid);
	}
	*b = (struct rec_buffers){ 0, -1 };
}
