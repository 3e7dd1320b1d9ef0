/* export_classes - see export_classes.h. */
#include "analyses/export/export_classes.h"

#include <string.h>

#include "analyses/common/api_event.h"

void export_classes_init(struct export_classes *c)
{
	memset(c, 0, sizeof(*c));
}

void export_classes_release(struct export_classes *c)
{
	for (size_t i = 0; i < EXPORT_CLASS_SLOTS; i++)
		bt_event_class_put_ref(c->slots[i].event_class);
	memset(c, 0, sizeof(*c));
}

int export_is_argument(const char *member)
{
	return strcmp(member, "function") != 0 && strcmp(member, "correlation_id") != 0 &&
	       strcmp(member, "status") != 0;
}

static int has_arguments(const bt_event_class *ec)
{
	const bt_field_class *fc = ec ? bt_event_class_borrow_payload_field_class_const(ec) : NULL;

	if (!fc || bt_field_class_get_type(fc) != BT_FIELD_CLASS_TYPE_STRUCTURE)
		return 0;
	for (uint64_t i = 0; i < bt_field_class_structure_get_member_count(fc); i++)
		if (export_is_argument(bt_field_class_structure_member_get_name(
			    bt_field_class_structure_borrow_member_by_index_const(fc, i))))
			return 1;
	return 0;
}

/* What the event's name says; has_args from its class (ec may be NULL). */
static void work_out(struct export_class *k, const char *name, const bt_event_class *ec)
{
	k->activity = NULL;
	k->has_args = 0;
	k->is_hip = 0;
	if (api_event_is_api(name)) {
		switch (api_event_classify(name, NULL, NULL)) {
		case API_EVENT_ENTRY:
			k->kind = EXC_API_ENTRY;
			break;
		case API_EVENT_EXIT:
			k->kind = EXC_API_EXIT;
			break;
		case API_EVENT_NONE:
			k->kind = EXC_API_OTHER;
			break;
		}
		k->has_args = has_arguments(ec);
		k->is_hip = api_event_layer(name) == API_LAYER_HIP;
	} else if (strncmp(name, "hsa_activity:", 13) == 0) {
		k->kind = EXC_ACTIVITY;
		k->activity = export_activity_handler(name);
	} else {
		k->kind = EXC_OTHER;
	}
}

static struct export_class *slot_of(struct export_classes *c, const bt_event_class *ec)
{
	/* Fibonacci hashing: the top bits depend on every bit of the address. */
	uint64_t h = (uint64_t)(uintptr_t)ec * 0x9e3779b97f4a7c15ULL;

	return &c->slots[h >> (64 - EXPORT_CLASS_BITS)];
}

const struct export_class *export_classes_of(struct export_classes *c,
					     const struct trace_event *ev)
{
	const bt_event_class *ec = ev->event ? bt_event_borrow_class_const(ev->event) : NULL;
	struct export_class *k;

	if (!ec) {
		work_out(&c->uncached, ev->name, NULL);
		return &c->uncached;
	}
	k = slot_of(c, ec);
	if (k->event_class == ec)
		return k;
	bt_event_class_put_ref(k->event_class);
	bt_event_class_get_ref(ec);
	k->event_class = ec;
	work_out(k, ev->name, ec);
	return k;
}
