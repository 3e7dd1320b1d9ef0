/*
 * async.c - hsa_amd_signal_async_handler and hsa_amd_async_function on one thread.
 *
 * The thread sleeps on the "any signal changed" epoch, checks each registered handler's
 * condition, and calls the handlers whose condition holds; a handler returning false is
 * dropped. Started on first use, stopped at the last hsa_shut_down.
 */
#include <pthread.h>
#include <stdlib.h>

#include "runtime/async.h"
#include "runtime/fork.h"
#include "runtime/signal.h"

struct handler {
	hsa_signal_t signal;
	hsa_signal_condition_t cond;
	hsa_signal_value_t value;
	hsa_amd_signal_handler callback; /* NULL for an async function */
	void (*function)(void *arg);
	void *arg;
	struct handler *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct handler *handlers;
static bool running, stopping;
static pthread_t thread;

/* Takes the first ready handler out of the list, or returns NULL. */
static struct handler *take_ready_locked(int64_t *value)
{
	for (struct handler **link = &handlers; *link; link = &(*link)->next) {
		struct handler *h = *link;
		struct hsat_signal *signal;

		if (h->function) {
			*link = h->next;
			return h;
		}
		signal = hsat_signal_from_handle(h->signal);
		if (!signal) { /* destroyed: drop it, as ROCr does */
			*link = h->next;
			free(h);
			return take_ready_locked(value);
		}
		*value = hsat_signal_value(signal);
		if (hsat_signal_condition_met(h->cond, *value, h->value)) {
			*link = h->next;
			return h;
		}
	}
	return NULL;
}

static void *async_main(void *unused)
{
	(void)unused;
	hsat_signal_any_waiter_enter();
	pthread_mutex_lock(&lock);
	while (!stopping) {
		uint32_t epoch = hsat_signal_any_epoch();
		int64_t value = 0;
		struct handler *h = take_ready_locked(&value);

		if (!h) {
			pthread_mutex_unlock(&lock);
			hsat_signal_any_sleep(epoch, UINT64_MAX);
			pthread_mutex_lock(&lock);
			continue;
		}
		pthread_mutex_unlock(&lock);
		if (h->function) {
			h->function(h->arg);
			free(h);
		} else if (h->callback(value, h->arg)) {
			pthread_mutex_lock(&lock);
			h->next = handlers; /* keep it: re-armed */
			handlers = h;
			pthread_mutex_unlock(&lock);
		} else {
			free(h);
		}
		pthread_mutex_lock(&lock);
	}
	pthread_mutex_unlock(&lock);
	hsat_signal_any_waiter_leave();
	return NULL;
}

static hsa_status_t add(struct handler *h)
{
	hsa_status_t status = HSA_STATUS_SUCCESS;

	pthread_mutex_lock(&lock);
	if (!running) {
		stopping = false;
		if (pthread_create(&thread, NULL, async_main, NULL) == 0)
			running = true;
		else
			status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	if (status == HSA_STATUS_SUCCESS) {
		h->next = handlers;
		handlers = h;
	} else {
		free(h);
	}
	pthread_mutex_unlock(&lock);
	if (status == HSA_STATUS_SUCCESS)
		hsat_signal_any_poke();
	return status;
}

void hsat_async_stop(void)
{
	bool was_running;

	pthread_mutex_lock(&lock);
	was_running = running;
	stopping = true;
	pthread_mutex_unlock(&lock);
	if (was_running) {
		hsat_signal_any_poke();
		pthread_join(thread, NULL);
	}
	pthread_mutex_lock(&lock);
	running = false;
	while (handlers) {
		struct handler *next = handlers->next;

		free(handlers);
		handlers = next;
	}
	pthread_mutex_unlock(&lock);
}

hsa_status_t impl_hsa_amd_signal_async_handler(hsa_signal_t signal, hsa_signal_condition_t cond,
					       hsa_signal_value_t value,
					       hsa_amd_signal_handler callback, void *arg)
{
	struct handler *h;

	HSAT_REQUIRE_INIT();
	if (!hsat_signal_from_handle(signal))
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	if (!callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	h = calloc(1, sizeof(*h));
	if (!h)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	h->signal = signal;
	h->cond = cond;
	h->value = value;
	h->callback = callback;
	h->arg = arg;
	return add(h);
}

hsa_status_t impl_hsa_amd_async_function(void (*callback)(void *arg), void *arg)
{
	struct handler *h;

	HSAT_REQUIRE_INIT();
	if (!callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	h = calloc(1, sizeof(*h));
	if (!h)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	h->function = callback;
	h->arg = arg;
	return add(h);
}

/* A forked child: the thread stayed in the parent; the next handler or function starts one,
 * which then runs the pending ones too. */
void hsat_async_at_fork(enum hsat_fork_phase phase)
{
	hsat_fork_mutex(&lock, phase);
	if (phase == HSAT_FORK_CHILD)
		running = false;
}
