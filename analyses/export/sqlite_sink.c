/*
 * sqlite_sink - the rows into an SQLite database: one table per export table, filled in one
 * transaction through prepared statements, then the views of sqlite_views.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "analyses/export/export_path.h"
#include "analyses/export/export_sink.h"
#include "analyses/export/sqlite_views.h"

struct sqlite_sink {
	struct export_sink base;
	sqlite3 *db;
	sqlite3_stmt *insert[EX_TABLE_COUNT];
	char *path, *tmp;
	int force;
};

static int db_error(struct sqlite_sink *s, const char *what, char *err, size_t err_size)
{
	snprintf(err, err_size, "failed to %s '%s': %s", what, s->path, sqlite3_errmsg(s->db));
	return -1;
}

static int sqlite_row(struct export_sink *sink, enum export_table table,
		      const struct export_value *row, char *err, size_t err_size)
{
	struct sqlite_sink *s = (struct sqlite_sink *)sink;
	sqlite3_stmt *st = s->insert[table];
	size_t n = export_table_def(table)->column_count;

	/* Texts bound SQLITE_STATIC, not copied: the row outlives the step, and every column is
	 * bound again before the next one, so no stale pointer is ever read. */
	for (size_t i = 0; i < n; i++) {
		int rc = row[i].kind == EXV_INT ? sqlite3_bind_int64(st, (int)i + 1, row[i].i)
		       : row[i].kind == EXV_TEXT ? sqlite3_bind_text(st, (int)i + 1, row[i].s, -1,
								     SQLITE_STATIC)
		       : sqlite3_bind_null(st, (int)i + 1);

		if (rc != SQLITE_OK)
			return db_error(s, "write", err, err_size);
	}
	if (sqlite3_step(st) != SQLITE_DONE) {
		sqlite3_reset(st);
		return db_error(s, "write", err, err_size);
	}
	sqlite3_reset(st);
	return 0;
}

/* "CREATE TABLE name (col TYPE, ...)" and "INSERT INTO name VALUES (?, ...)". */
static int create_table(struct sqlite_sink *s, enum export_table table, char *err,
			size_t err_size)
{
	const struct export_table_def *def = export_table_def(table);
	char create[2048], insert[1024];
	size_t c = 0, i = 0;

	c += snprintf(create + c, sizeof(create) - c, "CREATE TABLE %s (", def->name);
	i += snprintf(insert + i, sizeof(insert) - i, "INSERT INTO %s VALUES (", def->name);
	for (size_t k = 0; k < def->column_count; k++) {
		c += snprintf(create + c, sizeof(create) - c, "%s%s %s", k ? ", " : "",
			      def->columns[k].name, def->columns[k].sql_type);
		i += snprintf(insert + i, sizeof(insert) - i, "%s?", k ? ", " : "");
	}
	snprintf(create + c, sizeof(create) - c, ")");
	snprintf(insert + i, sizeof(insert) - i, ")");
	if (sqlite3_exec(s->db, create, NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(s->db, insert, -1, &s->insert[table], NULL) != SQLITE_OK)
		return db_error(s, "create the tables of", err, err_size);
	return 0;
}

static void sqlite_close(struct sqlite_sink *s)
{
	for (int t = 0; t < EX_TABLE_COUNT; t++)
		sqlite3_finalize(s->insert[t]);
	sqlite3_close(s->db);
	free(s->path);
	free(s->tmp);
	free(s);
}

static void sqlite_discard(struct export_sink *sink)
{
	struct sqlite_sink *s = (struct sqlite_sink *)sink;

	if (s->tmp)
		unlink(s->tmp);
	sqlite_close(s);
}

static int sqlite_finish(struct export_sink *sink, char *err, size_t err_size)
{
	struct sqlite_sink *s = (struct sqlite_sink *)sink;

	if (sqlite3_exec(s->db, sqlite_views_sql, NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		db_error(s, "write", err, err_size);
		goto error;
	}
	for (int t = 0; t < EX_TABLE_COUNT; t++) {
		sqlite3_finalize(s->insert[t]);
		s->insert[t] = NULL;
	}
	if (sqlite3_close(s->db) != SQLITE_OK) {
		db_error(s, "write", err, err_size);
		goto error;
	}
	s->db = NULL;
	if (export_path_commit(s->tmp, s->path, s->force, err, err_size))
		goto error;
	free(s->tmp);
	s->tmp = NULL;
	sqlite_close(s);
	return 0;
error:
	sqlite_discard(sink);
	return -1;
}

static const struct export_sink_ops sqlite_ops = { sqlite_row, sqlite_finish, sqlite_discard };

struct export_sink *sqlite_sink_open(const char *path, int force, char *err, size_t err_size)
{
	struct sqlite_sink *s;

	if (export_path_check(path, force, err, err_size))
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s || !(s->path = strdup(path)) || !(s->tmp = export_path_tmp(path, err, err_size))) {
		snprintf(err, err_size, "out of memory");
		goto error;
	}
	s->base.ops = &sqlite_ops;
	s->force = force;
	unlink(s->tmp);
	/* One thread uses the connection: no mutexes (they cost 6 % of a bulk export). */
	if (sqlite3_open_v2(s->tmp, &s->db,
			    SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
			    NULL) != SQLITE_OK) {
		db_error(s, "create", err, err_size);
		goto error;
	}
	/* One transaction, no journal: a failed export is removed, never resumed; the file is
	 * this process's alone until renamed. */
	if (sqlite3_exec(s->db, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
			 " PRAGMA locking_mode = EXCLUSIVE; BEGIN",
			 NULL, NULL, NULL) != SQLITE_OK) {
		db_error(s, "create", err, err_size);
		goto error;
	}
	for (int t = 0; t < EX_TABLE_COUNT; t++)
		if (create_table(s, t, err, err_size))
			goto error;
	return &s->base;
error:
	if (s)
		sqlite_discard(&s->base);
	return NULL;
}
