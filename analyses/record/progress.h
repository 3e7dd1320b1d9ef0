/*
 * progress - on a terminal (stderr is a tty), one line that updates while the program runs:
 * elapsed time, bytes recorded so far (the size of the output folder) and events discarded
 * so far (the trace's packet indexes); rec_progress_end erases it before the summary.
 */
#ifndef HSATRACE_RECORD_PROGRESS_H
#define HSATRACE_RECORD_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

struct rec_progress {
	bool on;
	const char *dir;	/* the local output folder, NULL for a relay */
	struct timespec start;
	int ticks;
	bool shown;
};

void rec_progress_begin(struct rec_progress *p, const char *dir);
void rec_progress_tick(struct rec_progress *p);
void rec_progress_end(struct rec_progress *p);

/* Bytes of the regular files under dir (0 when it cannot be walked). */
uint64_t rec_folder_bytes(const char *dir);
/* "12.3 MiB" */
void rec_format_bytes(uint64_t bytes, char *buf, size_t size);

#endif
