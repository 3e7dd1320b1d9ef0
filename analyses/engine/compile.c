/*
 * compile.c - <tmfxml> analyses (stateProvider, pattern) from the DOM into struct m_analysis,
 * with Trace Compass's compile rules (semantics.md §3.1, §3.4, §3.5, §4.1, §4.3): any compile
 * error refuses the analysis. Views: compile_view.c; parsing and validation: load.c.
 */
#include "analyses/engine/compile_int.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cu_err(struct cctx *c, const xmlNode *n, const char *fmt, ...)
{
	char msg[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!c->err[0])
		snprintf(c->err, sizeof(c->err), "%s:%ld: analysis %s refused: element <%s>: %s",
			 c->file, n ? xmlGetLineNo(n) : 0L, c->an && c->an->id ? c->an->id : "?",
			 n ? (const char *)n->name : "?", msg);
	return -1;
}

/* "$name" -> the defined value (NULL if undefined); anything else: a copy. */
static char *subst(struct cctx *c, const char *s)
{
	if (!s)
		return NULL;
	if (s[0] == '$' && c->an) {
		for (int i = 0; i < c->an->ndefined; i++)
			if (!strcmp(c->an->defined[i].name, s + 1))
				return xstrdup(c->an->defined[i].value);
		return NULL;
	}
	return xstrdup(s);
}

static char *prop_subst(struct cctx *c, const xmlNode *n, const char *name)
{
	char *raw = prop(n, name);
	char *v = subst(c, raw);

	free(raw);
	return v;
}

void cu_diag(const struct m_load_opts *o, const char *msg)
{
	if (o && o->diag)
		o->diag(o->diag_ctx, msg);
	else
		fprintf(stderr, "hsatrace analyze: %s\n", msg);
}

/* ------------------------------------------------------------------ paths */

static void attr_free(struct m_attr *a)
{
	free(a->value);
	if (a->query) {
		path_free(a->query);
		free(a->query);
	}
}

void path_free(struct m_path *p)
{
	for (int i = 0; i < p->n; i++)
		attr_free(&p->el[i]);
	free(p->el);
	p->el = NULL;
	p->n = 0;
}

static void path_copy(struct m_path *dst, const struct m_path *src);

void path_append(struct m_path *p, const struct m_attr *a)
{
	struct m_attr *d;

	GROW(p->el, p->n);
	d = &p->el[p->n++];
	d->type = a->type;
	d->value = xstrdup(a->value);
	d->query = NULL;
	memset(&d->memo, 0, sizeof(d->memo));
	if (a->query) {
		d->query = xcalloc(1, sizeof(*d->query));
		path_copy(d->query, a->query);
	}
}

static void path_copy(struct m_path *dst, const struct m_path *src)
{
	dst->el = NULL;
	dst->n = 0;
	for (int i = 0; i < src->n; i++)
		path_append(dst, &src->el[i]);
}

/* type="location": the location's path, appended in place of the attribute. */
static int append_location(struct cctx *c, const xmlNode *n, struct m_path *out)
{
	char *id = prop(n, "value");
	int i;

	for (i = 0; id && i < c->nlocs; i++)
		if (!strcmp(c->locs[i].id, id))
			break;
	if (!id || i == c->nlocs) {
		cu_err(c, n, "unknown location: id=%s", id ? id : "(none)");
		free(id);
		return -1;
	}
	free(id);
	for (int k = 0; k < c->locs[i].path.n; k++)
		path_append(out, &c->locs[i].path.el[k]);
	return 0;
}

static int compile_attr(struct cctx *c, const xmlNode *n, struct m_path *out)
{
	char *type = prop(n, "type");
	struct m_attr a = { 0 };
	int ret = -1;

	if (!type) {
		cu_err(c, n, "missing type");
		goto cleanup;
	}
	if (!strcmp(type, "constant") || !strcmp(type, "eventField")) {
		a.type = type[0] == 'c' ? MA_CONSTANT : MA_FIELD;
		a.value = prop_subst(c, n, "value");
		if (!a.value || !a.value[0]) {
			cu_err(c, n, "stateAttribute type=%s needs a value", type);
			goto cleanup;
		}
		if (a.type == MA_CONSTANT && !strcmp(a.value, "#CurrentScenario"))
			a.type = MA_CURRENT_SCENARIO;
	} else if (!strcmp(type, "eventName")) {
		a.type = MA_EVENT_NAME;
	} else if (!strcmp(type, "location")) {
		ret = append_location(c, n, out);
		goto cleanup;
	} else if (!strcmp(type, "query")) {
		a.type = MA_QUERY;
		a.query = xcalloc(1, sizeof(*a.query));
		if (compile_path(c, n, a.query))
			goto cleanup;
		if (!a.query->n) {
			cu_err(c, n, "a query needs at least one stateAttribute");
			goto cleanup;
		}
	} else if (!strcmp(type, "pool")) {
		a.type = MA_POOL;
	} else if (!strcmp(type, "self")) {
		ret = 0; /* removed from paths */
		goto cleanup;
	} else if (!strcmp(type, "null")) {
		a.type = MA_NULL;
	} else {
		cu_err(c, n, "unknown stateAttribute type: type=%s", type);
		goto cleanup;
	}
	GROW(out->el, out->n);
	out->el[out->n++] = a;
	memset(&a, 0, sizeof(a));
	ret = 0;
cleanup:
	attr_free(&a);
	free(type);
	return ret;
}

int compile_path(struct cctx *c, const xmlNode *parent, struct m_path *out)
{
	for (const xmlNode *n = parent->children; n; n = n->next)
		if (is_el(n, "stateAttribute") && compile_attr(c, n, out))
			return -1;
	return 0;
}

/* ----------------------------------------------------------------- values */

static void value_free(struct m_value *v)
{
	if (v->constant.type == HV_STRING)
		free((char *)v->constant.u.s);
	free(v->field);
	free(v->script);
	path_free(&v->path);
	memset(v, 0, sizeof(*v));
}

/* An attribute's integer: leading white space skipped (as strtoll always did here), then
 * Long.parseLong's rules. */
static int parse_long(const char *s, long long lo, long long hi, int64_t *out)
{
	return s ? hv_parse_java_long(s + strspn(s, " \t\n\v\f\r"), lo, hi, out) : -1;
}

