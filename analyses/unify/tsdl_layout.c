#include "analyses/unify/tsdl_layout.h"

#include <stdlib.h>
#include <string.h>

#include "analyses/unify/tsdl.h"

int tsdl_decls_add(struct tsdl_decls *d, enum tsdl_decl_kind kind, const char *name,
		   const char *def)
{
	struct tsdl_decl *e;

	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 32;
		struct tsdl_decl *v = realloc(d->v, cap * sizeof(*v));

		if (!v)
			return -1;
		d->v = v;
		d->cap = cap;
	}
	e = &d->v[d->n];
	e->kind = kind;
	e->name = strdup(name);
	e->def = strdup(def);
	if (!e->name || !e->def) {
		free(e->name);
		free(e->def);
		return -1;
	}
	d->n++;
	return 0;
}

const struct tsdl_decl *tsdl_decls_find(const struct tsdl_decls *d, enum tsdl_decl_kind kind,
					const char *name)
{
	for (size_t i = d->n; i-- > 0;)
		if (d->v[i].kind == kind && strcmp(d->v[i].name, name) == 0)
			return &d->v[i];
	return NULL;
}

void tsdl_decls_release(struct tsdl_decls *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].name);
		free(d->v[i].def);
	}
	free(d->v);
	*d = (struct tsdl_decls){ 0 };
}

/* A type as far as a layout needs it: its size and alignment, and, for a structure, its
 * fields. */
struct type_info {
	unsigned size, align;
	struct tsdl_layout *fields;	/* filled for a structure when not NULL */
};

struct parser {
	const struct tsdl_decls *d;
	const char *cur, *end;
	int depth;			/* named types followed, against loops */
};

static bool peek(struct parser *p, struct tsdl_tok *t)
{
	const char *save = p->cur;
	bool ok = tsdl_next(&p->cur, p->end, t);

	p->cur = save;
	return ok;
}

static bool take(struct parser *p, struct tsdl_tok *t)
{
	return tsdl_next(&p->cur, p->end, t) && t->kind != TSDL_BAD;
}

static bool expect(struct parser *p, const char *s)
{
	struct tsdl_tok t;

	return take(p, &t) && tsdl_tok_is(&t, s);
}

static bool number(const struct tsdl_tok *t, unsigned *v)
{
	char buf[32], *e;
	unsigned long n;

	if (t->kind != TSDL_NUMBER || t->n >= sizeof(buf))
		return false;
	memcpy(buf, t->p, t->n);
	buf[t->n] = '\0';
	n = strtoul(buf, &e, 0);
	if (*e || n > 1u << 20)
		return false;
	*v = (unsigned)n;
	return true;
}

