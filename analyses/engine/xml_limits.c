#include "analyses/engine/xml_limits.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyses/engine/compile_int.h"

struct scan {
	const char *p, *end;
	long line;
	int depth;
};

/* Moves past the first `token` (or to the end), counting lines. */
static void skip_past(struct scan *s, const char *token)
{
	size_t tlen = strlen(token);

	while (s->p < s->end) {
		if ((size_t)(s->end - s->p) >= tlen && memcmp(s->p, token, tlen) == 0) {
			s->p += tlen;
			return;
		}
		if (*s->p++ == '\n')
			s->line++;
	}
}

static int refuse(const char *path, long line, const char *name, size_t name_len,
		  const char *what, long count, long limit, const struct m_load_opts *opts)
{
	char msg[768];

	snprintf(msg, sizeof(msg), "%s:%ld: element <%.*s>: %s %ld, more than the limit of %ld "
		 "(refused before parsing)", path, line, (int)(name_len > 64 ? 64 : name_len), name,
		 what, count, limit);
	cu_diag(opts, msg);
	return -1;
}

/* A start tag, s->p just after its '<': counts its attributes ('=' outside quotes). */
static int scan_start_tag(struct scan *s, const char *path, const struct m_load_opts *opts)
{
	const char *name = s->p;
	long line = s->line, attributes = 0;
	char quote = 0, prev = 0;

	while (s->p < s->end && !strchr(" \t\r\n/>", *s->p))
		s->p++;
	for (const char *name_end = s->p; s->p < s->end; prev = *s->p++) {
		if (*s->p == '\n')
			s->line++;
		if (quote) {
			quote = *s->p == quote ? 0 : quote;
		} else if (*s->p == '"' || *s->p == '\'') {
			quote = *s->p;
		} else if (*s->p == '=' && ++attributes > XML_LIMIT_ATTRIBUTES) {
			skip_past(s, ">");
			return refuse(path, line, name, (size_t)(name_end - name),
				      "attribute count", attributes, XML_LIMIT_ATTRIBUTES, opts);
		} else if (*s->p == '>') {
			s->p++;
			if (prev != '/' && ++s->depth > XML_LIMIT_DEPTH)
				return refuse(path, line, name, (size_t)(name_end - name),
					      "nesting depth", s->depth, XML_LIMIT_DEPTH, opts);
			return 0;
		}
	}
	return 0;
}

/* Markup, s->p just after a '<'. */
static int scan_markup(struct scan *s, const char *path, const struct m_load_opts *opts)
{
	size_t left = (size_t)(s->end - s->p);

	if (left >= 3 && memcmp(s->p, "!--", 3) == 0)
		skip_past(s, "-->");
	else if (left >= 8 && memcmp(s->p, "![CDATA[", 8) == 0)
		skip_past(s, "]]>");
	else if (left >= 1 && *s->p == '?')
		skip_past(s, "?>");
	else if (left >= 1 && *s->p == '!')
		skip_past(s, ">");
	else if (left >= 1 && *s->p == '/') {
		s->depth--;
		skip_past(s, ">");
	} else
		return scan_start_tag(s, path, opts);
	return 0;
}

int xml_limits_check(const char *path, const char *buf, size_t len,
		     const struct m_load_opts *opts)
{
	struct scan s = { buf, buf + len, 1, 0 };

	while (s.p < s.end) {
		char c = *s.p++;

		if (c == '\n')
			s.line++;
		else if (c == '<' && scan_markup(&s, path, opts) != 0)
			return -1;
	}
	return 0;
}

char *xml_limits_read_file(const char *path, size_t *len, const struct m_load_opts *opts)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	char msg[768];
	char *buf = NULL;

	if (!f || fstat(fileno(f), &st) != 0) {
		snprintf(msg, sizeof(msg), "%s: failed to read the file (%s)", path, strerror(errno));
		goto error;
	}
	if (S_ISDIR(st.st_mode)) {
		/* most often the trace given first: say the order, not that reading failed */
		snprintf(msg, sizeof(msg), "%s: a folder, not an XML file (the XML files come "
			 "first, the trace last)", path);
		goto error;
	}
	if ((unsigned long long)st.st_size > XML_LIMIT_FILE_BYTES) {
		snprintf(msg, sizeof(msg), "%s: file size %lld bytes, more than the limit of %u "
			 "(refused before parsing)", path, (long long)st.st_size,
			 XML_LIMIT_FILE_BYTES);
		goto error;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf || fread(buf, 1, (size_t)st.st_size, f) != (size_t)st.st_size) {
		snprintf(msg, sizeof(msg), "%s: failed to read the file", path);
		goto error;
	}
	*len = (size_t)st.st_size;
	fclose(f);
	return buf;
error:
	cu_diag(opts, msg);
	free(buf);
	if (f)
		fclose(f);
	return NULL;
}
