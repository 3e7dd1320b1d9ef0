#include "analyses/common/trace_event.h"
#include "analyses/common/field_cache.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int trace_event_from_message(struct trace_event *ev, const bt_message *msg)
{
	const bt_event *event;
	const bt_clock_snapshot *snap;
	const bt_clock_class *clock;
	uint64_t cycles, freq;

	memset(ev, 0, sizeof(*ev));
	if (bt_message_get_type(msg) != BT_MESSAGE_TYPE_EVENT)
		return -1;
	event = bt_message_event_borrow_event_const(msg);
	ev->event = event;
	ev->name = bt_event_class_get_name(bt_event_borrow_class_const(event));
	if (!ev->name)
		ev->name = "";
	ev->payload = bt_event_borrow_payload_field_const(event);
	ev->specific_context = bt_event_borrow_specific_context_field_const(event);
	ev->common_context = bt_event_borrow_common_context_field_const(event);
	clock = bt_message_event_borrow_stream_class_default_clock_class_const(msg);
	ev->clock = clock;
	if (clock) {
		snap = bt_message_event_borrow_default_clock_snapshot_const(msg);
		if (bt_clock_snapshot_get_ns_from_origin(snap, &ev->origin_ns) !=
		    BT_CLOCK_SNAPSHOT_GET_NS_FROM_ORIGIN_STATUS_OK)
			ev->origin_ns = 0;
		cycles = bt_clock_snapshot_get_value(snap);
		freq = bt_clock_class_get_frequency(clock);
		/* Raw clock value, not ns-from-origin: the tracer converts GPU times to this same
		 * domain (CLOCK_MONOTONIC for LTTng), so both can be compared directly. */
		if (freq == 1000000000ULL)
			ev->ts_ns = (int64_t)cycles;
		else
			ev->ts_ns = (int64_t)((long double)cycles * 1e9L / (long double)freq);
		ev->has_ts = 1;
	}
	return 0;
}

static const bt_field *find_in(const bt_field *s, const char *name)
{
	if (!s || bt_field_get_class_type(s) != BT_FIELD_CLASS_TYPE_STRUCTURE)
		return NULL;
	return bt_field_structure_borrow_member_field_by_name_const(s, name);
}

/* The payload, then the specific context, then the common context. */
static const bt_field *lookup(const bt_event *event, const char *name, enum field_scope *scope)
{
	for (int sc = FIELD_SCOPE_PAYLOAD; sc <= FIELD_SCOPE_COMMON_CONTEXT; sc++) {
		const bt_field *f = find_in(field_scope_root(event, (enum field_scope)sc), name);

		if (f) {
			*scope = (enum field_scope)sc;
			return f;
		}
	}
	*scope = FIELD_SCOPE_ABSENT;
	return NULL;
}

/* Names are the analyses' string constants: cached by (event class, name pointer). */
static struct field_cache cache;

void trace_event_cache_reset(void)
{
	field_cache_reset(&cache);
}

static const bt_field *find_field(const struct trace_event *ev, const char *name)
{
	return ev->event ? field_cache_find(&cache, ev->event, name, lookup) : NULL;
}

int trace_event_get_u64(const struct trace_event *ev, const char *field, uint64_t *out)
{
	const bt_field *f = find_field(ev, field);
	bt_field_class_type t;

	if (!f)
		return 0;
	t = bt_field_get_class_type(f);
	if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
		*out = bt_field_integer_unsigned_get_value(f);
	else if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		*out = (uint64_t)bt_field_integer_signed_get_value(f);
	else if (t == BT_FIELD_CLASS_TYPE_BOOL)
		*out = bt_field_bool_get_value(f) ? 1 : 0;
	else
		return 0;
	return 1;
}

int trace_event_get_i64(const struct trace_event *ev, const char *field, int64_t *out)
{
	uint64_t v;

	if (!trace_event_get_u64(ev, field, &v))
		return 0;
	*out = (int64_t)v;
	return 1;
}

int trace_event_get_double(const struct trace_event *ev, const char *field, double *out)
{
	const bt_field *f = find_field(ev, field);
	bt_field_class_type t;

	if (!f)
		return 0;
	t = bt_field_get_class_type(f);
	if (t == BT_FIELD_CLASS_TYPE_DOUBLE_PRECISION_REAL)
		*out = bt_field_real_double_precision_get_value(f);
	else if (t == BT_FIELD_CLASS_TYPE_SINGLE_PRECISION_REAL)
		*out = bt_field_real_single_precision_get_value(f);
	else if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
		*out = (double)bt_field_integer_unsigned_get_value(f);
	else if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		*out = (double)bt_field_integer_signed_get_value(f);
	else
		return 0;
	return 1;
}

const char *trace_event_get_str(const struct trace_event *ev, const char *field)
{
	const bt_field *f = find_field(ev, field);

	if (!f || bt_field_get_class_type(f) != BT_FIELD_CLASS_TYPE_STRING)
		return NULL;
	return bt_field_string_get_value(f);
}

static const char *enum_label(const bt_field *f, bt_field_class_type t)
{
	bt_field_class_enumeration_mapping_label_array labels = NULL;
	uint64_t count = 0;

	if (t == BT_FIELD_CLASS_TYPE_UNSIGNED_ENUMERATION)
		bt_field_enumeration_unsigned_get_mapping_labels(f, &labels, &count);
	else if (t == BT_FIELD_CLASS_TYPE_SIGNED_ENUMERATION)
		bt_field_enumeration_signed_get_mapping_labels(f, &labels, &count);
	return count > 0 ? labels[0] : NULL;
}

const char *trace_event_format(const struct trace_event *ev, const char *field, char *buf,
			       size_t size)
{
	const bt_field *f = find_field(ev, field);
	const char *label;
	bt_field_class_type t;

	if (!f)
		return NULL;
	t = bt_field_get_class_type(f);
	label = enum_label(f, t);
	if (label)
		snprintf(buf, size, "%s", label);
	else if (t == BT_FIELD_CLASS_TYPE_STRING)
		snprintf(buf, size, "%s", bt_field_string_get_value(f));
	else if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
		snprintf(buf, size, "%" PRIu64, bt_field_integer_unsigned_get_value(f));
	else if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		snprintf(buf, size, "%" PRId64, bt_field_integer_signed_get_value(f));
	else if (t == BT_FIELD_CLASS_TYPE_DOUBLE_PRECISION_REAL)
		snprintf(buf, size, "%g", bt_field_real_double_precision_get_value(f));
	else
		return NULL;
	return buf;
}
