/*
 * stale - sessions left active by an `hsatrace record` that was killed (SIGKILL, OOM): their
 * names carry the recorder's pid (hsatrace-PID-TIME-pPASS); when no hsatrace-record process
 * has that pid any more, the session is destroyed (which stops it and leaves its trace
 * readable), and record says so.
 *
 * Limitation: the pid is read in record's pid namespace; a recorder in another namespace
 * sharing the same (root) session daemon would look dead.
 */
#ifndef HSATRACE_RECORD_STALE_H
#define HSATRACE_RECORD_STALE_H

void rec_destroy_stale_sessions(void);

#endif
