/*
 * call.h - what every API wrapper does around the real call: the per-thread state that keeps
 * the tracer from tracing itself, correlation ids, and errno preservation.
 *
 * `in_tracer` (initial-exec TLS, so reading it never allocates or takes a lock) is non-zero
 * while the thread runs tracer code: the intercept handler, completion handlers, OnLoad, the
 * bookkeeping around a hooked call. A wrapper entered then calls the runtime directly without
 * tracing. It is *not* set during the real call itself, so calls the program makes from its
 * own callbacks (e.g. hsa_agent_get_info inside hsa_iterate_agents) are traced and nest.
 */
#ifndef HSAT_CALL_H
#define HSAT_CALL_H

#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>

#include "tracer/lazy_classes.h"

struct hsat_tls {
	int in_tracer;
	uint64_t doorbell_cid;	/* correlation id of the signal store running on this thread */
	uint64_t hip_cid;	/* correlation id of the HIP call running on this thread, 0 when
				   none (set by libhsatrace-hip.so through hip_link.c) */
};

extern __thread struct hsat_tls hsat_tls __attribute__((tls_model("initial-exec")));
extern _Atomic uint64_t hsat_next_correlation_id;

struct hsat_call {
	uint64_t cid;
	int saved_errno;
};

static inline uint64_t hsat_new_correlation_id(void)
{
	return atomic_fetch_add_explicit(&hsat_next_correlation_id, 1, memory_order_relaxed);
}

/* 0: take the fast path (call the runtime, trace nothing). */
static inline int hsat_call_begin(struct hsat_call *call, int wanted)
{
	if (__builtin_expect(!wanted || hsat_tls.in_tracer, 1))
		return 0;
	call->cid = hsat_new_correlation_id();
	call->saved_errno = 0;
	return 1;
}

/* Right after the real call: keep its errno, and mark the exit bookkeeping as tracer code. */
static inline void hsat_call_returned(struct hsat_call *call)
{
	call->saved_errno = errno;
	hsat_tls.in_tracer++;
}

static inline void hsat_call_end(struct hsat_call *call)
{
	hsat_tls.in_tracer--;
	errno = call->saved_errno;
}

/* First in every wrapper: function fn's event classes are registered on its first call, as
 * tracer code (tracer/lazy_classes.h). */
static inline void hsat_classes_ensure(size_t fn)
{
	if (hsat_lazy_pending(fn)) {
		hsat_tls.in_tracer++;
		hsat_lazy_register(fn);
		hsat_tls.in_tracer--;
	}
}

/* Brackets for tracer code that may reach the runtime (hooks, handlers). */
static inline void hsat_enter_tracer(void)
{
	hsat_tls.in_tracer++;
}

static inline void hsat_leave_tracer(void)
{
	hsat_tls.in_tracer--;
}

#endif
