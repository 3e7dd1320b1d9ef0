/*
 * pattern.c - <pattern> execution: FSM scenarios, their state-system footprint, attribute pools
 * and segments (semantics.md §4).
 */
#include "analyses/engine/engine.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PENDING = 0, IN_PROGRESS = 1, MATCHED = 2 };

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		abort();
	return p;
}

static int ss_ok(struct xctx *x, int rc)
{
	return rc ? x_fail(x, "%s", x->r->ss.error) : XR_OK;
}

static int set_at(struct xctx *x, int base, const char *a, const char *b, const char *c,
		  struct hv v)
{
	struct statesys *ss = &x->r->ss;
	int q = ss_child(ss, base, a, 1);

	if (b)
		q = ss_child(ss, q, b, 1);
	if (c)
		q = ss_child(ss, q, c, 1);
	return ss_ok(x, ss_modify(ss, x->e->ts, q, v));
}

static int fsm_quark(struct xctx *x, struct fsm_run *f)
{
	if (!f->fsm_quark)
		f->fsm_quark = ss_child(&x->r->ss, ss_child(&x->r->ss, SS_ROOT, "scenarios", 1),
					f->m->id, 1);
	return f->fsm_quark;
}

static struct scenario *scenario_new(struct xctx *x, struct fsm_run *f)
{
	struct scenario *s = calloc(1, sizeof(*s));
	const struct m_state *init = &f->m->states[f->m->initial];
	char name[16];

	if (!s)
		abort();
	if (f->free_head < f->nfree) {
		s->quark = f->free_quarks[f->free_head++];
	} else {
		snprintf(name, sizeof(name), "%d", f->created++);
		s->quark = ss_child(&x->r->ss, fsm_quark(x, f), name, 1);
	}
	s->state = f->m->initial;
	s->status = PENDING;
	s->entered = xrealloc(NULL, f->m->nstates * sizeof(int64_t));
	for (int i = 0; i < f->m->nstates; i++)
		s->entered[i] = INT64_MIN;
	s->entered[s->state] = x->e->ts;
	f->started = 1;
	if (set_at(x, s->quark, "state", NULL, NULL, hv_str(init->id)) ||
	    set_at(x, s->quark, "state", init->id, "startTime", hv_long(x->e->ts)) ||
	    set_at(x, s->quark, "status", NULL, NULL, hv_int(PENDING)))
		return s;
	return s;
}

static void scenario_free(struct scenario *s)
{
	if (!s)
		return;
	free(s->entered);
	free(s->pool_quarks);
	free(s->pool_index);
	free(s);
}

/* ---------------------------------------------------------------- segments */

static int64_t as_time(struct xctx *x, const struct m_value *v, int64_t dflt, int *ok)
{
	struct hv h;

	*ok = 0;
	if (!v || x_value(x, v, &h) != XR_OK)
		return dflt;
	if (h.type == HV_STRING) {
		char *end;
		long long l = strtoll(h.u.s, &end, 10);

		if (*h.u.s && !*end) {
			*ok = 1;
			return l;
		}
		return dflt;
	}
	if (!hv_is_number(&h))
		return dflt;
	*ok = 1;
	return hv_as_long(&h);
}

/*
 * A segField (DataDrivenValueTypedWrapper): the inner value resolved raw, without its own
 * mappingGroup or forcedType, then converted to the field type; a failed conversion fails the
 * analysis. XR_SKIP when the field is left out (null, type "null", a script).
 */
static int seg_field(struct xctx *x, const struct m_segfield *f, struct hv *v)
{
	int rc;

	if (f->type == MF_NONE)
		return XR_SKIP;
	rc = x_raw_value(x, &f->value, v);
	if (rc == XR_SKIP)
		x->r->script_skips++;
	if (rc)
		return rc;
	rc = x_force_type(x, f->type, v);
	if (rc)
		return rc;
	return v->type == HV_NULL ? XR_SKIP : XR_OK;
}

/* From the start of the ongoing #CurrentScenario/startTime to now, unless the segment
 * says otherwise (begin, then end or duration). */
