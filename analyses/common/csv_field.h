/*
 * csv_field - the CSV writer of the analyses (stats, analyze, export): RFC 4180 fields, rows
 * ending with LF.
 *
 * csv_field_write(s, out) writes s as it is, or, when it holds a comma, a quote or a line
 * break, between quotes with each quote doubled.
 *
 * A row puts the commas between its fields:
 *   struct csv_row r;
 *   csv_row_begin(&r, out);
 *   csv_text(&r, name);       quoted when needed; NULL is the empty field
 *   csv_int(&r, 42);
 *   csv_raw(&r, "1.5");       as it is: a number, or a header's column name
 *   csv_row_end(&r);          the line break
 */
#ifndef HSAT_COMMON_CSV_FIELD_H
#define HSAT_COMMON_CSV_FIELD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

void csv_field_write(const char *s, FILE *out);

struct csv_row {
	FILE *out;
	size_t fields;		/* written so far */
};

void csv_row_begin(struct csv_row *r, FILE *out);
/* The comma before a field (none before the first); csv_text and the others call it. */
void csv_next_field(struct csv_row *r);
void csv_text(struct csv_row *r, const char *s);
void csv_int(struct csv_row *r, int64_t value);
void csv_raw(struct csv_row *r, const char *s);
/* The line break: 0, or -1 when a write failed. */
int csv_row_end(struct csv_row *r);

#endif
