/*
 * statesys.h - Trace Compass's state system: an attribute tree whose attributes each hold an
 * ongoing (start, value); changing a value closes the ongoing interval [start, t-1].
 *
 * Quark 0 is ROOT; attributes are 1..n in creation order. Closed intervals go to a sink callback
 * as they close (so they can stream to the output); with keep_history they are also kept per
 * attribute for later queries (views). Strings stored are interned in the state system.
 */
#ifndef HSAT_ENGINE_STATESYS_H
#define HSAT_ENGINE_STATESYS_H

#include <stdint.h>

#include "analyses/common/keymap.h"
#include "analyses/engine/strmap.h"
#include "analyses/engine/value.h"

#define SS_ROOT 0
#define SS_MAX_STACK_DEPTH 100000

struct ss_interval {
	int64_t start, end;
	struct hv value;
};

struct ss_attr {
	const char *name;	/* interned */
	int parent;
	int *children;
	int nchildren, cap_children;
	int64_t start;		/* ongoing interval */
	struct hv value;
	enum hv_type first_type;	/* first non-null type ever stored (type check) */
	struct ss_interval *hist;	/* closed intervals, with keep_history */
	int nhist, cap_hist;
	int *depth_children;	/* a stack attribute's child quark per depth, 0 until looked up */
	int ndepth_children;
};

struct statesys;
typedef void (*ss_sink_fn)(void *ctx, const struct statesys *ss, int quark,
			   const struct ss_interval *iv);

struct statesys {
	const char *id;		/* the analysis id */
	struct ss_attr *attrs;
	int nattrs, cap_attrs;
	struct keymap children;	/* (parent quark, name bytes) -> child quark */
	struct strmap strings;		/* interned strings */
	int64_t start_time;
	int started;		/* start_time known (first event seen) */
	int64_t end_time;
	int64_t latest_end;	/* the latest end of an emitted interval (the backend's end time) */
	int closed;
	int keep_history;
	ss_sink_fn sink;
	void *sink_ctx;
	char error[512];	/* last error (type clash) */
};

void ss_init(struct statesys *ss, const char *id);
void ss_release(struct statesys *ss);
void ss_set_start(struct statesys *ss, int64_t t);

/* Child of parent named name; created (null since the start) when create, else -1 if absent. */
int ss_child(struct statesys *ss, int parent, const char *name, int create);
/* Quark of a "/"-separated path from ROOT, or -1. */
int ss_lookup_path(struct statesys *ss, const char *path);
/* Full path of a quark into buf ("a/b/c"); ROOT is "". */
const char *ss_path(const struct statesys *ss, int quark, char *buf, size_t size);

const char *ss_intern(struct statesys *ss, const char *s);

/* modifyAttribute: 0, or -1 with ss->error set (type clash). */
int ss_modify(struct statesys *ss, int64_t t, int quark, struct hv v);
/* updateOngoingState: replace the ongoing value, keep its start. */
int ss_update_ongoing(struct statesys *ss, int quark, struct hv v);
int ss_push(struct statesys *ss, int64_t t, int quark, struct hv v);
int ss_pop(struct statesys *ss, int64_t t, int quark);
/* Current depth of the stack attribute (0 when null). */
int ss_stack_depth(const struct statesys *ss, int quark);
/* Top of the stack now, or null. */
struct hv ss_stack_top(struct statesys *ss, int quark);
/* removeAttribute: null on every descendant, then on quark. */
int ss_remove(struct statesys *ss, int64_t t, int quark);

static inline struct hv ss_ongoing(const struct statesys *ss, int quark)
{
	return ss->attrs[quark].value;
}

/* getCurrentEndTime: the latest end of an emitted interval, else the start time. */
int64_t ss_current_end(const struct statesys *ss);
/*
 * closeHistory(end): emits every ongoing interval starting at or before end; end moves to the
 * latest end already emitted when later (a future change beyond the last event).
 */
void ss_close(struct statesys *ss, int64_t end);

/* With keep_history: the value at time t (intervals closed, start <= t <= end). */
const struct ss_interval *ss_query(const struct statesys *ss, int quark, int64_t t);

#endif
