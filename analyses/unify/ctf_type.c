#include "analyses/unify/ctf_type.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/unify/tsdl.h"

enum named_kind { NAMED_ALIAS, NAMED_STRUCT, NAMED_ENUM, NAMED_VARIANT };
enum byte_order { BO_NATIVE, BO_LE, BO_BE };

struct ctf_named {
	enum named_kind kind;
	char *name;
	struct ctf_type *type;
};

struct parser {
	struct ctf_types *t;
	const char *cur, *end;
	char *why;
	size_t why_size;
	enum byte_order *bo;	/* per type in t->all */
	size_t bo_cap;
	int depth;		/* types nested, against a stack overflow */
};

static void *fail(struct parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void *fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	if (p->why[0])
		return NULL;	/* the first reason is kept */
	va_start(ap, fmt);
	vsnprintf(p->why, p->why_size, fmt, ap);
	va_end(ap);
	return NULL;
}

static bool take(struct parser *p, struct tsdl_tok *t)
{
	return tsdl_next(&p->cur, p->end, t) && t->kind != TSDL_BAD;
}

static bool peek(struct parser *p, struct tsdl_tok *t)
{
	const char *save = p->cur;
	bool ok = take(p, t);

	p->cur = save;
	return ok;
}

static bool peek_is(struct parser *p, const char *s)
{
	struct tsdl_tok t;

	return peek(p, &t) && tsdl_tok_is(&t, s);
}

static bool expect(struct parser *p, const char *s)
{
	struct tsdl_tok t;

	if (take(p, &t) && tsdl_tok_is(&t, s))
		return true;
	fail(p, "expected '%s' near '%.*s'", s, (int)(t.n > 40 ? 40 : t.n), t.p);
	return false;
}

static char *tok_dup(const struct tsdl_tok *t)
{
	const char *s = t->p;
	size_t n = t->n;

	if (t->kind == TSDL_STRING && n >= 2) {	/* a quoted label: no escapes in practice */
		s++;
		n -= 2;
	}
	return strndup(s, n);
}

static bool tok_number(const struct tsdl_tok *t, int64_t *v)
{
	char buf[40], *e;

	if (t->kind != TSDL_NUMBER || t->n >= sizeof(buf))
		return false;
	memcpy(buf, t->p, t->n);
	buf[t->n] = '\0';
	*v = buf[0] == '-' ? strtoll(buf, &e, 0) : (int64_t)strtoull(buf, &e, 0);
	return *e == '\0';
}

static struct ctf_type *new_type(struct parser *p, enum ctf_kind kind, enum byte_order bo)
{
	struct ctf_types *t = p->t;
	struct ctf_type *ty;

	if (t->n_all == p->bo_cap) {
		size_t cap = p->bo_cap ? 2 * p->bo_cap : 64;
		struct ctf_type **all = realloc(t->all, cap * sizeof(*all));
		enum byte_order *bo_v;

		if (!all)
			return fail(p, "out of memory");
		t->all = all;
		bo_v = realloc(p->bo, cap * sizeof(*bo_v));
		if (!bo_v)
			return fail(p, "out of memory");
		p->bo = bo_v;
		p->bo_cap = cap;
	}
	ty = calloc(1, sizeof(*ty));
	if (!ty)
		return fail(p, "out of memory");
	ty->kind = kind;
	ty->align = 1;
	t->all[t->n_all] = ty;
	p->bo[t->n_all++] = bo;
	return ty;
}

/* A shallow copy (a named variant given its tag where it is used). */
static struct ctf_type *copy_type(struct parser *p, const struct ctf_type *from)
{
	struct ctf_type *ty = new_type(p, from->kind, BO_NATIVE);

	if (!ty)
		return NULL;
	*ty = *from;
	ty->ref = NULL;	/* owned per type: set by the caller */
	ty->members = NULL;
	ty->n_members = 0;
	ty->ranges = NULL;
	ty->n_ranges = 0;
	if (from->n_members) {
		ty->members = malloc(from->n_members * sizeof(*ty->members));
		if (!ty->members)
			return fail(p, "out of memory");
		for (size_t i = 0; i < from->n_members; i++) {
			ty->members[i].type = from->members[i].type;
			ty->members[i].name = strdup(from->members[i].name);
			if (!ty->members[i].name)
				return fail(p, "out of memory");
			ty->n_members++;
		}
	}
	if (from->n_ranges) {
		ty->ranges = malloc(from->n_ranges * sizeof(*ty->ranges));
		if (!ty->ranges)
			return fail(p, "out of memory");
		for (size_t i = 0; i < from->n_ranges; i++) {
			ty->ranges[i] = from->ranges[i];
			ty->ranges[i].label = strdup(from->ranges[i].label);
			if (!ty->ranges[i].label)
				return fail(p, "out of memory");
			ty->n_ranges++;
		}
	}
	return ty;
}

