/*
 * events - the events of a model test's scenario of known numbers (build_test.c,
 * shared_test.c): pushed in any order, all of process 10 ("app"), sorted by time, then fed
 * to a model_trace one by one as model_read.c feeds a trace.
 */
#ifndef HSAT_TESTS_MODEL_EVENTS_H
#define HSAT_TESTS_MODEL_EVENTS_H

#include <stdint.h>

#include "analyses/model/model_trace.h"

/* Forgets the events pushed so far. */
void events_clear(void);
/* A new event of process 10 ("app"), zeroed but for these; aborts when the scenario is full. */
struct model_event *events_push(enum model_event_kind kind, int64_t ts, int64_t vtid);
/* Sorts the events by time. */
void events_sort(void);
/* Initializes t and adds every event to it, then merges the waits' slices as model_read.c
 * does (model_slices.h): 0, or -1 (out of memory). */
int events_feed(struct model_trace *t);

#endif
