/* statesys.c - see statesys.h. */
#include "analyses/engine/statesys.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p && n)
		abort();
	return p;
}

static int new_attr(struct statesys *ss, int parent, const char *name)
{
	struct ss_attr *a;

	if (ss->nattrs == ss->cap_attrs) {
		ss->cap_attrs = ss->cap_attrs ? ss->cap_attrs * 2 : 64;
		ss->attrs = xrealloc(ss->attrs, ss->cap_attrs * sizeof(*ss->attrs));
	}
	a = &ss->attrs[ss->nattrs];
	memset(a, 0, sizeof(*a));
	a->name = ss_intern(ss, name);
	a->parent = parent;
	a->start = ss->start_time;
	a->value = hv_null();
	a->first_type = HV_NULL;
	return ss->nattrs++;
}

void ss_init(struct statesys *ss, const char *id)
{
	memset(ss, 0, sizeof(*ss));
	strmap_init(&ss->strings);
	keymap_init(&ss->children);
	ss->id = id;
	ss->latest_end = INT64_MIN;
	new_attr(ss, -1, "");
}

void ss_release(struct statesys *ss)
{
	for (int i = 0; i < ss->nattrs; i++) {
		free(ss->attrs[i].children);
		free(ss->attrs[i].hist);
		free(ss->attrs[i].depth_children);
	}
	free(ss->attrs);
	keymap_release(&ss->children);
	strmap_release(&ss->strings, NULL);
	memset(ss, 0, sizeof(*ss));
}

void ss_set_start(struct statesys *ss, int64_t t)
{
	ss->start_time = t;
	ss->started = 1;
	for (int i = 0; i < ss->nattrs; i++)
		ss->attrs[i].start = t;
}

const char *ss_intern(struct statesys *ss, const char *s)
{
	return hv_intern(&ss->strings, s);
}

/* The children's key: the parent's quark, then the name's bytes (no terminator). A short key
 * is built in buf; a longer one in a buffer the caller frees (*heap). */
static const void *child_key(int parent, const char *name, char *buf, size_t size,
			     size_t *len, char **heap)
{
	size_t name_len = strlen(name);
	char *key = buf;

	*len = sizeof(parent) + name_len;
	*heap = NULL;
	if (*len > size) {
		key = *heap = malloc(*len);
		if (!key)
			abort();
	}
	memcpy(key, &parent, sizeof(parent));
	memcpy(key + sizeof(parent), name, name_len);
	return key;
}

int ss_child(struct statesys *ss, int parent, const char *name, int create)
{
	char buf[128], *heap;
	size_t len, *slot;
	const void *key = child_key(parent, name, buf, sizeof(buf), &len, &heap);
	struct ss_attr *p;
	int q, added;

	if (!create) {
		slot = keymap_find(&ss->children, key, len);
		free(heap);
		return slot ? (int)*slot : -1;
	}
	added = keymap_get_or_add(&ss->children, key, len, &slot);
	free(heap);
	if (added < 0)
		abort();
	if (!added)
		return (int)*slot;
	q = new_attr(ss, parent, name);
	*slot = (size_t)q;
	p = &ss->attrs[parent];
	if (p->nchildren == p->cap_children) {
		p->cap_children = p->cap_children ? p->cap_children * 2 : 4;
		p->children = xrealloc(p->children, p->cap_children * sizeof(int));
	}
	p->children[p->nchildren++] = q;
	return q;
}

int ss_lookup_path(struct statesys *ss, const char *path)
{
	char *copy = strdup(path), *save = NULL, *tok;
	int q = SS_ROOT;

	if (!copy)
		abort();
	for (tok = strtok_r(copy, "/", &save); tok && q >= 0; tok = strtok_r(NULL, "/", &save))
		q = ss_child(ss, q, tok, 0);
	free(copy);
	return q;
}

const char *ss_path(const struct statesys *ss, int quark, char *buf, size_t size)
{
	int chain[256], n = 0;
	size_t len = 0;

	buf[0] = '\0';
	for (int q = quark; q > SS_ROOT && n < 256; q = ss->attrs[q].parent)
		chain[n++] = q;
	while (n-- > 0) {
		int w = snprintf(buf + len, size - len, "%s%s", len ? "/" : "",
				 ss->attrs[chain[n]].name);
		if (w < 0 || (size_t)w >= size - len)
			break;
		len += (size_t)w;
	}
	return buf;
}

static void emit(struct statesys *ss, int quark, int64_t start, int64_t end, struct hv v)
{
	struct ss_interval iv = { start, end, v };
	struct ss_attr *a = &ss->attrs[quark];

	if (end > ss->latest_end)
		ss->latest_end = end;
	if (ss->keep_history) {
		if (a->nhist == a->cap_hist) {
			a->cap_hist = a->cap_hist ? a->cap_hist * 2 : 4;
			a->hist = xrealloc(a->hist, a->cap_hist * sizeof(*a->hist));
		}
		a->hist[a->nhist++] = iv;
	}
	if (ss->sink)
		ss->sink(ss->sink_ctx, ss, quark, &iv);
}

static struct hv stored(struct statesys *ss, struct hv v)
{
	if (v.type == HV_STRING)
		v.u.s = ss_intern(ss, v.u.s);
	return v;
}