static int parse_forced(struct cctx *c, const xmlNode *n, enum m_forced *out)
{
	char *f = prop(n, "forcedType");
	int ret = 0;

	*out = MF_NONE;
	if (!f)
		return 0;
	if (!strcmp(f, "int"))
		*out = MF_INT;
	else if (!strcmp(f, "long"))
		*out = MF_LONG;
	else if (!strcmp(f, "string"))
		*out = MF_STRING;
	else if (!strcmp(f, "double"))
		*out = MF_DOUBLE;
	else
		ret = cu_err(c, n, "unknown forcedType: forcedType=%s", f);
	free(f);
	return ret;
}

static int compile_value(struct cctx *c, const xmlNode *n, struct m_value *v);

/*
 * Not evaluated, but compiled as Trace Compass does: every child stateValue must compile, and
 * a value naming an undefined $X (a null script) refuses the analysis. Takes *value.
 */
static int compile_script(struct cctx *c, const xmlNode *n, struct m_value *v, char **value)
{
	char *raw = prop(n, "value");
	int null_script = raw && !*value;

	free(raw);
	if (null_script)
		return cu_err(c, n, "the script resolves to null");
	for (const xmlNode *k = n->children; k; k = k->next) {
		struct m_value kid;

		if (!is_el(k, "stateValue"))
			continue;
		if (compile_value(c, k, &kid))
			return -1;
		value_free(&kid);
	}
	v->type = MV_SCRIPT;
	v->script = *value ? *value : xstrdup("");
	*value = NULL;
	if (c->an)
		c->an->uses_script = 1;
	return 0;
}

/* A stateValue (or a stateValue-like element: futureTime, begin, end, ...). */
/* stack="push|pop|popAll|peek" (peek leaves MS_NONE: the caller reads it as a query). */
static int parse_stack(struct cctx *c, const xmlNode *n, const char *stack, enum m_stack *out)
{
	*out = MS_NONE;
	if (!stack || !strcmp(stack, "peek"))
		return 0;
	if (!strcmp(stack, "push"))
		*out = MS_PUSH;
	else if (!strcmp(stack, "pop"))
		*out = MS_POP;
	else if (!strcmp(stack, "popAll"))
		*out = MS_POPALL;
	else
		return cu_err(c, n, "unknown stack action: stack=%s", stack);
	return 0;
}

static int find_mapping(struct cctx *c, const xmlNode *n, const char *map, struct m_value *v)
{
	for (int i = 0; c->an && i < c->an->nmappings; i++)
		if (!strcmp(c->an->mappings[i].id, map))
			v->mapping = &c->an->mappings[i];
	return v->mapping ? 0 : cu_err(c, n, "unknown mappingGroup: id=%s", map);
}

/* type="int|long" with its value. */
static int compile_integer(struct cctx *c, const xmlNode *n, const char *type, const char *value,
			   struct m_value *v)
{
	int is_int = type[0] == 'i';
	int64_t x;

	if (parse_long(value, is_int ? INT_MIN : LLONG_MIN, is_int ? INT_MAX : LLONG_MAX, &x))
		return cu_err(c, n, "invalid %s value: value=%s", type, value ? value : "(none)");
	v->type = MV_CONST;
	v->constant = is_int ? hv_int((int32_t)x) : hv_long(x);
	return 0;
}

/* type="string": an absent value is "", an undefined $X is null. */
static void compile_string(const xmlNode *n, const char *value, struct m_value *v)
{
	char *raw = prop(n, "value");

	v->type = MV_CONST;
	if (!raw)
		v->constant = hv_str(xstrdup(""));
	else if (value)
		v->constant = hv_str(xstrdup(value));
	else
		v->type = MV_NULL;
	free(raw);
}

/* The value named by type= (value is the substituted value=, taken when kept). */
static int compile_typed_value(struct cctx *c, const xmlNode *n, const char *type, char **value,
			       struct m_value *v)
{
	if (!strcmp(type, "int") || !strcmp(type, "long"))
		return compile_integer(c, n, type, *value, v);
	if (!strcmp(type, "string")) {
		compile_string(n, *value, v);
	} else if (!strcmp(type, "null") || !strcmp(type, "delete")) {
		v->type = MV_NULL;
	} else if (!strcmp(type, "eventField")) {
		if (!*value || !(*value)[0])
			return cu_err(c, n, "stateValue type=eventField needs a value");
		v->type = MV_FIELD;
		v->field = *value;
		*value = NULL;
	} else if (!strcmp(type, "eventName")) {
		v->type = MV_EVENT_NAME;
		v->forced = MF_STRING;
	} else if (!strcmp(type, "query")) {
		v->type = MV_QUERY;
		if (compile_path(c, n, &v->path))
			return -1;
		if (!v->path.n)
			return cu_err(c, n, "a query needs at least one stateAttribute");
	} else if (!strcmp(type, "script")) {
		return compile_script(c, n, v, value);
	} else {
		return cu_err(c, n, "unknown stateValue type: type=%s", type);
	}
	return 0;
}

static int compile_value(struct cctx *c, const xmlNode *n, struct m_value *v)
{
	char *type = prop(n, "type"), *stack = prop(n, "stack"), *map = prop(n, "mappingGroup");
	char *value = NULL;
	int ret = -1;

	memset(v, 0, sizeof(*v));
	v->increment = prop_java_bool(n, "increment", 0);
	v->update = prop_java_bool(n, "update", 0);
	if (parse_forced(c, n, &v->forced) || parse_stack(c, n, stack, &v->stack))
		goto cleanup;
	if (v->stack != MS_NONE && (v->increment || v->update)) {
		cu_err(c, n, "a stack action cannot be combined with increment or update");
		goto cleanup;
	}
	if (map && find_mapping(c, n, map, v))
		goto cleanup;
	if (stack && !strcmp(stack, "peek")) {
		v->type = MV_PEEK;
		ret = compile_path(c, n, &v->path);
		goto cleanup;
	}
	if (!type) {
		cu_err(c, n, "missing type");
		goto cleanup;
	}
	value = prop_subst(c, n, "value");
	ret = compile_typed_value(c, n, type, &value, v);
cleanup:
	if (ret)
		value_free(v);
	free(type);
	free(stack);
	free(map);
	free(value);
	return ret;
}

