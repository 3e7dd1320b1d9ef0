#include "analyses/record/follow_server.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

int rec_follow_open(struct rec_follow *f)
{
	const char *tmp = getenv("TMPDIR");
	struct sockaddr_un addr = { .sun_family = AF_UNIX };

	f->fd = -1;
	f->path[0] = '\0';
	if (!tmp || !*tmp || strlen(tmp) > 32)
		tmp = "/tmp";
	snprintf(f->dir, sizeof(f->dir), "%s/hsatrace-record.XXXXXX", tmp);
	if (!mkdtemp(f->dir)) {
		f->dir[0] = '\0';
		goto error;
	}
	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s/follow", f->dir);
	snprintf(f->path, sizeof(f->path), "%s", addr.sun_path);
	f->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (f->fd < 0 || bind(f->fd, (const struct sockaddr *)&addr, sizeof(addr)) != 0 ||
	    listen(f->fd, 64) != 0)
		goto error;
	return 0;
error:
	fprintf(stderr, "hsatrace-record: failed to set up the socket that tracks the program's "
		"children: %s\n", strerror(errno));
	rec_follow_close(f);
	return -1;
}

/* One process: its pid, tracked, then the reply that releases it. */
static void serve_one(int conn, struct rec_tracking *t)
{
	const struct timeval wait = { 1, 0 };
	pid_t pid;

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
	if (f->path[0])
		unlink(f->path);
	if (f->dir[0])
		rmdir(f->dir);
	f->fd = -1;
	f->path[0] = f->dir[0] = '\0';
}