static void segment_times(struct xctx *x, const struct m_segment *m, struct segment *s)
{
	struct statesys *ss = &x->r->ss;
	int64_t ts = x->e->ts;
	int ok;

	s->start = ss->attrs[ss_child(ss, x->scen->quark, "startTime", 1)].start;
	s->end = ts;
	if (!m->begin)
		return;
	s->start = as_time(x, m->begin, s->start, &ok);
	if (m->end) {
		s->end = as_time(x, m->end, ts, &ok);
		if (s->end < s->start)
			s->end = ts;
	} else if (m->duration) {
		int64_t d = as_time(x, m->duration, -1, &ok);

		s->end = ok && d >= 0 ? s->start + d : ts;
	}
}

/* The fields with a value (skipped fields are left out), their strings interned. */
static int segment_fields(struct xctx *x, const struct m_segment *m, struct segment *s)
{
	struct statesys *ss = &x->r->ss;

	for (int i = 0; i < m->nfields; i++) {
		struct hv v;
		int rc = seg_field(x, &m->fields[i], &v);

		if (rc == XR_FAIL)
			return rc;
		if (rc == XR_SKIP)
			continue;
		if (v.type == HV_STRING)
			v.u.s = ss_intern(ss, v.u.s);
		s->fields = xrealloc(s->fields, (s->nfields + 1) * sizeof(*s->fields));
		s->fields[s->nfields].name = ss_intern(ss, m->fields[i].name);
		s->fields[s->nfields++].value = v;
	}
	return XR_OK;
}

static int do_segment(struct xctx *x, const struct m_segment *m)
{
	struct run *r = x->r;
	struct statesys *ss = &r->ss;
	struct segment s = { 0 };
	int rc;
	char buf[64];

	if (m->has_name_value) {
		struct hv v;

		rc = x_value(x, &m->name_value, &v);
		if (rc == XR_FAIL)
			return rc;
		if (rc == XR_SKIP) {
			r->script_skips++;
			return XR_OK;
		}
		s.name = ss_intern(ss, v.type == HV_STRING ? v.u.s : hv_to_string(&v, buf, sizeof(buf)));
	} else {
		s.name = ss_intern(ss, m->name ? m->name : "null");
	}
	segment_times(x, m, &s);
	if (segment_fields(x, m, &s) == XR_FAIL) {
		free(s.fields);
		return XR_FAIL;
	}
	if (r->on_segment)
		r->on_segment(r->seg_ctx, r, &s);
	if (!r->keep_segments) {
		free(s.fields);
		return XR_OK;
	}
	if (r->nsegs == r->cap_segs) {
		r->cap_segs = r->cap_segs ? r->cap_segs * 2 : 64;
		r->segs = xrealloc(r->segs, r->cap_segs * sizeof(*r->segs));
	}
	r->segs[r->nsegs++] = s;
	return XR_OK;
}

/* ----------------------------------------------------------------- actions */

static int run_action(struct xctx *x, int idx, int depth)
{
	const struct m_action *a = &x->r->m->actions[idx];

	if (depth > 64)
		return x_fail(x, "actions nested too deeply (a cycle?): action=%s", a->id);
	for (int i = 0; i < a->n; i++) {
		const struct m_item *it = &a->items[i];
		int rc = XR_OK;

		if (it->type == MI_CHANGE)
			rc = x_change(x, &it->change);
		else if (it->type == MI_SEGMENT)
			rc = do_segment(x, &it->segment);
		else
			rc = run_action(x, it->action, depth + 1);
		if (rc == XR_FAIL)
			return rc;
	}
	return XR_OK;
}

static int run_actions(struct xctx *x, const int *list, int n)
{
	for (int i = 0; i < n; i++)
		if (run_action(x, list[i], 0) == XR_FAIL)
			return XR_FAIL;
	return XR_OK;
}

static int tests_hold(struct xctx *x, const int *tests, int n, int *result)
{
	*result = 1;
	for (int i = 0; i < n && *result; i++) {
		int rc = x_cond(x, &x->r->m->tests[tests[i]].cond, result);

		if (rc == XR_SKIP) {
			x->r->script_skips++;
			*result = 0;
		} else if (rc) {
			return rc;
		}
	}
	return XR_OK;
}

/* -------------------------------------------------------------- scenarios */

