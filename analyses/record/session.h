/*
 * session - the LTTng tracing session of one `hsatrace record` pass, through liblttng-ctl.
 *
 *   rec_session_create   a uniquely named session writing to a folder (or to a relay daemon)
 *   rec_session_enable_ust / _kernel   channels, events and contexts
 *   rec_session_start / _stop   tracing on/off (stop waits until the data is on disk)
 *   rec_session_report_lost     prints discarded events / lost packets, returns their sum
 *   rec_session_destroy         always safe to call, also after a failed create; waits
 *                               until the daemon has finished with the session
 *   rec_session_destroy_stopped the same once rec_session_stop() returned 0, without
 *                               waiting for the daemon's last 500 ms (see session.c)
 */
#ifndef HSATRACE_RECORD_SESSION_H
#define HSATRACE_RECORD_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rec_session {
	char name[256];	/* LTTNG_NAME_MAX */
	struct lttng_handle *ust;
	struct lttng_handle *kernel;
	bool created;
};

/* `output` is an absolute folder (file://) unless `url` (net://HOST...) is given. */
int rec_session_create(struct rec_session *s, const char *tag, const char *output,
		       const char *url);
/* Enables each pattern (e.g. "hsa_api_*") in a UST channel with vpid/vtid/procname:
 * hsa_activity:* and hsa_meta:* in channel `hsatrace_activity` (half the sub-buffer size),
 * everything else in channel `hsatrace`.
 * `blocking`: the program waits for buffer space instead of discarding events (it must run
 * with LTTNG_UST_ALLOW_BLOCKING=1). */
int rec_session_enable_ust(struct rec_session *s, const char *const *patterns, size_t n,
			   uint64_t subbuf_size, uint64_t num_subbuf, bool blocking);
/* sched_*, irq/softirq, statedump and all syscalls; -1 (said once) when unavailable. */
int rec_session_enable_kernel(struct rec_session *s);
int rec_session_start(struct rec_session *s);
int rec_session_stop(struct rec_session *s);
/* Discarded events per channel from the trace's indexes under local_dir (NULL for a relay:
 * the session daemon's counters, when plausible). */
uint64_t rec_session_report_lost(struct rec_session *s, const char *local_dir);
void rec_session_destroy(struct rec_session *s);
void rec_session_destroy_stopped(struct rec_session *s);

#endif
