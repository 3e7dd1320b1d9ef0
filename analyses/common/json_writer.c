#include "analyses/common/json_writer.h"

#include <stdint.h>
#include <string.h>

#include "analyses/common/decimal.h"
#include "analyses/common/json_string.h"

void json_writer_init(struct json_writer *w, FILE *out, int indent)
{
	memset(w, 0, sizeof(*w));
	w->out = out;
	w->indent = indent;
}

static struct json_container *top(struct json_writer *w)
{
	return w->depth ? &w->stack[w->depth - 1] : NULL;
}

static void new_line(struct json_writer *w, int depth)
{
	fputc_unlocked('\n', w->out);
	for (int i = 0; i < depth * w->indent; i++)
		fputc_unlocked(' ', w->out);
}

/* What comes before a member: its comma and, by layout, a space or a new line. */
static void member_separator(struct json_writer *w)
{
	struct json_container *c = top(w);

	if (!c)
		return;
	if (c->count)
		fputc_unlocked(',', w->out);
	if (c->layout == JSON_LINES)
		new_line(w, w->depth);
	else if (c->layout == JSON_SPACED && c->count)
		fputc_unlocked(' ', w->out);
	c->count++;
}

/* Before a value: nothing after a key; in an array, the member separator. */
static void value_start(struct json_writer *w)
{
	struct json_container *c = top(w);

	if (w->after_key) {
		w->after_key = 0;
		return;
	}
	if (c && c->close == '}')
		w->misnested = 1; /* an object member without a key */
	member_separator(w);
}

static void begin(struct json_writer *w, char open, char close, enum json_layout layout)
{
	value_start(w);
	if (w->depth == JSON_WRITER_MAX_DEPTH) {
		w->misnested = 1;
		return;
	}
	w->stack[w->depth++] = (struct json_container){ close, layout, 0 };
	fputc_unlocked(open, w->out);
}

static void end(struct json_writer *w, char close)
{
	struct json_container *c = top(w);

	if (!c || c->close != close || w->after_key) {
		w->misnested = 1;
		return;
	}
	if (c->layout == JSON_LINES && c->count)
		new_line(w, w->depth - 1);
	fputc_unlocked(close, w->out);
	w->depth--;
}

void json_object_begin(struct json_writer *w, enum json_layout layout)
{
	begin(w, '{', '}', layout);
}

void json_object_end(struct json_writer *w)
{
	end(w, '}');
}

void json_array_begin(struct json_writer *w, enum json_layout layout)
{
	begin(w, '[', ']', layout);
}

void json_array_end(struct json_writer *w)
{
	end(w, ']');
}

/* The length of a short key of printable ASCII without quote or backslash (written as it
 * is), or 0 for a key that goes through the escaper. */
static size_t plain_length(const char *s)
{
	size_t n = 0;

	for (; s[n]; n++)
		if ((unsigned char)s[n] < 0x20 || (unsigned char)s[n] >= 0x7f || s[n] == '"' ||
		    s[n] == '\\' || n == 100)
			return 0;
	return n;
}

/* Checks that a key may come here and writes what precedes it; returns the colon that follows
 * it in the container's layout, or NULL when misplaced. */
static const char *key_start(struct json_writer *w)
{
	struct json_container *c = top(w);

	if (!c || c->close != '}' || w->after_key) {
		w->misnested = 1;
		return NULL;
	}
	member_separator(w);
	w->after_key = 1;
	return c->layout == JSON_COMPACT ? ":" : ": ";
}

void json_key(struct json_writer *w, const char *name)
{
	const char *colon = key_start(w);
	size_t n;
	char buf[128];

	if (!colon)
		return;
	n = plain_length(name);
	if (n) { /* the usual key, a field name, in one write: the escaper costs per byte */
		buf[0] = '"';
		memcpy(buf + 1, name, n);
		buf[n + 1] = '"';
		memcpy(buf + n + 2, colon, strlen(colon));
		json_put(buf, n + 2 + strlen(colon), w->out);
	} else {
		json_string_write(name, w->out);
		fputs_unlocked(colon, w->out);
	}
}

void json_key_plain(struct json_writer *w, const char *quoted, size_t len)
{
	const char *colon = key_start(w);

	if (!colon)
		return;
	json_put(quoted, len, w->out);
	json_put(colon, colon[1] ? 2 : 1, w->out);
}

void json_string(struct json_writer *w, const char *s)
{
	if (!s) {
		json_null(w);
		return;
	}
	value_start(w);
	json_string_write(s, w->out);
}

void json_null(struct json_writer *w)
{
	json_raw(w, "null", 4);
}

void json_int(struct json_writer *w, int64_t value)
{
	char buf[DECIMAL_MAX], *p = decimal_i64(buf + sizeof(buf), value);

	json_raw(w, p, (size_t)(buf + sizeof(buf) - p));
}

void json_uint(struct json_writer *w, uint64_t value)
{
	char buf[DECIMAL_MAX], *p = decimal_u64(buf + sizeof(buf), value);

	json_raw(w, p, (size_t)(buf + sizeof(buf) - p));
}

void json_raw(struct json_writer *w, const char *text, size_t len)
{
	value_start(w);
	json_put(text, len, w->out);
}

int json_writer_finish(struct json_writer *w)
{
	fputc_unlocked('\n', w->out);
	return w->misnested || w->depth || w->after_key || ferror(w->out) ? -1 : 0;
}
