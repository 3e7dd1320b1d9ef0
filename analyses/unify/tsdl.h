/*
 * tsdl - just enough of CTF 1.8's metadata language (TSDL) to merge the metadata of several
 * traces into one without decoding their events: tokens, top-level statements, renaming
 * identifiers, and a growing text buffer for the result.
 *
 *   struct tsdl_tok t; const char *cur = text;
 *   while (tsdl_next(&cur, end, &t) && t.kind != TSDL_END) ...   comments are skipped
 *   tsdl_statement_end(text, end)    the end of the top-level statement starting at text
 *   tsdl_rewrite(&buf, text, end, renames)   the text, identifiers found in renames replaced
 */
#ifndef HSATRACE_UNIFY_TSDL_H
#define HSATRACE_UNIFY_TSDL_H

#include <stdbool.h>
#include <stddef.h>

enum tsdl_kind { TSDL_END, TSDL_IDENT, TSDL_NUMBER, TSDL_STRING, TSDL_PUNCT, TSDL_BAD };

struct tsdl_tok {
	enum tsdl_kind kind;
	const char *p;		/* into the text */
	size_t n;
};

/* The next token at *cur (< end), *cur moved past it. false on an unterminated string or
 * comment (t->kind TSDL_BAD). */
bool tsdl_next(const char **cur, const char *end, struct tsdl_tok *t);
bool tsdl_tok_is(const struct tsdl_tok *t, const char *s);

/* Past the ';' that ends the statement starting at `text` (at brace depth 0), or NULL. */
const char *tsdl_statement_end(const char *text, const char *end);

/* A growing NUL-terminated text; `failed` is set once an allocation fails. */
struct tsdl_buf {
	char *s;
	size_t n, cap;
	bool failed;
};

void tsdl_buf_add(struct tsdl_buf *b, const char *s, size_t n);
void tsdl_buf_str(struct tsdl_buf *b, const char *s);
void tsdl_buf_printf(struct tsdl_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void tsdl_buf_release(struct tsdl_buf *b);

/* Old name -> new name pairs; the strings are owned by the list. */
struct tsdl_renames {
	char **from, **to;
	size_t n, cap;
};

int tsdl_renames_add(struct tsdl_renames *r, const char *from, size_t from_len, const char *to);
const char *tsdl_renames_get(const struct tsdl_renames *r, const char *name, size_t len);
void tsdl_renames_release(struct tsdl_renames *r);

/* Appends [text, end) with every identifier that `r` renames replaced, comments dropped,
 * whitespace kept. normalize: tokens separated by single spaces instead (to compare). */
void tsdl_rewrite(struct tsdl_buf *b, const char *text, const char *end,
		  const struct tsdl_renames *r, bool normalize);

#endif
