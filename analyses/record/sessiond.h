/*
 * sessiond - the LTTng session daemon record talks to.
 *
 *   rec_sessiond_ensure   makes sure one answers, starting `lttng-sessiond --daemonize` if
 *                         none does (and remembering that record started it)
 *   rec_sessiond_alive    whether one answers (never starts one)
 *   rec_sessiond_started  whether the daemon in use is the one record started
 *   rec_sessiond_release  stops the daemon record started, once no session is left in it;
 *                         a daemon that was already there is left alone
 */
#ifndef HSATRACE_RECORD_SESSIOND_H
#define HSATRACE_RECORD_SESSIOND_H

#include <stdbool.h>

int rec_sessiond_ensure(void);
bool rec_sessiond_alive(void);
bool rec_sessiond_started(void);
void rec_sessiond_release(void);

#endif
