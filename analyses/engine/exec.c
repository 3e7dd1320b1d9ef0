/*
 * exec.c - evaluation of paths, values and conditions, and state changes
 * (semantics.md §3.3-§3.8, §4.5, §4.6).
 */
#include "analyses/engine/engine.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int x_fail(struct xctx *x, const char *fmt, ...)
{
	va_list ap;
	char msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!x->r->failed)
		snprintf(x->r->error, sizeof(x->r->error),
			 "analysis %s failed at time %" PRId64 " (event %s): %s", x->r->m->id,
			 x->e ? x->e->ts : 0, x->e ? x->e->name : "-", msg);
	if (!x->r->failed)
		x->r->failed_at = x->e ? x->e->ts : 0;
	x->r->failed = 1;
	return XR_FAIL;
}

static const char *to_name(struct xctx *x, const struct hv *v)
{
	char buf[64];

	if (v->type == HV_STRING)
		return v->u.s;
	return scratch_strdup(x->sc, hv_to_string(v, buf, sizeof(buf)));
}

/* ------------------------------------------------------------------- pools */

static struct pool *pool_for(struct run *r, int quark)
{
	struct pool *p;

	for (int i = 0; i < r->npools; i++)
		if (r->pools[i].quark == quark)
			return &r->pools[i];
	r->pools = realloc(r->pools, (r->npools + 1) * sizeof(*r->pools));
	if (!r->pools)
		abort();
	p = &r->pools[r->npools++];
	p->quark = quark;
	p->used = NULL;
	p->n = 0;
	return p;
}

/* The scenario's child in the pool under quark: kept until the scenario completes. */
static int pool_child(struct xctx *x, int quark)
{
	struct scenario *s = x->scen;
	struct pool *p;
	char name[16];
	int idx;

	for (int i = 0; i < s->npools; i++)
		if (s->pool_quarks[i] == quark)
			return ss_child(&x->r->ss, quark, (snprintf(name, sizeof(name), "%d",
							    s->pool_index[i]), name), 1);
	p = pool_for(x->r, quark);
	for (idx = 0; idx < p->n && p->used[idx]; idx++)
		;
	if (idx == p->n) {
		p->used = realloc(p->used, (size_t)p->n + 1);
		if (!p->used)
			abort();
		p->n++;
	}
	p->used[idx] = 1;
	s->pool_quarks = realloc(s->pool_quarks, (s->npools + 1) * sizeof(int));
	s->pool_index = realloc(s->pool_index, (s->npools + 1) * sizeof(int));
	if (!s->pool_quarks || !s->pool_index)
		abort();
	s->pool_quarks[s->npools] = quark;
	s->pool_index[s->npools++] = idx;
	snprintf(name, sizeof(name), "%d", idx);
	return ss_child(&x->r->ss, quark, name, 1);
}

/* ------------------------------------------------------------------- paths */

/* The memo's entry for (parent, key), emptied when the memo was for another state system. */
static struct m_memo_entry *memo_entry(const struct m_attr *a, const struct statesys *ss,
				       int parent, int64_t key)
{
	/* the memo is a cache of attribute lookups, not model state */
	struct m_memo *memo = (struct m_memo *)&a->memo;
	uint64_t h = ((uint64_t)key * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)parent * 0xc2b2ae3d27d4eb4fULL);

	if (memo->ss != ss) {
		memo->ss = ss;
		for (int i = 0; i < M_MEMO_WAYS; i++)
			memo->e[i].parent = -1;
	}
	return &memo->e[(h ^ (h >> 32)) % M_MEMO_WAYS];
}

/* An eventField attribute: *q's child named by the field's value (XR_SKIP when it is null). */
static int field_child(struct xctx *x, const struct m_attr *a, int *q)
{
	struct statesys *ss = &x->r->ss;
	struct m_memo_entry *m;
	struct hv v;
	int64_t key;

	ev_field_memo(x->memo, x->e, a->value, &v, x->sc);
	if (v.type == HV_NULL)
		return XR_SKIP;
	if (v.type != HV_LONG && v.type != HV_INT) {
		*q = ss_child(ss, *q, to_name(x, &v), 1);
		return XR_OK;
	}
	/* integer names (pids, tids, ids) repeat from one event to the next */
	key = v.type == HV_LONG ? v.u.l : v.u.i;
	m = memo_entry(a, ss, *q, key);
	if (m->parent == *q && m->key == key) {
		*q = m->quark;
		return XR_OK;
	}
	m->parent = *q;
	m->key = key;
	*q = m->quark = ss_child(ss, *q, to_name(x, &v), 1);
	return XR_OK;
}