/* ------------------------------------------------------------- conditions */

static void cond_free(struct m_cond *k);

static int unit_factor(struct cctx *c, const xmlNode *n, int64_t *f)
{
	char *u = prop(n, "unit");
	int ret = 0;

	if (!u)
		ret = cu_err(c, n, "missing unit (Trace Compass applies no default)");
	else if (!strcmp(u, "ns"))
		*f = 1;
	else if (!strcmp(u, "us"))
		*f = 1000;
	else if (!strcmp(u, "ms"))
		*f = 1000000;
	else if (!strcmp(u, "s"))
		*f = 1000000000;
	else
		ret = cu_err(c, n, "unknown unit: unit=%s", u);
	free(u);
	return ret;
}

static int compile_cond(struct cctx *c, const xmlNode *n, struct m_cond *k);

static int compile_cond_kids(struct cctx *c, const xmlNode *n, struct m_cond *k)
{
	for (const xmlNode *e = n->children; e; e = e->next) {
		if (e->type != XML_ELEMENT_NODE)
			continue;
		GROW(k->kids, k->nkids);
		memset(&k->kids[k->nkids], 0, sizeof(*k->kids));
		k->nkids++;
		if (compile_cond(c, e, &k->kids[k->nkids - 1]))
			return -1;
	}
	if (!k->nkids)
		return cu_err(c, n, "needs at least one condition");
	if (k->type == MC_NOT && k->nkids != 1)
		return cu_err(c, n, "<not> takes exactly one condition");
	return 0;
}

static int compile_timerange(struct cctx *c, const xmlNode *n, struct m_cond *k)
{
	const xmlNode *e;
	int64_t f, b, en;
	char *bs, *es;
	int ret;

	if (unit_factor(c, n, &f))
		return -1;
	k->type = MC_TIMERANGE;
	e = first_child(n, "in");
	k->in = e != NULL;
	if (!e)
		e = first_child(n, "out");
	if (!e)
		return cu_err(c, n, "needs <in> or <out>");
	bs = prop(e, "begin");
	es = prop(e, "end");
	ret = parse_long(bs, LLONG_MIN, LLONG_MAX, &b) || parse_long(es, LLONG_MIN, LLONG_MAX, &en);
	free(bs);
	free(es);
	if (ret)
		return cu_err(c, e, "invalid begin/end");
	k->begin = b * f;
	k->end = en * f;
	return 0;
}

static int compile_elapsed(struct cctx *c, const xmlNode *n, struct m_cond *k)
{
	const xmlNode *e = NULL;
	int64_t f, v;
	char *vs;
	int bad;

	if (unit_factor(c, n, &f))
		return -1;
	k->type = MC_ELAPSED;
	for (const xmlNode *x = n->children; x && !e; x = x->next) {
		if (is_el(x, "less"))
			k->elapsed_cmp = -1, e = x;
		else if (is_el(x, "equal"))
			k->elapsed_cmp = 0, e = x;
		else if (is_el(x, "more"))
			k->elapsed_cmp = 1, e = x;
	}
	if (!e)
		return cu_err(c, n, "needs <less>, <equal> or <more>");
	k->since = prop(e, "since");
	vs = prop(e, "value");
	bad = parse_long(vs, LLONG_MIN, LLONG_MAX, &v);
	free(vs);
	if (bad || !k->since)
		return cu_err(c, e, "needs since and an integer value");
	k->value = v * f;
	return 0;
}

static int compile_compare(struct cctx *c, const xmlNode *n, struct m_cond *k)
{
	char *op = prop(n, "operator");
	const xmlNode *vals[2] = { NULL, NULL };
	int nvals = 0, ret = -1;

	k->type = MC_CMP;
	k->op = OP_EQ;
	if (op) {
		static const char *const ops[] = { "eq", "ne", "ge", "gt", "le", "lt" };
		int i;

		for (i = 0; i < 6 && strcmp(op, ops[i]); i++)
			;
		if (i == 6) {
			cu_err(c, n, "unknown operator: operator=%s", op);
			goto cleanup;
		}
		k->op = (enum m_cmp_op)i;
	}
	for (const xmlNode *e = n->children; e; e = e->next) {
		if (is_el(e, "stateValue") && nvals < 2)
			vals[nvals++] = e;
		else if (is_el(e, "timerange")) {
			ret = compile_timerange(c, e, k);
			goto cleanup;
		} else if (is_el(e, "elapsedTime")) {
			ret = compile_elapsed(c, e, k);
			goto cleanup;
		}
	}
	if (first_child(n, "field")) {
		k->lhs_kind = LHS_FIELD;
		k->lhs_field = prop_subst(c, first_child(n, "field"), "name");
		if (!k->lhs_field) {
			cu_err(c, n, "<field> needs a name");
			goto cleanup;
		}
	} else if (first_child(n, "stateAttribute")) {
		k->lhs_kind = LHS_PATH;
		if (compile_path(c, n, &k->lhs_path))
			goto cleanup;
	} else {
		k->lhs_kind = LHS_VALUE;
		if (nvals != 2) {
			cu_err(c, n, "a condition compares two values");
			goto cleanup;
		}
		if (compile_value(c, vals[0], &k->lhs))
			goto cleanup;
		vals[0] = vals[1];
		nvals = 1;
	}
	if (nvals < 1) {
		cu_err(c, n, "a condition needs a stateValue to compare with");
		goto cleanup;
	}
	ret = compile_value(c, vals[0], &k->rhs);
cleanup:
	free(op);
	return ret;
}

static int compile_cond(struct cctx *c, const xmlNode *n, struct m_cond *k)
{
	if (is_el(n, "condition"))
		return compile_compare(c, n, k);
	if (is_el(n, "and"))
		k->type = MC_AND;
	else if (is_el(n, "or"))
		k->type = MC_OR;
	else if (is_el(n, "not"))
		k->type = MC_NOT;
	else
		return cu_err(c, n, "unknown condition element");
	return compile_cond_kids(c, n, k);
}

