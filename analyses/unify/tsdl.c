#include "analyses/unify/tsdl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* TSDL is ASCII: the C locale's classes, without <ctype.h>'s call per character (the
 * metadata of a trace is tokenized several times, hundreds of KiB each). */
static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static bool ident_char(char c, bool first)
{
	return c == '_' || is_alpha(c) || (!first && is_digit(c));
}

/* Skips white space and comments; false on an unterminated comment. */
static bool skip_blank(const char **cur, const char *end)
{
	const char *p = *cur;

	for (;;) {
		while (p < end && is_space(*p))
			p++;
		if (p + 1 < end && p[0] == '/' && p[1] == '*') {
			const char *close = p + 2;

			while (close + 1 < end && !(close[0] == '*' && close[1] == '/'))
				close++;
			if (close + 1 >= end)
				return false;
			p = close + 2;
		} else if (p + 1 < end && p[0] == '/' && p[1] == '/') {
			while (p < end && *p != '\n')
				p++;
		} else {
			*cur = p;
			return true;
		}
	}
}

static const char *string_end(const char *p, const char *end)
{
	for (p++; p < end; p++) {
		if (*p == '\\')
			p++;
		else if (*p == '"')
			return p + 1;
	}
	return NULL;
}

bool tsdl_next(const char **cur, const char *end, struct tsdl_tok *t)
{
	const char *p;

	*t = (struct tsdl_tok){ TSDL_BAD, *cur, 0 };
	if (!skip_blank(cur, end))
		return false;
	p = *cur;
	t->p = p;
	if (p >= end) {
		t->kind = TSDL_END;
		return true;
	}
	if (*p == '"') {
		const char *e = string_end(p, end);

		if (!e)
			return false;
		t->kind = TSDL_STRING;
		p = e;
	} else if (ident_char(*p, true)) {
		t->kind = TSDL_IDENT;
		while (p < end && ident_char(*p, false))
			p++;
	} else if (is_digit(*p) || (*p == '-' && p + 1 < end && is_digit(p[1]))) {
		t->kind = TSDL_NUMBER;
		for (p++; p < end && (is_alpha(*p) || is_digit(*p)); p++)
			;
	} else if (*p == ':' && p + 1 < end && p[1] == '=') {
		t->kind = TSDL_PUNCT;
		p += 2;
	} else if (*p == '.' && p + 2 < end && p[1] == '.' && p[2] == '.') {
		t->kind = TSDL_PUNCT;
		p += 3;
	} else {
		t->kind = TSDL_PUNCT;
		p++;
	}
	t->n = (size_t)(p - t->p);
	*cur = p;
	return true;
}

bool tsdl_tok_is(const struct tsdl_tok *t, const char *s)
{
	return t->n == strlen(s) && memcmp(t->p, s, t->n) == 0;
}

const char *tsdl_statement_end(const char *text, const char *end)
{
	const char *cur = text;
	struct tsdl_tok t;
	int depth = 0;

	while (tsdl_next(&cur, end, &t) && t.kind != TSDL_END) {
		if (t.kind != TSDL_PUNCT)
			continue;
		if (t.p[0] == '{' || t.p[0] == '(' || t.p[0] == '[')
			depth++;
		else if (t.p[0] == '}' || t.p[0] == ')' || t.p[0] == ']')
			depth--;
		else if (t.p[0] == ';' && depth == 0)
			return cur;
		if (depth < 0)
			return NULL;
	}
	return NULL;
}

static void reserve(struct tsdl_buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 4096;
	char *s;

	if (b->failed || b->n + more + 1 <= b->cap)
		return;
	while (cap < b->n + more + 1)
		cap *= 2;
	s = realloc(b->s, cap);
	if (!s) {
		b->failed = true;
		return;
	}
	b->s = s;
	b->cap = cap;
}

void tsdl_buf_add(struct tsdl_buf *b, const char *s, size_t n)
{
	reserve(b, n);
	if (b->failed)
		return;
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

void tsdl_buf_str(struct tsdl_buf *b, const char *s)
{
	tsdl_buf_add(b, s, strlen(s));
}

void tsdl_buf_printf(struct tsdl_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->failed = true;
		return;
	}
	reserve(b, (size_t)n);
	if (b->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(b->s + b->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}

void tsdl_buf_release(struct tsdl_buf *b)
{
	free(b->s);
	*b = (struct tsdl_buf){ 0 };
}

int tsdl_renames_add(struct tsdl_renames *r, const char *from, size_t from_len, const char *to)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 16;
		char **f = realloc(r->from, cap * sizeof(*f));

		if (!f)
			return -1;
		r->from = f;
		f = realloc(r->to, cap * sizeof(*f));
		if (!f)
			return -1;
		r->to = f;
		r->cap = cap;
	}
	r->from[r->n] = strndup(from, from_len);
	r->to[r->n] = strdup(to);
	if (!r->from[r->n] || !r->to[r->n]) {
		free(r->from[r->n]);
		free(r->to[r->n]);
		return -1;
	}
	r->n++;
	return 0;
}

const char *tsdl_renames_get(const struct tsdl_renames *r, const char *name, size_t len)
{
	/* The last rename of a name wins: a later declaration shadows an earlier one. */
	for (size_t i = r->n; i-- > 0;)
		if (strlen(r->from[i]) == len && memcmp(r->from[i], name, len) == 0)
			return r->to[i];
	return NULL;
}

void tsdl_renames_release(struct tsdl_renames *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->from[i]);
		free(r->to[i]);
	}
	free(r->from);
	free(r->to);
	*r = (struct tsdl_renames){ 0 };
}

/* White space as it was; a comment in it becomes one line break or space. */
static void add_blank(struct tsdl_buf *b, const char *blank, size_t n)
{
	if (!memchr(blank, '/', n))
		tsdl_buf_add(b, blank, n);
	else
		tsdl_buf_add(b, memchr(blank, '\n', n) ? "\n" : " ", 1);
}

void tsdl_rewrite(struct tsdl_buf *b, const char *text, const char *end,
		  const struct tsdl_renames *r, bool normalize)
{
	const char *cur = text;
	struct tsdl_tok t;
	bool first = true;

	for (;;) {
		const char *blank = cur;
		const char *to;

		if (!tsdl_next(&cur, end, &t) || t.kind == TSDL_END)
			break;
		if (normalize && !first)
			tsdl_buf_add(b, " ", 1);
		else if (!normalize)
			add_blank(b, blank, (size_t)(t.p - blank));
		first = false;
		to = t.kind == TSDL_IDENT && r ? tsdl_renames_get(r, t.p, t.n) : NULL;
		if (to)
			tsdl_buf_str(b, to);
		else
			tsdl_buf_add(b, t.p, t.n);
	}
}