/* A query attribute: *q's child named by the ongoing value of the queried attribute. */
static int query_child(struct xctx *x, const struct m_attr *a, int *q)
{
	struct statesys *ss = &x->r->ss;
	struct hv v;
	int qq, rc = x_path(x, a->query, SS_ROOT, &qq);

	if (rc)
		return rc;
	v = ss_ongoing(ss, qq);
	if (v.type == HV_NULL)
		return XR_SKIP;
	*q = ss_child(ss, *q, to_name(x, &v), 1);
	return XR_OK;
}

int x_path(struct xctx *x, const struct m_path *p, int base, int *quark)
{
	struct statesys *ss = &x->r->ss;
	int q = base;

	for (int i = 0; i < p->n; i++) {
		const struct m_attr *a = &p->el[i];
		struct m_memo_entry *m;
		int rc;

		switch (a->type) {
		case MA_CONSTANT:
			m = memo_entry(a, ss, q, 0);
			if (m->parent == q) {
				q = m->quark;
				break;
			}
			m->parent = q;
			q = m->quark = ss_child(ss, q, a->value, 1);
			break;
		case MA_CURRENT_SCENARIO:
			q = x->scen ? x->scen->quark : SS_ROOT;
			break;
		case MA_FIELD:
			rc = field_child(x, a, &q);
			if (rc)
				return rc;
			break;
		case MA_EVENT_NAME:
			q = ss_child(ss, q, x->e->name, 1);
			break;
		case MA_QUERY:
			rc = query_child(x, a, &q);
			if (rc)
				return rc;
			break;
		case MA_POOL:
			/* outside scenarios Trace Compass uses one dummy scenario whose first pick, child 0, stays */
			q = x->scen ? pool_child(x, q) : ss_child(ss, q, "0", 1);
			break;
		case MA_NULL:
			return XR_SKIP;
		}
	}
	*quark = q;
	return XR_OK;
}

/* ------------------------------------------------------------------ values */

static int32_t java_d2i(double d)
{
	if (isnan(d))
		return 0;
	if (d >= 2147483647.0)
		return INT32_MAX;
	if (d <= -2147483648.0)
		return INT32_MIN;
	return (int32_t)d;
}

int x_force_type(struct xctx *x, enum m_forced f, struct hv *v)
{
	char buf[64];

	if (f == MF_NONE || v->type == HV_NULL)
		return XR_OK;
	if (v->type == HV_STRING) {
		int64_t l;
		double d;

		switch (f) {
		case MF_INT:
			if (hv_parse_java_long(v->u.s, INT32_MIN, INT32_MAX, &l))
				return x_fail(x, "cannot convert to int: value=\"%s\"", v->u.s);
			*v = hv_int((int32_t)l);
			break;
		case MF_LONG:
			if (hv_parse_java_long(v->u.s, INT64_MIN, INT64_MAX, &l))
				return x_fail(x, "cannot convert to long: value=\"%s\"", v->u.s);
			*v = hv_long(l);
			break;
		case MF_DOUBLE:
			if (hv_parse_java_double(v->u.s, &d))
				return x_fail(x, "cannot convert to double: value=\"%s\"", v->u.s);
			*v = hv_double(d);
			break;
		default:
			break;
		}
		return XR_OK;
	}
	switch (f) {
	case MF_INT:
		*v = hv_int(v->type == HV_DOUBLE ? java_d2i(v->u.d) : (int32_t)hv_as_long(v));
		break;
	case MF_LONG:
		*v = hv_long(hv_as_long(v));
		break;
	case MF_DOUBLE:
		*v = hv_double(hv_as_double(v));
		break;
	case MF_STRING:
		*v = hv_str(scratch_strdup(x->sc, hv_to_string(v, buf, sizeof(buf))));
		break;
	default:
		break;
	}
	return XR_OK;
}

