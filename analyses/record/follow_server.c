#include "analyses/record/follow_server.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

int rec_follow_open(struct rec_follow *f, int pass)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct timespec now;
	size_t len;

	clock_gettime(CLOCK_REALTIME, &now);
	snprintf(f->name, sizeof(f->name), "@hsatrace-record-%ld-%d-%lx", (long)getpid(), pass,
		 (unsigned long)now.tv_nsec ^ (unsigned long)random());
	len = strlen(f->name);
	memcpy(addr.sun_path + 1, f->name + 1, len - 1);	/* sun_path[0] = 0: abstract */
	f->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (f->fd < 0 ||
	    bind(f->fd, (const struct sockaddr *)&addr,
		 (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len)) != 0 ||
	    listen(f->fd, 64) != 0) {
		fprintf(stderr, "hsatrace record: failed to set up the socket that tracks the "
			"program's children: %s\n", strerror(errno));
		rec_follow_close(f);
		return -1;
	}
	return 0;
}

/* One process: its pid, tracked, then the reply that releases it. */
static void serve_one(int conn, struct rec_tracking *t)
{
	const struct timeval wait = { 1, 0 };
	struct ucred peer;
	socklen_t peer_len = sizeof(peer);
	pid_t pid;

	if (getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &peer, &peer_len) != 0 ||
	    peer.uid != getuid())
		return;
	setsockopt(conn, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof(wait));
	if (read(conn, &pid, sizeof(pid)) != (ssize_t)sizeof(pid) || pid <= 0)
		return;
	rec_tracking_add(t, pid);
	if (write(conn, "", 1) != 1)
		return;	/* it gave up waiting: nothing to do */
}

void rec_follow_serve(struct rec_follow *f, struct rec_tracking *t)
{
	int conn;

	/* accept4 does not inherit O_NONBLOCK: serve_one reads with a timeout */
	while (f->fd >= 0 && (conn = accept4(f->fd, NULL, NULL, SOCK_CLOEXEC)) >= 0) {
		serve_one(conn, t);
		close(conn);
	}
}

void rec_follow_close(struct rec_follow *f)
{
	if (f->fd >= 0)
		close(f->fd);
	f->fd = -1;
}