/* The single condition of an <if>. */
static int compile_if(struct cctx *c, const xmlNode *n, struct m_cond *k)
{
	const xmlNode *only = NULL;

	for (const xmlNode *e = n->children; e; e = e->next) {
		if (e->type != XML_ELEMENT_NODE)
			continue;
		if (only)
			return cu_err(c, n, "<if> takes exactly one condition");
		only = e;
	}
	if (!only) {
		k->type = MC_TRUE;
		return 0;
	}
	return compile_cond(c, only, k);
}

static void cond_free(struct m_cond *k)
{
	value_free(&k->lhs);
	value_free(&k->rhs);
	path_free(&k->lhs_path);
	free(k->lhs_field);
	free(k->since);
	for (int i = 0; i < k->nkids; i++)
		cond_free(&k->kids[i]);
	free(k->kids);
}

/* ---------------------------------------------------------- state changes */

static void change_free(struct m_change *ch)
{
	path_free(&ch->path);
	value_free(&ch->value);
	if (ch->future) {
		value_free(ch->future);
		free(ch->future);
	}
	cond_free(&ch->cond);
	if (ch->then_) {
		change_free(ch->then_);
		free(ch->then_);
	}
	if (ch->else_) {
		change_free(ch->else_);
		free(ch->else_);
	}
}

static int compile_change(struct cctx *c, const xmlNode *n, struct m_change *ch)
{
	const xmlNode *ifn = first_child(n, "if"), *val, *fut;

	memset(ch, 0, sizeof(*ch));
	ch->line = (int)xmlGetLineNo(n);
	if (ifn) {
		const xmlNode *t = first_child(n, "then"), *e = first_child(n, "else");

		ch->conditional = 1;
		if (compile_if(c, ifn, &ch->cond))
			return -1;
		if (!t)
			return cu_err(c, n, "<if> without <then>");
		ch->then_ = xcalloc(1, sizeof(*ch->then_));
		if (compile_change(c, t, ch->then_))
			return -1;
		if (e) {
			ch->else_ = xcalloc(1, sizeof(*ch->else_));
			if (compile_change(c, e, ch->else_))
				return -1;
		}
		return 0;
	}
	if (compile_path(c, n, &ch->path))
		return -1;
	val = first_child(n, "stateValue");
	if (!val)
		return cu_err(c, n, "a state change needs a stateValue");
	if (compile_value(c, val, &ch->value))
		return -1;
	fut = first_child(n, "futureTime");
	if (fut) {
		ch->future = xcalloc(1, sizeof(*ch->future));
		if (compile_value(c, fut, ch->future))
			return -1;
	}
	return 0;
}

/* --------------------------------------------- defined values, locations, mappings */

static int compile_defined(struct cctx *c, const xmlNode *n)
{
	struct m_analysis *an = c->an;
	char *name = prop(n, "name"), *value = prop(n, "value");

	if (!name || !value) {
		free(name);
		free(value);
		return cu_err(c, n, "a definedValue needs name and value");
	}
	GROW(an->defined, an->ndefined);
	an->defined[an->ndefined].name = name;
	an->defined[an->ndefined].value = value;
	an->ndefined++;
	return 0;
}

static int compile_location(struct cctx *c, const xmlNode *n)
{
	char *id = prop(n, "id");
	struct location *l;

	if (!id)
		return cu_err(c, n, "a location needs an id");
	GROW(c->locs, c->nlocs);
	l = &c->locs[c->nlocs++];
	l->id = id;
	l->path.el = NULL;
	l->path.n = 0;
	return compile_path(c, n, &l->path);
}

static int compile_mapping(struct cctx *c, const xmlNode *n)
{
	struct m_analysis *an = c->an;
	struct m_mapping *m;

	GROW(an->mappings, an->nmappings);
	m = &an->mappings[an->nmappings++];
	memset(m, 0, sizeof(*m));
	m->id = prop(n, "id");
	if (!m->id)
		return cu_err(c, n, "a mappingGroup needs an id");
	for (const xmlNode *e = n->children; e; e = e->next) {
		const xmlNode *kv[2] = { NULL, NULL };
		int nkv = 0;

		if (!is_el(e, "entry"))
			continue;
		for (const xmlNode *s = e->children; s; s = s->next)
			if (is_el(s, "stateValue")) {
				if (nkv == 2)
					return cu_err(c, e, "a mapping entry takes exactly 2 stateValues");
				kv[nkv++] = s;
			}
		if (nkv != 2)
			return cu_err(c, e, "a mapping entry takes exactly 2 stateValues");
		GROW(m->keys, m->n);
		GROW(m->values, m->n);
		memset(&m->keys[m->n], 0, sizeof(*m->keys));
		memset(&m->values[m->n], 0, sizeof(*m->values));
		m->n++;
		if (compile_value(c, kv[0], &m->keys[m->n - 1]) ||
		    compile_value(c, kv[1], &m->values[m->n - 1]))
			return -1;
	}
	return 0;
}

/* Mapping groups are referenced by pointer: compile them all before anything else. */
static int compile_prelude(struct cctx *c, const xmlNode *an_node)
{
	int nmap = 0;

	for (const xmlNode *n = an_node->children; n; n = n->next)
		if (is_el(n, "definedValue") && compile_defined(c, n))
			return -1;
	for (const xmlNode *n = an_node->children; n; n = n->next)
		if (is_el(n, "location") && compile_location(c, n))
			return -1;
	for (const xmlNode *n = an_node->children; n; n = n->next)
		nmap += is_el(n, "mappingGroup");
	c->an->mappings = xcalloc((size_t)nmap + 1, sizeof(*c->an->mappings));
	for (const xmlNode *n = an_node->children; n; n = n->next)
		if (is_el(n, "mappingGroup") && compile_mapping(c, n))
			return -1;
	return 0;
}

static int compile_head(struct cctx *c, const xmlNode *an_node)
{
	const xmlNode *head = first_child(an_node, "head");

	if (!head)
		return 0;
	for (const xmlNode *n = head->children; n; n = n->next) {
		if (is_el(n, "traceType")) {
			GROW(c->an->trace_types, c->an->ntrace_types);
			c->an->trace_types[c->an->ntrace_types++] = prop(n, "id");
		} else if (is_el(n, "label") && !c->an->label) {
			c->an->label = prop(n, "value");
		}
	}
	return 0;
}