static int add_named(struct parser *p, enum named_kind kind, char *name, struct ctf_type *ty)
{
	struct ctf_named *v = realloc(p->t->named, (p->t->n_named + 1) * sizeof(*v));

	if (!v) {
		free(name);
		fail(p, "out of memory");
		return -1;
	}
	p->t->named = v;
	v[p->t->n_named++] = (struct ctf_named){ kind, name, ty };
	return 0;
}

static struct ctf_type *find_named(const struct parser *p, enum named_kind kind, const char *name)
{
	for (size_t i = p->t->n_named; i-- > 0;)
		if (p->t->named[i].kind == kind && strcmp(p->t->named[i].name, name) == 0)
			return p->t->named[i].type;
	return NULL;
}

static struct ctf_type *parse_type(struct parser *p, bool member);

/* key = value; ... } of an integer or floating point block; the value's tokens kept. */
struct attr {
	char key[32];
	char value[64];
	bool map;	/* map = clock.NAME.value */
};

static bool next_attr(struct parser *p, struct attr *a)
{
	struct tsdl_tok t;
	size_t n = 0;

	*a = (struct attr){ 0 };
	if (!take(p, &t) || tsdl_tok_is(&t, "}"))
		return false;
	if (t.kind != TSDL_IDENT || t.n >= sizeof(a->key) || !expect(p, "="))
		return fail(p, "an attribute is not understood: '%.*s'", (int)t.n, t.p), false;
	memcpy(a->key, t.p, t.n);
	while (take(p, &t) && !tsdl_tok_is(&t, ";")) {
		if (t.kind == TSDL_END || tsdl_tok_is(&t, "}"))
			return fail(p, "an attribute has no ';'"), false;
		if (tsdl_tok_is(&t, "clock"))
			a->map = true;
		if (n + t.n < sizeof(a->value)) {
			memcpy(a->value + n, t.p, t.n);
			n += t.n;
		}
	}
	return true;
}

static enum byte_order parse_bo(const char *v)
{
	if (strcmp(v, "be") == 0 || strcmp(v, "network") == 0)
		return BO_BE;
	return strcmp(v, "le") == 0 ? BO_LE : BO_NATIVE;
}

static struct ctf_type *parse_number_type(struct parser *p, bool floating)
{
	struct ctf_type *ty = new_type(p, floating ? CTF_FLOAT : CTF_INT, BO_NATIVE);
	struct attr a;
	unsigned exp_dig = 0, mant_dig = 0;
	bool have_align = false;

	if (!ty || !expect(p, "{"))
		return NULL;
	while (next_attr(p, &a)) {
		unsigned long v = strtoul(a.value, NULL, 0);

		if (strcmp(a.key, "size") == 0)
			ty->size = (unsigned)v;
		else if (strcmp(a.key, "align") == 0)
			ty->align = (unsigned)v, have_align = true;
		else if (strcmp(a.key, "signed") == 0)
			ty->is_signed = strcmp(a.value, "true") == 0 || strcmp(a.value, "TRUE") == 0 ||
					strcmp(a.value, "1") == 0;
		else if (strcmp(a.key, "byte_order") == 0)
			p->bo[p->t->n_all - 1] = parse_bo(a.value);
		else if (strcmp(a.key, "map") == 0)
			ty->clock = a.map;
		else if (strcmp(a.key, "exp_dig") == 0)
			exp_dig = (unsigned)v;
		else if (strcmp(a.key, "mant_dig") == 0)
			mant_dig = (unsigned)v;
	}
	if (p->why[0])
		return NULL;
	if (floating)
		ty->size = exp_dig + mant_dig;
	if (!ty->size || ty->size > 64 || (have_align && !ty->align) ||
	    (ty->align & (ty->align - 1)))
		return fail(p, "a number type of size %u, align %u is not understood", ty->size,
			    ty->align);
	if (!have_align)
		ty->align = ty->size % 8 ? 1 : 8;
	return ty;
}

static struct ctf_type *parse_string(struct parser *p)
{
	struct ctf_type *ty = new_type(p, CTF_STRING, BO_NATIVE);
	struct attr a;

