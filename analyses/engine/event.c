/* event.c - Trace Compass's event field resolution (semantics.md §3.6). */
#include "analyses/engine/event.h"
#include "analyses/engine/strmap.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

void (*ev_warning)(const char *msg);

static struct strmap hidden_names;	/* the names found null so far, warned about once */
static int hidden_init;

static int hide(const char *name, const char *why, const char *instead)
{
	char msg[512];

	if (!hidden_init) {
		strmap_init(&hidden_names);
		hidden_init = 1;
	}
	strmap_put(&hidden_names, name, &hidden_init);	/* any non-NULL value */
	snprintf(msg, sizeof(msg), "warning: field %s is null, as in Trace Compass (%s): write %s", name,
		 why, instead);
	if (ev_warning)
		ev_warning(msg);
	return 1;
}

/*
 * libbabeltrace2 drops one leading underscore from every CTF name and the reader also finds "x"
 * for "_x"; Trace Compass strips it from payload names only. Only CTF events have a class.
 */
static int null_in_trace_compass(const struct ev *e, const char *name, struct scratch *sc)
{
	struct hv with, without;
	char instead[300];

	if (!e->cls)
		return 0;
	if (hidden_init && strmap_get(&hidden_names, name))
		return 1;
	if (!strncmp(name, "context.", 8) && name[8] && name[8] != '_') {
		if (!e->ops->get_field(e, name, &with, sc))
			return 1;
		snprintf(instead, sizeof(instead), "context._%s", name + 8);
		return hide(name, "a context field keeps its metadata name, underscore included", instead);
	}
	if (name[0] != '_' || !name[1] || !e->ops->get_field(e, name, &with, sc))
		return 0;
	/* the same value under the name without the underscore: the reader's fallback found it */
	if (!e->ops->get_field(e, name + 1, &without, sc) || !hv_equals(&with, &without))
		return 0;
	return hide(name, "a payload field's leading underscore is stripped", name + 1);
}

int ev_field(const struct ev *e, const char *name, struct hv *out, struct scratch *sc)
{
	if (!null_in_trace_compass(e, name, sc) && e->ops->get_field(e, name, out, sc))
		return 1;
	if (!strcasecmp(name, "cpu"))
		return e->ops->get_cpu ? e->ops->get_cpu(e, out) : 0;
	if (!strcasecmp(name, "timestamp")) {
		*out = hv_long(e->ts);
		return 1;
	}
	if (!strcasecmp(name, "hostId")) {
		*out = hv_str(e->host_id);
		return 1;
	}
	*out = hv_null();
	return 0;
}

void ev_memo_init(struct ev_memo *m)
{
	memset(m, 0, sizeof(*m));
	strmap_init(&m->names);
}

void ev_memo_release(struct ev_memo *m)
{
	strmap_release(&m->names, NULL);
	memset(m, 0, sizeof(*m));
}

static unsigned pointer_hash(const void *p, int bits)
{
	return (unsigned)(((uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ULL) >> (64 - bits));
}

/* Two ways per set: two hot names whose pointers collide do not evict each other. */
static const char *interned_name(struct ev_memo *memo, const char *name)
{
	struct ev_memo_alias *a = &memo->alias[pointer_hash(name, EV_MEMO_ALIAS_BITS) & ~1u];

	if (a[0].name == name)
		return a[0].interned;
	if (a[1].name == name)
		return a[1].interned;
	a[1] = a[0];
	a[0].name = name;
	a[0].interned = hv_intern(&memo->names, name);
	return a[0].interned;
}

int ev_field_memo(struct ev_memo *memo, const struct ev *e, const char *name, struct hv *out,
		  struct scratch *sc)
{
	const char *key = interned_name(memo, name);
	struct ev_memo_slot *s = &memo->slot[pointer_hash(key, EV_MEMO_BITS)];

	if (s->name != key || s->event != memo->event) {
		s->found = ev_field(e, name, &s->value, sc);
		s->name = key;
		s->event = memo->event;
	}
	*out = s->value;
	return s->found;
}