/* Java Pattern from an eventName: '*' -> '.*', whole-name match (Matcher.matches()). */
static int compile_event_regex(struct cctx *c, const xmlNode *n, const char *name, struct jregex *re)
{
	size_t len = strlen(name);
	char *rx = xcalloc(len * 2 + 1, 1), *p = rx;
	char msg[192];
	int rc;

	for (const char *s = name; *s; s++) {
		if (*s == '*')
			*p++ = '.';
		*p++ = *s;
	}
	rc = jregex_compile(re, rx, msg, sizeof(msg));
	free(rx);
	if (rc)
		return cu_err(c, n, "bad regex: event=%s reason=%s", name, msg);
	return 0;
}

static void events_free(struct m_events *ev)
{
	for (int i = 0; i < ev->n; i++)
		jregex_free(&ev->re[i]);
	free(ev->re);
	memset(ev, 0, sizeof(*ev));
}

/*
 * An FSM's event attribute, as TmfXmlFsmStateTransitionCu: split on '|' (String.split, so
 * trailing empty alternatives are dropped), each alternative its own pattern.
 */
static int compile_events(struct cctx *c, const xmlNode *n, const char *names, struct m_events *ev)
{
	char *copy = xstrdup(names), *end = copy + strlen(copy);

	memset(ev, 0, sizeof(*ev));
	while (end > copy && end[-1] == '|')
		*--end = '\0';
	/* nothing left ("|"): no alternative, no event matches */
	for (char *p = copy, *bar = copy; *copy && bar; p = bar + 1) {
		bar = strchr(p, '|');
		if (bar)
			*bar = '\0';
		GROW(ev->re, ev->n);
		if (compile_event_regex(c, n, p, &ev->re[ev->n])) {
			events_free(ev);
			free(copy);
			return -1;
		}
		ev->n++;
	}
	ev->id = c->an->nevent_sets++;
	free(copy);
	return 0;
}

static int compile_state_provider(struct cctx *c, const xmlNode *sp)
{
	struct m_analysis *an = c->an;

	an->kind = MK_STATE_PROVIDER;
	if (compile_head(c, sp) || compile_prelude(c, sp))
		return -1;
	for (const xmlNode *n = sp->children; n; n = n->next) {
		struct m_handler *h;
		char *name;

		if (!is_el(n, "eventHandler"))
			continue;
		name = prop(n, "eventName");
		if (!name)
			return cu_err(c, n, "an eventHandler needs an eventName");
		GROW(an->handlers, an->nhandlers);
		h = &an->handlers[an->nhandlers];
		memset(h, 0, sizeof(*h));
		h->event_name = name;
		h->literal = !strpbrk(name, ".*+?()[]{}|^$\\");
		if (!h->literal && compile_event_regex(c, n, name, &h->re)) {
			free(name);
			h->event_name = NULL;
			return -1;
		}
		an->nhandlers++;
		for (const xmlNode *s = n->children; s; s = s->next) {
			if (!is_el(s, "stateChange"))
				continue;
			GROW(h->changes, h->n);
			if (compile_change(c, s, &h->changes[h->n++]))
				return -1;
		}
	}
	return 0;
}

/* ---------------------------------------------------------------- patterns */

static int find_id(struct cctx *c, const xmlNode *n, const char *what, const char *id,
		   int count, const char *(*get)(const struct m_analysis *, int), int *out)
{
	for (int i = 0; i < count; i++)
		if (!strcmp(get(c->an, i), id)) {
			*out = i;
			return 0;
		}
	return cu_err(c, n, "undefined %s: id=%s", what, id);
}

static const char *test_id(const struct m_analysis *an, int i) { return an->tests[i].id; }
static const char *action_id(const struct m_analysis *an, int i) { return an->actions[i].id; }

