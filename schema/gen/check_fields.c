/*
 * check_fields - `hsatrace-schemagen check-fields FILE...`: every event field an analysis names
 * with a string literal exists in the schema, so that renaming a field in schema/ fails the
 * build of the analyses that still read the old name.
 *
 * A use is a call of one of the field accessors below whose field argument is a string
 * literal, e.g. trace_event_get_u64(ev, "correlation_id", &c). The literal must be the name of
 * a field of some schema event, or a context field every recording has. Names built at run
 * time are not seen; accessors of other data (CLI options, XML) are not listed.
 * Event names are checked too: a literal "hsa_<provider>:<event>" must be a schema event, and
 * "hsa_<provider>:" or "hsa_<provider>:*" a schema provider.
 */
#include "schema/gen/schemagen.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const struct accessor {
	const char *name;
	int arg;		/* 0-based index of the field-name argument */
} accessors[] = {
	{ "trace_event_get_i64", 1 },
	{ "trace_event_get_u64", 1 },
	{ "trace_event_get_str", 1 },
	{ "struct_get_u64", 1 },
	{ "struct_get_string", 1 },
	{ "export_field_str", 1 },
	{ "export_field_int", 1 },
	{ "bt_field_structure_borrow_member_field_by_name", 1 },
	{ "bt_field_structure_borrow_member_field_by_name_const", 1 },
	{ "set_unsigned", 1 },
	{ "set_signed", 1 },
	{ "set_string", 1 },
	{ "F", 0 },		/* export_activity.c: export_field_int(ev, field) */
};

/* The stream event context fields `hsatrace record` adds, and the packet's cpu_id. */
static const char *const context_fields[] = { "vpid", "vtid", "procname", "cpu_id", NULL };

static int is_field_name(const char *name)
{
	for (const char *const *c = context_fields; *c; c++)
		if (!strcmp(*c, name))
			return 1;
	for (size_t i = 0; i < hsat_schema_event_count(); i++)
		if (hsat_event_find_field(hsat_schema_event(i), name))
			return 1;
	return 0;
}

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* After "name(" at p: skips to argument `arg` at nesting depth 0; returns the string literal
 * there (copied into buf) or NULL when the argument is not a literal. */
static const char *literal_arg(const char *p, int arg, char *buf, size_t size)
{
	int depth = 0;
	size_t n = 0;

	for (; *p && arg > 0; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && depth-- == 0)
			return NULL;
		else if (*p == ',' && depth == 0)
			arg--;
	}
	while (isspace((unsigned char)*p))
		p++;
	if (*p != '"')
		return NULL;
	for (p++; *p && *p != '"' && n + 1 < size; p++)
		buf[n++] = *p;
	buf[n] = '\0';
	return *p == '"' ? buf : NULL;
}

static size_t line_of(const char *text, const char *at)
{
	size_t line = 1;

	for (; text < at; text++)
		line += *text == '\n';
	return line;
}

/* "hsa_x:y" is an event of the schema, "hsa_x:" and "hsa_x:*" name a provider of it. */
static int is_event_name(const char *name)
{
	const char *colon = strchr(name, ':');
	char provider[64];

	if (colon[1] && strcmp(colon + 1, "*") != 0)
		return hsat_schema_find_event(name) != NULL;
	snprintf(provider, sizeof(provider), "%.*s", (int)(colon - name), name);
	return hsat_schema_find_provider(provider) != NULL;
}

/* Every string literal of the form "hsa_<letters>:<letters>" (an event-name literal). */
static int check_event_names(const char *path, const char *text)
{
	int bad = 0;

	for (const char *p = strstr(text, "\"hsa_"); p; p = strstr(p + 1, "\"hsa_")) {
		const char *q = p + 1;
		char name[160];
		size_t n = 0;

		while (*q && (ident_char(*q) || *q == ':' || *q == '*') && n + 1 < sizeof(name))
			name[n++] = *q++;
		name[n] = '\0';
		if (*q != '"' || !strchr(name, ':') || is_event_name(name))
			continue;
		fprintf(stderr, "%s:%zu: event \"%s\" is not in the hsatrace schema (schema/)\n",
			path, line_of(text, p), name);
		bad = 1;
	}
	return bad;
}

static int check_text(const char *path, const char *text)
{
	int bad = check_event_names(path, text);
	char field[128];

	for (size_t a = 0; a < sizeof(accessors) / sizeof(accessors[0]); a++) {
		size_t len = strlen(accessors[a].name);

		for (const char *p = strstr(text, accessors[a].name); p;
		     p = strstr(p + len, accessors[a].name)) {
			if ((p > text && ident_char(p[-1])) || p[len] != '(')
				continue;
			if (!literal_arg(p + len + 1, accessors[a].arg, field, sizeof(field)) ||
			    is_field_name(field))
				continue;
			fprintf(stderr, "%s:%zu: field \"%s\" is not in the hsatrace schema "
				"(schema/)\n", path, line_of(text, p), field);
			bad = 1;
		}
	}
	return bad;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	long size;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		text = malloc((size_t)size + 1);
		if (text && fread(text, 1, (size_t)size, f) == (size_t)size) {
			text[size] = '\0';
		} else {
			free(text);
			text = NULL;
		}
	}
	fclose(f);
	return text;
}

int gen_check_fields(int n, char **paths)
{
	int bad = 0;

	for (int i = 0; i < n; i++) {
		char *text = read_file(paths[i]);

		if (!text) {
			fprintf(stderr, "hsatrace-schemagen: cannot read %s\n", paths[i]);
			return -1;
		}
		bad |= check_text(paths[i], text);
		free(text);
	}
	return bad ? -1 : 0;
}
