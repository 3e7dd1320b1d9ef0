/* hip_layer - libamdhip64's functions found by name, and the link to libhsatrace.so's
 * correlation ids (see hip_call.h). */
#include "tracer/hip/hip_call.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

__thread struct hsat_hip_tls hsat_hip_tls __attribute__((tls_model("initial-exec")));

/* The HSA layer's exports (tracer/hip_link.c), found once: NULL without libhsatrace.so. */
static uint64_t (*hsa_new_id)(void);
static uint64_t (*hsa_swap)(uint64_t cid);
static _Atomic uint64_t own_next_id = 1;
static pthread_once_t link_once = PTHREAD_ONCE_INIT;

static void find_hsa_layer(void)
{
	*(void **)&hsa_new_id = dlsym(RTLD_DEFAULT, "hsatrace_correlation_id_new");
	*(void **)&hsa_swap = dlsym(RTLD_DEFAULT, "hsatrace_hip_call_swap");
	if (!hsa_new_id || !hsa_swap) {	/* both or neither */
		hsa_new_id = NULL;
		hsa_swap = NULL;
	}
}

/* Resolved in a constructor too, so that the first traced call does not pay for dlsym; both
 * libraries are preloaded (hsatrace record), so libhsatrace.so is already there. */
__attribute__((constructor)) static void hip_layer_init(void)
{
	pthread_once(&link_once, find_hsa_layer);
}

uint64_t hsat_hip_new_correlation_id(void)
{
	pthread_once(&link_once, find_hsa_layer);
	if (hsa_new_id)
		return hsa_new_id();
	return atomic_fetch_add_explicit(&own_next_id, 1, memory_order_relaxed);
}

uint64_t hsat_hip_link_swap(uint64_t cid)
{
	return hsa_swap ? hsa_swap(cid) : 0;
}

void *hsat_hip_resolve(size_t i)
{
	void *f = dlsym(RTLD_NEXT, hsat_hip_real_names[i]);

	if (!f) {
		/* Nothing sensible to return: the program called a function that is not there. */
		fprintf(stderr, "hsatrace: libhsatrace-hip.so: %s not found (is libamdhip64 "
			"loaded?)\n", hsat_hip_real_names[i]);
		abort();
	}
	__atomic_store_n(&hsat_hip_real[i], f, __ATOMIC_RELEASE);
	return f;
}

uint64_t hsat_hip_ms_to_ns(float ms)
{
	double ns = (double)ms * 1e6;

	/* NaN, negative or beyond u64: 0 rather than an undefined conversion */
	return isfinite(ns) && ns > 0 && ns < 1.8e19 ? (uint64_t)(ns + 0.5) : 0;
}
