/*
 * first_call_app - THREADS threads, released together by a barrier, each make the process's
 * first calls of the same HSA functions at the same moment: the tracer registers a
 * function's event classes on its first call (tracer/lazy_classes.c), and every thread's
 * entry and exit must be recorded, the ones that waited for another thread's registration
 * included. None of the three is in the warm set (tracer/warm_set.c), which hsa_init's
 * registration takes. Prints one line per thread and function with the status it got.
 *
 *     first_call_app THREADS
 */
#include <hsa/hsa.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_barrier_t start;

struct result {
	hsa_status_t name, extension, string;
};

/* Three functions the process has not called before the barrier opens. */
static void *first_calls(void *arg)
{
	struct result *r = arg;
	const char *extension_name = NULL;
	bool supported = false;
	const char *text = NULL;

	pthread_barrier_wait(&start);
	r->name = hsa_extension_get_name(HSA_EXTENSION_AMD_PROFILER, &extension_name);
	r->extension = hsa_system_extension_supported(HSA_EXTENSION_AMD_PROFILER, 1, 0,
						      &supported);
	r->string = hsa_status_string(HSA_STATUS_SUCCESS, &text);
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc == 2 ? atoi(argv[1]) : 0;
	pthread_t threads[64];
	struct result results[64];
	int rc = 0;

	if (n < 1 || n > 64) {
		fprintf(stderr, "usage: first_call_app THREADS (1..64)\n");
		return 2;
	}
	if (hsa_init() != HSA_STATUS_SUCCESS) {
		fprintf(stderr, "first_call_app: hsa_init failed\n");
		return 1;
	}
	pthread_barrier_init(&start, NULL, (unsigned)n);
	for (int i = 0; i < n; i++)
		if (pthread_create(&threads[i], NULL, first_calls, &results[i])) {
			fprintf(stderr, "first_call_app: pthread_create failed\n");
			return 1;
		}
	for (int i = 0; i < n; i++) {
		pthread_join(threads[i], NULL);
		printf("thread %d: %d %d %d\n", i, results[i].name, results[i].extension,
		       results[i].string);
		rc |= results[i].name || results[i].extension || results[i].string;
	}
	pthread_barrier_destroy(&start);
	hsa_shut_down();
	return rc;
}
