/* sqlite_batch - see sqlite_batch.h. */
#include "analyses/export/sqlite_batch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "INSERT INTO table VALUES (?, ?), (?, ?), ..." of rows rows, malloc'ed, or NULL. */
static char *insert_sql(const char *table, size_t columns, size_t rows)
{
	size_t size = strlen(table) + 32 + rows * (columns * 3 + 4), len;
	char *sql = malloc(size);

	if (!sql)
		return NULL;
	len = (size_t)snprintf(sql, size, "INSERT INTO %s VALUES ", table);
	for (size_t r = 0; r < rows; r++) {
		len += (size_t)snprintf(sql + len, size - len, "%s(", r ? ", " : "");
		for (size_t c = 0; c < columns; c++)
			len += (size_t)snprintf(sql + len, size - len, "%s?", c ? ", " : "");
		len += (size_t)snprintf(sql + len, size - len, ")");
	}
	return sql;
}

static int prepare(sqlite3 *db, const char *table, size_t columns, size_t rows,
		   sqlite3_stmt **st)
{
	char *sql = insert_sql(table, columns, rows);
	int rc;

	if (!sql)
		return SQLITE_NOMEM;
	rc = sqlite3_prepare_v2(db, sql, -1, st, NULL);
	free(sql);
	return rc;
}

int sqlite_batch_init(struct sqlite_batch *b, sqlite3 *db, const char *table, size_t columns)
{
	int rc;

	memset(b, 0, sizeof(*b));
	b->columns = columns;
	b->rows = calloc(SQLITE_BATCH_ROWS * columns, sizeof(*b->rows));
	if (!b->rows)
		return SQLITE_NOMEM;
	rc = prepare(db, table, columns, 1, &b->one);
	if (rc == SQLITE_OK)
		rc = prepare(db, table, columns, SQLITE_BATCH_ROWS, &b->many);
	return rc;
}

void sqlite_batch_release(struct sqlite_batch *b)
{
	sqlite3_finalize(b->one);
	sqlite3_finalize(b->many);
	free(b->rows);
	free(b->text);
	memset(b, 0, sizeof(*b));
}

/* A copy of s at the end of the batch's texts: its offset, or -1 when out of memory. */
static int64_t keep_text(struct sqlite_batch *b, const char *s)
{
	size_t n = strlen(s) + 1, at = b->text_len;

	if (b->text_len + n > b->text_cap) {
		size_t cap = b->text_cap ? b->text_cap : 4096;
		char *grown;

		while (cap < b->text_len + n)
			cap *= 2;
		grown = realloc(b->text, cap);
		if (!grown)
			return -1;
		b->text = grown;
		b->text_cap = cap;
	}
	memcpy(b->text + at, s, n);
	b->text_len += n;
	return (int64_t)at;
}

/* Binds count kept rows from row first to st's parameters. Texts are bound SQLITE_STATIC:
 * they stay until the step that reads them is done, and every parameter is bound again
 * before the next one. */
static int bind_rows(struct sqlite_batch *b, sqlite3_stmt *st, size_t first, size_t count)
{
	const struct export_value *v = b->rows + first * b->columns;

	for (size_t i = 0; i < count * b->columns; i++) {
		int p = (int)i + 1;
		int rc = v[i].kind == EXV_INT ? sqlite3_bind_int64(st, p, v[i].i)
		       : v[i].kind == EXV_TEXT ? sqlite3_bind_text(st, p, b->text + v[i].i, -1,
								   SQLITE_STATIC)
		       : sqlite3_bind_null(st, p);

		if (rc != SQLITE_OK)
			return rc;
	}
	return SQLITE_OK;
}

static int run(sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static void forget_rows(struct sqlite_batch *b)
{
	b->count = 0;
	b->text_len = 0;
}

int sqlite_batch_add(struct sqlite_batch *b, const struct export_value *row)
{
	struct export_value *kept = b->rows + b->count * b->columns;
	int rc;

	for (size_t c = 0; c < b->columns; c++) {
		kept[c] = row[c];
		if (row[c].kind == EXV_TEXT) {
			kept[c].i = keep_text(b, row[c].s);
			kept[c].s = NULL;
			if (kept[c].i < 0)
				return SQLITE_NOMEM;
		}
	}
	if (++b->count < SQLITE_BATCH_ROWS)
		return SQLITE_OK;
	rc = bind_rows(b, b->many, 0, SQLITE_BATCH_ROWS);
	if (rc == SQLITE_OK)
		rc = run(b->many);
	forget_rows(b);
	return rc;
}

int sqlite_batch_flush(struct sqlite_batch *b)
{
	int rc = SQLITE_OK;

	for (size_t r = 0; r < b->count && rc == SQLITE_OK; r++) {
		rc = bind_rows(b, b->one, r, 1);
		if (rc == SQLITE_OK)
			rc = run(b->one);
	}
	forget_rows(b);
	return rc;
}
