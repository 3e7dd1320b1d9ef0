/*
 * schema_import - fills the catalog from the hsatrace event schema library
 * (schema/hsatrace_schema.h): every event with its fields, types and units, the HSA
 * function of API events, and the schema version.
 */
#include <stdio.h>

#include "generator/catalog.h"
#include "schema/hsatrace_schema.h"

static int import_event(struct catalog *cat, const struct hsat_event *sev)
{
	struct catalog_event *ev = catalog_add_event(cat, sev->full_name, CATALOG_HSA);

	if (!ev)
		return -1;
	if (catalog_event_set(ev, sev->api_fn ? sev->api_fn->name : NULL,
			      hsat_category_name(sev->category)) < 0)
		return -1;
	for (size_t f = 0; f < sev->n_fields; f++)
		if (catalog_add_field(ev, sev->fields[f].name,
				      hsat_field_type_name(sev->fields[f].type),
				      sev->fields[f].unit) < 0)
			return -1;
	return 0;
}

int catalog_load_schema(struct catalog *cat, char *err, size_t errlen)
{
	size_t n = hsat_schema_event_count();

	if (catalog_set_version(cat, HSAT_SCHEMA_VERSION) < 0)
		goto oom;
	for (size_t i = 0; i < n; i++) {
		const struct hsat_event *sev = hsat_schema_event(i);

		if (!sev || import_event(cat, sev) < 0) {
			snprintf(err, errlen, "failed to import schema event: index=%zu name=%s",
				 i, sev && sev->full_name ? sev->full_name : "(null)");
			return -1;
		}
	}
	return 0;
oom:
	snprintf(err, errlen, "failed to import the schema: out of memory");
	return -1;
}