	if (!ty)
		return NULL;
	ty->align = 8;
	if (peek_is(p, "{")) {
		take(p, &(struct tsdl_tok){ 0 });
		while (next_attr(p, &a))
			;
	}
	return p->why[0] ? NULL : ty;
}

static int add_member(struct parser *p, struct ctf_type *ty, char *name, struct ctf_type *m)
{
	struct ctf_member *v = realloc(ty->members, (ty->n_members + 1) * sizeof(*v));

	if (!v || !name) {
		free(name);
		fail(p, "out of memory");
		return -1;
	}
	ty->members = v;
	v[ty->n_members++] = (struct ctf_member){ .name = name, .type = m };
	return 0;
}

/* [ N ] or [ path.to.length ]: the array or sequence of `elem`. */
static struct ctf_type *parse_dimension(struct parser *p, struct ctf_type *elem)
{
	struct tsdl_tok t, last = { 0 };
	struct ctf_type *ty;
	int64_t n = -1;

	while (take(p, &t) && !tsdl_tok_is(&t, "]")) {
		if (t.kind == TSDL_END)
			return fail(p, "a '[' has no ']'");
		if (t.kind == TSDL_NUMBER && !tok_number(&t, &n))
			return fail(p, "an array length is not understood");
		if (t.kind == TSDL_IDENT)
			last = t;
	}
	ty = new_type(p, last.n ? CTF_SEQUENCE : CTF_ARRAY, BO_NATIVE);
	if (!ty)
		return NULL;
	if (!last.n && n < 0)
		return fail(p, "an array without a length");
	ty->elem = elem;	/* set by the caller */
	ty->length = last.n ? 0 : (uint64_t)n;
	if (last.n && !(ty->ref = tok_dup(&last)))
		return fail(p, "out of memory");
	return ty;
}

/* NAME [dims] (, NAME [dims])* ; — members of `into` with type `base`. */
static int parse_declarators(struct parser *p, struct ctf_type *into, struct ctf_type *base)
{
	for (;;) {
		struct tsdl_tok name, t;
		struct ctf_type *ty = base, *dims[8];
		size_t n_dims = 0;

		if (!take(p, &name) || name.kind != TSDL_IDENT) {
			fail(p, "a field has no name");
			return -1;
		}
		while (peek_is(p, "[")) {
			take(p, &t);
			if (n_dims == 8 || !(dims[n_dims] = parse_dimension(p, NULL)))
				return fail(p, "too many dimensions"), -1;
			n_dims++;
		}
		/* x[a][b]: an array of a arrays of b elements */
		for (size_t i = n_dims; i-- > 0;) {
			dims[i]->elem = ty;
			dims[i]->align = ty->align;
			ty = dims[i];
		}
		if (add_member(p, into, tok_dup(&name), ty) != 0)
			return -1;
		if (!take(p, &t))
			return -1;
		if (tsdl_tok_is(&t, ";"))
			return 0;
		if (!tsdl_tok_is(&t, ",")) {
			fail(p, "expected ';' after field %.*s", (int)name.n, name.p);
			return -1;
		}
	}
}

/* { TYPE declarators; ... } */
static int parse_members(struct parser *p, struct ctf_type *into)
{
	if (!expect(p, "{"))
		return -1;
	while (!peek_is(p, "}")) {
		struct ctf_type *m;

		if (peek_is(p, "typealias") || peek_is(p, "typedef")) {
			fail(p, "a type declared inside a structure is not understood");
			return -1;
		}
		m = parse_type(p, true);
		if (!m || parse_declarators(p, into, m) != 0)
			return -1;
	}
	take(p, &(struct tsdl_tok){ 0 });
	return 0;
}

static unsigned max_member_align(const struct ctf_type *ty)
{
	unsigned a = 1;

	for (size_t i = 0; i < ty->n_members; i++)
		if (ty->members[i].type->kind != CTF_VARIANT && ty->members[i].type->align > a)
			a = ty->members[i].type->align;
	return a;
}

/* The name after `struct`, `enum` or `variant`, if one is there (else *name is NULL):
 * false only when it could not be copied. */
static bool take_type_name(struct parser *p, char **name)
{
	struct tsdl_tok t;

	*name = NULL;
	if (!peek(p, &t) || t.kind != TSDL_IDENT)
		return true;
	take(p, &t);
	*name = tok_dup(&t);
	return *name != NULL;
}

static struct ctf_type *parse_struct(struct parser *p)
{
	struct tsdl_tok t;
	char *name = NULL;
	struct ctf_type *ty;

