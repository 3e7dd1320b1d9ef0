/* engine.c - the event loop around the runs, and state providers (semantics.md §2, §3.2). */
#include "analyses/engine/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void engine_init(struct engine *eng)
{
	memset(eng, 0, sizeof(*eng));
	scratch_init(&eng->scratch);
	ev_memo_init(&eng->memo);
}

static void free_segments(struct run *r)
{
	for (int i = 0; i < r->nsegs; i++)
		free(r->segs[i].fields);
	free(r->segs);
}

void engine_release(struct engine *eng)
{
	for (int i = 0; i < eng->nruns; i++) {
		struct run *r = eng->runs[i];

		pattern_release(r);
		strmap_release(&r->match_cache, free);
		free(r->futures);
		free_segments(r);
		ss_release(&r->ss);
		free(r);
	}
	free(eng->runs);
	scratch_release(&eng->scratch);
	ev_memo_release(&eng->memo);
	memset(eng, 0, sizeof(*eng));
}

struct run *engine_add(struct engine *eng, const struct m_analysis *m, int keep_history)
{
	struct run *r = calloc(1, sizeof(*r));

	if (!r)
		abort();
	r->m = m;
	ss_init(&r->ss, m->id);
	r->ss.keep_history = keep_history;
	strmap_init(&r->match_cache);
	eng->runs = realloc(eng->runs, (eng->nruns + 1) * sizeof(*eng->runs));
	if (!eng->runs)
		abort();
	eng->runs[eng->nruns++] = r;
	return r;
}

struct run *engine_find(struct engine *eng, const char *id)
{
	for (int i = 0; i < eng->nruns; i++)
		if (!strcmp(eng->runs[i]->m->id, id))
			return eng->runs[i];
	return NULL;
}

/*
 * The handlers matching an event name, computed once per name (regexes are slow, and generated
 * analyses have hundreds of handlers): a list of indices ending with -1.
 */
static int handler_matches(const struct m_handler *h, const char *name)
{
	/* most generated names are literal: no regex needed */
	if (h->literal)
		return !strcmp(h->event_name, name);
	return jregex_matches(&h->re, name);
}

static const int *handlers_for(struct run *r, const char *name)
{
	int *match = strmap_get(&r->match_cache, name), n = 0;

	if (match)
		return match;
	match = malloc(((size_t)r->m->nhandlers + 1) * sizeof(int));
	if (!match)
		abort();
	for (int i = 0; i < r->m->nhandlers; i++)
		if (handler_matches(&r->m->handlers[i], name))
			match[n++] = i;
	match[n] = -1;
	strmap_put(&r->match_cache, name, match);
	return match;
}

void provider_event(struct xctx *x)
{
	const struct m_analysis *m = x->r->m;
	const int *match;

	if (x->e->cls) {
		/* same class, same name: skip hashing the name */
		uintptr_t h = (uintptr_t)x->e->cls;
		size_t i = (size_t)((h >> 4) ^ (h >> 12)) & 255;

		if (x->r->cls_cache[i].cls != x->e->cls) {
			x->r->cls_cache[i].cls = x->e->cls;
			x->r->cls_cache[i].match = handlers_for(x->r, x->e->name);
		}
		match = x->r->cls_cache[i].match;
	} else {
		match = handlers_for(x->r, x->e->name);
	}

	for (; *match >= 0; match++) {
		const struct m_handler *h = &m->handlers[*match];

		for (int k = 0; k < h->n; k++)
			if (x_change(x, &h->changes[k]) == XR_FAIL)
				return;
	}
}

void engine_event(struct engine *eng, const struct ev *e)
{
	int first = eng->nevents == 0;

	if (first)
		eng->first_ts = e->ts;
	eng->memo.event = eng->nevents + 1;
	for (int i = 0; i < eng->nruns; i++) {
		struct run *r = eng->runs[i];
		struct xctx x = { r, e, &eng->scratch, NULL, NULL, &eng->memo };

		if (r->failed)
			continue;
		if (first)
			ss_set_start(&r->ss, e->ts);
		if (run_apply_futures(r, e->ts, 0))
			continue;
		if (r->m->kind == MK_STATE_PROVIDER)
			provider_event(&x);
		else
			pattern_event(&x, first);
	}
	scratch_reset(&eng->scratch);
	eng->last_ts = e->ts;
	eng->nevents++;
}

void engine_finish(struct engine *eng)
{
	if (eng->finished)
		return;
	for (int i = 0; i < eng->nruns; i++) {
		struct run *r = eng->runs[i];

		if (r->m->kind == MK_PATTERN)
			pattern_finish(r);
		if (!r->failed)
			run_apply_futures(r, 0, 1);
		if (eng->nevents)
			ss_close(&r->ss, r->failed && r->failed_at < eng->last_ts ? r->failed_at :
				  eng->last_ts);
	}
	eng->finished = 1;
}
