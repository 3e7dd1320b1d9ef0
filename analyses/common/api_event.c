/* api_event - the naming scheme of API entry/exit events, in one place (see api_event.h). */
#include "analyses/common/api_event.h"

#include <stdio.h>
#include <string.h>

static const char *const api_providers[] = { "hsa_api:", "hsa_api_hot:" };

/* The event name after its API provider's "provider:" prefix, or NULL. */
static const char *after_api_provider(const char *event_name)
{
	size_t i;

	if (!event_name)
		return NULL;
	for (i = 0; i < sizeof(api_providers) / sizeof(api_providers[0]); i++) {
		size_t n = strlen(api_providers[i]);

		if (strncmp(event_name, api_providers[i], n) == 0)
			return event_name + n;
	}
	return NULL;
}

int api_event_is_api(const char *event_name)
{
	return after_api_provider(event_name) != NULL;
}

static int ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n > k && strcmp(s + n - k, suffix) == 0;
}

enum api_event_kind api_event_classify(const char *event_name, const char **function,
				       size_t *function_len)
{
	const char *rest = after_api_provider(event_name);
	enum api_event_kind kind = API_EVENT_NONE;
	size_t n, suffix = 0;

	if (!rest)
		return API_EVENT_NONE;
	n = strlen(rest);
	if (ends_with(rest, n, "_entry")) {
		kind = API_EVENT_ENTRY;
		suffix = strlen("_entry");
	} else if (ends_with(rest, n, "_exit")) {
		kind = API_EVENT_EXIT;
		suffix = strlen("_exit");
	}
	if (kind != API_EVENT_NONE) {
		if (function)
			*function = rest;
		if (function_len)
			*function_len = n - suffix;
	}
	return kind;
}

const char *api_event_function(const char *event_name, const char *field, char *buf,
			       size_t size)
{
	const char *fn = "";
	size_t len = 0;

	if (field && *field)
		return field;
	if (size == 0)
		return "";
	if (api_event_classify(event_name, &fn, &len) == API_EVENT_NONE) {
		fn = "";
		len = 0;
	}
	snprintf(buf, size, "%.*s", (int)len, fn);
	return buf;
}