	if (!take_type_name(p, &name))
		return fail(p, "out of memory");
	if (!peek_is(p, "{")) {
		ty = name ? find_named(p, NAMED_STRUCT, name) : NULL;
		if (!ty)
			fail(p, "struct %s is not declared", name ? name : "(no name)");
		free(name);
		return ty;
	}
	ty = new_type(p, CTF_STRUCT, BO_NATIVE);
	if (!ty || parse_members(p, ty) != 0) {
		free(name);
		return NULL;
	}
	ty->align = max_member_align(ty);
	if (peek_is(p, "align")) {
		int64_t a;

		take(p, &t);
		if (!expect(p, "(") || !take(p, &t) || !tok_number(&t, &a) || !expect(p, ")") ||
		    a <= 0 || (a & (a - 1))) {
			free(name);
			return fail(p, "a structure alignment is not understood");
		}
		if ((unsigned)a > ty->align)
			ty->align = (unsigned)a;
	}
	if (name && add_named(p, NAMED_STRUCT, name, ty) != 0)
		return NULL;
	return ty;
}

/* { label [= v [... w]], ... } onto a copy of the container integer. */
static int parse_enum_body(struct parser *p, struct ctf_type *ty)
{
	int64_t next = 0;
	struct tsdl_tok t;

	if (!expect(p, "{"))
		return -1;
	while (take(p, &t) && !tsdl_tok_is(&t, "}")) {
		struct ctf_range r;
		struct ctf_range *v;

		if (tsdl_tok_is(&t, ","))
			continue;
		if (t.kind != TSDL_IDENT && t.kind != TSDL_STRING) {
			fail(p, "an enumeration label is not understood");
			return -1;
		}
		r.label = tok_dup(&t);
		r.lo = r.hi = next;
		if (peek_is(p, "=")) {
			take(p, &t);
			if (!take(p, &t) || !tok_number(&t, &r.lo)) {
				free(r.label);
				fail(p, "an enumeration value is not understood");
				return -1;
			}
			r.hi = r.lo;
			if (peek_is(p, "...")) {
				take(p, &t);
				if (!take(p, &t) || !tok_number(&t, &r.hi)) {
					free(r.label);
					fail(p, "an enumeration range is not understood");
					return -1;
				}
			}
		}
		next = r.hi + 1;
		v = realloc(ty->ranges, (ty->n_ranges + 1) * sizeof(*v));
		if (!v || !r.label) {
			free(r.label);
			fail(p, "out of memory");
			return -1;
		}
		ty->ranges = v;
		v[ty->n_ranges++] = r;
	}
	return p->why[0] ? -1 : 0;
}

static struct ctf_type *parse_enum(struct parser *p)
{
	struct tsdl_tok t;
	char *name = NULL;
	struct ctf_type *container = NULL, *ty;

	if (!take_type_name(p, &name))
		return fail(p, "out of memory");
	if (peek_is(p, ":")) {
		take(p, &t);
		container = parse_type(p, false);
	} else if (peek_is(p, "{")) {
		container = find_named(p, NAMED_ALIAS, "int");
	} else {
		ty = name ? find_named(p, NAMED_ENUM, name) : NULL;
		if (!ty)
			fail(p, "enum %s is not declared", name ? name : "(no name)");
		free(name);
		return ty;
	}
	if (!container || container->kind != CTF_INT) {
		free(name);
		return fail(p, "an enumeration's container is not an integer");
	}
	ty = copy_type(p, container);
	if (!ty || parse_enum_body(p, ty) != 0) {
		free(name);
		return NULL;
	}
	/* the copy's byte order is its container's */
	for (size_t i = 0; i < p->t->n_all; i++)
		if (p->t->all[i] == container)
			p->bo[p->t->n_all - 1] = p->bo[i];
	if (name && add_named(p, NAMED_ENUM, name, ty) != 0)
		return NULL;
	return ty;
}

static struct ctf_type *parse_variant(struct parser *p)
{
	struct tsdl_tok t, last = { 0 };
	char *name = NULL;
	struct ctf_type *ty;

