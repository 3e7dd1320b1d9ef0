/*
 * trace_type.c - see trace_type.h. The metadata is only scanned for the environment's domain
 * (packetized or not, the text of `domain = "..."` is in it as is); the trace itself is read by
 * trace_ctf.c.
 */
#include "analyses/engine/trace_type.h"

#include <ftw.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static struct trace_kind *walk_kind;

static void scan_metadata(const char *path, struct trace_kind *k)
{
	char buf[65536];
	size_t n, keep = 0;
	FILE *f = fopen(path, "rb");

	if (!f)
		return;
	k->ctf = 1;
	/* keeps the last bytes of each block so that a needle across two reads is still found */
	while ((n = fread(buf + keep, 1, sizeof(buf) - 1 - keep, f)) > 0) {
		n += keep;
		buf[n] = '\0';
		for (size_t i = 0; i < n; i++)
			if (buf[i] == '\0')
				buf[i] = ' ';
		k->kernel |= strstr(buf, "domain = \"kernel\"") != NULL;
		k->ust |= strstr(buf, "domain = \"ust\"") != NULL;
		keep = n < 32 ? n : 32;
		memmove(buf, buf + n - keep, keep);
	}
	fclose(f);
}

/* Only a regular file is scanned: nftw's FTW_F is any other file too, and opening a FIFO
 * named metadata would wait for a writer forever (the trace readers refuse it as no CTF). */
static int visit(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	if (flag == FTW_F && S_ISREG(st->st_mode) && !strcmp(path + ftw->base, "metadata"))
		scan_metadata(path, walk_kind);
	return 0;
}

void trace_kind_of(const char *path, struct trace_kind *k)
{
	struct stat st;

	memset(k, 0, sizeof(*k));
	if (stat(path, &st))
		return;
	if (!S_ISDIR(st.st_mode)) { /* as ev_read: a file, or a pipe (`<(...)`) */
		k->stub = 1;
		return;
	}
	walk_kind = k;
	nftw(path, visit, 16, FTW_PHYS);
	walk_kind = NULL;
}

int trace_kind_fits(const struct trace_kind *k, const char *id)
{
	static const struct { const char *id; size_t offset; } types[] = {
		{ "org.eclipse.linuxtools.tmf.core.tests.xmlstub", offsetof(struct trace_kind, stub) },
		{ "org.eclipse.linuxtools.tmf.ui.type.ctf", offsetof(struct trace_kind, ctf) },
		{ "org.eclipse.linuxtools.lttng2.kernel.tracetype", offsetof(struct trace_kind, kernel) },
		{ "org.eclipse.linuxtools.lttng2.ust.tracetype", offsetof(struct trace_kind, ust) },
	};

	for (size_t i = 0; id && i < sizeof(types) / sizeof(types[0]); i++)
		if (!strcmp(id, types[i].id))
			return *(const int *)((const char *)k + types[i].offset);
	return 0;
}

const char *trace_kind_name(const struct trace_kind *k)
{
	if (k->stub)
		return "an XML stub trace";
	if (k->kernel && k->ust)
		return "an LTTng kernel and UST trace";
	if (k->kernel)
		return "an LTTng kernel trace";
	if (k->ust)
		return "an LTTng UST trace";
	return k->ctf ? "a CTF trace" : "an unknown trace";
}
