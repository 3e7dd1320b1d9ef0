/* docs/schema.md: the hand-written notes, then every provider, event and field. */
#include "schema/gen/schemagen.h"

#include <string.h>

static int copy_notes(FILE *out, const char *path)
{
	char buf[4096];
	size_t n;
	FILE *in = fopen(path, "r");

	if (!in) {
		perror(path);
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
	fclose(in);
	return 0;
}

static void gen_types(FILE *out)
{
	fprintf(out, "## Field types\n\n| type | C | CTF |\n|---|---|---|\n");
	for (int t = HSAT_FT_U64_HEX; t <= HSAT_FT_STRING; t++)
		fprintf(out, "| `%s` | `%s` | `%s` |\n", hsat_field_type_name(t),
			hsat_field_type_c(t), hsat_field_type_ctf(t));
	fprintf(out, "\n");
}

static void gen_providers(FILE *out)
{
	fprintf(out, "## Providers\n\n| provider | category | written by | what |\n"
		"|---|---|---|---|\n");
	for (size_t i = 0; i < hsat_schema_provider_count(); i++) {
		const struct hsat_provider *p = hsat_schema_provider(i);

		fprintf(out, "| `%s` | %s | %s | %s |\n", p->name, hsat_category_name(p->category),
			p->synthesized ? "`hsatrace unify`" : "`libhsatrace.so`", p->doc);
	}
	fprintf(out, "\n");
}

static void gen_event(FILE *out, const struct hsat_event *ev)
{
	fprintf(out, "### `%s`\n\n%s.\n\n| field | type | unit | meaning |\n|---|---|---|---|\n",
		ev->full_name, ev->doc);
	for (size_t k = 0; k < ev->n_fields; k++) {
		const struct hsat_field *f = &ev->fields[k];

		fprintf(out, "| `%s` | `%s` | %s | %s |\n", f->name, hsat_field_type_name(f->type),
			f->unit, f->doc);
	}
	fprintf(out, "\n");
}

static void gen_fields_cell(FILE *out, const struct hsat_event *ev, size_t skip)
{
	for (size_t k = skip; k < ev->n_fields; k++)
		fprintf(out, "%s`%s` %s", k > skip ? ", " : "", ev->fields[k].name,
			hsat_field_type_name(ev->fields[k].type));
	if (ev->n_fields <= skip)
		fprintf(out, "—");
}

static void gen_api(FILE *out)
{
	fprintf(out, "## API events\n\n"
		"Every function below has an entry and an exit event, `hsa_api_entry:FUNCTION` and "
		"`hsa_api_exit:FUNCTION` (`hsa_hot_entry:FUNCTION` and `hsa_hot_exit:FUNCTION` for "
		"the hot category).\nEvery entry event starts with `function` (string) and "
		"`correlation_id` (u64), then the arguments listed.\nEvery exit event starts with "
		"`function`, `correlation_id` and `status` (s32, `hsa_status_t`; 0 for functions "
		"that return no status), then `retval` for functions returning a value, then the "
		"out-parameters listed: the value the runtime stored through the pointer, recorded "
		"only on success and when the pointer is not NULL (0 otherwise).\n"
		"Arguments of kinds the tracer does not record (structs passed by value) are "
		"omitted; pointers are recorded as addresses, never dereferenced, except input "
		"strings (`const char *`): their text, at most 255 bytes, read without ever "
		"faulting (an unreadable one is \"-\"), and `NAME_truncated` (1 when cut).\n\n"
		"| function | category | table slot | entry arguments | exit out-parameters |\n"
		"|---|---|---|---|---|\n");
	for (size_t i = 0; i < hsat_schema_event_count(); i++) {
		const struct hsat_event *ev = hsat_schema_event(i);
		const struct hsat_event *ex = hsat_schema_event(i + 1);

		if (!ev->api_fn || ev->is_exit)
			continue;
		fprintf(out, "| `%s` | %s | %s+0x%x | ", ev->api_fn->name,
			hsat_category_name(ev->category),
			hsat_api_table_name(ev->api_fn->table), ev->api_fn->slot_offset);
		gen_fields_cell(out, ev, 2);
		fprintf(out, " | ");
		gen_fields_cell(out, ex, 3);
		fprintf(out, " |\n");
	}
	fprintf(out, "\n");
}

int gen_doc(FILE *out, const char *notes_path)
{
	if (copy_notes(out, notes_path))
		return -1;
	fprintf(out, "\n<!-- Everything below is generated from schema by hsatrace-schemagen. -->\n\n"
		"Schema version: **%s**.\n\n", HSAT_SCHEMA_VERSION);
	gen_types(out);
	gen_providers(out);
	fprintf(out, "## Activity, meta and GPU events\n\n");
	for (size_t i = 0; i < hsat_schema_event_count(); i++)
		if (!hsat_schema_event(i)->api_fn)
			gen_event(out, hsat_schema_event(i));
	gen_api(out);
	return ferror(out) ? -1 : 0;
}
