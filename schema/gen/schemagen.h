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

/* Pieces of an API wrapper shared by the HSA (gen_wrappers.c) and HIP (gen_hip.c) ones:
 * the parameter list, the call's argument list, a recorded value, the entry and exit
 * events (inside `if (enabled)`, reading `call.cid`, the arguments and `ret`). */
void gen_params(FILE *out, const struct hsat_api_fn *fn);
void gen_call_args(FILE *out, const struct hsat_api_fn *fn);
void gen_value(FILE *out, enum hsat_arg_kind k, const char *expr);
void gen_api_entry(FILE *out, const struct hsat_api_fn *fn);
void gen_api_exit(FILE *out, const struct hsat_api_fn *fn);
/* The function table of tracer/lazy_classes.h (names, hot or not, the done flags). */
void gen_lazy_table(FILE *out, const struct hsat_api_fn *fns, size_t n);
/* The HIP layer's wrappers (interposed by name) and their resolution table. */
int gen_hip_wrappers(FILE *out);

/* "hsa_api_entry" + "hsa_queue_create" -> "hsat_ev_hsa_api_entry__hsa_queue_create" */
void gen_struct_name(char *buf, size_t len, const struct hsat_event *ev);

#endif