int ss_modify(struct statesys *ss, int64_t t, int quark, struct hv v)
{
	struct ss_attr *a = &ss->attrs[quark];
	char path[1024];

	if (quark <= SS_ROOT)
		return 0;
	if (v.type != HV_NULL) {
		if (a->first_type == HV_NULL) {
			a->first_type = v.type;
		} else if (a->first_type != v.type) {
			snprintf(ss->error, sizeof(ss->error),
				 "state value type clash: analysis=%s attribute=%s stored=%s new=%s time=%" PRId64,
				 ss->id, ss_path(ss, quark, path, sizeof(path)),
				 hv_type_name(a->first_type), hv_type_name(v.type), t);
			return -1;
		}
	}
	if (hv_equals(&a->value, &v))
		return 0;
	/* before the ongoing start: the value is overwritten, as TransientState does with a history tree */
	if (t > a->start) {
		emit(ss, quark, a->start, t - 1, a->value);
		a = &ss->attrs[quark];
		a->start = t;
	}
	a->value = stored(ss, v);
	return 0;
}

int ss_update_ongoing(struct statesys *ss, int quark, struct hv v)
{
	struct ss_attr *a = &ss->attrs[quark];

	if (quark <= SS_ROOT)
		return 0;
	/* no type bookkeeping: TransientState.changeOngoingStateValue only replaces the value */
	a->value = stored(ss, v);
	return 0;
}

int ss_stack_depth(const struct statesys *ss, int quark)
{
	struct hv v = ss->attrs[quark].value;

	if (v.type == HV_INT)
		return v.u.i;
	if (v.type == HV_LONG)
		return (int)v.u.l;
	return 0;
}

/* The child named after depth, remembered per depth: a push and a pop on every call. */
static int depth_child(struct statesys *ss, int quark, int depth, int create)
{
	char name[32];
	struct hv d = hv_int(depth);
	struct ss_attr *a = &ss->attrs[quark];
	int q;

	if (depth > 0 && depth < a->ndepth_children && a->depth_children[depth])
		return a->depth_children[depth];
	q = ss_child(ss, quark, hv_to_string(&d, name, sizeof(name)), create);
	if (q < 0 || depth <= 0)
		return q;
	a = &ss->attrs[quark];	/* ss_child may have moved the attributes */
	if (depth >= a->ndepth_children) {
		int n = a->ndepth_children ? a->ndepth_children : 8;

		while (n <= depth)
			n *= 2;
		a->depth_children = xrealloc(a->depth_children, n * sizeof(int));
		memset(a->depth_children + a->ndepth_children, 0,
		       (n - a->ndepth_children) * sizeof(int));
		a->ndepth_children = n;
	}
	a->depth_children[depth] = q;
	return q;
}

int ss_push(struct statesys *ss, int64_t t, int quark, struct hv v)
{
	int depth = ss_stack_depth(ss, quark) + 1;

	if (depth > SS_MAX_STACK_DEPTH) {
		snprintf(ss->error, sizeof(ss->error),
			 "stack too deep: analysis=%s depth=%d", ss->id, depth);
		return -1;
	}
	if (ss_modify(ss, t, quark, hv_int(depth)))
		return -1;
	return ss_modify(ss, t, depth_child(ss, quark, depth, 1), v);
}

int ss_pop(struct statesys *ss, int64_t t, int quark)
{
	int depth;

	if (ss->attrs[quark].value.type == HV_NULL)
		return 0;
	depth = ss_stack_depth(ss, quark);
	if (ss_modify(ss, t, quark, depth - 1 > 0 ? hv_int(depth - 1) : hv_null()))
		return -1;
	return ss_remove(ss, t, depth_child(ss, quark, depth, 1));
}

struct hv ss_stack_top(struct statesys *ss, int quark)
{
	int depth = ss_stack_depth(ss, quark), q;

	if (depth <= 0)
		return hv_null();
	q = depth_child(ss, quark, depth, 0);
	return q < 0 ? hv_null() : ss->attrs[q].value;
}

int ss_remove(struct statesys *ss, int64_t t, int quark)
{
	for (int i = 0; i < ss->attrs[quark].nchildren; i++)
		if (ss_remove(ss, t, ss->attrs[quark].children[i]))
			return -1;
	return ss_modify(ss, t, quark, hv_null());
}

int64_t ss_current_end(const struct statesys *ss)
{
	return ss->latest_end == INT64_MIN ? ss->start_time : ss->latest_end;
}

void ss_close(struct statesys *ss, int64_t end)
{
	if (ss->closed)
		return;
	if (end < ss->latest_end)
		end = ss->latest_end;
	ss->end_time = end;
	for (int q = 1; q < ss->nattrs; q++) {
		struct ss_attr *a = &ss->attrs[q];

		if (a->start <= end)
			emit(ss, q, a->start, end, a->value);
	}
	ss->closed = 1;
}

const struct ss_interval *ss_query(const struct statesys *ss, int quark, int64_t t)
{
	const struct ss_attr *a = &ss->attrs[quark];
	int lo = 0, hi = a->nhist - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (a->hist[mid].end < t)
			lo = mid + 1;
		else if (a->hist[mid].start > t)
			hi = mid - 1;
		else
			return &a->hist[mid];
	}
	return NULL;
}
