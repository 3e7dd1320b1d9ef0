/* perfetto_tracks - pseudo-thread names and flow ids of the Perfetto export. */
#include "analyses/export/perfetto_tracks.h"
#include "analyses/common/json_string.h"

void perfetto_tracks_init(struct perfetto_tracks *t)
{
	keymap_init(&t->named);
	keymap_init(&t->flows);
	t->next_flow = 1;
}

void perfetto_tracks_release(struct perfetto_tracks *t)
{
	keymap_release(&t->named);
	keymap_release(&t->flows);
}

int perfetto_tracks_name(struct perfetto_tracks *t, FILE *f, const char *sep, int64_t pid,
			 int64_t tid, const char *name)
{
	int64_t key[2] = { pid, tid };
	size_t *slot;
	int added = keymap_get_or_add(&t->named, key, sizeof(key), &slot);

	if (added <= 0)
		return added;
	*slot = 0;
	fprintf(f, "%s{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%lld,\"tid\":%lld,"
		"\"args\":{\"name\":", sep, (long long)pid, (long long)tid);
	json_string_write(name, f);
	/* GPU tracks below the process's threads. */
	fprintf(f, "}},\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":%lld,"
		"\"tid\":%lld,\"args\":{\"sort_index\":%lld}}", (long long)pid, (long long)tid,
		(long long)tid);
	return 1;
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
