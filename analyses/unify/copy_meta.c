#include "analyses/unify/copy_meta.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "analyses/common/ctf_clock.h"
#include "analyses/unify/ctf_type.h"

/* One `key = value;` (or `key := type;`) of a block. */
struct entry {
	char key[64];		/* its tokens joined: "packet.header", "id" */
	const char *start, *value, *end;	/* end: past the ';' */
};

/* The state of one copy_meta_add. */
struct adder {
	struct copy_meta *m;
	struct copy_input *in;
	size_t index;
	struct tsdl_renames renames;
	char *why;
	size_t why_size;
	/* Where each top-level statement ends, found by the first walk over the text (the
	 * environment's) for the second: a statement's end is found by tokenizing it. */
	const char **ends;
	size_t n_ends, cap_ends;
};

static int fail(struct adder *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int keep_end(struct adder *a, const char *e)
{
	if (a->n_ends == a->cap_ends) {
		size_t cap = a->cap_ends ? 2 * a->cap_ends : 256;
		const char **v = realloc(a->ends, cap * sizeof(*v));

		if (!v)
			return fail(a, "out of memory");
		a->ends = v;
		a->cap_ends = cap;
	}
	a->ends[a->n_ends++] = e;
	return 0;
}

/* Says why the input cannot be copied, in a->why. Returns -1. */
static int fail(struct adder *a, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(a->why, a->why_size, fmt, ap);
	va_end(ap);
	return -1;
}

void copy_meta_init(struct copy_meta *m)
{
	*m = (struct copy_meta){ 0 };
}

static void release_input(struct copy_input *in)
{
	for (size_t i = 0; i < in->n_env; i++) {
		free(in->env[i].name);
		free(in->env[i].value);
	}
	free(in->env);
	free(in->sc);
	free(in->dir);
	ctf_types_destroy(in->types);
}

void copy_meta_release(struct copy_meta *m)
{
	for (size_t i = 0; i < m->n_inputs; i++)
		release_input(&m->inputs[i]);
	for (size_t i = 0; i < m->n_clocks; i++)
		free(m->clocks[i].name);
	free(m->inputs);
	free(m->clocks);
	tsdl_buf_release(&m->decls);
	tsdl_buf_release(&m->streams);
	tsdl_buf_release(&m->header_type);
	tsdl_decls_release(&m->names);
	*m = (struct copy_meta){ 0 };
}

/* --- reading blocks --- */

/* The block's body: between its first '{' and the last '}' of the statement. */
static bool block_body(const char *s, const char *e, const char **open, const char **close)
{
	const char *o = memchr(s, '{', (size_t)(e - s));
	const char *c = e;

	while (c > s && *c != '}')
		c--;
	if (!o || c <= o)
		return false;
	*open = o + 1;
	*close = c;
	return true;
}

static bool next_entry(const char **cur, const char *end, struct entry *en)
{
	const char *p = *cur, *stop = tsdl_statement_end(*cur, end);
	struct tsdl_tok t;
	size_t n = 0;

	if (!stop)
		return false;
	en->start = p;
	en->end = stop;
	en->key[0] = '\0';
	while (tsdl_next(&p, stop, &t) && t.kind != TSDL_END) {
		if (tsdl_tok_is(&t, "=") || tsdl_tok_is(&t, ":=")) {
			en->value = p;
			*cur = stop;
			return true;
		}
		if (n + t.n + 1 >= sizeof(en->key))
			return false;
		memcpy(en->key + n, t.p, t.n);
		n += t.n;
		en->key[n] = '\0';
	}
	return false;
}

/* The value of an entry without its ';', as one token's text (strings unquoted). */
static void entry_token(const struct entry *en, char *buf, size_t size)
{
	const char *p = en->value;
	struct tsdl_tok t;

	buf[0] = '\0';
	if (!tsdl_next(&p, en->end, &t) || t.kind == TSDL_END || t.kind == TSDL_BAD)
		return;
	if (t.kind == TSDL_STRING && t.n >= 2) {
		t.p++;
		t.n -= 2;
	}
	snprintf(buf, size, "%.*s", (int)t.n, t.p);
}

/* The whole value of an entry, trimmed, without its ';'. */
static void entry_raw(const struct entry *en, const char **s, const char **e)
{
	const char *p = en->value;
	struct tsdl_tok t;

	*e = en->end - 1;	/* the ';' */
	*s = tsdl_next(&p, *e, &t) && t.kind != TSDL_END ? t.p : *e;
	while (*e > *s && isspace((unsigned char)(*e)[-1]))
		(*e)--;
}

/* --- declarations --- */

static int normalized(struct adder *a, const char *s, const char *e, char **out)
{
	struct tsdl_buf b = { 0 };

	tsdl_rewrite(&b, s, e, &a->renames, true);
	tsdl_buf_add(&b, "", 0);
	if (b.failed) {
		tsdl_buf_release(&b);
		return -1;
	}
	*out = b.s;
	return 0;
}

/* A declared name: shared when declared the same before, renamed when declared otherwise.
 * The statement [s, e) is then emitted (or not) with this input's renames. */
static int declare(struct adder *a, enum tsdl_decl_kind kind, const char *name, size_t name_len,
		   const char *def_s, const char *def_e, const char *s, const char *e)
{
	char key[128], renamed[160];
	const struct tsdl_decl *had;
	char *def = NULL;
	int ret = -1;

	if (name_len >= sizeof(key))
		return fail(a, "a name in the metadata is too long");
	memcpy(key, name, name_len);
	key[name_len] = '\0';
	if (normalized(a, def_s, def_e, &def) != 0)
		return -1;
	had = tsdl_decls_find(&a->m->names, kind, key);
	if (had && strcmp(had->def, def) == 0) {
		ret = 0;
		goto end;
	}
	if (had) {
		if (strchr(key, ' ')) {
			ret = fail(a, "two inputs declare the type %s differently", key);
			goto end;
		}
		snprintf(renamed, sizeof(renamed), "%.120s_t%zu", key, a->index);
		if (tsdl_renames_add(&a->renames, name, name_len, renamed) != 0)
			goto end;
		snprintf(key, sizeof(key), "%.127s", renamed);
	}
	if (tsdl_decls_add(&a->m->names, kind, key, def) != 0)
		goto end;
	tsdl_rewrite(&a->m->decls, s, e, &a->renames, false);
	tsdl_buf_add(&a->m->decls, "\n", 1);
	ret = 0;
end:
	free(def);
	return ret;
}

/* typealias TYPE := NAME; */
static int add_typealias(struct adder *a, const char *s, const char *e)
{
	const char *p = s, *def_s = NULL, *def_e = NULL, *name_s = NULL, *name_e = NULL;
	struct tsdl_tok t;

	tsdl_next(&p, e, &t);
	def_s = p;
	while (tsdl_next(&p, e, &t) && t.kind != TSDL_END) {
		if (tsdl_tok_is(&t, ":=") && !def_e) {
			def_e = t.p;
			name_s = p;
		} else if (tsdl_tok_is(&t, ";")) {
			name_e = t.p;
		}
	}
	if (!def_e || !name_e)
		return fail(a, "a typealias is not understood");
	{
		char *name = NULL;
		int ret;
		struct tsdl_renames none = { 0 };
		struct tsdl_buf b = { 0 };

		tsdl_rewrite(&b, name_s, name_e, &none, true);
		tsdl_buf_add(&b, "", 0);
		name = b.s;
		if (b.failed || !name)
			return -1;
		ret = declare(a, TSDL_DECL_ALIAS, name, strlen(name), def_s, def_e, s, e);
		free(name);
		return ret;
	}
}

/* struct NAME { ... } align(N);  enum NAME : T { ... };  variant NAME { ... }; */
static int add_named_type(struct adder *a, const struct tsdl_tok *kw, const char *s,
			  const char *e)
{
	const char *p = kw->p + kw->n;
	struct tsdl_tok name, next;
	const char *def_s, *def_e = e;

	if (!tsdl_next(&p, e, &name) || name.kind != TSDL_IDENT)
		return fail(a, "a type declaration is not understood");
	def_s = p;
	if (!tsdl_next(&p, e, &next) || (!tsdl_tok_is(&next, "{") && !tsdl_tok_is(&next, ":")))
		return fail(a, "a top-level type is not a declaration");
	while (def_e > def_s && def_e[-1] != ';')
		def_e--;
	def_e--;
	return declare(a, tsdl_tok_is(kw, "struct") ? TSDL_DECL_STRUCT : TSDL_DECL_OTHER,
		       name.p, name.n, def_s, def_e, s, e);
}

/* --- trace, env, clock --- */

static int add_trace(struct adder *a, const char *s, const char *e)
{
	const char *cur, *close, *hs = NULL, *he = NULL;
	char order[16] = "";
	struct entry en;

	if (!block_body(s, e, &cur, &close))
		return fail(a, "the trace block is not understood");
	while (next_entry(&cur, close, &en)) {
		if (strcmp(en.key, "byte_order") == 0)
			entry_token(&en, order, sizeof(order));
		else if (strcmp(en.key, "packet.header") == 0)
			entry_raw(&en, &hs, &he);
	}
	if (strcmp(order, "le") != 0 && strcmp(order, "be") != 0)
		return fail(a, "byte order %s (only le and be are copied)", order[0] ? order : "none");
	a->in->big_endian = strcmp(order, "be") == 0;
	if (!hs)
		return fail(a, "no packet header");
	{
		char *type = NULL;
		int ret;

		if (normalized(a, hs, he, &type) != 0)
			return -1;
		ret = tsdl_layout_struct(&a->m->names, type, type + strlen(type), &a->in->header);
		free(type);
		if (ret != 0)
			return fail(a, "its packet header is not a structure of integers");
	}
	if (a->index == 0)
		tsdl_rewrite(&a->m->header_type, hs, he, &a->renames, false);
	else if (a->in->big_endian != a->m->inputs[0].big_endian)
		return fail(a, "its byte order differs from the first input's");
	return 0;
}

static int add_env(struct adder *a, const char *s, const char *e)
{
	const char *cur, *close;
	struct entry en;

	if (!block_body(s, e, &cur, &close))
		return fail(a, "the env block is not understood");
	while (next_entry(&cur, close, &en)) {
		const char *vs, *ve;
		struct copy_env_entry *v = realloc(a->in->env, (a->in->n_env + 1) * sizeof(*v));

		if (!v)
			return -1;
		a->in->env = v;
		entry_raw(&en, &vs, &ve);
		v[a->in->n_env].name = strdup(en.key);
		v[a->in->n_env].value = strndup(vs, (size_t)(ve - vs));
		if (!v[a->in->n_env].name || !v[a->in->n_env].value) {
			free(v[a->in->n_env].name);
			free(v[a->in->n_env].value);
			return -1;
		}
		a->in->n_env++;
	}
	return 0;
}

const char *copy_input_env(const struct copy_input *in, const char *name)
{
	for (size_t i = 0; i < in->n_env; i++)
		if (strcmp(in->env[i].name, name) == 0)
			return in->env[i].value;
	return NULL;
}

bool copy_clock_same(const struct copy_clock *x, const struct copy_clock *y)
{
	__int128 ox = (__int128)x->offset_s * x->freq + x->offset;
	__int128 oy = (__int128)y->offset_s * y->freq + y->offset;

	return x->freq == y->freq && ox == oy && strcmp(x->uuid, y->uuid) == 0 &&
	       x->absolute == y->absolute;
}

static bool clock_name_taken(const struct copy_meta *m, const char *name)
{
	for (size_t i = 0; i < m->n_clocks; i++)
		if (strcmp(m->clocks[i].name, name) == 0)
			return true;
	return false;
}

static void emit_clock(struct copy_meta *m, const struct copy_clock *c, const char *description)
{
	struct tsdl_buf *b = &m->decls;

	tsdl_buf_printf(b, "clock {\n\tname = \"%s\";\n", c->name);
	if (c->uuid[0])
		tsdl_buf_printf(b, "\tuuid = \"%s\";\n", c->uuid);
	if (description)
		tsdl_buf_printf(b, "\tdescription = %s;\n", description);
	tsdl_buf_printf(b, "\tfreq = %" PRIu64 ";\n\toffset_s = %" PRId64 ";\n\toffset = %" PRId64
			";\n\tabsolute = %s;\n};\n\n", c->freq, c->offset_s, c->offset,
			c->absolute ? "true" : "false");
}

static int parse_clock(struct adder *a, const char *s, const char *e, struct copy_clock *c,
		       char *name, size_t name_size, char *description, size_t descr_size)
{
	const char *cur, *close;
	struct entry en;
	char v[128];
	const char *tracer = copy_input_env(a->in, "tracer_name");

	/* babeltrace2 takes an LTTng clock's origin as the Unix epoch: said explicitly. */
	c->absolute = tracer && strncmp(tracer, "\"lttng", 6) == 0;
	c->freq = 1000000000;
	name[0] = description[0] = '\0';
	if (!block_body(s, e, &cur, &close))
		return fail(a, "a clock block is not understood");
	while (next_entry(&cur, close, &en)) {
		entry_token(&en, v, sizeof(v));
		if (strcmp(en.key, "name") == 0) {
			snprintf(name, name_size, "%.*s", (int)name_size - 1, v);
		} else if (strcmp(en.key, "uuid") == 0) {
			snprintf(c->uuid, sizeof(c->uuid), "%.*s", (int)sizeof(c->uuid) - 1, v);
		} else if (strcmp(en.key, "description") == 0) {
			const char *vs, *ve;

			entry_raw(&en, &vs, &ve);
			snprintf(description, descr_size, "%.*s", (int)(ve - vs), vs);
		} else if (strcmp(en.key, "freq") == 0) {
			c->freq = strtoull(v, NULL, 0);
		} else if (strcmp(en.key, "offset_s") == 0) {
			c->offset_s = strtoll(v, NULL, 0);
		} else if (strcmp(en.key, "offset") == 0) {
			c->offset = strtoll(v, NULL, 0);
		} else if (strcmp(en.key, "absolute") == 0) {
			c->absolute |= strcmp(v, "true") == 0 || strcmp(v, "TRUE") == 0 ||
				       strcmp(v, "1") == 0;
		} else if (strcmp(en.key, "precision") != 0) {
			return fail(a, "clock attribute %s is not copied", en.key);
		}
	}
	if (!name[0] || !c->freq)
		return fail(a, "a clock has no name or frequency");
	return 0;
}

/* The same clock declared before is shared; another one keeps its own class. */
static int add_clock(struct adder *a, const char *s, const char *e)
{
	struct copy_clock c = { 0 }, *v;
	char name[96], description[256], fresh[128];

	if (parse_clock(a, s, e, &c, name, sizeof(name), description, sizeof(description)) != 0)
		return -1;
	if (a->m->clock_as) {	/* its times are shifted onto that clock by copy_stream */
		struct copy_clock *as = a->m->clock_as;

		c.freq = as->freq;
		c.offset_s = as->offset_s;
		c.offset = as->offset;
		c.absolute = as->absolute;
		memcpy(c.uuid, as->uuid, sizeof(c.uuid));
		description[0] = '\0';
	}
	for (size_t i = 0; i < a->m->n_clocks; i++) {
		if (!copy_clock_same(&a->m->clocks[i], &c))
			continue;
		if (strcmp(a->m->clocks[i].name, name) == 0)
			return 0;
		return tsdl_renames_add(&a->renames, name, strlen(name), a->m->clocks[i].name);
	}
	snprintf(fresh, sizeof(fresh), "%s", name);
	for (unsigned k = 1; clock_name_taken(a->m, fresh); k++)
		snprintf(fresh, sizeof(fresh), "%s_%u", name, k);
	if (strcmp(fresh, name) != 0 && tsdl_renames_add(&a->renames, name, strlen(name), fresh) != 0)
		return -1;
	v = realloc(a->m->clocks, (a->m->n_clocks + 1) * sizeof(*v));
	if (!v)
		return -1;
	a->m->clocks = v;
	c.input = a->index;
	c.name = strdup(fresh);
	if (!c.name)
		return -1;
	v[a->m->n_clocks++] = c;
	emit_clock(a->m, &c, description[0] ? description : NULL);
	return 0;
}

/* --- streams and events --- */

static int add_stream_class(struct adder *a, uint64_t in_id, const char *ctx_s,
			    const char *ctx_e, uint64_t *out_id)
{
	struct copy_stream_class *v = realloc(a->in->sc, (a->in->n_sc + 1) * sizeof(*v));
	char *type = NULL;
	int ret;

	if (!v)
		return -1;
	a->in->sc = v;
	v += a->in->n_sc;
	*v = (struct copy_stream_class){ .in_id = in_id, .out_id = a->m->next_stream_id++ };
	if (!ctx_s)
		return fail(a, "a stream class has no packet context");
	if (normalized(a, ctx_s, ctx_e, &type) != 0)
		return -1;
	ret = tsdl_layout_struct(&a->m->names, type, type + strlen(type), &v->context);
	free(type);
	if (ret != 0 || !tsdl_layout_field(&v->context, "packet_size") ||
	    !tsdl_layout_field(&v->context, "content_size"))
		return fail(a, "a packet context is not a structure of integers with sizes");
	*out_id = v->out_id;
	a->in->n_sc++;
	return 0;
}

/* stream { id = N; ... }: renumbered, its types renamed as this input's. */
static int add_stream(struct adder *a, const char *s, const char *e)
{
	const char *cur, *close, *ctx_s = NULL, *ctx_e = NULL;
	struct entry en;
	char v[32];
	uint64_t in_id = 0, out_id = 0;

	if (!block_body(s, e, &cur, &close))
		return fail(a, "a stream block is not understood");
	for (const char *p = cur; next_entry(&p, close, &en);) {
		if (strcmp(en.key, "id") == 0) {
			entry_token(&en, v, sizeof(v));
			in_id = strtoull(v, NULL, 0);
		} else if (strcmp(en.key, "packet.context") == 0) {
			entry_raw(&en, &ctx_s, &ctx_e);
		}
	}
	if (add_stream_class(a, in_id, ctx_s, ctx_e, &out_id) != 0)
		return -1;
	tsdl_buf_printf(&a->m->streams, "stream {\n\tid = %" PRIu64 ";", out_id);
	while (next_entry(&cur, close, &en))
		if (strcmp(en.key, "id") != 0)
			tsdl_rewrite(&a->m->streams, en.start, en.end, &a->renames, false);
	tsdl_buf_str(&a->m->streams, "\n};\n\n");
	return 0;
}

int64_t copy_input_stream_id(const struct copy_input *in, uint64_t in_id, size_t *index)
{
	for (size_t i = 0; i < in->n_sc; i++)
		if (in->sc[i].in_id == in_id) {
			if (index)
				*index = i;
			return (int64_t)in->sc[i].out_id;
		}
	return -1;
}

/* event { ...; stream_id = N; ... }: follows its renumbered stream class. */
static int add_event(struct adder *a, const char *s, const char *e)
{
	const char *cur, *close;
	struct entry en;
	char v[32];
	int64_t out_id = -1;
	bool have = false;

	if (!block_body(s, e, &cur, &close))
		return fail(a, "an event block is not understood");
	for (const char *p = cur; next_entry(&p, close, &en);)
		if (strcmp(en.key, "stream_id") == 0) {
			entry_token(&en, v, sizeof(v));
			out_id = copy_input_stream_id(a->in, strtoull(v, NULL, 0), NULL);
			have = true;
		}
	if (!have && a->in->n_sc == 1)
		out_id = (int64_t)a->in->sc[0].out_id;
	if (out_id < 0)
		return fail(a, "an event's stream class is not declared");
	tsdl_buf_printf(&a->m->streams, "event {\n\tstream_id = %" PRId64 ";", out_id);
	while (next_entry(&cur, close, &en))
		if (strcmp(en.key, "stream_id") != 0)
			tsdl_rewrite(&a->m->streams, en.start, en.end, &a->renames, false);
	tsdl_buf_str(&a->m->streams, "\n};\n\n");
	return 0;
}

/* --- the input as a whole --- */

/* The largest alignment the metadata declares (align = N, align(N)), in bits. */
static unsigned max_align(const char *text, const char *end)
{
	const char *p = text;
	struct tsdl_tok t, prev = { 0 }, prev2 = { 0 };
	unsigned best = 8;

	while (tsdl_next(&p, end, &t) && t.kind != TSDL_END) {
		if (t.kind == TSDL_NUMBER && tsdl_tok_is(&prev2, "align") &&
		    (tsdl_tok_is(&prev, "=") || tsdl_tok_is(&prev, "("))) {
			unsigned v = (unsigned)strtoul(t.p, NULL, 0);

			if (v > best)
				best = v;
		}
		prev2 = prev;
		prev = t;
	}
	return best;
}

static int add_statement(struct adder *a, const char *s, const char *e)
{
	const char *p = s;
	struct tsdl_tok t;

	if (!tsdl_next(&p, e, &t) || t.kind != TSDL_IDENT)
		return fail(a, "a metadata statement is not understood");
	if (tsdl_tok_is(&t, "typealias"))
		return add_typealias(a, s, e);
	if (tsdl_tok_is(&t, "struct") || tsdl_tok_is(&t, "enum") || tsdl_tok_is(&t, "variant"))
		return add_named_type(a, &t, s, e);
	if (tsdl_tok_is(&t, "trace"))
		return add_trace(a, s, e);
	if (tsdl_tok_is(&t, "env"))
		return 0; /* read before the rest (add_env) */
	if (tsdl_tok_is(&t, "clock"))
		return add_clock(a, s, e);
	if (tsdl_tok_is(&t, "stream"))
		return add_stream(a, s, e);
	if (tsdl_tok_is(&t, "event"))
		return add_event(a, s, e);
	if (tsdl_tok_is(&t, "callsite"))
		return 0; /* source locations: not kept */
	return fail(a, "a metadata statement is not copied: %.*s", (int)t.n, t.p);
}

/* The first walk over the text: the env blocks alone (read first so that clocks know the
 * tracer), each statement's end kept for the second walk. */
static int add_env_statements(struct adder *a, const char *text, const char *end)
{
	const char *s = text;

	for (;;) {
		const char *p = s, *e;
		struct tsdl_tok t;

		if (!tsdl_next(&p, end, &t))
			return fail(a, "the metadata has an unterminated comment or string");
		if (t.kind == TSDL_END)
			return 0;
		e = tsdl_statement_end(s, end);
		if (!e)
			return fail(a, "the metadata ends inside a statement");
		if (keep_end(a, e) != 0 || (tsdl_tok_is(&t, "env") && add_env(a, s, e) != 0))
			return -1;
		s = e;
	}
}

/* The second walk: every statement (add_statement passes over the env blocks), at the
 * ends the first kept. */
static int add_statements(struct adder *a, const char *text)
{
	const char *s = text;

	for (size_t k = 0; k < a->n_ends; s = a->ends[k++])
		if (add_statement(a, s, a->ends[k]) != 0)
			return -1;
	return 0;
}

int copy_meta_add(struct copy_meta *m, const char *trace_dir, bool with_env, char *why,
		  size_t why_size)
{
	struct copy_input *v = realloc(m->inputs, (m->n_inputs + 1) * sizeof(*v));
	struct adder a = { .m = m, .index = m->n_inputs, .why = why, .why_size = why_size };
	char *path = NULL, *text = NULL;
	int ret = -1;

	snprintf(why, why_size, "out of memory");
	if (!v)
		return -1;
	m->inputs = v;
	a.in = &v[m->n_inputs];
	*a.in = (struct copy_input){ .with_env = with_env, .dir = strdup(trace_dir) };
	m->n_inputs++;
	if (!a.in->dir || asprintf(&path, "%s/metadata", trace_dir) < 0) {
		path = NULL;
		goto end;
	}
	text = ctf_metadata_read_text(path);
	if (!text) {
		fail(&a, "its metadata cannot be read");
		goto end;
	}
	if (m->n_inputs == 1 && getrandom(m->uuid, sizeof(m->uuid), 0) != sizeof(m->uuid))
		goto end;
	a.in->max_align = max_align(text, text + strlen(text));
	if (add_env_statements(&a, text, text + strlen(text)) != 0 ||
	    add_statements(&a, text) != 0)
		goto end;
	if (!a.in->header.n) {
		fail(&a, "no trace block");
	} else {
		a.in->types = ctf_types_parse(text, text + strlen(text), a.in->types_why,
					      sizeof(a.in->types_why));
		ret = 0;
	}
end:
	tsdl_renames_release(&a.renames);
	free(a.ends);
	free(text);
	free(path);
	return ret;
}

/* --- writing --- */

struct env_out {
	const char **name, **value;
	char **owned;
	size_t n, n_owned;
};

static const char *env_get(const struct env_out *o, const char *name)
{
	for (size_t i = 0; i < o->n; i++)
		if (strcmp(o->name[i], name) == 0)
			return o->value[i];
	return NULL;
}

static void env_set(struct env_out *o, const char *name, const char *value)
{
	for (size_t i = 0; i < o->n; i++)
		if (strcmp(o->name[i], name) == 0) {
			o->value[i] = value;
			return;
		}
	o->name[o->n] = name;
	o->value[o->n++] = value;
}

static char *own(struct env_out *o, char *s)
{
	if (s)
		o->owned[o->n_owned++] = s;
	return s;
}

/* As the re-encoding filter merges environments: an entry another trace already set to
 * another value is kept as "<domain>_<name>" (or "trace<index>_<name>"). */
static int merge_input_env(struct env_out *o, const struct copy_input *in, size_t index)
{
	const char *domain = copy_input_env(in, "domain");
	char dom[64] = "";

	if (domain && strlen(domain) >= 2 && strlen(domain) < sizeof(dom) + 2 && domain[0] == '"')
		snprintf(dom, sizeof(dom), "%.*s", (int)strlen(domain) - 2, domain + 1);
	for (size_t i = 0; i < in->n_env; i++) {
		const char *name = in->env[i].name, *have = env_get(o, name);
		char *alt;

		if (have && strcmp(have, in->env[i].value) == 0)
			continue;
		if (have) {
			if (dom[0] ? asprintf(&alt, "%s_%s", dom, name) < 0 :
				     asprintf(&alt, "trace%zu_%s", index, name) < 0)
				return -1;
			have = env_get(o, alt);
			if (have && strcmp(have, in->env[i].value) != 0) {
				free(alt);
				if (asprintf(&alt, "trace%zu_%s", index, name) < 0)
					return -1;
			}
			name = own(o, alt);
		}
		env_set(o, name, in->env[i].value);
	}
	return 0;
}

static char *quoted(const char *s)
{
	size_t n = strlen(s);
	char *q = malloc(2 * n + 3), *p = q;

	if (!q)
		return NULL;
	*p++ = '"';
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			*p++ = '\\';
		*p++ = *s == '\n' ? ' ' : *s;
	}
	*p++ = '"';
	*p = '\0';
	return q;
}

