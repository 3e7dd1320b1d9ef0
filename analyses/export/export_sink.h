/*
 * export_sink - where the rows of `hsatrace export` go: one implementation per format.
 *
 *   struct export_sink *s = sqlite_sink_open(path, force, err, sizeof(err));
 *   s->ops->row(s, EX_KERNELS, row, err, sizeof(err));    // for each row, as they come
 *   s->ops->finish(s, err, sizeof(err));   // the output is complete: it appears at path
 *   (or s->ops->discard(s): nothing appears)
 *
 * finish and discard free the sink. Each format writes under a temporary name and renames
 * it at finish, so an output is complete or absent; an existing output is replaced only when
 * `force` is set.
 */
#ifndef HSAT_EXPORT_SINK_H
#define HSAT_EXPORT_SINK_H

#include <stddef.h>

#include "analyses/export/export_tables.h"

struct export_sink;

struct export_sink_ops {
	int (*row)(struct export_sink *sink, enum export_table table,
		   const struct export_value *row, char *err, size_t err_size);
	int (*finish)(struct export_sink *sink, char *err, size_t err_size);
	void (*discard)(struct export_sink *sink);
};

struct export_sink {
	const struct export_sink_ops *ops;
};

struct export_sink *sqlite_sink_open(const char *path, int force, char *err, size_t err_size);
struct export_sink *csv_sink_open(const char *path, int force, char *err, size_t err_size);
struct export_sink *perfetto_sink_open(const char *path, int force, char *err,
				       size_t err_size);

#endif
