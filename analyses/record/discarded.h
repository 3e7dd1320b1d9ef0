/*
 * discarded - how many events the tracer discarded, per channel, as the recorded trace says:
 * the events_discarded count of each stream's last packet (cumulative over the stream), read
 * from the CTF packet indexes (DIR/.../index/CHANNEL_CPU.idx) LTTng writes beside the
 * streams. These are the counts babeltrace2, stats and unify find in the trace; the session
 * daemon's own counter (lttng list) can be garbage for per-user buffers.
 */
#ifndef HSATRACE_RECORD_DISCARDED_H
#define HSATRACE_RECORD_DISCARDED_H

#include <stddef.h>
#include <stdint.h>

#define REC_MAX_CHANNELS 16

struct rec_discarded {
	struct {
		char domain[8];	/* "UST" or "kernel" */
		char name[64];
		uint64_t events;
	} channels[REC_MAX_CHANNELS];
	size_t n;
	int streams;		/* index files read */
};

/* Fills d from the indexes under dir; 0, or -1 when dir cannot be walked. */
int rec_discarded_read(const char *dir, struct rec_discarded *d);
uint64_t rec_discarded_total(const struct rec_discarded *d);

#endif
