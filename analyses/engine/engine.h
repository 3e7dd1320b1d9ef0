/*
 * engine.h - runs compiled analyses (model.h) over a stream of events (event.h).
 *
 *   engine_init(eng) / engine_release(eng)
 *   engine_add(eng, analysis, keep_history)    one run per analysis, its own state system
 *   engine_event(eng, ev)                      in timestamp order
 *   engine_finish(eng)                         applies the remaining future changes, closes
 *
 * A run that fails (type clash, bad forced type, ...) stops at that event with run->error set and
 * keeps what it produced so far; other runs go on.
 */
#ifndef HSAT_ENGINE_ENGINE_H
#define HSAT_ENGINE_ENGINE_H

#include <stdint.h>

#include "analyses/common/ptrmap.h"
#include "analyses/engine/event.h"
#include "analyses/engine/model.h"
#include "analyses/engine/statesys.h"
#include "analyses/engine/strmap.h"
#include "analyses/engine/value.h"

struct seg_field {
	const char *name;	/* interned */
	struct hv value;
};

struct segment {
	int64_t start, end;
	const char *name;	/* interned */
	struct seg_field *fields;
	int nfields;
};

struct future {
	int64_t t;
	uint64_t seq;
	int quark;
	enum m_stack stack;	/* MS_NONE: modify; MS_PUSH; MS_POP */
	struct hv value;
};

struct pool {
	int quark;		/* the attribute the pool's children hang under */
	unsigned char *used;
	int n;
};

struct scenario {
	int quark;
	int state;
	int status;		/* 0 pending, 1 in progress, 2 matched, 3 abandoned */
	int64_t *entered;	/* per state: last time entered, or INT64_MIN */
	int *pool_quarks, *pool_index;	/* pool allocations: pool attribute, child index */
	int npools;
	int done;
};

struct fsm_run {
	const struct m_fsm *m;
	int started, dead;
	struct scenario **active;	/* in creation order */
	int nactive;
	struct scenario *pending;
	int fsm_quark;		/* scenarios/<fsm> */
	int *free_quarks;	/* FIFO of recycled scenario quarks */
	int nfree, free_head;
	int created;		/* children created under scenarios/<fsm> */
};

struct run {
	const struct m_analysis *m;
	struct statesys ss;
	struct strmap match_cache;	/* event name -> matching handlers (-1 terminated) */
	struct { const void *cls; const int *match; } cls_cache[256];	/* by event class */
	/* pattern.c's memo, by event class: per m_events (by id) 0 not known yet, 1 no, 2 match;
	 * owned by the map, the recent classes' at hand in slots by pointer hash */
	struct ptrmap event_hits;
	struct { const void *cls; unsigned char *hits; } hits_slot[64];
	struct future *futures;		/* binary heap on (t, seq) */
	int nfutures, cap_futures;
	uint64_t future_seq;
	struct fsm_run *fsms;
	struct pool *pools;
	int npools;
	struct segment *segs;
	int nsegs, cap_segs;
	int keep_segments;
	void (*on_segment)(void *ctx, struct run *r, const struct segment *s);
	void *seg_ctx;
	int failed;
	int64_t failed_at;	/* the time of the failure: the history is closed there */
	char error[768];
	long script_skips;	/* state changes skipped: script values are unsupported */
	int started;
};

struct engine {
	struct run **runs;
	int nruns;
	struct scratch scratch;
	struct ev_memo memo;
	int64_t first_ts, last_ts;
	uint64_t nevents;
	int finished;
};

void engine_init(struct engine *eng);
void engine_release(struct engine *eng);
struct run *engine_add(struct engine *eng, const struct m_analysis *m, int keep_history);
void engine_event(struct engine *eng, const struct ev *e);
void engine_finish(struct engine *eng);
struct run *engine_find(struct engine *eng, const char *id);

/* exec.c: one event through a state provider / pattern (pattern.c). */
struct xctx {
	struct run *r;
	const struct ev *e;
	struct scratch *sc;
	struct scenario *scen;	/* pattern context, or NULL */
	struct fsm_run *fsm;
	struct ev_memo *memo;	/* the event's fields read so far */
};

enum { XR_OK = 0, XR_SKIP = 1, XR_FAIL = -1 };

int x_path(struct xctx *x, const struct m_path *p, int base, int *quark);
int x_value(struct xctx *x, const struct m_value *v, struct hv *out);
/* The value before its mappingGroup and forcedType (what DataDrivenValue.resolveValue gives). */
int x_raw_value(struct xctx *x, const struct m_value *v, struct hv *out);
/* forcedType as TmfXmlUtils.newTmfStateValueFromObjectWithForcedType: XR_FAIL when a string does not parse. */
int x_force_type(struct xctx *x, enum m_forced f, struct hv *v);
int x_cond(struct xctx *x, const struct m_cond *c, int *result);
int x_change(struct xctx *x, const struct m_change *ch);
int x_fail(struct xctx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void run_future(struct run *r, int64_t t, int quark, enum m_stack stack, struct hv v);
int run_apply_futures(struct run *r, int64_t upto, int all);

void provider_event(struct xctx *x);
void pattern_event(struct xctx *x, int first);
void pattern_finish(struct run *r);
void pattern_release(struct run *r);

#endif
