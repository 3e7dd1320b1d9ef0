/*
 * sqlite_batch - a table's rows inserted SQLITE_BATCH_ROWS at a time, by one multi-row
 * INSERT: executing a statement costs about as much again as the row it inserts, so a
 * statement per row doubled the database's share of an export.
 *
 *   struct sqlite_batch b;
 *   sqlite_batch_init(&b, db, "kernels", KER_COLUMNS);     // SQLITE_OK, or sqlite's code
 *   sqlite_batch_add(&b, row);       // kept (texts copied); a full batch is inserted
 *   sqlite_batch_flush(&b);          // the rows kept, inserted one by one
 *   sqlite_batch_release(&b);
 *
 * Rows keep their order, so their rowids are those of one INSERT per row.
 */
#ifndef HSAT_EXPORT_SQLITE_BATCH_H
#define HSAT_EXPORT_SQLITE_BATCH_H

#include <stddef.h>

#include <sqlite3.h>

#include "analyses/export/export_tables.h"

#define SQLITE_BATCH_ROWS 64

struct sqlite_batch {
	sqlite3_stmt *one, *many;	/* INSERT of one row, of SQLITE_BATCH_ROWS rows */
	size_t columns;
	size_t count;			/* rows kept */
	struct export_value *rows;	/* SQLITE_BATCH_ROWS x columns; a text's .i is its
					 * offset in text */
	char *text;
	size_t text_len, text_cap;
};

int sqlite_batch_init(struct sqlite_batch *b, sqlite3 *db, const char *table, size_t columns);
int sqlite_batch_add(struct sqlite_batch *b, const struct export_value *row);
int sqlite_batch_flush(struct sqlite_batch *b);
void sqlite_batch_release(struct sqlite_batch *b);

#endif
