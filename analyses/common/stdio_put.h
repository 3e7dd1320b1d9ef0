/*
 * stdio_put - short writes to a FILE for the writers of millions of small pieces (JSON keys and
 * numbers, CSV fields): a copy into the stream's buffer when it has room, as glibc's own
 * putc_unlocked does for one byte, and fwrite_unlocked when it has not (or off glibc). A call
 * of fwrite_unlocked, or a putc per byte, cost more than the bytes.
 */
#ifndef HSAT_COMMON_STDIO_PUT_H
#define HSAT_COMMON_STDIO_PUT_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static inline void stdio_put(const char *s, size_t n, FILE *out)
{
#ifdef __GLIBC__
	/* Unbuffered and line-buffered streams keep no room here (glibc sends each putc of
	 * theirs to __overflow), so they take fwrite_unlocked, which flushes as they need. */
	if ((size_t)(out->_IO_write_end - out->_IO_write_ptr) >= n) {
		memcpy(out->_IO_write_ptr, s, n);
		out->_IO_write_ptr += n;
		return;
	}
#endif
	fwrite_unlocked(s, 1, n, out);
}

#endif
