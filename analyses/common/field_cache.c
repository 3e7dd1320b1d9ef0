/* field_cache - see field_cache.h. */
#include "analyses/common/field_cache.h"

#include <string.h>

void field_cache_reset(struct field_cache *cache)
{
	memset(cache, 0, sizeof(*cache));
}

const bt_field *field_scope_root(const bt_event *event, enum field_scope scope)
{
	switch (scope) {
	case FIELD_SCOPE_PAYLOAD:
		return bt_event_borrow_payload_field_const(event);
	case FIELD_SCOPE_SPECIFIC_CONTEXT:
		return bt_event_borrow_specific_context_field_const(event);
	case FIELD_SCOPE_COMMON_CONTEXT:
		return bt_event_borrow_common_context_field_const(event);
	default:
		return NULL;
	}
}

/* The member indices from st down to f (a descendant through structures), or -1. */
static int index_path(const bt_field *st, const bt_field *f, uint32_t *idx, int depth)
{
	uint64_t n;

	if (st == f)
		return depth;
	if (depth == FIELD_CACHE_DEPTH || !st ||
	    bt_field_get_class_type(st) != BT_FIELD_CLASS_TYPE_STRUCTURE)
		return -1;
	n = bt_field_class_structure_get_member_count(bt_field_borrow_class_const(st));
	for (uint64_t i = 0; i < n; i++) {
		int d;

		idx[depth] = (uint32_t)i;
		d = index_path(bt_field_structure_borrow_member_field_by_index_const(st, i), f, idx,
			       depth + 1);
		if (d >= 0)
			return d;
	}
	return -1;
}

static struct field_cache_entry *slot(struct field_cache *cache, const void *ec,
				      const char *name)
{
	uintptr_t h = ((uintptr_t)ec >> 4) * 31 + ((uintptr_t)name >> 3);

	return &cache->entries[(h ^ (h >> 12)) & (FIELD_CACHE_SIZE - 1)];
}

const bt_field *field_cache_find(struct field_cache *cache, const bt_event *event,
				 const char *name, field_lookup_fn lookup)
{
	const void *ec = bt_event_borrow_class_const(event);
	struct field_cache_entry *e = slot(cache, ec, name);
	enum field_scope scope;
	const bt_field *f;
	int depth;

	if (e->event_class == ec && e->name == name) {
		if (e->scope == FIELD_SCOPE_ABSENT)
			return NULL;
		f = field_scope_root(event, (enum field_scope)e->scope);
		for (int i = 0; i < e->depth; i++)
			f = bt_field_structure_borrow_member_field_by_index_const(f, e->idx[i]);
		return f;
	}
	f = lookup(event, name, &scope);
	e->event_class = NULL;
	if (!f) {
		e->scope = FIELD_SCOPE_ABSENT;
	} else {
		depth = index_path(field_scope_root(event, scope), f, e->idx, 0);
		if (depth < 0)
			return f;	/* not reachable by structure indices: not cached */
		e->scope = (signed char)scope;
		e->depth = (unsigned char)depth;
	}
	e->event_class = ec;
	e->name = name;
	return f;
}