/* completeScenario: the scenario quark and its pool attributes removed at ts, back to their pools. */
static void recycle(struct run *r, struct fsm_run *f, struct scenario *s, int64_t ts)
{
	struct statesys *ss = &r->ss;

	ss_remove(ss, ts, s->quark);
	for (int i = 0; i < s->npools; i++) {
		char name[16];
		int q;

		snprintf(name, sizeof(name), "%d", s->pool_index[i]);
		q = ss_child(ss, s->pool_quarks[i], name, 1);
		ss_remove(ss, ts, q);
		for (int k = 0; k < r->npools; k++)
			if (r->pools[k].quark == s->pool_quarks[i])
				r->pools[k].used[s->pool_index[i]] = 0;
	}
	s->npools = 0;
	if (f->free_head > 0 && f->free_head == f->nfree) {
		f->free_head = 0;
		f->nfree = 0;
	}
	f->free_quarks = xrealloc(f->free_quarks, (f->nfree + 1) * sizeof(int));
	f->free_quarks[f->nfree++] = s->quark;
}

static int take(struct xctx *x, struct fsm_run *f, struct scenario *s, const struct m_transition *t)
{
	const struct m_state *from = &f->m->states[s->state], *to = &f->m->states[t->target];
	int64_t ts = x->e->ts;
	int final = to->ntr == 0;

	if (run_actions(x, from->onexit, from->nonexit) ||
	    run_actions(x, t->actions, t->nactions) ||
	    run_actions(x, to->onentry, to->nonentry))
		return XR_FAIL;
	if (s->status == PENDING) {
		s->status = IN_PROGRESS;
		if (set_at(x, s->quark, "startTime", NULL, NULL, hv_long(ts)))
			return XR_FAIL;
	}
	if (final) {
		s->status = MATCHED;
		s->done = 1;
		recycle(x->r, f, s, ts);
	}
	if (set_at(x, s->quark, "state", NULL, NULL, hv_str(to->id)))
		return XR_FAIL;
	if (t->target != s->state) {
		s->entered[t->target] = ts;
		if (set_at(x, s->quark, "state", to->id, "startTime", hv_long(ts)))
			return XR_FAIL;
	}
	s->state = t->target;
	return set_at(x, s->quark, "status", NULL, NULL, hv_int(s->status));
}

static int event_in_names(const struct m_events *ev, const char *name)
{
	for (int i = 0; i < ev->n; i++)
		if (jregex_matches(&ev->re[i], name))
			return 1;
	return 0;
}

/* The memo of the event's class (NULL without a class): an FSM tests the same event lists on
 * every event, a trace has few classes, and the regexes are slow (a kernel trace's syscalls
 * go through every precondition). */
static unsigned char *class_hits(struct run *r, const void *cls)
{
	uintptr_t h = (uintptr_t)cls;
	size_t n = (size_t)r->m->nevent_sets, i = (size_t)((h >> 4) ^ (h >> 10)) & 63;
	unsigned char *hits;

	if (!cls || !n)
		return NULL;
	if (r->hits_slot[i].cls == cls)
		return r->hits_slot[i].hits;
	hits = ptrmap_get(&r->event_hits, cls);
	if (!hits) {
		hits = calloc(n, 1);
		if (!hits || ptrmap_put(&r->event_hits, cls, hits) != 0)
			abort();
	}
	r->hits_slot[i].cls = cls;
	r->hits_slot[i].hits = hits;
	return hits;
}

static int event_in(struct xctx *x, const struct m_events *ev)
{
	unsigned char *hit = class_hits(x->r, x->e->cls);

	if (!hit)
		return event_in_names(ev, x->e->name);
	if (!hit[ev->id])
		hit[ev->id] = (unsigned char)(1 + event_in_names(ev, x->e->name));
	return hit[ev->id] == 2;
}

/* 1 when a transition was taken, 0 when none applies, XR_FAIL. */
static int try_scenario(struct xctx *x, struct fsm_run *f, struct scenario *s)
{
	const struct m_state *st = &f->m->states[s->state];

	x->scen = s;
	for (int i = 0; i < st->ntr; i++) {
		const struct m_transition *t = &st->tr[i];
		int hold;

		if (!t->any_event && !event_in(x, &t->events))
			continue;
		if (tests_hold(x, t->tests, t->ntests, &hold))
			return XR_FAIL;
		if (hold)
			return take(x, f, s, t) ? XR_FAIL : 1;
	}
	return 0;
}

