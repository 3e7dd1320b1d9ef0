/* sqlite_batch: rows across several full batches and a partial one come back from the table
 * in the order they were added, with their integers, NULLs and texts (more text than the
 * batch's first text buffer holds, so it grows while rows are kept). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/export/sqlite_batch.h"
#include "tap.h"

#define ROWS (2 * SQLITE_BATCH_ROWS + 5)

/* Row r: (r, NULL on odd rows else -r, a text of 100 + r % 20 letters, "" on multiples of 7):
 * a batch's texts are over 4 KiB. */
static void make_row(int r, char *text, struct export_value *row)
{
	size_t n = 100 + (size_t)(r % 20);

	memset(text, 'a' + r % 26, n);
	text[n] = '\0';
	row[0] = export_int(r);
	row[1] = r % 2 ? export_text(NULL) : export_int(-r);
	row[2] = export_text(r % 7 ? text : "");
}

/* Checks the table against make_row; returns the number of rows that differ. */
static int check_rows(sqlite3 *db, int *count)
{
	sqlite3_stmt *st;
	int bad = 0, r = 0;

	if (sqlite3_prepare_v2(db, "SELECT a, b, c FROM t ORDER BY rowid", -1, &st, NULL))
		return -1;
	for (; sqlite3_step(st) == SQLITE_ROW; r++) {
		char text[128];
		struct export_value want[3];

		make_row(r, text, want);
		if (sqlite3_column_int64(st, 0) != want[0].i ||
		    (want[1].kind == EXV_NULL) != (sqlite3_column_type(st, 1) == SQLITE_NULL) ||
		    (want[1].kind == EXV_INT && sqlite3_column_int64(st, 1) != want[1].i) ||
		    strcmp((const char *)sqlite3_column_text(st, 2), want[2].s) != 0)
			bad++;
	}
	sqlite3_finalize(st);
	*count = r;
	return bad;
}

int main(void)
{
	sqlite3 *db = NULL;
	struct sqlite_batch b;
	int rc = SQLITE_OK, count = 0;

	plan(5);
	if (sqlite3_open(":memory:", &db) != SQLITE_OK ||
	    sqlite3_exec(db, "CREATE TABLE t (a INTEGER, b INTEGER, c TEXT)", NULL, NULL, NULL))
		return 1;
	is_int(sqlite_batch_init(&b, db, "t", 3), SQLITE_OK, "the inserts are prepared");
	for (int r = 0; r < ROWS && rc == SQLITE_OK; r++) {
		char text[128];
		struct export_value row[3];

		make_row(r, text, row);
		rc = sqlite_batch_add(&b, row);
		memset(text, '!', sizeof(text));	/* the batch kept its own copy */
	}
	is_int(rc, SQLITE_OK, "%d rows added", ROWS);
	is_int(sqlite_batch_flush(&b), SQLITE_OK, "the last partial batch inserted");
	is_int(check_rows(db, &count), 0, "each row as it was added, in order");
	is_int(count, ROWS, "no row lost or doubled");
	sqlite_batch_release(&b);
	sqlite3_close(db);
	return exit_status();
}
