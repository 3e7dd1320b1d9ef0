#include "analyses/unify/gpu_store.h"

#include <stdlib.h>
#include <string.h>

#include "schema/hsatrace_schema.h"

void gpu_store_init(struct gpu_store *st)
{
	*st = (struct gpu_store){ 0 };
}

void gpu_store_release(struct gpu_store *st)
{
	for (size_t i = 0; i < st->n_recs; i++) {
		free(st->recs[i].values);
		free(st->recs[i].counters);
	}
	for (size_t i = 0; i < st->n_classes; i++)
		bt_event_class_put_ref(st->classes[i]);
	free(st->classes);
	free(st->recs);
	free(st->counters);
	free(st->run_versions);
	strtab_release(&st->strings);
	*st = (struct gpu_store){ 0 };
}

/* Keeps a reference to the event class of a record (records share a few classes). */
static int hold_class(struct gpu_store *st, const bt_event_class *ec)
{
	const bt_event_class **c;

	for (size_t i = st->n_classes; i > 0; i--)
		if (st->classes[i - 1] == ec)
			return 0;
	c = realloc(st->classes, (st->n_classes + 1) * sizeof(*c));
	if (!c)
		return -1;
	st->classes = c;
	c[st->n_classes++] = ec;
	bt_event_class_get_ref(ec);
	return 0;
}

/* The payload's top-level values; members that are neither integers nor strings are 0. */
static uint64_t *payload_values(struct gpu_store *st, const bt_field *payload)
{
	uint64_t n = bt_field_class_structure_get_member_count(bt_field_borrow_class_const(payload));
	uint64_t *v = calloc(n + 1, sizeof(*v));

	for (uint64_t i = 0; v && i < n; i++) {
		const bt_field *f = bt_field_structure_borrow_member_field_by_index_const(payload, i);
		bt_field_class_type type = bt_field_get_class_type(f);

		if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
			v[i] = bt_field_integer_unsigned_get_value(f);
		else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
			v[i] = (uint64_t)bt_field_integer_signed_get_value(f);
		else if (type == BT_FIELD_CLASS_TYPE_STRING) {
			const char *s = strtab_intern(&st->strings, bt_field_string_get_value(f));

			if (!s) {
				free(v);
				return NULL;
			}
			v[i] = (uint64_t)(uintptr_t)s;
		}
	}
	return v;
}

int gpu_record_fill_payload(const struct gpu_record *r, bt_field *payload)
{
	uint64_t n = bt_field_class_structure_get_member_count(bt_field_borrow_class_const(payload));

	for (uint64_t i = 0; i < n; i++) {
		bt_field *f = bt_field_structure_borrow_member_field_by_index(payload, i);
		bt_field_class_type type = bt_field_get_class_type(f);

		if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
			bt_field_integer_unsigned_set_value(f, r->values[i]);
		else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
			bt_field_integer_signed_set_value(f, (int64_t)r->values[i]);
		else if (type == BT_FIELD_CLASS_TYPE_STRING &&
			 bt_field_string_set_value(f, r->values[i] ?
				(const char *)(uintptr_t)r->values[i] : "") != 0)
			return -1;
	}
	return 0;
}

bool struct_get_u64(const bt_field *s, const char *name, uint64_t *out)
{
	const bt_field *f;
	bt_field_class_type type;

	if (!s || bt_field_get_class_type(s) != BT_FIELD_CLASS_TYPE_STRUCTURE)
		return false;
	f = bt_field_structure_borrow_member_field_by_name_const(s, name);
	if (!f)
		return false;
	type = bt_field_get_class_type(f);
	if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
		*out = bt_field_integer_unsigned_get_value(f);
	else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		*out = (uint64_t)bt_field_integer_signed_get_value(f);
	else
		return false;
	return true;
}

const char *struct_get_string(const bt_field *s, const char *name)
{
	const bt_field *f;

	if (!s || bt_field_get_class_type(s) != BT_FIELD_CLASS_TYPE_STRUCTURE)
		return NULL;
	f = bt_field_structure_borrow_member_field_by_name_const(s, name);
	if (!f || bt_field_get_class_type(f) != BT_FIELD_CLASS_TYPE_STRING)
		return NULL;
	return bt_field_string_get_value(f);
}