int x_raw_value(struct xctx *x, const struct m_value *v, struct hv *out)
{
	struct statesys *ss = &x->r->ss;
	int q, rc;

	switch (v->type) {
	case MV_NULL:
		*out = hv_null();
		return XR_OK;
	case MV_CONST:
		*out = v->constant;
		return XR_OK;
	case MV_FIELD:
		ev_field_memo(x->memo, x->e, v->field, out, x->sc);
		return XR_OK;
	case MV_EVENT_NAME:
		*out = hv_str(x->e->name);
		return XR_OK;
	case MV_QUERY:
		rc = x_path(x, &v->path, SS_ROOT, &q);
		*out = rc == XR_OK ? ss_ongoing(ss, q) : hv_null();
		return rc == XR_FAIL ? rc : XR_OK;
	case MV_PEEK:
		rc = x_path(x, &v->path, SS_ROOT, &q);
		*out = rc == XR_OK ? ss_stack_top(ss, q) : hv_null();
		return rc == XR_FAIL ? rc : XR_OK;
	case MV_SCRIPT:
		return XR_SKIP;
	}
	return XR_OK;
}

int x_value(struct xctx *x, const struct m_value *v, struct hv *out)
{
	int rc = x_raw_value(x, v, out);

	if (rc)
		return rc;
	if (v->mapping) {
		const struct m_mapping *m = v->mapping;
		struct hv in = *out;

		*out = hv_null();
		for (int i = 0; i < m->n; i++) {
			struct hv key;

			rc = x_value(x, &m->keys[i], &key);
			if (rc)
				return rc;
			if (hv_equals(&in, &key))
				return x_value(x, &m->values[i], out) ?: x_force_type(x, v->forced, out);
		}
	}
	return x_force_type(x, v->forced, out);
}

/* -------------------------------------------------------------- conditions */

/*
 * cmp_values with a null side, without formatting: the texts compared are "null" and a
 * string, or "null" and a number's text, which starts with a digit, '-', 'N' (NaN) or 'I'
 * (Infinity), all below 'n'. Trace Compass's isTidValid compares a thread with null on every
 * event.
 */
static int cmp_null(const struct hv *a, const struct hv *b)
{
	int r;

	if (a->type == HV_NULL && b->type == HV_NULL)
		return 0;
	if (a->type == HV_STRING || b->type == HV_STRING) {
		r = strcmp(a->type == HV_STRING ? a->u.s : "null", b->type == HV_STRING ? b->u.s : "null");
		return (r > 0) - (r < 0);
	}
	return a->type == HV_NULL ? 1 : -1;
}

static int cmp_values(const struct hv *a, const struct hv *b)
{
	char ba[64], bb[64];

	if (a->type == HV_NULL || b->type == HV_NULL)
		return cmp_null(a, b);
	if (a->type == HV_INT && hv_is_number(b)) {
		int32_t y = b->type == HV_DOUBLE ? java_d2i(b->u.d) : (int32_t)hv_as_long(b);

		return (a->u.i > y) - (a->u.i < y);
	}
	if (a->type == HV_LONG && hv_is_number(b)) {
		int64_t y = hv_as_long(b);

		return (a->u.l > y) - (a->u.l < y);
	}
	return strcmp(a->type == HV_STRING ? a->u.s : hv_to_string(a, ba, sizeof(ba)),
		      b->type == HV_STRING ? b->u.s : hv_to_string(b, bb, sizeof(bb)));
}

static int compare(struct xctx *x, const struct m_cond *c, int *result)
{
	struct hv lhs, rhs;
	int rc, r;

	switch (c->lhs_kind) {
	case LHS_FIELD:
		ev_field_memo(x->memo, x->e, c->lhs_field, &lhs, x->sc);
		break;
	case LHS_PATH: {
		int q;

		rc = x_path(x, &c->lhs_path, SS_ROOT, &q);
		if (rc == XR_SKIP) {
			*result = 0;
			return XR_OK;
		}
		if (rc)
			return rc;
		lhs = ss_ongoing(&x->r->ss, q);
		break;
	}
	default:
		rc = x_value(x, &c->lhs, &lhs);
		if (rc)
			return rc;
	}
	rc = x_value(x, &c->rhs, &rhs);
	if (rc)
		return rc;
	r = cmp_values(&lhs, &rhs);
	switch (c->op) {
	case OP_EQ: *result = r == 0; break;
	case OP_NE: *result = r != 0; break;
	case OP_GE: *result = r >= 0; break;
	case OP_GT: *result = r > 0; break;
	case OP_LE: *result = r <= 0; break;
	case OP_LT: *result = r < 0; break;
	}
	return XR_OK;
}