	if (!take_type_name(p, &name))
		return fail(p, "out of memory");
	if (peek_is(p, "<")) {
		take(p, &t);
		while (take(p, &t) && !tsdl_tok_is(&t, ">"))
			if (t.kind == TSDL_IDENT)
				last = t;
			else if (t.kind == TSDL_END || !tsdl_tok_is(&t, "."))
				break;
		if (!tsdl_tok_is(&t, ">") || !last.n) {
			free(name);
			return fail(p, "a variant tag is not understood");
		}
	}
	if (!peek_is(p, "{")) {
		const struct ctf_type *named = name ? find_named(p, NAMED_VARIANT, name) : NULL;

		free(name);
		if (!named || !last.n)
			return fail(p, "a variant is not declared or has no tag");
		ty = copy_type(p, named);
		if (ty && !(ty->ref = tok_dup(&last)))
			return fail(p, "out of memory");
		return ty;
	}
	ty = new_type(p, CTF_VARIANT, BO_NATIVE);
	if (!ty || parse_members(p, ty) != 0) {
		free(name);
		return NULL;
	}
	if (last.n && !(ty->ref = tok_dup(&last))) {
		free(name);
		return fail(p, "out of memory");
	}
	if (name && add_named(p, NAMED_VARIANT, name, ty) != 0)
		return NULL;
	return ty;
}

/* A type alias name: its identifiers (in a member, all but the last: the field's name). */
static struct ctf_type *parse_alias(struct parser *p, bool member)
{
	char name[160] = "";
	size_t len = 0;
	struct tsdl_tok t;
	const char *before_last = p->cur;
	size_t len_before_last = 0;
	struct ctf_type *ty;

	while (peek(p, &t) && t.kind == TSDL_IDENT) {
		before_last = p->cur;
		len_before_last = len;
		take(p, &t);
		if (len + t.n + 2 > sizeof(name))
			return fail(p, "a type name is too long");
		if (len)
			name[len++] = ' ';
		memcpy(name + len, t.p, t.n);
		len += t.n;
		name[len] = '\0';
	}
	if (member) {	/* the last identifier is the field's name */
		p->cur = before_last;
		len = len_before_last;
		name[len] = '\0';
	}
	ty = len ? find_named(p, NAMED_ALIAS, name) : NULL;
	return ty ? ty : fail(p, "type %s is not declared", len ? name : "(none)");
}

static struct ctf_type *parse_type_at(struct parser *p, bool member);

static struct ctf_type *parse_type(struct parser *p, bool member)
{
	struct ctf_type *ty;

	if (p->depth >= 64)
		return fail(p, "types nested more than 64 deep");
	p->depth++;
	ty = parse_type_at(p, member);
	p->depth--;
	return ty;
}

static struct ctf_type *parse_type_at(struct parser *p, bool member)
{
	struct tsdl_tok t;

	if (!peek(p, &t) || t.kind != TSDL_IDENT)
		return fail(p, "a type is expected near '%.*s'", (int)(t.n > 40 ? 40 : t.n), t.p);
	if (tsdl_tok_is(&t, "integer") || tsdl_tok_is(&t, "floating_point")) {
		take(p, &t);
		return parse_number_type(p, t.p[0] == 'f');
	}
	if (tsdl_tok_is(&t, "string")) {
		take(p, &t);
		return parse_string(p);
	}
	if (tsdl_tok_is(&t, "struct")) {
		take(p, &t);
		return parse_struct(p);
	}
	if (tsdl_tok_is(&t, "enum")) {
		take(p, &t);
		return parse_enum(p);
	}
	if (tsdl_tok_is(&t, "variant")) {
		take(p, &t);
		return parse_variant(p);
	}
	return parse_alias(p, member);
}

/* typealias TYPE := NAME WORDS; */
static int parse_typealias(struct parser *p)
{
	struct ctf_type *ty = parse_type(p, false);
	char name[160] = "";
	size_t len = 0;
	struct tsdl_tok t;

	if (!ty || !expect(p, ":="))
		return -1;
	while (take(p, &t) && t.kind == TSDL_IDENT) {
		if (len + t.n + 2 > sizeof(name))
			return fail(p, "a type name is too long"), -1;
		if (len)
			name[len++] = ' ';
		memcpy(name + len, t.p, t.n);
		len += t.n;
		name[len] = '\0';
	}
	if (!tsdl_tok_is(&t, ";") || !len)
		return fail(p, "a typealias is not understood"), -1;
	return add_named(p, NAMED_ALIAS, strdup(name), ty);
}

/* typedef TYPE NAME; (no dimensions) */
static int parse_typedef(struct parser *p)
{
	struct ctf_type *ty = parse_type(p, true);
	struct tsdl_tok t;

	if (!ty || !take(p, &t) || t.kind != TSDL_IDENT || !peek_is(p, ";"))
		return fail(p, "a typedef is not understood"), -1;
	take(p, &(struct tsdl_tok){ 0 });
	return add_named(p, NAMED_ALIAS, tok_dup(&t), ty);
}

