/*
 * follow_server - record's end of libhsatrace-follow.so: a Unix socket in the abstract
 * namespace (no file, so nothing is left behind when record is killed), named
 * "@hsatrace-record-PID-PASS-RANDOM"; each process of the program that starts sends its pid,
 * which is tracked before the one-byte reply lets it go on to main(). Connections from
 * another user are refused.
 *
 *   rec_follow_open    creates and listens (non-blocking); f->name goes in the environment
 *   rec_follow_serve   handles every pending connection (call when f->fd is readable)
 *   rec_follow_close   closes it (safe after a failed open)
 */
#ifndef HSATRACE_RECORD_FOLLOW_SERVER_H
#define HSATRACE_RECORD_FOLLOW_SERVER_H

#include "analyses/record/tracking.h"

struct rec_follow {
	int fd;
	char name[96];	/* '@' then the abstract name */
};

int rec_follow_open(struct rec_follow *f, int pass);
void rec_follow_serve(struct rec_follow *f, struct rec_tracking *t);
void rec_follow_close(struct rec_follow *f);

#endif