static int precondition(struct xctx *x, struct fsm_run *f, int *result)
{
	*result = f->m->npre == 0;
	x->scen = f->pending;
	for (int i = 0; i < f->m->npre && !*result; i++) {
		const struct m_precond *p = &f->m->pre[i];

		if (!p->any_event && !event_in(x, &p->events))
			continue;
		if (tests_hold(x, p->tests, p->ntests, result))
			return XR_FAIL;
	}
	return XR_OK;
}

static int fsm_event(struct xctx *x, struct fsm_run *f)
{
	int pass, consumed = 0, rc, n = 0;

	x->fsm = f;
	if (precondition(x, f, &pass))
		return XR_FAIL;
	if (!pass)
		return XR_OK;
	/* drop finished scenarios */
	for (int i = 0; i < f->nactive; i++) {
		if (f->active[i]->done)
			scenario_free(f->active[i]);
		else
			f->active[n++] = f->active[i];
	}
	f->nactive = n;
	for (int i = 0; i < f->nactive; i++) {
		rc = try_scenario(x, f, f->active[i]);
		if (rc == XR_FAIL)
			return rc;
		if (rc == 1 && f->m->consuming) {
			consumed = 1;
			break;
		}
	}
	if (f->pending && !consumed) {
		struct scenario *s = f->pending;

		rc = try_scenario(x, f, s);
		if (rc == XR_FAIL)
			return rc;
		if (rc == 1) {
			f->pending = NULL;
			f->active = xrealloc(f->active, (f->nactive + 1) * sizeof(*f->active));
			f->active[f->nactive++] = s;
		}
	}
	return XR_OK;
}

void pattern_event(struct xctx *x, int first)
{
	struct run *r = x->r;
	const struct m_analysis *m = r->m;

	if (!r->fsms) {
		r->fsms = calloc((size_t)m->nfsms + 1, sizeof(*r->fsms));
		if (!r->fsms)
			abort();
		for (int i = 0; i < m->nfsms; i++)
			r->fsms[i].m = &m->fsms[i];
	}
	if (first) {
		for (int i = 0; i < m->ninitial; i++) {
			struct fsm_run *f = &r->fsms[m->initial_fsms[i]];

			if (!f->started)
				f->pending = scenario_new(x, f);
		}
	} else {
		for (int i = 0; i < m->nfsms; i++) {
			struct fsm_run *f = &r->fsms[i];

			if (f->started && f->m->multiple && !f->pending)
				f->pending = scenario_new(x, f);
		}
	}
	if (r->failed)
		return;
	for (int i = 0; i < m->nfsms; i++) {
		if (!r->fsms[i].started)
			continue;
		if (fsm_event(x, &r->fsms[i]) == XR_FAIL)
			return;
	}
}

/*
 * DataDrivenFsm.dispose, before the history is closed and the last future changes applied: every
 * scenario in progress is cancelled, removed at the history's current end; ABANDONED is never written.
 */
void pattern_finish(struct run *r)
{
	int64_t ts = ss_current_end(&r->ss);

	for (int i = 0; r->fsms && !r->failed && i < r->m->nfsms; i++) {
		struct fsm_run *f = &r->fsms[i];

		for (int k = 0; k < f->nactive; k++) {
			struct scenario *s = f->active[k];

			if (s->done || s->status != IN_PROGRESS)
				continue;
			recycle(r, f, s, ts);
			s->done = 1;
		}
	}
}

static void free_hits(const void *cls, void *hits, void *data)
{
	(void)cls;
	(void)data;
	free(hits);
}

void pattern_release(struct run *r)
{
	for (int i = 0; r->fsms && i < r->m->nfsms; i++) {
		struct fsm_run *f = &r->fsms[i];

		for (int k = 0; k < f->nactive; k++)
			scenario_free(f->active[k]);
		free(f->active);
		scenario_free(f->pending);
		free(f->free_quarks);
	}
	free(r->fsms);
	ptrmap_foreach(&r->event_hits, free_hits, NULL);
	ptrmap_release(&r->event_hits);
	for (int i = 0; i < r->npools; i++)
		free(r->pools[i].used);
	free(r->pools);
}