/* One entry of a trace/stream/event block: its key (dotted) and either a type (:=) or the
 * value's first token. 0, 1 at the block's end, -1. */
static int block_entry(struct parser *p, char *key, size_t key_size, struct ctf_type **type,
		       struct tsdl_tok *value)
{
	struct tsdl_tok t;
	size_t n = 0;

	*type = NULL;
	key[0] = '\0';
	if (!take(p, &t))
		return -1;
	if (tsdl_tok_is(&t, "}"))
		return 1;
	while (!tsdl_tok_is(&t, "=") && !tsdl_tok_is(&t, ":=")) {
		if (t.kind == TSDL_END || n + t.n + 1 >= key_size)
			return fail(p, "a block entry is not understood"), -1;
		memcpy(key + n, t.p, t.n);
		n += t.n;
		key[n] = '\0';
		if (!take(p, &t))
			return -1;
	}
	if (tsdl_tok_is(&t, ":=")) {
		*type = parse_type(p, false);
		return *type && expect(p, ";") ? 0 : -1;
	}
	if (!take(p, value))
		return -1;
	for (t = *value; !tsdl_tok_is(&t, ";"); )
		if (!take(p, &t) || t.kind == TSDL_END)
			return fail(p, "a block entry has no ';'"), -1;
	return 0;
}

static struct ctf_stream_class *stream_class(struct ctf_types *t, uint64_t id, bool create)
{
	struct ctf_stream_class *v;

	for (size_t i = 0; i < t->n_streams; i++)
		if (t->streams[i].id == id)
			return &t->streams[i];
	if (!create)
		return NULL;
	v = realloc(t->streams, (t->n_streams + 1) * sizeof(*v));
	if (!v)
		return NULL;
	t->streams = v;
	v[t->n_streams] = (struct ctf_stream_class){ .id = id };
	return &v[t->n_streams++];
}

static int parse_block(struct parser *p, const char *kw)
{
	char key[64];
	struct ctf_type *ty;
	struct tsdl_tok v;
	struct ctf_type *header = NULL, *pctx = NULL, *ectx = NULL, *fields = NULL, *ctx = NULL;
	int64_t id = 0, stream_id = 0;
	int r;

	if (!expect(p, "{"))
		return -1;
	while ((r = block_entry(p, key, sizeof(key), &ty, &v)) == 0) {
		if (ty && strcmp(key, "packet.header") == 0)
			p->t->packet_header = ty;
		else if (ty && strcmp(key, "event.header") == 0)
			header = ty;
		else if (ty && strcmp(key, "packet.context") == 0)
			pctx = ty;
		else if (ty && strcmp(key, "event.context") == 0)
			ectx = ty;
		else if (ty && strcmp(key, "fields") == 0)
			fields = ty;
		else if (ty && strcmp(key, "context") == 0)
			ctx = ty;
		else if (ty)
			return fail(p, "%s.%s is not understood", kw, key), -1;
		else if (strcmp(key, "byte_order") == 0 && strcmp(kw, "trace") == 0)
			p->t->big_endian = tsdl_tok_is(&v, "be") || tsdl_tok_is(&v, "network");
		else if (strcmp(key, "id") == 0 && !tok_number(&v, &id))
			return fail(p, "a %s id is not understood", kw), -1;
		else if (strcmp(key, "stream_id") == 0 && !tok_number(&v, &stream_id))
			return fail(p, "an event's stream_id is not understood"), -1;
	}
	if (r < 0 || !expect(p, ";"))
		return -1;
	if (strcmp(kw, "stream") == 0) {
		struct ctf_stream_class *sc = stream_class(p->t, (uint64_t)id, true);

		if (!sc)
			return fail(p, "out of memory"), -1;
		sc->packet_context = pctx;
		sc->event_header = header;
		sc->event_context = ectx;
	} else if (strcmp(kw, "event") == 0) {
		struct ctf_stream_class *sc = stream_class(p->t, (uint64_t)stream_id, false);
		struct ctf_event_class *e;

		if (!sc)
			return fail(p, "an event of an undeclared stream %lld", (long long)stream_id), -1;
		e = realloc(sc->events, (sc->n_events + 1) * sizeof(*e));
		if (!e)
			return fail(p, "out of memory"), -1;
		sc->events = e;
		e[sc->n_events++] = (struct ctf_event_class){ (uint64_t)id, ctx, fields };
	}
	return 0;
}