/* Appends `value` to a ';'-separated list of distinct values (truncating quietly). */
static void add_distinct(char *list, size_t size, const char *value)
{
	size_t len = strlen(list);
	const char *p = list;
	size_t vlen = strlen(value);

	while (*p) {
		const char *end = strchr(p, ';');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		if (n == vlen && strncmp(p, value, n) == 0)
			return;
		p += n + (end ? 1 : 0);
	}
	snprintf(list + len, size - len, "%s%s", len ? ";" : "", value);
}

int gpu_store_set_label(struct gpu_store *st, size_t label)
{
	if (label >= st->n_run_versions) {
		struct gpu_run_versions *v = realloc(st->run_versions, (label + 1) * sizeof(*v));

		if (!v)
			return -1;
		memset(v + st->n_run_versions, 0, (label + 1 - st->n_run_versions) * sizeof(*v));
		st->run_versions = v;
		st->n_run_versions = label + 1;
	}
	st->current_label = label;
	return 0;
}

static void collect_trace_info(struct gpu_store *st, const bt_field *payload)
{
	const char *schema = struct_get_string(payload, "schema_version");
	const char *tracer = struct_get_string(payload, "tracer_version");
	struct gpu_run_versions *run = st->current_label < st->n_run_versions ?
		&st->run_versions[st->current_label] : NULL;

	if (schema) {
		add_distinct(st->schema_versions, sizeof(st->schema_versions), schema);
		if (run)
			add_distinct(run->schema, sizeof(run->schema), schema);
		if (atoi(schema) != HSAT_SCHEMA_VERSION_MAJOR)
			st->other_schema++;
		if (atoi(schema) < HSAT_SCHEMA_VERSION_MAJOR && !st->older_schema[0])
			snprintf(st->older_schema, sizeof(st->older_schema), "%s", schema);
	}
	if (tracer) {
		add_distinct(st->tracer_versions, sizeof(st->tracer_versions), tracer);
		if (run)
			add_distinct(run->tracer, sizeof(run->tracer), tracer);
	}
}

static uint64_t event_vpid(const bt_event *ev)
{
	uint64_t vpid = 0;

	struct_get_u64(bt_event_borrow_common_context_field_const(ev), "vpid", &vpid);
	return vpid;
}

static int collect_counter(struct gpu_store *st, const bt_event *ev)
{
	const bt_field *payload = bt_event_borrow_payload_field_const(ev);
	const char *name = struct_get_string(payload, "name");
	const char *scope = struct_get_string(payload, "scope");
	uint64_t id, value;
	struct gpu_counter *c;

	/* Only per-dispatch counters belong to a kernel execution (id: its correlation_id). */
	if (!scope || strcmp(scope, "dispatch") != 0)
		return 0;
	if (!name || !struct_get_u64(payload, "id", &id) ||
	    !struct_get_u64(payload, "value", &value)) {
		st->skipped_records++;
		return 0;
	}
	if (st->n_counters == st->cap_counters) {
		size_t cap = st->cap_counters ? st->cap_counters * 2 : 64;
		struct gpu_counter *counters = realloc(st->counters, cap * sizeof(*counters));

		if (!counters)
			return -1;
		st->counters = counters;
		st->cap_counters = cap;
	}
	c = &st->counters[st->n_counters];
	c->name = strtab_intern(&st->strings, name);
	if (!c->name)
		return -1;
	c->value = (int64_t)value;
	c->run = st->current_run;
	c->vpid = event_vpid(ev);
	c->id = id;
	st->n_counters++;
	return 0;
}

static bool to_ns(const bt_message *msg, uint64_t cycles, int64_t *ns)
{
	const bt_clock_class *cc = bt_message_event_borrow_stream_class_default_clock_class_const(msg);

	return cc && bt_clock_class_cycles_to_ns_from_origin(cc, cycles, ns) == 0;
}

static int collect_activity(struct gpu_store *st, const bt_message *msg, const bt_event *ev,
			    enum gpu_kind kind)
{
	const bt_field *payload = bt_event_borrow_payload_field_const(ev);
	struct gpu_record r = { .kind = kind, .run = st->current_run, .kernel_name = "" };
	bool ok = struct_get_u64(payload, "correlation_id", &r.correlation_id) &&
		  struct_get_u64(payload, "gpu_begin_ns", &r.begin_cycles) &&
		  struct_get_u64(payload, "gpu_end_ns", &r.end_cycles) &&
		  to_ns(msg, r.begin_cycles, &r.begin_ns) && to_ns(msg, r.end_cycles, &r.end_ns);

