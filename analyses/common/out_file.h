/*
 * out_file - an output that is complete or absent: never a partial file that looks valid.
 *
 *   struct out_file of;
 *   if (out_file_open(&of, path, err, sizeof(err)))   path NULL or "-": standard output
 *           ... err says why ...
 *   fprintf(of.f, ...);
 *   if (out_file_close(&of, err, sizeof(err)))         flushes and checks every write
 *           ... err says why ("No space left on device"); a file output is gone ...
 *
 * A regular file is written under a temporary name in its own folder (PATH.tmp-PID) and
 * renamed to PATH by out_file_close once every byte is written, flushed and synced; on any
 * failure the temporary file is removed. A device or FIFO (/dev/null, a pipe) is written in
 * place, as standard output, which cannot be taken back: their write errors are reported all
 * the same. out_file_discard() drops a file output (the command failed before it was
 * complete). `of` must stay at the same address while open: of->f writes through it, keeping
 * the first write error's errno, which stdio itself forgets.
 */
#ifndef HSAT_COMMON_OUT_FILE_H
#define HSAT_COMMON_OUT_FILE_H

#include <stddef.h>
#include <stdio.h>

struct out_file {
	FILE *f;
	int fd;
	int owns_fd;		/* 0 for standard output */
	int write_errno;	/* of the first failed write */
	char *name;		/* for messages: 'PATH', or "standard output" */
	char *path;		/* a regular file's final name, else NULL */
	char *tmp_path;
};

int out_file_open(struct out_file *of, const char *path, char *err, size_t errsz);
int out_file_close(struct out_file *of, char *err, size_t errsz);
void out_file_discard(struct out_file *of);

#endif
