/*
 * follow_server - record's end of libhsatrace-follow.so: a Unix socket in a private
 * temporary folder; each process of the program that starts sends its pid, which is tracked
 * before the one-byte reply lets it go on to main().
 *
 *   rec_follow_open    creates and listens (non-blocking); f->path goes in the environment
 *   rec_follow_serve   handles every pending connection (call when f->fd is readable)
 *   rec_follow_close   closes and removes the socket and folder (safe after a failed open)
 */
#ifndef HSATRACE_RECORD_FOLLOW_SERVER_H
#define HSATRACE_RECORD_FOLLOW_SERVER_H

#include <limits.h>

#include "analyses/record/tracking.h"

struct rec_follow {
	int fd;
	char dir[64];
	char path[128];
};

int rec_follow_open(struct rec_follow *f);
void rec_follow_serve(struct rec_follow *f, struct rec_tracking *t);
void rec_follow_close(struct rec_follow *f);

#endif