static unsigned align_up(unsigned v, unsigned a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

static int parse_type(struct parser *p, struct type_info *ti);

/* integer { size = N; align = A; ... } */
static int parse_integer(struct parser *p, struct type_info *ti)
{
	struct tsdl_tok key, t;
	unsigned size = 0, align = 0;
	bool have_align = false;

	if (!expect(p, "{"))
		return -1;
	for (;;) {
		if (!take(p, &key))
			return -1;
		if (tsdl_tok_is(&key, "}"))
			break;
		if (!expect(p, "="))
			return -1;
		if (tsdl_tok_is(&key, "size")) {
			if (!take(p, &t) || !number(&t, &size))
				return -1;
		} else if (tsdl_tok_is(&key, "align")) {
			if (!take(p, &t) || !number(&t, &align))
				return -1;
			have_align = true;
		}
		/* Any other attribute: skip its value (map = clock.x.value, base, ...). */
		while (take(p, &t) && !tsdl_tok_is(&t, ";"))
			if (t.kind == TSDL_END || tsdl_tok_is(&t, "}"))
				return -1;
	}
	if (!size || size > 64)
		return -1;
	ti->size = size;
	ti->align = have_align ? align : (size % 8 ? 1 : 8);
	return ti->align ? 0 : -1;
}

/* One member: TYPE NAME [ '[' N ']' ] ';' appended to `l`. */
static int parse_member(struct parser *p, struct tsdl_layout *l)
{
	struct type_info ti = { 0 };
	struct tsdl_tok name, t;
	unsigned count = 1;

	if (parse_type(p, &ti) != 0 || !take(p, &name) || name.kind != TSDL_IDENT ||
	    name.n >= sizeof(l->f[0].name) || l->n >= TSDL_LAYOUT_MAX_FIELDS)
		return -1;
	if (!take(p, &t))
		return -1;
	if (tsdl_tok_is(&t, "[")) {
		if (!take(p, &t) || !number(&t, &count) || !expect(p, "]") || !take(p, &t))
			return -1;
	}
	if (!tsdl_tok_is(&t, ";"))
		return -1;
	if (ti.align > l->align)
		l->align = ti.align;
	l->size = align_up(l->size, ti.align);
	memcpy(l->f[l->n].name, name.p, name.n);
	l->f[l->n].name[name.n] = '\0';
	l->f[l->n].offset = l->size;
	l->f[l->n].size = ti.size * count;
	l->n++;
	l->size += ti.size * count;
	return 0;
}

/* { members } [align(N)] */
static int parse_struct_body(struct parser *p, struct type_info *ti)
{
	struct tsdl_layout local, *l = ti->fields ? ti->fields : &local;
	struct tsdl_tok t;

	*l = (struct tsdl_layout){ .align = 1 };
	if (!expect(p, "{"))
		return -1;
	while (peek(p, &t) && !tsdl_tok_is(&t, "}"))
		if (t.kind == TSDL_END || parse_member(p, l) != 0)
			return -1;
	take(p, &t);
	if (peek(p, &t) && tsdl_tok_is(&t, "align")) {
		unsigned a;

		take(p, &t);
		if (!expect(p, "(") || !take(p, &t) || !number(&t, &a) || !expect(p, ")") || !a)
			return -1;
		if (a > l->align)
			l->align = a;
	}
	l->size = align_up(l->size, l->align);
	ti->size = l->size;
	ti->align = l->align;
	return 0;
}

/* The definition of a named type, parsed in a parser of its own. */
static int parse_named(struct parser *p, const struct tsdl_decl *decl, struct type_info *ti)
{
	struct parser sub = { p->d, decl->def, decl->def + strlen(decl->def), p->depth + 1 };

	if (sub.depth > 16)
		return -1;
	return decl->kind == TSDL_DECL_STRUCT ? parse_struct_body(&sub, ti) : parse_type(&sub, ti);
}

static int parse_struct(struct parser *p, struct type_info *ti)
{
	struct tsdl_tok t;
	char name[128];
	const struct tsdl_decl *decl;

	if (!peek(p, &t))
		return -1;
	if (tsdl_tok_is(&t, "{"))
		return parse_struct_body(p, ti);
	if (t.kind != TSDL_IDENT || t.n >= sizeof(name))
		return -1;
	take(p, &t);
	memcpy(name, t.p, t.n);
	name[t.n] = '\0';
	decl = tsdl_decls_find(p->d, TSDL_DECL_STRUCT, name);
	return decl ? parse_named(p, decl, ti) : -1;
}

/* A type alias name: every identifier up to the member's name (the last one). */
static int parse_alias(struct parser *p, struct type_info *ti)
{
	char name[128] = "";
	size_t len = 0;
	struct tsdl_tok t, next;
	const struct tsdl_decl *decl;

	for (;;) {
		const char *save = p->cur;

		if (!take(p, &t) || t.kind != TSDL_IDENT || !peek(p, &next))
			return -1;
		if (next.kind != TSDL_IDENT) {
			p->cur = save;	/* t is the member's name */
			break;
		}
		if (len + t.n + 2 > sizeof(name))
			return -1;
		if (len)
			name[len++] = ' ';
		memcpy(name + len, t.p, t.n);
		len += t.n;
		name[len] = '\0';
	}
	decl = len ? tsdl_decls_find(p->d, TSDL_DECL_ALIAS, name) : NULL;
	return decl ? parse_named(p, decl, ti) : -1;
}

static int parse_type(struct parser *p, struct type_info *ti)
{
	struct tsdl_tok t;

	if (!peek(p, &t) || t.kind != TSDL_IDENT)
		return -1;
	if (tsdl_tok_is(&t, "integer")) {
		take(p, &t);
		return parse_integer(p, ti);
	}
	if (tsdl_tok_is(&t, "struct")) {
		take(p, &t);
		return parse_struct(p, ti);
	}
	if (tsdl_tok_is(&t, "enum") || tsdl_tok_is(&t, "variant") || tsdl_tok_is(&t, "string") ||
	    tsdl_tok_is(&t, "floating_point"))
		return -1;
	/* An alias used as a member type; inside an alias definition, the whole text. */
	{
		const char *save = p->cur;
		char name[128];
		const struct tsdl_decl *decl;

		take(p, &t);
		if (!peek(p, &t) || t.kind == TSDL_END) {
			size_t n = (size_t)(p->end - save);

			while (n && (save[n - 1] == ' '))
				n--;
			while (n && *save == ' ') {
				save++;
				n--;
			}
			if (n >= sizeof(name))
				return -1;
			memcpy(name, save, n);
			name[n] = '\0';
			decl = tsdl_decls_find(p->d, TSDL_DECL_ALIAS, name);
			return decl ? parse_named(p, decl, ti) : -1;
		}
		p->cur = save;
	}
	return parse_alias(p, ti);
}

int tsdl_layout_struct(const struct tsdl_decls *d, const char *type, const char *end,
		       struct tsdl_layout *out)
{
	struct parser p = { d, type, end, 0 };
	struct type_info ti = { .fields = out };
	struct tsdl_tok t;

	if (!expect(&p, "struct"))
		return -1;
	if (parse_struct(&p, &ti) != 0)
		return -1;
	return take(&p, &t) && t.kind == TSDL_END ? 0 : -1;
}

const struct tsdl_field *tsdl_layout_field(const struct tsdl_layout *l, const char *name)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->f[i].name, name) == 0)
			return &l->f[i];
	return NULL;
}

bool tsdl_layout_equal(const struct tsdl_layout *a, const struct tsdl_layout *b)
{
	if (a->n != b->n || a->size != b->size)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->f[i].name, b->f[i].name) != 0 || a->f[i].offset != b->f[i].offset ||
		    a->f[i].size != b->f[i].size)
			return false;
	return true;
}
