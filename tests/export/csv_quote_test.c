/* csv_sink: RFC 4180 quoting (comma, quote, line break), NULL as an empty field, a header
 * line per table; an existing folder is kept without force and replaced with it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyses/export/export_path.h"
#include "analyses/export/export_sink.h"
#include "tap.h"

static char *slurp(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

	if (f)
		fclose(f);
	buf[n] = '\0';
	return buf;
}

static int export_one_row(const char *dir, int force, const char *name)
{
	struct export_value row[PROC_COLUMNS] = { export_int(42), export_text(name) };
	char err[512];
	struct export_sink *s = csv_sink_open(dir, force, err, sizeof(err));

	if (!s)
		return -1;
	if (s->ops->row(s, EX_PROCESSES, row, err, sizeof(err))) {
		s->ops->discard(s);
		return -1;
	}
	return s->ops->finish(s, err, sizeof(err));
}

int main(void)
{
	char dir[] = "/tmp/csv_quote_test.XXXXXX", out[600], file[700];

	plan(6);
	if (!mkdtemp(dir))
		return 1;
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(file, sizeof(file), "%s/processes.csv", out);
	ok(export_one_row(out, 0, "a,b \"c\"\nd") == 0, "a new folder is written");
	is_str(slurp(file), "pid,name\n42,\"a,b \"\"c\"\"\nd\"\n",
	       "header line; comma, quotes and line break quoted, quotes doubled");
	ok(export_one_row(out, 0, "plain") != 0, "an existing folder is kept without force");
	ok(export_one_row(out, 1, "plain") == 0, "... and replaced with force");
	is_str(slurp(file), "pid,name\n42,plain\n", "a plain field is not quoted");
	{
		struct export_value row[PROC_COLUMNS] = { export_int(-7), export_text(NULL) };
		char err[512];
		struct export_sink *s;

		export_path_remove_dir(out);
		s = csv_sink_open(out, 0, err, sizeof(err));
		if (s && !s->ops->row(s, EX_PROCESSES, row, err, sizeof(err)))
			s->ops->finish(s, err, sizeof(err));
		is_str(slurp(file), "pid,name\n-7,\n", "NULL is the empty field");
	}
	export_path_remove_dir(out);
	rmdir(dir);
	return exit_status();
}
