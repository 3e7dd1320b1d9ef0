/*
 * interval_text.h - a state interval as one line of analyze's text output, in one write:
 * "ANALYSIS\tPATH\tSTART\tEND\tTYPE\tVALUE\n". The hot path of `hsatrace analyze` (a line per
 * interval, millions of them on a large trace), so the parts that repeat are prepared once:
 * the analysis id and the attribute paths come with their length and whether they hold a
 * character to escape (struct itext), and the decimal text of the timestamps' leading digits
 * (they rarely change from one line to the next) is kept.
 *
 *   struct interval_text t = { 0 };
 *   itext_set(&id, "my.analysis");
 *   if (interval_text_write(&t, f, &id, &path, iv))  -> a part needs escaping: write it the
 *                                                        general way (output.h)
 */
#ifndef HSAT_ENGINE_INTERVAL_TEXT_H
#define HSAT_ENGINE_INTERVAL_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analyses/engine/statesys.h"

/* A string with its length, and whether it holds a tab, newline or backslash. */
struct itext {
	const char *s;
	size_t len;
	int needs_escape;
};

void itext_set(struct itext *t, const char *s);

struct interval_text {
	uint64_t high;		/* a number's digits but the last nine, of the last number written */
	char high_text[16];
	size_t high_len;	/* 0: none kept yet */
};

/* 0 written; -1 nothing written: a part has a character to escape, or is very long. */
int interval_text_write(struct interval_text *t, FILE *f, const struct itext *id,
			const struct itext *path, const struct ss_interval *iv);

/* The decimal text of x at p (room for 20 characters); returns the end. */
char *interval_text_i64(struct interval_text *t, char *p, int64_t x);

#endif