/* The inputs with an environment, the kernel trace swapped first as the filter does. */
static size_t env_order(const struct copy_meta *m, const struct copy_input **order)
{
	size_t n = 0;

	for (size_t i = 0; i < m->n_inputs; i++) {
		const char *domain;

		if (!m->inputs[i].with_env)
			continue;
		order[n++] = &m->inputs[i];
		domain = copy_input_env(&m->inputs[i], "domain");
		if (domain && strcmp(domain, "\"kernel\"") == 0 && n > 1) {
			const struct copy_input *first = order[0];

			order[0] = order[n - 1];
			order[n - 1] = first;
		}
	}
	return n;
}

static int write_env(const struct copy_meta *m, struct tsdl_buf *b,
		     const struct unify_env_entry *extra, size_t n_extra)
{
	size_t total = n_extra;
	const struct copy_input **order = calloc(m->n_inputs + 1, sizeof(*order));
	struct env_out o = { 0 };
	size_t n;
	int ret = -1;

	for (size_t i = 0; i < m->n_inputs; i++)
		total += m->inputs[i].n_env;
	o.name = calloc(total + 1, sizeof(*o.name));
	o.value = calloc(total + 1, sizeof(*o.value));
	o.owned = calloc(total + 1, sizeof(*o.owned));
	if (!order || !o.name || !o.value || !o.owned)
		goto end;
	n = env_order(m, order);
	for (size_t i = 0; i < n; i++)
		if (merge_input_env(&o, order[i], i) != 0)
			goto end;
	for (size_t i = 0; i < n_extra; i++) {
		char *q = own(&o, quoted(extra[i].value));

		if (!q)
			goto end;
		env_set(&o, extra[i].name, q);
	}
	tsdl_buf_str(b, "env {\n");
	for (size_t i = 0; i < o.n; i++)
		tsdl_buf_printf(b, "\t%s = %s;\n", o.name[i], o.value[i]);
	tsdl_buf_str(b, "};\n\n");
	ret = 0;
end:
	for (size_t i = 0; i < o.n_owned; i++)
		free(o.owned[i]);
	free(o.owned);
	free(o.name);
	free(o.value);
	free(order);
	return ret;
}

