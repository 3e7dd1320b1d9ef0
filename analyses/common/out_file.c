#include "analyses/common/out_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static ssize_t cookie_write(void *cookie, const char *buf, size_t size)
{
	struct out_file *of = cookie;
	size_t done = 0;

	while (done < size) {
		ssize_t n = write(of->fd, buf + done, size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (!of->write_errno)
				of->write_errno = n < 0 ? errno : EIO;
			return 0;	/* fopencookie: 0 on error */
		}
		done += (size_t)n;
	}
	return (ssize_t)done;
}

static int cookie_close(void *cookie)
{
	(void)cookie;	/* the descriptor is closed by out_file_close */
	return 0;
}

static void release(struct out_file *of)
{
	if (of->owns_fd && of->fd >= 0)
		close(of->fd);
	free(of->name);
	free(of->path);
	free(of->tmp_path);
	memset(of, 0, sizeof(*of));
	of->fd = -1;
}

/* The FILE the command writes to, over of->fd. */
static int wrap_fd(struct out_file *of, char *err, size_t errsz)
{
	static const cookie_io_functions_t io = { .write = cookie_write, .close = cookie_close };

	of->f = fopencookie(of, "w", io);
	if (!of->f) {
		snprintf(err, errsz, "cannot write %s: %s", of->name, strerror(errno));
		return -1;
	}
	return 0;
}

static char *quoted(const char *path)
{
	char *q;

	return asprintf(&q, "'%s'", path) < 0 ? NULL : q;
}

int out_file_open(struct out_file *of, const char *path, char *err, size_t errsz)
{
	struct stat st;

	memset(of, 0, sizeof(*of));
	of->fd = -1;
	if (!path || strcmp(path, "-") == 0) {
		of->fd = STDOUT_FILENO;
		of->name = strdup("standard output");
	} else if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		of->owns_fd = 1;
		of->fd = open(path, O_WRONLY | O_CLOEXEC);
		of->name = quoted(path);
	} else {
		of->owns_fd = 1;
		of->name = quoted(path);
		of->path = strdup(path);
		if (asprintf(&of->tmp_path, "%s.tmp-%ld", path, (long)getpid()) < 0)
			of->tmp_path = NULL;
		if (of->tmp_path)
			of->fd = open(of->tmp_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	}
	if (!of->name || (of->owns_fd && !of->path != !of->tmp_path)) {
		snprintf(err, errsz, "cannot write '%s': out of memory", path);
		goto error;
	}
	if (of->fd < 0) {
		snprintf(err, errsz, "cannot write '%s': %s", path, strerror(errno));
		goto error;
	}
	if (wrap_fd(of, err, errsz))
		goto error;
	return 0;
error:
	release(of);
	return -1;
}

int out_file_close(struct out_file *of, char *err, size_t errsz)
{
	int error;

	if (!of->f)
		return 0;
	/* fclose flushes through cookie_write, which keeps the first failure's errno. */
	if (fclose(of->f) != 0 && !of->write_errno)
		of->write_errno = errno ? errno : EIO;
	of->f = NULL;
	error = of->write_errno;
	if (!error && of->path && fsync(of->fd) != 0)
		error = errno;
	if (!error && of->path && rename(of->tmp_path, of->path) != 0)
		error = errno;
	if (error) {
		snprintf(err, errsz, "failed to write %s: %s", of->name, strerror(error));
		if (of->path)
			unlink(of->tmp_path);
	}
	release(of);
	return error ? -1 : 0;
}

void out_file_discard(struct out_file *of)
{
	if (of->f)
		fclose(of->f);
	if (of->path)
		unlink(of->tmp_path);
	release(of);
}
