/* Shared by the export_decode*.c files: not part of the decoder's API. */
#ifndef HSAT_EXPORT_DECODE_INTERNAL_H
#define HSAT_EXPORT_DECODE_INTERNAL_H

#include "analyses/export/export_decode.h"

int export_emit(struct export_decoder *d, enum export_table table,
		const struct export_value *row, char *err, size_t err_size);

/* The event's integer field (as int64), or NULL when absent. */
struct export_value export_field_int(const struct trace_event *ev, const char *field);

/* The event's string field, NULL when absent or "-" (the schema's "no value"). */
const char *export_field_str(const struct trace_event *ev, const char *field);

/* The open-call count of the event's thread, NULL when the thread was never seen. */
size_t *export_thread_depth(struct export_decoder *d, int64_t pid, int64_t tid);

int export_api_entry(struct export_decoder *d, const struct trace_event *ev,
		     const struct export_class *k, int64_t pid, int64_t tid, char *err,
		     size_t err_size);
int export_api_exit(struct export_decoder *d, const struct trace_event *ev,
		    const struct export_class *k, int64_t pid, char *err, size_t err_size);
int export_api_flush(struct export_decoder *d, char *err, size_t err_size);

int export_queue_create(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
			int64_t tid, char *err, size_t err_size);
int export_queue_destroy(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
			 int64_t tid, char *err, size_t err_size);
int export_queues_flush(struct export_decoder *d, char *err, size_t err_size);

#endif