static int parse_statement(struct parser *p)
{
	struct tsdl_tok t;
	const char *start = p->cur, *e;

	if (!peek(p, &t))
		return fail(p, "the metadata has an unterminated comment or string"), -1;
	if (tsdl_tok_is(&t, "typealias")) {
		take(p, &t);
		return parse_typealias(p);
	}
	if (tsdl_tok_is(&t, "typedef")) {
		take(p, &t);
		return parse_typedef(p);
	}
	if (tsdl_tok_is(&t, "struct") || tsdl_tok_is(&t, "enum") || tsdl_tok_is(&t, "variant"))
		return parse_type(p, false) && expect(p, ";") ? 0 : -1;
	if (tsdl_tok_is(&t, "trace") || tsdl_tok_is(&t, "stream") || tsdl_tok_is(&t, "event")) {
		char kw[8];

		snprintf(kw, sizeof(kw), "%.*s", (int)t.n, t.p);
		take(p, &t);
		return parse_block(p, kw);
	}
	if (tsdl_tok_is(&t, "env") || tsdl_tok_is(&t, "clock") || tsdl_tok_is(&t, "callsite")) {
		e = tsdl_statement_end(start, p->end);
		if (!e)
			return fail(p, "the metadata ends inside a statement"), -1;
		p->cur = e;
		return 0;
	}
	return fail(p, "a metadata statement is not understood: %.*s", (int)t.n, t.p), -1;
}

const char ctf_types_id_key[] = "id";

/* The interned pointer of a reference name: ctf_types_id_key for "id", else the first
 * of the refs equal to it (NULL: nothing refers to that name). */
static const char *intern_key(char *const *refs, size_t n, const char *name)
{
	if (strcmp(name, "id") == 0)
		return ctf_types_id_key;
	for (size_t i = 0; i < n; i++)
		if (strcmp(refs[i], name) == 0)
			return refs[i];
	return NULL;
}

/* Marks the members whose values the walk must remember (by name), and interns the
 * names references go by (the refs, of variants and sequences, are few: listed first). */
static int mark_references(struct ctf_types *t)
{
	char **refs = malloc((t->n_all + 1) * sizeof(*refs));
	size_t n = 0;

	if (!refs)
		return -1;
	for (size_t i = 0; i < t->n_all; i++)
		if (t->all[i]->ref)
			refs[n++] = t->all[i]->ref;
	for (size_t i = 0; i < t->n_all; i++) {
		struct ctf_type *ty = t->all[i];

		if (ty->ref)
			ty->ref_key = intern_key(refs, n, ty->ref);
		for (size_t k = 0; k < ty->n_members; k++) {
			ty->members[k].key = intern_key(refs, n, ty->members[k].name);
			ty->members[k].referenced = ty->members[k].key != NULL;
		}
	}
	free(refs);
	return 0;
}

