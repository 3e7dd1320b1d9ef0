/*
 * tools.c - HSA_TOOLS_LIB: a space-separated list of libraries ("double quotes" for names
 * with spaces, backslash escapes). Each is dlopen(RTLD_LAZY)ed; its own OnLoad (a symbol
 * defined by a dependency does not count) gets the API table, the table's major version,
 * and the names of the tools that failed so far. A tool whose OnLoad returns false is closed
 * and counted as failed. A dlopen failure is reported on stderr unless
 * HSA_TOOLS_REPORT_LOAD_FAILURE=0.
 */
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/runtime.h"
#include "runtime/tools.h"

typedef bool (*tool_on_load_fn)(HsaApiTable *table, uint64_t runtime_version,
				uint64_t failed_tool_count, const char *const *failed_tool_names);
typedef void (*tool_on_unload_fn)(void);

struct tool {
	void *library;
	tool_on_unload_fn on_unload;
};

static struct tool *tools;
static size_t tool_count;

/* Splits the variable into names; returns the count (0 on empty or out of memory). */
static size_t parse_names(const char *text, char ***out)
{
	size_t count = 0, length = strlen(text);
	char **names = calloc(length / 2 + 2, sizeof(*names));
	char *word = malloc(length + 1);
	size_t used = 0;
	bool quoted = false, in_word = false;

	*out = names;
	if (!names || !word) {
		free(word);
		return 0;
	}
	for (const char *p = text;; p++) {
		char c = *p;

		if (c == '\\' && p[1]) {
			word[used++] = *++p;
			in_word = true;
		} else if (c == '"') {
			quoted = !quoted;
			in_word = true;
		} else if (c == '\0' || (c == ' ' && !quoted)) {
			if (in_word) {
				word[used] = '\0';
				names[count++] = strdup(word);
				if (!names[count - 1])
					count--;
			}
			used = 0;
			in_word = false;
			if (c == '\0')
				break;
		} else {
			word[used++] = c;
			in_word = true;
		}
	}
	free(word);
	return count;
}

/* dlsym, restricted to symbols the library itself defines (ROCr's os::GetExportAddress). */
static void *own_symbol(void *library, const char *name)
{
	void *symbol = dlsym(library, name);
	struct link_map *map = NULL;
	Dl_info info;

	if (!symbol)
		return NULL;
	if (dlinfo(library, RTLD_DI_LINKMAP, &map) != 0 || !map)
		return NULL;
	if (!dladdr(symbol, &info) || !info.dli_fname || strcmp(info.dli_fname, map->l_name) != 0)
		return NULL;
	return symbol;
}

static bool report_failures(void)
{
	const char *value = getenv("HSA_TOOLS_REPORT_LOAD_FAILURE");

	return !value || strcmp(value, "0") != 0;
}

void hsat_tools_load(void)
{
	const char *variable = getenv("HSA_TOOLS_LIB");
	char **names = NULL;
	const char **failed = NULL;
	size_t count, failed_count = 0;

	if (!variable || !*variable)
		return;
	count = parse_names(variable, &names);
	tools = calloc(count ? count : 1, sizeof(*tools));
	failed = calloc(count ? count : 1, sizeof(*failed));
	if (!tools || !failed)
		goto cleanup;
	for (size_t i = 0; i < count; i++) {
		void *library = dlopen(names[i], RTLD_LAZY);
		tool_on_load_fn on_load;

		if (!library) {
			if (report_failures())
				fprintf(stderr, "Tool lib \"%s\" failed to load.\n", names[i]);
			failed[failed_count++] = names[i];
			continue;
		}
		on_load = (tool_on_load_fn)own_symbol(library, "OnLoad");
		if (on_load && !on_load(&hsat_api_table, hsat_api_table.version.major_id,
					failed_count, failed)) {
			dlclose(library);
			failed[failed_count++] = names[i];
			continue;
		}
		tools[tool_count].library = library;
		tools[tool_count].on_unload = (tool_on_unload_fn)own_symbol(library, "OnUnload");
		tool_count++;
		hsat_debug("loaded tool %s", names[i]);
	}
cleanup:
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
	free(failed);
}

void hsat_tools_unload(void)
{
	for (size_t i = tool_count; i > 0; i--)
		if (tools[i - 1].on_unload)
			tools[i - 1].on_unload();
}

void hsat_tools_close(void)
{
	if (!getenv("HSA_RUNNING_UNDER_VALGRIND"))
		for (size_t i = tool_count; i > 0; i--)
			dlclose(tools[i - 1].library);
	free(tools);
	tools = NULL;
	tool_count = 0;
}
