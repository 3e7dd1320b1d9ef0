/*
 * libhsatrace-follow.so - preloaded by `hsatrace record` into the program, and through the
 * environment into every program it exec()s: before main(), it sends its pid over the Unix
 * socket named by HSATRACE_RECORD_SOCKET ("@NAME": abstract namespace) and waits (at most
 * FOLLOW_WAIT_S) until record has added it to the session's process tracker (record replies
 * one byte), so a descendant's first events are recorded too. Without the variable it does
 * nothing.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#define FOLLOW_WAIT_S 5

__attribute__((constructor)) static void follow_announce(void)
{
	const char *path = getenv("HSATRACE_RECORD_SOCKET");
	const struct timeval wait = { FOLLOW_WAIT_S, 0 };
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int saved_errno = errno, fd;
	pid_t pid = getpid();
	size_t len;
	char ack;

	if (!path || path[0] != '@' || (len = strlen(path)) > sizeof(addr.sun_path))
		return;
	memcpy(addr.sun_path + 1, path + 1, len - 1);	/* sun_path[0] = 0: abstract */
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		goto end;
	/* record gone or slow: go on untracked rather than hang the program */
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof(wait));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, sizeof(wait));
	if (connect(fd, (const struct sockaddr *)&addr,
		    (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len)) == 0 &&
	    write(fd, &pid, sizeof(pid)) == (ssize_t)sizeof(pid) && read(fd, &ack, 1) == 1)
		(void)ack;
	close(fd);
end:
	errno = saved_errno;
}
