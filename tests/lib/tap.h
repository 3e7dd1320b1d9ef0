/*
 * tap.h - a tiny TAP producer for C tests, run by prove.
 *
 *   plan(n)               announce n tests (or plan_no_plan() and done_testing())
 *   ok(cond, fmt, ...)    one test line; returns cond
 *   is_int(got, want, ..) ok() that prints both values on failure
 *   is_str(got, want, ..) same for strings (NULL-safe)
 *   diag(fmt, ...)        a comment line on stderr
 *   skip(n, why)          n skipped tests
 *   skip_all(why)         plan 0 with a reason, then exit 0
 *   exit_status()         0 when every planned test passed
 *
 * Header-only: each test program includes it once.
 */
#ifndef HSATRACE_TAP_H
#define HSATRACE_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_planned = -1;
static int tap_run;
static int tap_failed;

static inline void plan(int n)
{
	tap_planned = n;
	printf("1..%d\n", n);
	fflush(stdout);
}

static inline void plan_no_plan(void)
{
	tap_planned = -1;
}

static inline void diag(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static inline void diag(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("# ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
}

static inline int tap_vok(int cond, const char *fmt, va_list ap)
{
	tap_run++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_run);
	vprintf(fmt, ap);
	putchar('\n');
	fflush(stdout);
	return cond;
}

static inline int ok(int cond, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline int ok(int cond, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = tap_vok(cond, fmt, ap);
	va_end(ap);
	return ret;
}

#define is_int(got, want, ...) \
	tap_is_int((long long)(got), (long long)(want), __VA_ARGS__)
static inline int tap_is_int(long long got, long long want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static inline int tap_is_int(long long got, long long want, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = tap_vok(got == want, fmt, ap);
	va_end(ap);
	if (!ret)
		diag("got %lld, want %lld", got, want);
	return ret;
}

static inline int is_str(const char *got, const char *want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static inline int is_str(const char *got, const char *want, const char *fmt, ...)
{
	va_list ap;
	int same = (got == NULL && want == NULL) ||
		   (got && want && strcmp(got, want) == 0);

	va_start(ap, fmt);
	tap_vok(same, fmt, ap);
	va_end(ap);
	if (!same)
		diag("got \"%s\", want \"%s\"", got ? got : "(null)",
		     want ? want : "(null)");
	return same;
}

static inline void skip(int n, const char *why)
{
	for (int i = 0; i < n; i++) {
		tap_run++;
		printf("ok %d # skip %s\n", tap_run, why);
	}
	fflush(stdout);
}

static inline void skip_all(const char *why)
{
	printf("1..0 # SKIP %s\n", why);
	fflush(stdout);
	exit(0);
}

static inline void done_testing(void)
{
	if (tap_planned < 0) {
		printf("1..%d\n", tap_run);
		tap_planned = tap_run;
	}
	fflush(stdout);
}

static inline int exit_status(void)
{
	if (tap_planned >= 0 && tap_run != tap_planned)
		return 255;
	return tap_failed ? 1 : 0;
}

#endif /* HSATRACE_TAP_H */
