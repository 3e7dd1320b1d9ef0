/*
 * model_read - reads a trace into a struct model_trace. The one file of the model that knows
 * how traces are read (analyses/common/trace_read.h) and how events are named
 * (analyses/common/api_event.h), so changing either is a change here only.
 */
#ifndef HSAT_MODEL_READ_H
#define HSAT_MODEL_READ_H

#include <stddef.h>
#include <stdint.h>

#include "analyses/model/model_trace.h"

struct model_read_result {
	uint64_t discarded_events, discarded_packets;
	int damaged;	/* part of the trace is missing */
};

/* Returns 0, or -1 with a one-line (plus causes) message in err. */
int model_read(const char *path, struct model_trace *t, struct model_read_result *res,
	       char *err, size_t err_size);

#endif
