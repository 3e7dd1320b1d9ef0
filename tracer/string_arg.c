/* string_arg.c - see string_arg.h. */
#include "tracer/string_arg.h"

#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#define PAGE_BYTES 4096u	/* the smallest page size: chunks never cross a page */

/* Reads [s, s + len) into buf, stopping at the first unreadable page; bytes read. */
static size_t read_own_memory(const char *s, char *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		uintptr_t at = (uintptr_t)s + done;
		size_t chunk = PAGE_BYTES - (size_t)(at % PAGE_BYTES);
		struct iovec local, remote;
		ssize_t n;

		if (chunk > len - done)
			chunk = len - done;
		local = (struct iovec){ buf + done, chunk };
		remote = (struct iovec){ (void *)at, chunk };
		n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
		if (n <= 0)
			break;
		done += (size_t)n;
		if (memchr(buf + done - (size_t)n, '\0', (size_t)n))
			break;	/* the string ended: do not touch the next page */
	}
	return done;
}

const char *hsat_string_arg(const char *s, char *buf, size_t size, uint64_t *truncated)
{
	size_t got, len;

	*truncated = 0;
	if (!s || size < 2)
		return NULL;
	got = read_own_memory(s, buf, size);
	if (got == 0)
		return NULL;	/* not readable at all */
	len = strnlen(buf, got);
	if (len == got) {	/* no NUL within size bytes, or before an unreadable page */
		*truncated = 1;
		if (len == size)
			len = size - 1;
	}
	buf[len] = '\0';
	return buf;
}