	if (ok && kind == GPU_KERNEL) {
		const char *name = struct_get_string(payload, "kernel_name");

		ok = name && struct_get_u64(payload, "queue_id", &r.queue_id) &&
		     struct_get_u64(payload, "packet_index", &r.packet_index);
		if (ok && !(r.kernel_name = strtab_intern(&st->strings, name)))
			return -1;
	}
	if (!ok || r.end_ns < r.begin_ns) {
		st->skipped_records++;
		return 0;
	}
	if (st->n_recs == st->cap_recs) {
		size_t cap = st->cap_recs ? st->cap_recs * 2 : 256;
		struct gpu_record *recs = realloc(st->recs, cap * sizeof(*recs));

		if (!recs)
			return -1;
		st->recs = recs;
		st->cap_recs = cap;
	}
	r.vpid = event_vpid(ev);
	r.ec = bt_event_borrow_class_const(ev);
	r.values = payload_values(st, payload);
	if (!r.values || hold_class(st, r.ec) != 0) {
		free(r.values);
		return -1;
	}
	st->recs[st->n_recs++] = r;
	return 0;
}

int gpu_store_collect(struct gpu_store *st, const bt_message *msg)
{
	const bt_event *ev = bt_message_event_borrow_event_const(msg);
	const char *name = bt_event_class_get_name(bt_event_borrow_class_const(ev));

	if (!name || strncmp(name, "hsa_", 4) != 0)
		return 0;
	if (strcmp(name, "hsa_activity:kernel_exec") == 0)
		return collect_activity(st, msg, ev, GPU_KERNEL);
	if (strcmp(name, "hsa_activity:copy_exec") == 0)
		return collect_activity(st, msg, ev, GPU_COPY);
	if (strcmp(name, "hsa_activity:counter") == 0)
		return collect_counter(st, ev);
	if (strcmp(name, "hsa_meta:trace_info") == 0)
		collect_trace_info(st, bt_event_borrow_payload_field_const(ev));
	return 0;
}

