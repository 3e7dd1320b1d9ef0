/*
 * hip_call.h - what every HIP wrapper of libhsatrace-hip.so does around the real call: find
 * libamdhip64's function, keep the tracer from tracing itself, take a correlation id, tell
 * the HSA layer which HIP call is running, preserve errno.
 *
 * `depth` (initial-exec TLS, so reading it never allocates or takes a lock) counts the traced
 * HIP calls running on the thread: only the outermost is traced (a HIP call made inside
 * another, by the runtime or by the tracer's own code, takes the fast path), as lttng-ust's
 * libc wrapper does.
 */
#ifndef HSAT_HIP_CALL_H
#define HSAT_HIP_CALL_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <hip/hip_runtime_api.h>

#include "tracer/lazy_classes.h"

#define HSAT_HIP_EXPORT __attribute__((visibility("default")))

struct hsat_hip_tls {
	int depth;
};

extern __thread struct hsat_hip_tls hsat_hip_tls __attribute__((tls_model("initial-exec")));

/* The generated table (hip_wrappers.c): libamdhip64's functions, resolved on first use. */
extern const size_t hsat_hip_real_count;
extern void *hsat_hip_real[];
extern const char *const hsat_hip_real_names[];

/* --- hip_layer.c --- */
/* Looks up libamdhip64's function `i` (dlsym RTLD_NEXT); never returns NULL: a program that
 * calls a HIP function without libamdhip64 loaded is stopped with one line saying so. */
void *hsat_hip_resolve(size_t i);
/* A correlation id from the counter HSA events use (libhsatrace.so's, when it is loaded). */
uint64_t hsat_hip_new_correlation_id(void);
/* Tells libhsatrace.so which HIP call runs on this thread (0: none); returns the previous. */
uint64_t hsat_hip_link_swap(uint64_t cid);
/* Float milliseconds (hipEventElapsedTime) as integer nanoseconds; 0 for NaN or negative. */
uint64_t hsat_hip_ms_to_ns(float ms);

/* --- hip_kernels.c --- */
/* The device function registered for a kernel's host function address, or NULL. */
const char *hsat_hip_kernel_name(const void *host_function);

static inline void *hsat_hip_real_fn(size_t i)
{
	void *f = __atomic_load_n(&hsat_hip_real[i], __ATOMIC_ACQUIRE);

	return f ? f : hsat_hip_resolve(i);
}

/* First in every wrapper: function fn's event classes are registered on its first call
 * (tracer/lazy_classes.h), counted as a HIP call so nothing it reaches is traced. */
static inline void hsat_hip_classes_ensure(size_t fn)
{
	if (hsat_lazy_pending(fn)) {
		hsat_hip_tls.depth++;
		hsat_lazy_register(fn);
		hsat_hip_tls.depth--;
	}
}

struct hsat_hip_call {
	uint64_t cid;
	uint64_t outer;		/* the HSA layer's previous "current HIP call" */
	int saved_errno;
};

/* 0: take the fast path (call libamdhip64, trace nothing). */
static inline int hsat_hip_call_begin(struct hsat_hip_call *call, int wanted)
{
	if (__builtin_expect(!wanted || hsat_hip_tls.depth, 1))
		return 0;
	hsat_hip_tls.depth++;
	call->cid = hsat_hip_new_correlation_id();
	call->outer = 0;
	call->saved_errno = 0;
	return 1;
}

/* Right before the real call: the HSA calls it makes on this thread carry its id. */
static inline void hsat_hip_call_real(struct hsat_hip_call *call)
{
	call->outer = hsat_hip_link_swap(call->cid);
}

/* Right after the real call: keep its errno. */
static inline void hsat_hip_call_returned(struct hsat_hip_call *call)
{
	call->saved_errno = errno;
	hsat_hip_link_swap(call->outer);
}

static inline void hsat_hip_call_end(struct hsat_hip_call *call)
{
	hsat_hip_tls.depth--;
	errno = call->saved_errno;
}

#endif