static uint64_t align_bits(uint64_t v, unsigned a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

/* Whether the struct's members lay out the same from any position aligned to the struct's
 * alignment, none remembered: *bits their extent. */
static bool fixed_struct(struct ctf_type *ty, uint64_t *bits);

/* Measures ty->fixed_bits/fixed_align once (types are shared: memoized). An array's
 * elements are walked each aligned to its own alignment: fixed when they follow each other
 * without padding. */
static void measure_fixed(struct ctf_type *ty)
{
	uint64_t bits = 0;

	if (ty->fixed_measured)
		return;
	ty->fixed_measured = true;
	switch (ty->kind) {
	case CTF_INT:
	case CTF_FLOAT:
		if (!ty->clock)
			bits = ty->size;
		ty->fixed_align = ty->align;
		break;
	case CTF_STRUCT:
		if (!fixed_struct(ty, &bits))
			bits = 0;
		ty->fixed_align = ty->align;
		break;
	case CTF_ARRAY:
		measure_fixed(ty->elem);
		ty->fixed_align = ty->elem->fixed_align;
		if (ty->length && ty->elem->fixed_bits && ty->elem->fixed_align &&
		    ty->elem->fixed_bits % ty->elem->fixed_align == 0 &&
		    ty->length <= UINT64_MAX / 2 / ty->elem->fixed_bits)
			bits = ty->length * ty->elem->fixed_bits;
		break;
	default:
		break;
	}
	ty->fixed_bits = bits;
}

static bool fixed_struct(struct ctf_type *ty, uint64_t *bits)
{
	uint64_t pos = 0;

	for (size_t i = 0; i < ty->n_members; i++) {
		struct ctf_type *m = ty->members[i].type;

		measure_fixed(m);
		if (!m->fixed_bits || ty->members[i].referenced || m->fixed_align > ty->align ||
		    pos > UINT64_MAX / 4 || m->fixed_bits > UINT64_MAX / 4)
			return false;
		pos = align_bits(pos, m->fixed_align) + m->fixed_bits;
	}
	*bits = pos;
	return true;
}

/* The run of fixed-size members from member k: as long as the members after it are of
 * fixed size, not referenced and no more aligned than it (so their layout from it does
 * not depend on where it starts). */
static void measure_run(struct ctf_type *ty, size_t k)
{
	struct ctf_member *first = &ty->members[k];
	unsigned a = first->type->fixed_align;
	uint64_t pos = 0;
	size_t n = 0;

	for (size_t i = k; i < ty->n_members; i++, n++) {
		const struct ctf_member *m = &ty->members[i];

		if (!m->type->fixed_bits || m->referenced || m->type->fixed_align > a ||
		    pos > UINT64_MAX / 4 || m->type->fixed_bits > UINT64_MAX / 4)
			break;
		pos = align_bits(pos, m->type->fixed_align) + m->type->fixed_bits;
	}
	first->run_len = n;
	first->run_bits = pos;
	first->run_align = a;
}

static void measure_runs(struct ctf_type *ty)
{
	if (ty->kind != CTF_STRUCT)
		return;
	for (size_t k = 0; k < ty->n_members; k++)
		measure_run(ty, k);
}

/* A table of the stream's events by id, for ids as LTTng numbers them (from 0). */
static int index_events(struct ctf_stream_class *sc)
{
	uint64_t max = 0;

	for (size_t i = 0; i < sc->n_events; i++)
		if (sc->events[i].id > max)
			max = sc->events[i].id;
	if (!sc->n_events || max >= 65536)
		return 0;
	sc->by_id = calloc(max + 1, sizeof(*sc->by_id));
	if (!sc->by_id)
		return -1;
	sc->n_by_id = max + 1;
	for (size_t i = 0; i < sc->n_events; i++)
		sc->by_id[sc->events[i].id] = &sc->events[i];
	return 0;
}

struct ctf_types *ctf_types_parse(const char *text, const char *end, char *why,
				  size_t why_size)
{
	struct ctf_types *t = calloc(1, sizeof(*t));
	struct parser p = { t, text, end, why, why_size, NULL, 0, 0 };
	struct tsdl_tok tok;

	why[0] = '\0';
	if (!t)
		return NULL;
	while (peek(&p, &tok) && tok.kind != TSDL_END)
		if (parse_statement(&p) != 0)
			goto error;
	if (tok.kind != TSDL_END) {
		fail(&p, "the metadata has an unterminated comment or string");
		goto error;
	}
	for (size_t i = 0; i < t->n_all; i++)
		t->all[i]->big_endian = p.bo[i] == BO_NATIVE ? t->big_endian : p.bo[i] == BO_BE;
	free(p.bo);
	if (mark_references(t) != 0)
		goto error_nobo;
	for (size_t i = 0; i < t->n_all; i++)
		measure_fixed(t->all[i]);
	for (size_t i = 0; i < t->n_all; i++)
		measure_runs(t->all[i]);
	for (size_t i = 0; i < t->n_streams; i++)
		if (index_events(&t->streams[i]) != 0)
			goto error_nobo;
	return t;
error:
	free(p.bo);
error_nobo:
	ctf_types_destroy(t);
	return NULL;
}

const struct ctf_stream_class *ctf_types_stream(const struct ctf_types *t, uint64_t id)
{
	for (size_t i = 0; t && i < t->n_streams; i++)
		if (t->streams[i].id == id)
			return &t->streams[i];
	return NULL;
}

void ctf_types_destroy(struct ctf_types *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n_all; i++) {
		struct ctf_type *ty = t->all[i];

		for (size_t k = 0; k < ty->n_members; k++)
			free(ty->members[k].name);
		for (size_t k = 0; k < ty->n_ranges; k++)
			free(ty->ranges[k].label);
		free(ty->members);
		free(ty->ranges);
		free(ty->ref);
		free(ty);
	}
	for (size_t i = 0; i < t->n_named; i++)
		free(t->named[i].name);
	for (size_t i = 0; i < t->n_streams; i++) {
		free(t->streams[i].events);
		free(t->streams[i].by_id);
	}
	free(t->streams);
	free(t->named);
	free(t->all);
	free(t);
}
