/*
 * buffers - has the session daemon create a session's per-user buffers before the program
 * starts, so that the program's start does not wait for them.
 *
 *   rec_buffers_prepare   starts a tracked stand-in process that registers with the daemon
 *   rec_buffers_release   ends it (after the session is stopped); safe when never prepared
 *
 * lttng-sessiond creates a session's per-UID ring buffers when the first application of
 * that user registers while the session is active, and that application's liblttng-ust
 * constructor waits for them: ~10 ms here (bench/RESULTS.md, "Start-up with a warm set").
 * The program record runs is always its session's first, so that wait was part of its
 * start. The stand-in is /bin/sh with only liblttng-ust preloaded and both statedumps off
 * (it emits no event), reading its stdin until record closes it. It stays alive for the
 * whole recording: an application that unregisters makes the daemon push the session's
 * metadata, and a program registering behind that push was seen to wait ~400 ms.
 * When anything fails the stand-in is ended and the program creates the buffers, as before.
 */
#ifndef HSATRACE_RECORD_BUFFERS_H
#define HSATRACE_RECORD_BUFFERS_H

#include <sys/types.h>

struct rec_tracking;

struct rec_buffers {
	pid_t pid;	/* the stand-in, 0 when none */
	int stdin_fd;	/* its stdin's write end: closing it ends the stand-in */
};

/* Returns 0 when the stand-in has registered (the buffers exist), -1 otherwise. */
int rec_buffers_prepare(struct rec_buffers *b, struct rec_tracking *t);
void rec_buffers_release(struct rec_buffers *b, struct rec_tracking *t);

#endif