static int elapsed(struct xctx *x, const struct m_cond *c, int *result)
{
	int st = -1;
	int64_t d;

	*result = 0;
	if (!x->scen || !x->fsm)
		return XR_OK;
	for (int i = 0; i < x->fsm->m->nstates; i++)
		if (!strcmp(x->fsm->m->states[i].id, c->since))
			st = i;
	if (st < 0 || x->scen->entered[st] == INT64_MIN)
		return XR_OK;
	d = x->e->ts - x->scen->entered[st];
	*result = c->elapsed_cmp < 0 ? d < c->value : c->elapsed_cmp > 0 ? d > c->value :
		  d == c->value;
	return XR_OK;
}

int x_cond(struct xctx *x, const struct m_cond *c, int *result)
{
	int rc;

	switch (c->type) {
	case MC_TRUE:
		*result = 1;
		return XR_OK;
	case MC_CMP:
		return compare(x, c, result);
	case MC_AND:
	case MC_OR:
		for (int i = 0; i < c->nkids; i++) {
			rc = x_cond(x, &c->kids[i], result);
			if (rc)
				return rc;
			if (*result != (c->type == MC_AND))
				return XR_OK;
		}
		*result = c->type == MC_AND;
		return XR_OK;
	case MC_NOT:
		rc = x_cond(x, &c->kids[0], result);
		*result = !*result;
		return rc;
	case MC_TIMERANGE: {
		int in = x->e->ts >= c->begin && x->e->ts <= c->end;

		*result = c->in ? in : !in;
		return XR_OK;
	}
	case MC_ELAPSED:
		return elapsed(x, c, result);
	}
	return XR_OK;
}

/* ----------------------------------------------------------- state changes */

static int64_t future_time(const struct hv *v, int64_t t)
{
	double d;

	if (hv_is_number(v))
		return hv_as_long(v);
	if (v->type == HV_STRING) {
		int64_t l;
		struct hv dv;

		if (!hv_parse_java_long(v->u.s, INT64_MIN, INT64_MAX, &l))
			return l;
		if (!hv_parse_java_double(v->u.s, &d)) {
			dv = hv_double(d);
			return hv_as_long(&dv);
		}
	}
	return t;
}

static int increment(struct xctx *x, int q, struct hv *v)
{
	struct hv cur = ss_ongoing(&x->r->ss, q);
	char path[512];

	if (v->type == HV_STRING || v->type == HV_NULL)
		return XR_OK;
	if (cur.type != HV_NULL && cur.type != v->type)
		return x_fail(x, "increment type clash (ClassCastException): attribute=%s stored=%s increment=%s",
			      ss_path(&x->r->ss, q, path, sizeof(path)), hv_type_name(cur.type),
			      hv_type_name(v->type));
	switch (v->type) {
	case HV_INT:
		v->u.i = (int32_t)((uint32_t)v->u.i + (uint32_t)(cur.type ? cur.u.i : 0));
		break;
	case HV_LONG:
		v->u.l = (int64_t)((uint64_t)v->u.l + (uint64_t)(cur.type ? cur.u.l : 0));
		break;
	case HV_DOUBLE:
		v->u.d += cur.type ? cur.u.d : 0;
		break;
	default:
		break;
	}
	return XR_OK;
}

static int ss_result(struct xctx *x, int rc)
{
	if (rc)
		return x_fail(x, "%s", x->r->ss.error);
	return XR_OK;
}

