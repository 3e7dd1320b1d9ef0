/* api_event - the naming scheme of API entry/exit events, in one place (see api_event.h). */
#include "analyses/common/api_event.h"

#include <stdio.h>
#include <string.h>

#include "schema/hsatrace_schema.h"

static const struct {
	const char *prefix;	/* "provider:" */
	enum api_event_kind kind;
	enum api_event_layer layer;
} api_providers[] = {
	{ HSAT_PROVIDER_API_ENTRY ":", API_EVENT_ENTRY, API_LAYER_HSA },
	{ HSAT_PROVIDER_API_EXIT ":", API_EVENT_EXIT, API_LAYER_HSA },
	{ HSAT_PROVIDER_HOT_ENTRY ":", API_EVENT_ENTRY, API_LAYER_HSA },
	{ HSAT_PROVIDER_HOT_EXIT ":", API_EVENT_EXIT, API_LAYER_HSA },
	{ HSAT_PROVIDER_HIP_ENTRY ":", API_EVENT_ENTRY, API_LAYER_HIP },
	{ HSAT_PROVIDER_HIP_EXIT ":", API_EVENT_EXIT, API_LAYER_HIP },
	{ HSAT_PROVIDER_HIP_HOT_ENTRY ":", API_EVENT_ENTRY, API_LAYER_HIP },
	{ HSAT_PROVIDER_HIP_HOT_EXIT ":", API_EVENT_EXIT, API_LAYER_HIP },
};

/* The event name after its API provider's "provider:" prefix (the function), or NULL. */
static const char *after_api_provider_layer(const char *event_name, enum api_event_kind *kind,
					    enum api_event_layer *layer)
{
	size_t i;

	if (!event_name)
		return NULL;
	for (i = 0; i < sizeof(api_providers) / sizeof(api_providers[0]); i++) {
		size_t n = strlen(api_providers[i].prefix);

		if (strncmp(event_name, api_providers[i].prefix, n) == 0) {
			*kind = api_providers[i].kind;
			*layer = api_providers[i].layer;
			return event_name + n;
		}
	}
	return NULL;
}

static const char *after_api_provider(const char *event_name, enum api_event_kind *kind)
{
	enum api_event_layer layer;

	return after_api_provider_layer(event_name, kind, &layer);
}

enum api_event_layer api_event_layer(const char *event_name)
{
	enum api_event_kind kind;
	enum api_event_layer layer = API_LAYER_NONE;

	return after_api_provider_layer(event_name, &kind, &layer) ? layer : API_LAYER_NONE;
}

int api_event_is_api(const char *event_name)
{
	enum api_event_kind kind;

	return after_api_provider(event_name, &kind) != NULL;
}

enum api_event_kind api_event_classify(const char *event_name, const char **function,
				       size_t *function_len)
{
	enum api_event_kind kind = API_EVENT_NONE;
	const char *rest = after_api_provider(event_name, &kind);

	if (!rest || !*rest)
		return API_EVENT_NONE;
	if (function)
		*function = rest;
	if (function_len)
		*function_len = strlen(rest);
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
