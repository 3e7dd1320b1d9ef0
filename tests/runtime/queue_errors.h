/*
 * queue_errors.h - the queue error callback of the runtime tests that provoke queue errors
 * (dispatch.c, barrier_errors.c): it keeps the last status and queue it was called with and
 * counts its calls. Statics: include it in one file of a test program.
 */
#ifndef RT_QUEUE_ERRORS_H
#define RT_QUEUE_ERRORS_H

#include <hsa/hsa.h>
#include <stdatomic.h>

static _Atomic int errors_seen;
static _Atomic hsa_status_t error_status;
static hsa_queue_t *_Atomic error_queue;

static void on_queue_error(hsa_status_t status, hsa_queue_t *source, void *data)
{
	(void)data;
	atomic_store(&error_status, status);
	atomic_store(&error_queue, source);
	atomic_fetch_add(&errors_seen, 1);
}

#endif