int copy_meta_write(const struct copy_meta *m, const char *path,
		    const struct unify_env_entry *extra, size_t n_extra)
{
	struct tsdl_buf b = { 0 };
	const uint8_t *u = m->uuid;
	FILE *f = NULL;
	int ret = -1;

	tsdl_buf_str(&b, "/* CTF 1.8 */\n\n/* Written by hsatrace unify from the metadata of "
		     "its inputs (copied packets). */\n\n");
	tsdl_buf_add(&b, m->decls.s ? m->decls.s : "", m->decls.n);
	tsdl_buf_printf(&b, "\ntrace {\n\tmajor = 1;\n\tminor = 8;\n\tuuid = \"%02x%02x%02x%02x-"
			"%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x\";\n\tbyte_order = %s;"
			"\n\tpacket.header := %s;\n};\n\n", u[0], u[1], u[2], u[3], u[4], u[5], u[6],
			u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15],
			m->n_inputs && m->inputs[0].big_endian ? "be" : "le",
			m->header_type.s ? m->header_type.s : "struct { }");
	if (write_env(m, &b, extra, n_extra) != 0)
		goto end;
	tsdl_buf_add(&b, m->streams.s ? m->streams.s : "", m->streams.n);
	if (b.failed)
		goto end;
	f = fopen(path, "w");
	if (!f || fwrite(b.s, 1, b.n, f) != b.n) {
		fprintf(stderr, "hsatrace unify: failed to write the metadata: %s: path=%s\n",
			strerror(errno), path);
		goto end;
	}
	ret = 0;
end:
	if (f && fclose(f) != 0 && ret == 0) {
		fprintf(stderr, "hsatrace unify: failed to write the metadata: %s: path=%s\n",
			strerror(errno), path);
		ret = -1;
	}
	tsdl_buf_release(&b);
	return ret;
}
