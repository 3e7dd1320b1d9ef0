/*
 * selftest_app VALUE WORD - emits one hsatrace_selftest:hello event with the given
 * fields, so the harness test can check what babeltrace2 reads back.
 */
#include <stdio.h>
#include <stdlib.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "selftest_tp.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: selftest_app VALUE WORD\n");
		return 2;
	}
	lttng_ust_tracepoint(hsatrace_selftest, hello, atoi(argv[1]), argv[2]);
	return 0;
}