/* -1, 0 or 1 as a is below, equal to or above b: one key of the orders below. */
static int order(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

/* Kernel records ordered by run, vpid, queue, packet index: their queue sequence numbers. */
static int cmp_dispatch(const void *a, const void *b)
{
	const struct gpu_record *x = *(const struct gpu_record *const *)a;
	const struct gpu_record *y = *(const struct gpu_record *const *)b;
	int r;

	if ((r = order(x->run, y->run)) || (r = order(x->vpid, y->vpid)) ||
	    (r = order(x->queue_id, y->queue_id)))
		return r;
	return order(x->packet_index, y->packet_index);
}

static struct gpu_record **sorted_kernels(struct gpu_store *st, size_t *n)
{
	struct gpu_record **k = malloc((st->n_recs + 1) * sizeof(*k));

	*n = 0;
	if (!k)
		return NULL;
	for (size_t i = 0; i < st->n_recs; i++)
		if (st->recs[i].kind == GPU_KERNEL)
			k[(*n)++] = &st->recs[i];
	qsort(k, *n, sizeof(*k), cmp_dispatch);
	for (size_t i = 0; i < *n; i++) {
		bool same_queue = i > 0 && k[i - 1]->run == k[i]->run &&
				  k[i - 1]->vpid == k[i]->vpid && k[i - 1]->queue_id == k[i]->queue_id;

		k[i]->seq = same_queue ? k[i - 1]->seq + 1 : 0;
	}
	return k;
}

/* Matching order: run, queue, sequence on the queue, kernel name (interned: by address). */
static int cmp_match(const void *a, const void *b)
{
	const struct gpu_record *x = *(const struct gpu_record *const *)a;
	const struct gpu_record *y = *(const struct gpu_record *const *)b;
	int r;

	if ((r = order(x->run, y->run)) || (r = order(x->queue_id, y->queue_id)) ||
	    (r = order(x->seq, y->seq)))
		return r;
	return order((uintptr_t)x->kernel_name, (uintptr_t)y->kernel_name);
}

/* Correlation order: run, process, correlation id. */
static int cmp_correlation(const void *a, const void *b)
{
	const struct gpu_record *x = *(const struct gpu_record *const *)a;
	const struct gpu_record *y = *(const struct gpu_record *const *)b;
	int r;

	if ((r = order(x->run, y->run)) || (r = order(x->vpid, y->vpid)))
		return r;
	return order(x->correlation_id, y->correlation_id);
}

static struct gpu_record *lookup(struct gpu_record **sorted, size_t n, const struct gpu_record *key,
				 int (*cmp)(const void *, const void *))
{
	struct gpu_record **hit = bsearch(&key, sorted, n, sizeof(*sorted), cmp);

	return hit ? *hit : NULL;
}

/* The dispatch of run `run` at the same place as `r`: queue, sequence, kernel name. */
static struct gpu_record *same_dispatch(struct gpu_record **by_match, size_t n,
					const struct gpu_record *r, unsigned run)
{
	struct gpu_record key = *r;

	key.run = run;
	return lookup(by_match, n, &key, cmp_match);
}

static struct gpu_record **sorted_copy(struct gpu_record **k, size_t n,
				       int (*cmp)(const void *, const void *))
{
	struct gpu_record **c = malloc((n + 1) * sizeof(*c));

	if (!c)
		return NULL;
	memcpy(c, k, n * sizeof(*c));
	qsort(c, n, sizeof(*c), cmp);
	return c;
}

static int attach(struct gpu_record *r, size_t counter)
{
	size_t *c = realloc(r->counters, (r->n_counters + 1) * sizeof(*c));

	if (!c)
		return -1;
	c[r->n_counters++] = counter;
	r->counters = c;
	return 0;
}

static void match_passes(struct gpu_store *st, struct gpu_record **k, size_t n,
			 struct gpu_record **by_match, FILE *report)
{
	unsigned max_run = 0;

	for (size_t i = 0; i < n; i++)
		if (k[i]->run > max_run)
			max_run = k[i]->run;
	for (size_t i = 0; i < n; i++) {
		if (k[i]->run == 0)
			continue;
		if (same_dispatch(by_match, n, k[i], 0))
			st->matched++;
		else
			st->unmatched_pass++;
	}
	for (unsigned run = 1; run <= max_run; run++)
		for (size_t i = 0; i < n; i++)
			if (k[i]->run == 0 && !same_dispatch(by_match, n, k[i], run))
				st->unmatched_base_kernels++;
	if (max_run > 0 && report)
		fprintf(report, "hsatrace unify: passes: %llu dispatches matched, %llu pass "
			"dispatches unmatched, %llu base dispatches without a match\n",
			(unsigned long long)st->matched, (unsigned long long)st->unmatched_pass,
			(unsigned long long)st->unmatched_base_kernels);
}

int gpu_store_finish(struct gpu_store *st, FILE *report)
{
	size_t n;
	struct gpu_record **k = sorted_kernels(st, &n);
	struct gpu_record **by_match = k ? sorted_copy(k, n, cmp_match) : NULL;
	struct gpu_record **by_corr = k ? sorted_copy(k, n, cmp_correlation) : NULL;
	int ret = -1;

	if (!k || !by_match || !by_corr)
		goto cleanup;
	match_passes(st, k, n, by_match, report);
	for (size_t c = 0; c < st->n_counters; c++) {
		const struct gpu_counter *ctr = &st->counters[c];
		struct gpu_record key = { .run = ctr->run, .vpid = ctr->vpid,
					  .queue_id = ctr->id >> 32,
					  .packet_index = ctr->id & 0xffffffffu,
					  .correlation_id = ctr->id };
		/* The tracer's id is queue_id * 2^32 + packet_index; a correlation id is
		 * accepted too. */
		struct gpu_record *r = lookup(k, n, &key, cmp_dispatch);

		if (!r)
			r = lookup(by_corr, n, &key, cmp_correlation);

		if (r && r->run != 0)
			r = same_dispatch(by_match, n, r, 0);
		if (!r) {
			st->counters_unattached++;
			continue;
		}
		if (attach(r, c) != 0)
			goto cleanup;
		st->counters_attached++;
	}
	ret = 0;
cleanup:
	free(by_corr);
	free(by_match);
	free(k);
	return ret;
}