/* "a:b:c" -> indices. */
static int id_list(struct cctx *c, const xmlNode *n, const char *attr, const char *what,
		   int count, const char *(*get)(const struct m_analysis *, int),
		   int **out, int *nout)
{
	char *list = prop(n, attr), *save = NULL, *tok;
	int ret = 0;

	*out = NULL;
	*nout = 0;
	if (!list)
		return 0;
	for (tok = strtok_r(list, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
		GROW(*out, *nout);
		if (find_id(c, n, what, tok, count, get, &(*out)[*nout])) {
			ret = -1;
			break;
		}
		(*nout)++;
	}
	free(list);
	return ret;
}

static void segment_free(struct m_segment *s)
{
	free(s->name);
	value_free(&s->name_value);
	if (s->begin)
		value_free(s->begin);
	if (s->end)
		value_free(s->end);
	if (s->duration)
		value_free(s->duration);
	free(s->begin);
	free(s->end);
	free(s->duration);
	for (int i = 0; i < s->nfields; i++) {
		free(s->fields[i].name);
		value_free(&s->fields[i].value);
	}
	free(s->fields);
}

static int compile_seg_time(struct cctx *c, const xmlNode *n, struct m_value **out)
{
	*out = xcalloc(1, sizeof(**out));
	return compile_value(c, n, *out);
}

/* Converted now, as TmfXmlStateValueCu.convertValueToType: a constant that does not parse refuses the analysis. */
static int seg_constant(struct cctx *c, const xmlNode *f, enum m_forced type, char *cv, struct hv *out)
{
	int64_t l;
	double d;

	if (type == MF_INT || type == MF_LONG) {
		if (hv_parse_java_long(cv, type == MF_INT ? INT32_MIN : INT64_MIN,
				       type == MF_INT ? INT32_MAX : INT64_MAX, &l))
			return cu_err(c, f, "segField value is not a parseable %s: value=%s",
				      type == MF_INT ? "int" : "long", cv);
		*out = type == MF_INT ? hv_int((int32_t)l) : hv_long(l);
	} else if (type == MF_DOUBLE) {
		if (hv_parse_java_double(cv, &d))
			return cu_err(c, f, "segField value is not a parseable double: value=%s", cv);
		*out = hv_double(d);
	} else {
		*out = hv_str(cv);
	}
	return 0;
}

/* A non-empty value="const" wins over a <stateValue>; one of the two is required (type null needs neither). */
static int compile_seg_field_value(struct cctx *c, const xmlNode *f, struct m_segfield *sf)
{
	const xmlNode *v = first_child(f, "stateValue");
	char *cv;

	if (sf->type == MF_NONE)
		return 0;
	cv = prop_subst(c, f, "value");
	if (cv && *cv) {
		sf->value.type = MV_CONST;
		if (seg_constant(c, f, sf->type, cv, &sf->value.constant))
			goto error;
		if (sf->value.constant.type != HV_STRING)
			free(cv);
		return 0;
	}
	free(cv);
	if (!v)
		return cu_err(c, f, "a segField needs a value or a stateValue: name=%s", sf->name);
	return compile_value(c, v, &sf->value);
error:
	free(cv);
	return -1;
}

static int compile_segment(struct cctx *c, const xmlNode *n, struct m_segment *s)
{
	const xmlNode *type = first_child(n, "segType"), *time = first_child(n, "segTime");
	const xmlNode *content = first_child(n, "segContent");

	memset(s, 0, sizeof(*s));
	if (!type)
		return cu_err(c, n, "a segment needs a segType");
	s->name = prop(type, "segName");
	if (first_child(type, "segName")) {
		const xmlNode *v = first_child(first_child(type, "segName"), "stateValue");

		if (!v)
			return cu_err(c, type, "segName needs a stateValue");
		s->has_name_value = 1;
		if (compile_value(c, v, &s->name_value))
			return -1;
	}
	if (time) {
		const xmlNode *b = first_child(time, "begin"), *e = first_child(time, "end");
		const xmlNode *d = first_child(time, "duration");

		if (!b || (!e == !d))
			return cu_err(c, time, "segTime needs <begin> and exactly one of <end> or <duration>");
		if (compile_seg_time(c, b, &s->begin) ||
		    (e && compile_seg_time(c, e, &s->end)) ||
		    (d && compile_seg_time(c, d, &s->duration)))
			return -1;
	}
	for (const xmlNode *f = content ? content->children : NULL; f; f = f->next) {
		struct m_segfield *sf;
		char *type_s;

		if (!is_el(f, "segField"))
			continue;
		GROW(s->fields, s->nfields);
		sf = &s->fields[s->nfields++];
		memset(sf, 0, sizeof(*sf));
		sf->name = prop(f, "name");
		type_s = prop(f, "type");
		if (!sf->name || !type_s) {
			free(type_s);
			return cu_err(c, f, "a segField needs name and type");
		}
		for (int i = 0; i < s->nfields - 1; i++)
			if (!strcmp(s->fields[i].name, sf->name)) {
				free(type_s);
				return cu_err(c, f, "duplicate segField: name=%s", sf->name);
			}
		sf->type = !strcmp(type_s, "int") ? MF_INT : !strcmp(type_s, "long") ? MF_LONG :
			   !strcmp(type_s, "string") ? MF_STRING : !strcmp(type_s, "double") ? MF_DOUBLE :
			   MF_NONE;
		if (sf->type == MF_NONE && strcmp(type_s, "null")) {
			cu_err(c, f, "unknown segField type: type=%s", type_s);
			free(type_s);
			return -1;
		}
		free(type_s);
		if (compile_seg_field_value(c, f, sf))
			return -1;
	}
	return 0;
}

static int compile_action(struct cctx *c, const xmlNode *n, struct m_action *a)
{
	for (const xmlNode *e = n->children; e; e = e->next) {
		struct m_item *it;

		if (e->type != XML_ELEMENT_NODE || is_el(e, "fsmScheduleAction"))
			continue; /* fsmScheduleAction: unsupported by Trace Compass, ignored */
		GROW(a->items, a->n);
		it = &a->items[a->n++];
		memset(it, 0, sizeof(*it));
		if (is_el(e, "stateChange")) {
			it->type = MI_CHANGE;
			if (compile_change(c, e, &it->change))
				return -1;
		} else if (is_el(e, "segment")) {
			it->type = MI_SEGMENT;
			if (compile_segment(c, e, &it->segment))
				return -1;
		} else if (is_el(e, "action")) {
			char *id = prop(e, "id");
			int r;

			it->type = MI_ACTION;
			if (!id)
				return cu_err(c, e, "a nested action needs an id");
			r = find_id(c, e, "action", id, c->an->nactions, action_id, &it->action);
			free(id);
			if (r)
				return -1;
		} else {
			return cu_err(c, e, "unknown action element");
		}
	}
	return 0;
}

static int state_index(const struct m_fsm *f, const char *id)
{
	for (int i = 0; i < f->nstates; i++)
		if (!strcmp(f->states[i].id, id))
			return i;
	return -1;
}

/* t is already counted in its state: on error fsm_free releases what was compiled. */
static int compile_transition(struct cctx *c, const xmlNode *n, const struct m_fsm *f,
			      struct m_transition *t)
{
	char *ev = prop(n, "event"), *target = prop(n, "target");
	int ret = -1;

	memset(t, 0, sizeof(*t));
	/* absent or empty: every event (ALL_ACCEPT_PATTERN) */
	t->any_event = !ev || !*ev;
	if (!t->any_event && compile_events(c, n, ev, &t->events))
		goto cleanup;
	if (!target) {
		cu_err(c, n, "a transition needs a target");
		goto cleanup;
	}
	t->target = state_index(f, target);
	if (t->target < 0) {
		cu_err(c, n, "undefined target state: target=%s fsm=%s", target, f->id);
		goto cleanup;
	}
	if (id_list(c, n, "cond", "test", c->an->ntests, test_id, &t->tests, &t->ntests) ||
	    id_list(c, n, "action", "action", c->an->nactions, action_id, &t->actions, &t->nactions))
		goto cleanup;
	ret = 0;
cleanup:
	free(ev);
	free(target);
	return ret;
}

static void add_state(struct m_fsm *f, char *id)
{
	GROW(f->states, f->nstates);
	memset(&f->states[f->nstates], 0, sizeof(*f->states));
	f->states[f->nstates++].id = id;
}

static int compile_state_body(struct cctx *c, const xmlNode *n, struct m_fsm *f,
			      struct m_state *s)
{
	int idx = (int)(s - f->states);

	for (const xmlNode *e = n->children; e; e = e->next) {
		if (is_el(e, "onentry") || is_el(e, "onexit")) {
			int *list, nlist, rc;

			rc = id_list(c, e, "action", "action", c->an->nactions, action_id, &list, &nlist);
			s = &f->states[idx];
			if (is_el(e, "onentry")) {
				free(s->onentry);
				s->onentry = list, s->nonentry = nlist;
			} else {
				free(s->onexit);
				s->onexit = list, s->nonexit = nlist;
			}
			if (rc)
				return -1;
		} else if (is_el(e, "transition")) {
			GROW(f->states[idx].tr, f->states[idx].ntr);
			s = &f->states[idx];
			s->ntr++;
			if (compile_transition(c, e, f, &s->tr[s->ntr - 1]))
				return -1;
		}
	}
	return 0;
}

/* All state ids first, so that transitions can name any of them. */
static int declare_states(struct cctx *c, const xmlNode *n, const xmlNode *init_state,
			  struct m_fsm *f)
{
	if (init_state)
		add_state(f, xstrdup("initialState"));
	for (const xmlNode *e = n->children; e; e = e->next) {
		char *id;

		if (!is_el(e, "state") && !is_el(e, "final"))
			continue;
		id = prop(e, "id");
		if (!id)
			return cu_err(c, e, "a state needs an id");
		add_state(f, id);
	}
	return 0;
}

static int compile_precondition(struct cctx *c, const xmlNode *e, struct m_fsm *f)
{
	struct m_precond *p;
	char *ev = prop(e, "event");

	GROW(f->pre, f->npre);
	p = &f->pre[f->npre];
	memset(p, 0, sizeof(*p));
	p->any_event = !ev || !*ev;
	if (!p->any_event && compile_events(c, e, ev, &p->events)) {
		free(ev);
		return -1;
	}
	free(ev);
	f->npre++;
	return id_list(c, e, "cond", "test", c->an->ntests, test_id, &p->tests, &p->ntests);
}

/* Without <initialState>: initial= or the target of <initial><transition>, else state 0. */
static int find_initial(struct cctx *c, const xmlNode *n, const char *initial,
			const xmlNode *init_el, struct m_fsm *f)
{
	const char *want = initial;
	char *el_target = NULL;

	if (!want && init_el && first_child(init_el, "transition")) {
		el_target = prop(first_child(init_el, "transition"), "target");
		want = el_target;
	}
	if (want) {
		f->initial = state_index(f, want);
		if (f->initial < 0)
			cu_err(c, n, "undefined initial state: initial=%s fsm=%s", want, f->id);
	}
	free(el_target);
	return f->initial < 0 ? -1 : 0;
}

static int compile_fsm(struct cctx *c, const xmlNode *n, struct m_fsm *f)
{
	const xmlNode *init_state = first_child(n, "initialState");
	const xmlNode *init_el = first_child(n, "initial");
	char *initial = prop(n, "initial");
	int ret = -1, st;

	memset(f, 0, sizeof(*f));
	f->id = prop(n, "id");
	f->multiple = prop_java_bool(n, "multiple", 1);
	f->consuming = prop_java_bool(n, "consuming", 1);
	if (!f->id) {
		cu_err(c, n, "an fsm needs an id");
		goto cleanup;
	}
	if (declare_states(c, n, init_state, f))
		goto cleanup;
	st = init_state ? 1 : 0;
	if (init_state && compile_state_body(c, init_state, f, &f->states[0]))
		goto cleanup;
	for (const xmlNode *e = n->children; e; e = e->next) {
		if (is_el(e, "state") || is_el(e, "final")) {
			if (compile_state_body(c, e, f, &f->states[st]))
				goto cleanup;
			st++;
		} else if (is_el(e, "precondition") && compile_precondition(c, e, f)) {
			goto cleanup;
		}
	}
	if (!f->nstates) {
		cu_err(c, n, "an fsm needs at least one state");
		goto cleanup;
	}
	f->initial = 0;
	if (!init_state && find_initial(c, n, initial, init_el, f))
		goto cleanup;
	ret = 0;
cleanup:
	free(initial);
	return ret;
}

static int compile_test(struct cctx *c, const xmlNode *n)
{
	struct m_analysis *an = c->an;
	const xmlNode *ifn = first_child(n, "if");
	struct m_test *t;

	GROW(an->tests, an->ntests);
	t = &an->tests[an->ntests++];
	memset(t, 0, sizeof(*t));
	t->id = prop(n, "id");
	if (!t->id)
		return cu_err(c, n, "a test needs an id");
	return ifn ? compile_if(c, ifn, &t->cond) : 0;
}

/* The action ids first (actions may reference each other), then their bodies. */
static int compile_actions(struct cctx *c, const xmlNode *ph, int nactions)
{
	struct m_analysis *an = c->an;
	int i = 0;

	an->actions = xcalloc((size_t)nactions + 1, sizeof(*an->actions));
	for (const xmlNode *n = ph->children; n; n = n->next) {
		if (!is_el(n, "action"))
			continue;
		an->actions[an->nactions].id = prop(n, "id");
		an->actions[an->nactions].line = (int)xmlGetLineNo(n);
		if (!an->actions[an->nactions++].id)
			return cu_err(c, n, "an action needs an id");
	}
	for (const xmlNode *n = ph->children; n; n = n->next)
		if (is_el(n, "action") && compile_action(c, n, &an->actions[i++]))
			return -1;
	return 0;
}

/* initial="fsm1:fsm2" on the patternHandler, or every fsm. */
static int initial_fsms(struct cctx *c, const xmlNode *ph)
{
	struct m_analysis *an = c->an;
	char *initial = prop(ph, "initial"), *save = NULL;

	if (!initial) {
		an->initial_fsms = xcalloc((size_t)an->nfsms + 1, sizeof(int));
		for (int i = 0; i < an->nfsms; i++)
			an->initial_fsms[an->ninitial++] = i;
		return 0;
	}
	for (char *tok = strtok_r(initial, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
		int i;

		for (i = 0; i < an->nfsms && strcmp(an->fsms[i].id, tok); i++)
			;
		if (i == an->nfsms) {
			cu_err(c, ph, "undefined initial fsm: id=%s", tok);
			free(initial);
			return -1;
		}
		GROW(an->initial_fsms, an->ninitial);
		an->initial_fsms[an->ninitial++] = i;
	}
	free(initial);
	return 0;
}

static int compile_pattern(struct cctx *c, const xmlNode *pn)
{
	struct m_analysis *an = c->an;
	const xmlNode *ph = first_child(pn, "patternHandler");
	int nactions = 0;

	an->kind = MK_PATTERN;
	if (compile_head(c, pn) || compile_prelude(c, pn))
		return -1;
	if (!ph)
		return cu_err(c, pn, "a pattern needs a patternHandler");
	for (const xmlNode *n = ph->children; n; n = n->next) {
		if (is_el(n, "test") && compile_test(c, n))
			return -1;
		nactions += is_el(n, "action");
	}
	if (compile_actions(c, ph, nactions))
		return -1;
	for (const xmlNode *n = ph->children; n; n = n->next) {
		if (!is_el(n, "fsm"))
			continue;
		GROW(an->fsms, an->nfsms);
		if (compile_fsm(c, n, &an->fsms[an->nfsms++]))
			return -1;
	}
	return initial_fsms(c, ph);
}

/* -------------------------------------------------------------- analyses */

static void handler_free(struct m_handler *h)
{
	if (h->event_name && !h->literal)
		jregex_free(&h->re);
	free(h->event_name);
	for (int i = 0; i < h->n; i++)
		change_free(&h->changes[i]);
	free(h->changes);
}

static void action_free(struct m_action *a)
{
	free(a->id);
	for (int i = 0; i < a->n; i++) {
		if (a->items[i].type == MI_CHANGE)
			change_free(&a->items[i].change);
		else if (a->items[i].type == MI_SEGMENT)
			segment_free(&a->items[i].segment);
	}
	free(a->items);
}

static void fsm_free(struct m_fsm *f)
{
	free(f->id);
	for (int i = 0; i < f->npre; i++) {
		events_free(&f->pre[i].events);
		free(f->pre[i].tests);
	}
	free(f->pre);
	for (int i = 0; i < f->nstates; i++) {
		struct m_state *s = &f->states[i];

		free(s->id);
		free(s->onentry);
		free(s->onexit);
		for (int k = 0; k < s->ntr; k++) {
			events_free(&s->tr[k].events);
			free(s->tr[k].tests);
			free(s->tr[k].actions);
		}
		free(s->tr);
	}
	free(f->states);
}

static void analysis_free(struct m_analysis *an)
{
	free(an->id);
	free(an->label);
	free(an->file);
	for (int i = 0; i < an->ntrace_types; i++)
		free(an->trace_types[i]);
	free(an->trace_types);
	for (int i = 0; i < an->ndefined; i++) {
		free(an->defined[i].name);
		free(an->defined[i].value);
	}
	free(an->defined);
	for (int i = 0; i < an->nmappings; i++) {
		for (int k = 0; k < an->mappings[i].n; k++) {
			value_free(&an->mappings[i].keys[k]);
			value_free(&an->mappings[i].values[k]);
		}
		free(an->mappings[i].keys);
		free(an->mappings[i].values);
		free(an->mappings[i].id);
	}
	free(an->mappings);
	for (int i = 0; i < an->nhandlers; i++)
		handler_free(&an->handlers[i]);
	free(an->handlers);
	for (int i = 0; i < an->ntests; i++) {
		free(an->tests[i].id);
		cond_free(&an->tests[i].cond);
	}
	free(an->tests);
	for (int i = 0; i < an->nactions; i++)
		action_free(&an->actions[i]);
	free(an->actions);
	for (int i = 0; i < an->nfsms; i++)
		fsm_free(&an->fsms[i]);
	free(an->fsms);
	free(an->initial_fsms);
	memset(an, 0, sizeof(*an));
}

void m_file_free(struct m_file *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->nanalyses; i++)
		analysis_free(&f->analyses[i]);
	free(f->analyses);
	m_file_free_views(f);
	free(f->path);
	free(f);
}

static int compile_version(struct cctx *c, const xmlNode *n)
{
	char *v = prop(n, "version");
	int64_t x;
	int ret = 0;

	if (!v || parse_long(v, INT_MIN, INT_MAX, &x))
		ret = cu_err(c, n, "version must be an integer: version=%s", v ? v : "(none)");
	else
		c->an->version = (int)x;
	free(v);
	return ret;
}

static void compile_analysis(struct cctx *c, struct m_file *f, const xmlNode *n, int *refused)
{
	struct m_analysis an;

	memset(&an, 0, sizeof(an));
	an.id = prop(n, "id");
	an.file = xstrdup(f->path);
	c->an = &an;
	c->err[0] = '\0';
	c->locs = NULL;
	c->nlocs = 0;
	if (!an.id)
		cu_err(c, n, "missing id");
	else if (!compile_version(c, n)) {
		if (is_el(n, "stateProvider"))
			compile_state_provider(c, n);
		else
			compile_pattern(c, n);
	}
	for (int i = 0; i < c->nlocs; i++) {
		free(c->locs[i].id);
		path_free(&c->locs[i].path);
	}
	free(c->locs);
	c->locs = NULL;
	c->nlocs = 0;
	if (c->err[0]) {
		cu_diag(c->opts, c->err);
		analysis_free(&an);
		(*refused)++;
	} else {
		if (!an.label)
			an.label = xstrdup(an.id);
		GROW(f->analyses, f->nanalyses);
		f->analyses[f->nanalyses++] = an;
	}
	c->an = NULL;
}

/* stateProvider / pattern anywhere under node (callstack nests them), in document order. */
void compile_children(struct cctx *c, struct m_file *f, const xmlNode *node, int *refused)
{
	for (const xmlNode *n = node->children; n; n = n->next) {
		if (is_el(n, "stateProvider") || is_el(n, "pattern"))
			compile_analysis(c, f, n, refused);
		else if (is_el(n, "timeGraphView") || is_el(n, "xyView"))
			compile_view(c, f, n, refused);
		else if (is_el(n, "callstack"))
			compile_children(c, f, n, refused);
	}
}

