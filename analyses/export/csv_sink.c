/*
 * csv_sink - the rows as CSV files, TABLE.csv in a folder, a header line first. Quoting is
 * RFC 4180's (a field holding a comma, quote or line break is quoted, its quotes doubled);
 * lines end with LF; NULL is the empty field.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyses/common/csv_field.h"
#include "analyses/export/export_path.h"
#include "analyses/export/export_sink.h"

/* Each file is written 64 KiB at a time (stdio's 4 KiB made a system call per 60 rows). */
#define CSV_FILE_BUFFER (64 << 10)

struct csv_sink {
	struct export_sink base;
	FILE *files[EX_TABLE_COUNT];
	char *buffers[EX_TABLE_COUNT];	/* their stdio buffers */
	char *path, *tmp;
	int force;
};

static int write_error(struct csv_sink *s, enum export_table t, int errnum, char *err,
		       size_t err_size)
{
	snprintf(err, err_size, "failed to write '%s/%s.csv': %s", s->path,
		 export_table_def(t)->name, strerror(errnum ? errnum : EIO));
	return -1;
}

static int csv_row(struct export_sink *sink, enum export_table table,
		   const struct export_value *row, char *err, size_t err_size)
{
	struct csv_sink *s = (struct csv_sink *)sink;
	size_t n = export_table_def(table)->column_count;
	struct csv_row r;

	csv_row_begin(&r, s->files[table]);
	for (size_t i = 0; i < n; i++) {
		if (row[i].kind == EXV_INT)
			csv_int(&r, row[i].i);
		else
			csv_text(&r, row[i].kind == EXV_TEXT ? row[i].s : NULL);
	}
	if (csv_row_end(&r))
		return write_error(s, table, errno, err, err_size);
	return 0;
}

static int open_table(struct csv_sink *s, enum export_table t, char *err, size_t err_size)
{
	const struct export_table_def *def = export_table_def(t);
	char file[PATH_MAX];
	struct csv_row header;

	snprintf(file, sizeof(file), "%s/%s.csv", s->tmp, def->name);
	s->buffers[t] = malloc(CSV_FILE_BUFFER);
	if (!s->buffers[t]) {
		snprintf(err, err_size, "out of memory");
		return -1;
	}
	s->files[t] = fopen(file, "w");
	if (!s->files[t]) {
		snprintf(err, err_size, "cannot create '%s': %s", file, strerror(errno));
		return -1;
	}
	setvbuf(s->files[t], s->buffers[t], _IOFBF, CSV_FILE_BUFFER);
	csv_row_begin(&header, s->files[t]);
	for (size_t k = 0; k < def->column_count; k++)
		csv_raw(&header, def->columns[k].name);
	csv_row_end(&header);
	return 0;
}

static void csv_close(struct csv_sink *s)
{
	for (int t = 0; t < EX_TABLE_COUNT; t++) {
		if (s->files[t])
			fclose(s->files[t]);
		free(s->buffers[t]);
	}
	free(s->path);
	free(s->tmp);
	free(s);
}

static void csv_discard(struct export_sink *sink)
{
	struct csv_sink *s = (struct csv_sink *)sink;

	for (int t = 0; t < EX_TABLE_COUNT; t++) {
		if (s->files[t])
			fclose(s->files[t]);
		s->files[t] = NULL;
	}
	if (s->tmp)
		export_path_remove_dir(s->tmp);
	csv_close(s);
}

static int csv_finish(struct export_sink *sink, char *err, size_t err_size)
{
	struct csv_sink *s = (struct csv_sink *)sink;

	for (int t = 0; t < EX_TABLE_COUNT; t++) {
		int failed = ferror(s->files[t]) | fclose(s->files[t]);

		s->files[t] = NULL;
		if (failed) {
			write_error(s, t, errno, err, err_size);
			goto error;
		}
	}
	if (export_path_commit(s->tmp, s->path, s->force, err, err_size))
		goto error;
	free(s->tmp);
	s->tmp = NULL;
	csv_close(s);
	return 0;
error:
	csv_discard(sink);
	return -1;
}

static const struct export_sink_ops csv_ops = { csv_row, csv_finish, csv_discard };

struct export_sink *csv_sink_open(const char *path, int force, char *err, size_t err_size)
{
	struct csv_sink *s;
	char *tmp;

	if (export_path_check(path, force, err, err_size))
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s || !(s->path = strdup(path)) || !(tmp = export_path_tmp(path, err, err_size))) {
		snprintf(err, err_size, "out of memory");
		goto error;
	}
	s->base.ops = &csv_ops;
	s->force = force;
	if (mkdir(tmp, 0777)) {
		snprintf(err, err_size, "cannot create '%s': %s", tmp, strerror(errno));
		free(tmp);
		goto error;
	}
	s->tmp = tmp;
	for (int t = 0; t < EX_TABLE_COUNT; t++)
		if (open_table(s, t, err, err_size))
			goto error;
	return &s->base;
error:
	if (s)
		csv_discard(&s->base);
	return NULL;
}
