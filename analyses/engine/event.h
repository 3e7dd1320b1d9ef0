/*
 * event.h - one trace event as the engine sees it, whatever the trace format.
 *
 * A reader fills a struct ev and hands it to the engine; fields are looked up by name on demand
 * (get_field), strings returned may live in the reader's memory or the engine's scratch, valid
 * only while the event is handled.
 */
#ifndef HSAT_ENGINE_EVENT_H
#define HSAT_ENGINE_EVENT_H

#include <stdint.h>

#include "analyses/engine/strmap.h"
#include "analyses/engine/value.h"

struct ev;

struct ev_ops {
	/* A field (payload, or "context.x", or "a.b" into structs): 1 found, 0 absent. */
	int (*get_field)(const struct ev *e, const char *name, struct hv *out, struct scratch *sc);
	/* The CPU aspect: 1 found (as Integer), 0 absent. */
	int (*get_cpu)(const struct ev *e, struct hv *out);
};

struct ev {
	const char *name;
	const void *cls;	/* identifies the event's class (same class, same name), or NULL */
	int64_t ts;		/* ns */
	const char *host_id;	/* hostId aspect */
	const struct ev_ops *ops;
	const void *impl;	/* reader-specific */
};

/*
 * Trace Compass's field resolution (semantics.md §3.6): field, dotted path, special names. On CTF
 * events, with Trace Compass's names: a payload field is named without one leading underscore,
 * a context field context.<metadata name>; so "_x" (when the reader found "x") and "context.x"
 * are null, and reported once each through ev_warning.
 */
int ev_field(const struct ev *e, const char *name, struct hv *out, struct scratch *sc);

/*
 * One event's field values, each looked up once: an analysis reads the same fields again and
 * again while it handles an event (the thread's path in every state change, a status in every
 * condition). Each spelling of a name in an analysis is its own copy: a name is first mapped
 * (by its pointer) to one interned copy of its text, and values are kept by that copy and the
 * event's number, so a new event needs no clearing; a collision only costs a lookup. The
 * values are what ev_field gave, valid while the event is handled.
 *
 *   ev_memo_init(m)   m->event = n (the event being handled, n > 0)   ev_memo_release(m)
 */
#define EV_MEMO_BITS 5
#define EV_MEMO_ALIAS_BITS 10
struct ev_memo {
	uint64_t event;		/* the number of the event being handled (0: none yet) */
	struct strmap names;	/* the interned copies of the names */
	struct ev_memo_alias {
		const char *name, *interned;
	} alias[1 << EV_MEMO_ALIAS_BITS];
	struct ev_memo_slot {
		const char *name;	/* interned */
		uint64_t event;
		int found;
		struct hv value;
	} slot[1 << EV_MEMO_BITS];
};

void ev_memo_init(struct ev_memo *m);
void ev_memo_release(struct ev_memo *m);
/* ev_field through the memo of the event numbered memo->event; name lives as long as the
 * memo (a compiled analysis's string): its pointer is remembered. */
int ev_field_memo(struct ev_memo *memo, const struct ev *e, const char *name, struct hv *out,
		  struct scratch *sc);

/* Receives the warnings of ev_field (a complete message); NULL: silent. */
extern void (*ev_warning)(const char *msg);

#endif
