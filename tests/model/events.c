/*
 * events - the events of a model test's scenario (see events.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/model/model_slices.h"
#include "tests/model/events.h"

#define EVENTS_MAX 2048

static struct model_event evs[EVENTS_MAX];
static size_t nev;

void events_clear(void)
{
	nev = 0;
}

struct model_event *events_push(enum model_event_kind kind, int64_t ts, int64_t vtid)
{
	struct model_event *e;

	if (nev == EVENTS_MAX) {
		fprintf(stderr, "events: more than %d events\n", EVENTS_MAX);
		abort();
	}
	e = &evs[nev++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->ts_ns = ts;
	e->has_process = 1;
	e->vpid = 10;
	e->vtid = vtid;
	e->procname = "app";
	return e;
}

static int by_time(const void *a, const void *b)
{
	const struct model_event *x = a, *y = b;

	return x->ts_ns < y->ts_ns ? -1 : x->ts_ns > y->ts_ns;
}

void events_sort(void)
{
	qsort(evs, nev, sizeof(evs[0]), by_time);
}

int events_feed(struct model_trace *t)
{
	model_trace_init(t);
	for (size_t i = 0; i < nev; i++)
		if (model_trace_add(t, &evs[i]))
			return -1;
	return model_merge_slices(t);
}
