/* api_event: which event names are API entries and exits, and of which function; the
 * `function` field wins over the name; names of other providers are not API events. */
#include <string.h>

#include "analyses/common/api_event.h"
#include "tap.h"

static void classify(const char *name, enum api_event_kind want_kind, const char *want_fn)
{
	const char *fn = NULL;
	size_t len = 0;
	enum api_event_kind kind = api_event_classify(name, &fn, &len);

	is_int(kind, want_kind, "%s: kind", name);
	if (want_fn)
		ok(fn && len == strlen(want_fn) && strncmp(fn, want_fn, len) == 0,
		   "%s: function %s", name, want_fn);
}

int main(void)
{
	char buf[64];

	plan(18);
	classify("hsa_api_entry:hsa_init", API_EVENT_ENTRY, "hsa_init");
	classify("hsa_api_exit:hsa_queue_create", API_EVENT_EXIT, "hsa_queue_create");
	classify("hsa_hot_entry:hsa_signal_load_relaxed", API_EVENT_ENTRY,
		 "hsa_signal_load_relaxed");
	classify("hsa_hot_exit:hsa_signal_load_relaxed", API_EVENT_EXIT,
		 "hsa_signal_load_relaxed");
	classify("hsa_api_entry:", API_EVENT_NONE, NULL);
	classify("hsa_api:hsa_init_entry", API_EVENT_NONE, NULL);	/* schema 1.x: not read */
	classify("hsa_activity:kernel_exec", API_EVENT_NONE, NULL);
	classify("irq_handler_entry", API_EVENT_NONE, NULL);
	ok(api_event_is_api("hsa_api_exit:anything"), "hsa_api_exit provider is API");
	ok(!api_event_is_api("hsa_api_entryx:foo"), "a provider that only starts alike is not");
	ok(!api_event_is_api(NULL), "NULL is not an API event");
	is_str(api_event_function("hsa_api_entry:hsa_init", "from_field", buf, sizeof(buf)),
	       "from_field", "the function field wins");
	is_str(api_event_function("hsa_api_entry:hsa_init", "", buf, sizeof(buf)), "hsa_init",
	       "an empty field falls back to the event name");
	is_str(api_event_function("hsa_api_entry:hsa_init", NULL, buf, 5), "hsa_",
	       "the fallback is truncated to the buffer");
	return exit_status();
}
