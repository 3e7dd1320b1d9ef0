/*
 * output.h - records (rows of named fields) written as text (tab-separated), CSV (with a header)
 * or JSON (an array of objects), streamed: nothing is buffered beyond stdio.
 *
 *   out_init(o, file, format)   out_header(o, names)   out_begin(o) field... out_end(o)
 *   out_finish(o)
 */
#ifndef HSAT_ENGINE_OUTPUT_H
#define HSAT_ENGINE_OUTPUT_H

#include <stdint.h>
#include <stdio.h>

#include "analyses/common/csv_field.h"
#include "analyses/common/json_writer.h"
#include "analyses/engine/value.h"

enum out_format { OUT_TEXT, OUT_CSV, OUT_JSON };

struct out {
	FILE *f;
	enum out_format format;
	int nrecords;
	int nfields;		/* in the current record */
	int header_done;
	struct csv_row csv;		/* OUT_CSV: the current row */
	struct json_writer json;	/* OUT_JSON: an array of compact objects, one a line */
};

void out_init(struct out *o, FILE *f, enum out_format format);
/* CSV only: the header line (comma-separated names), once. */
void out_header(struct out *o, const char *csv_names);
void out_begin(struct out *o);
void out_str(struct out *o, const char *name, const char *value);	/* NULL -> null */
void out_i64(struct out *o, const char *name, int64_t value);
void out_double(struct out *o, const char *name, double value);
/* A state value as two fields: <name>_type and <name> (typed in JSON). */
void out_value(struct out *o, const char *name, const struct hv *v);
void out_end(struct out *o);
void out_finish(struct out *o);

#endif
