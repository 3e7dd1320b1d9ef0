/*
 * util.c - platform helpers: the system clock domain, futexes, environment, debug logging.
 */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "runtime/runtime.h"

uint64_t hsat_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void hsat_futex_wait(_Atomic uint32_t *word, uint32_t expected, uint64_t timeout_ns)
{
	struct timespec ts, *tsp = NULL;

	if (timeout_ns != UINT64_MAX) {
		ts.tv_sec = (time_t)(timeout_ns / 1000000000ull);
		ts.tv_nsec = (long)(timeout_ns % 1000000000ull);
		tsp = &ts;
	}
	/* EAGAIN (value changed), EINTR and ETIMEDOUT all mean: look again. */
	syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, expected, tsp, NULL, 0);
}

void hsat_futex_wake_all(_Atomic uint32_t *word)
{
	syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

unsigned hsat_env_unsigned(const char *name, unsigned fallback, unsigned min, unsigned max)
{
	const char *text = getenv(name);
	char *end;
	unsigned long value;

	if (!text || !*text)
		return fallback;
	errno = 0;
	value = strtoul(text, &end, 10);
	if (errno || *end || value < min || value > max) {
		fprintf(stderr, "hsatrace runtime: ignoring %s=%s: want %u..%u\n", name, text, min,
			max);
		return fallback;
	}
	return (unsigned)value;
}

void hsat_debug(const char *fmt, ...)
{
	static _Atomic int enabled = -1;
	va_list ap;

	if (enabled < 0)
		enabled = getenv("HSATRACE_RUNTIME_DEBUG") != NULL;
	if (!enabled)
		return;
	va_start(ap, fmt);
	fputs("hsatrace runtime: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}
