/*
 * hip_check.h - result lines for the HIP sample programs: one "PASS what" or "FAIL what"
 * line per check on stdout (the tests turn them into TAP), and an exit status that says
 * whether every check passed.
 */
#ifndef HSAT_HIP_CHECK_H
#define HSAT_HIP_CHECK_H

#include <hip/hip_runtime.h>
#include <stdarg.h>
#include <stdio.h>

static int hip_check_failures;

__attribute__((format(printf, 2, 3))) static bool hip_check(bool passed, const char *what, ...)
{
	va_list args;

	fputs(passed ? "PASS " : "FAIL ", stdout);
	va_start(args, what);
	vprintf(what, args);
	va_end(args);
	putchar('\n');
	fflush(stdout);
	if (!passed)
		hip_check_failures++;
	return passed;
}

/* A HIP call that must succeed; the line names the call and, on failure, the error. */
#define HIP_OK(call)                                                                  \
	do {                                                                          \
		hipError_t hip_ok_status = (call);                                    \
		hip_check(hip_ok_status == hipSuccess, "%s%s%s", #call,               \
			  hip_ok_status == hipSuccess ? "" : ": ",                    \
			  hip_ok_status == hipSuccess ? "" : hipGetErrorName(hip_ok_status)); \
	} while (0)

/* A HIP call that must fail with one error. */
#define HIP_FAILS(call, expected)                                                     \
	do {                                                                          \
		hipError_t hip_fails_status = (call);                                 \
		hip_check(hip_fails_status == (expected), "%s fails with %s (got %s)", #call, \
			  hipGetErrorName(expected), hipGetErrorName(hip_fails_status));     \
	} while (0)

static int hip_check_exit_status(void)
{
	return hip_check_failures ? 1 : 0;
}

#endif
