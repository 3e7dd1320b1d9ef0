/*
 * tracking - the session records the program and its descendants only (LTTng's UST
 * virtual-process-ID tracker), not every instrumented process the session daemon knows.
 *
 *   rec_tracking_init      the UST VPID tracker of the session set to "only these pids"
 *   rec_tracking_add       tracks one pid (the program, before it exec()s)
 *   rec_tracking_remove    stops tracking one pid (record's own stand-in, ended)
 *   rec_tracking_scan      tracks the descendants of root that appeared since the last scan
 *   rec_tracking_release   frees the handle and the pid set (safe after a failed init)
 *
 * LTTng's tracker does not follow fork(): the descendants are found by a scan of /proc each
 * tick, so what a child emits in its first CHILD_TICK_MS (before it is tracked) is missed.
 */
#ifndef HSATRACE_RECORD_TRACKING_H
#define HSATRACE_RECORD_TRACKING_H

#include <stddef.h>
#include <sys/types.h>

struct rec_tracking {
	struct lttng_process_attr_tracker_handle *handle;
	pid_t *pids;		/* tracked so far */
	size_t n, cap;
};

int rec_tracking_init(struct rec_tracking *t, const char *session);
int rec_tracking_add(struct rec_tracking *t, pid_t pid);
void rec_tracking_remove(struct rec_tracking *t, pid_t pid);
void rec_tracking_scan(struct rec_tracking *t, pid_t root);
void rec_tracking_release(struct rec_tracking *t);

#endif
