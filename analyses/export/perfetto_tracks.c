/* perfetto_tracks - pseudo-thread names and flow ids of the Perfetto export. */
#include "analyses/export/perfetto_tracks.h"

void perfetto_tracks_init(struct perfetto_tracks *t)
{
	keymap_init(&t->named);
	keymap_init(&t->flows);
	t->next_flow = 1;
	keymap_init(&t->deferred);
	vec_init(&t->deferred_ends, sizeof(struct perfetto_flow_end));
}

void perfetto_tracks_release(struct perfetto_tracks *t)
{
	keymap_release(&t->named);
	keymap_release(&t->flows);
	keymap_release(&t->deferred);
	vec_release(&t->deferred_ends);
}

/* {"ph":"M","name":WHAT,"pid":..,"tid":..,"args":{ */
static void metadata_begin(struct json_writer *w, const char *what, int64_t pid, int64_t tid)
{
	json_object_begin(w, JSON_COMPACT);
	JSON_KEY(w, "ph");
	json_string(w, "M");
	JSON_KEY(w, "name");
	json_string(w, what);
	JSON_KEY(w, "pid");
	json_int(w, pid);
	JSON_KEY(w, "tid");
	json_int(w, tid);
	JSON_KEY(w, "args");
	json_object_begin(w, JSON_COMPACT);
}

int perfetto_tracks_name(struct perfetto_tracks *t, struct json_writer *w, int64_t pid,
			 int64_t tid, const char *name)
{
	int64_t key[2] = { pid, tid };
	size_t *slot;
	int added = keymap_get_or_add(&t->named, key, sizeof(key), &slot);

	if (added <= 0)
		return added;
	*slot = 0;
	metadata_begin(w, "thread_name", pid, tid);
	JSON_KEY(w, "name");
	json_string(w, name);
	json_object_end(w);
	json_object_end(w);
	/* GPU tracks below the process's threads. */
	metadata_begin(w, "thread_sort_index", pid, tid);
	JSON_KEY(w, "sort_index");
	json_int(w, tid);
	json_object_end(w);
	json_object_end(w);
	return 1;
}

int perfetto_tracks_named(const struct perfetto_tracks *t, int64_t pid, int64_t tid)
{
	int64_t key[2] = { pid, tid };

	return keymap_find(&t->named, key, sizeof(key)) != NULL;
}

uint64_t perfetto_flow_id(struct perfetto_tracks *t, int64_t kind, int64_t pid, int64_t a,
			  int64_t b)
{
	int64_t key[4] = { kind, pid, a, b };
	size_t *slot;
	uint64_t id;
	int added = keymap_get_or_add(&t->flows, key, sizeof(key), &slot);

	if (added < 0)
		return 0;
	if (added) {
		*slot = t->next_flow++;
		return *slot;
	}
	id = *slot;
	keymap_remove(&t->flows, key, sizeof(key));
	return id;
}

int perfetto_flow_pending(const struct perfetto_tracks *t, int64_t kind, int64_t pid, int64_t a,
			  int64_t b)
{
	int64_t key[4] = { kind, pid, a, b };

	return keymap_find(&t->flows, key, sizeof(key)) != NULL;
}

int perfetto_flow_defer(struct perfetto_tracks *t, const struct perfetto_flow_end *end)
{
	int64_t key[2] = { end->pid, end->correlation_id };
	struct perfetto_flow_end *kept;
	size_t *slot;
	int added = keymap_get_or_add(&t->deferred, key, sizeof(key), &slot);

	if (added < 0)
		return -1;
	if (!added) {	/* the same correlation id twice: the later copy's end wins */
		*(struct perfetto_flow_end *)vec_at(&t->deferred_ends, *slot) = *end;
		return 0;
	}
	kept = vec_push(&t->deferred_ends);
	if (!kept) {
		keymap_remove(&t->deferred, key, sizeof(key));
		return -1;
	}
	*kept = *end;
	*slot = t->deferred_ends.count - 1;
	return 0;
}

int perfetto_flow_take(struct perfetto_tracks *t, int64_t pid, int64_t correlation_id,
		       struct perfetto_flow_end *end)
{
	int64_t key[2] = { pid, correlation_id };
	size_t *slot = t->deferred.live ? keymap_find(&t->deferred, key, sizeof(key)) : NULL;
	size_t at, last = t->deferred_ends.count - 1;

	if (!slot)
		return 0;
	at = *slot;
	*end = *(struct perfetto_flow_end *)vec_at(&t->deferred_ends, at);
	keymap_remove(&t->deferred, key, sizeof(key));
	if (at != last) {	/* the last end fills the hole */
		struct perfetto_flow_end *moved = vec_at(&t->deferred_ends, last);
		int64_t moved_key[2] = { moved->pid, moved->correlation_id };

		*(struct perfetto_flow_end *)vec_at(&t->deferred_ends, at) = *moved;
		*keymap_find(&t->deferred, moved_key, sizeof(moved_key)) = at;
	}
	t->deferred_ends.count--;
	return 1;
}
