/* hsatrace-schemagen: writes the tracer's generated sources and docs/schema.md from the schema. */
#ifndef HSAT_SCHEMAGEN_H
#define HSAT_SCHEMAGEN_H

#include <stdio.h>
#include "schema/hsatrace_schema.h"

/* Each writer returns 0, or -1 after printing why. */
int gen_tp_header(FILE *out, const char *provider);	/* LTTng-UST provider header */
int gen_args_header(FILE *out);				/* one payload struct per event */
int gen_tables_header(FILE *out);			/* C re-declaration of the ROCr 5.2 tables */
int gen_wrappers(FILE *out);				/* API wrappers + table patching */
int gen_doc(FILE *out, const char *notes_path);		/* docs/schema.md */
int gen_slot_lists(FILE *out);	/* X-macro slot lists for the runtime's table */
int gen_slots(FILE *out);
/* Checks the field names the analyses' sources name (check_fields.c); 0 when all exist. */
int gen_check_fields(int n, char **paths);	/* "Table offset name_fn" per slot, to check the layout */

/* "hsa_api_entry" + "hsa_queue_create" -> "hsat_ev_hsa_api_entry__hsa_queue_create" */
void gen_struct_name(char *buf, size_t len, const struct hsat_event *ev);

#endif