static int assign(struct xctx *x, const struct m_change *ch)
{
	struct statesys *ss = &x->r->ss;
	struct hv v, fv;
	int64_t t = x->e->ts, tf = t;
	int q, rc;

	rc = x_path(x, &ch->path, SS_ROOT, &q);
	if (rc)
		return rc == XR_SKIP ? XR_OK : rc;
	rc = x_value(x, &ch->value, &v);
	if (rc == XR_OK && ch->future) {
		rc = x_value(x, ch->future, &fv);
		if (rc == XR_OK)
			tf = future_time(&fv, t);
	}
	if (rc == XR_SKIP) {
		x->r->script_skips++;
		return XR_OK;
	}
	if (rc)
		return rc;
	switch (ch->value.stack) {
	case MS_PUSH:
		if (tf > t)
			run_future(x->r, tf, q, MS_PUSH, v);
		else
			return ss_result(x, ss_push(ss, t, q, v));
		return XR_OK;
	case MS_POP:
		if (tf > t)
			run_future(x->r, tf, q, MS_POP, hv_null());
		else
			return ss_result(x, ss_pop(ss, t, q));
		return XR_OK;
	case MS_POPALL: {
		int depth = ss_stack_depth(ss, q);

		for (int i = 0; i < depth; i++) {
			if (tf > t)
				run_future(x->r, tf, q, MS_POP, hv_null());
			else if (ss_pop(ss, t, q))
				return ss_result(x, -1);
		}
		return XR_OK;
	}
	default:
		break;
	}
	if (ch->value.increment && v.type != HV_NULL) {
		rc = increment(x, q, &v);
		if (rc)
			return rc;
	}
	if (ch->value.update)
		return ss_result(x, ss_update_ongoing(ss, q, v));
	if (tf == t)
		return ss_result(x, ss_modify(ss, t, q, v));
	if (tf > t)
		run_future(x->r, tf, q, MS_NONE, v);
	return XR_OK;
}

int x_change(struct xctx *x, const struct m_change *ch)
{
	int result, rc;

	if (!ch->conditional)
		return assign(x, ch);
	rc = x_cond(x, &ch->cond, &result);
	if (rc == XR_SKIP) {
		x->r->script_skips++;
		return XR_OK;
	}
	if (rc)
		return rc;
	if (result)
		return x_change(x, ch->then_);
	return ch->else_ ? x_change(x, ch->else_) : XR_OK;
}

/* ------------------------------------------------------------ future queue */

static int future_less(const struct future *a, const struct future *b)
{
	return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

void run_future(struct run *r, int64_t t, int quark, enum m_stack stack, struct hv v)
{
	struct future f = { t, r->future_seq++, quark, stack, v };
	int i;

	if (v.type == HV_STRING)
		f.value.u.s = ss_intern(&r->ss, v.u.s);
	if (r->nfutures == r->cap_futures) {
		r->cap_futures = r->cap_futures ? r->cap_futures * 2 : 16;
		r->futures = realloc(r->futures, r->cap_futures * sizeof(*r->futures));
		if (!r->futures)
			abort();
	}
	i = r->nfutures++;
	while (i > 0 && future_less(&f, &r->futures[(i - 1) / 2])) {
		r->futures[i] = r->futures[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	r->futures[i] = f;
}

static struct future pop_future(struct run *r)
{
	struct future top = r->futures[0], last = r->futures[--r->nfutures];
	int i = 0;

	for (;;) {
		int c = 2 * i + 1;

		if (c >= r->nfutures)
			break;
		if (c + 1 < r->nfutures && future_less(&r->futures[c + 1], &r->futures[c]))
			c++;
		if (!future_less(&r->futures[c], &last))
			break;
		r->futures[i] = r->futures[c];
		i = c;
	}
	if (r->nfutures)
		r->futures[i] = last;
	return top;
}

int run_apply_futures(struct run *r, int64_t upto, int all)
{
	while (r->nfutures && (all || r->futures[0].t <= upto)) {
		struct future f = pop_future(r);
		int rc;

		if (f.stack == MS_PUSH)
			rc = ss_push(&r->ss, f.t, f.quark, f.value);
		else if (f.stack == MS_POP)
			rc = ss_pop(&r->ss, f.t, f.quark);
		else
			rc = ss_modify(&r->ss, f.t, f.quark, f.value);
		if (rc) {
			if (!r->failed)
				snprintf(r->error, sizeof(r->error), "analysis %s failed at time %" PRId64 " (future change): %s",
					 r->m->id, f.t, r->ss.error);
			if (!r->failed)
				r->failed_at = f.t;
			r->failed = 1;
			return -1;
		}
	}
	return 0;
}
