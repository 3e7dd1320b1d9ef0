/*
 * views - the set of generated Trace Compass XML files and how one is rendered.
 *
 * Each file is one `struct view_file`: its name in xml-views/, a one-line summary (put in
 * the header comment) and a function writing the children of <tmfxml>. Rendering adds the
 * XML declaration, the header comment (generated, by what, from which schema version) and
 * the <tmfxml> root. The output depends only on the catalog, never on the time or the
 * machine, so `--check` can compare it byte for byte with the committed files.
 *
 * Analysis and view ids all start with "org.hsatrace." (NCNames, unique across files).
 */
#ifndef HSATRACE_GENERATOR_VIEWS_H
#define HSATRACE_GENERATOR_VIEWS_H

#include <stddef.h>

#include "generator/catalog.h"
#include "generator/tc.h"

#define VIEWS_GENERATOR_NAME "hsatrace-generate-views"

struct view_file {
	const char *name;	/* file name, e.g. "hsa-queues.xml" */
	const char *summary;	/* what the file holds, one line */
	const char *oldest_tc;	/* the oldest Trace Compass release whose XSD accepts the file */
	void (*write)(struct tc *tc);
};

extern const struct view_file view_files[];
extern const size_t nr_view_files;

/*
 * Renders `file` from `cat` into *out (malloc'd, NUL-terminated). Returns 0, or -1 with a
 * message in err (e.g. a view naming a field the schema does not have).
 */
int view_render(const struct view_file *file, const struct catalog *cat, char **out,
		char *err, size_t errlen);

/* The stateProvider/pattern version: changes with the schema so Trace Compass rebuilds
 * persisted histories when the events change. */
const char *views_analysis_version(const struct catalog *cat);

/* The trace types every hsatrace analysis declares. */
extern const char *const views_trace_types[];

/* Per-file writers (view_*.c). */
void view_write_kernel(struct tc *tc);
void view_write_api(struct tc *tc);
void view_write_api_callstack(struct tc *tc);
void view_write_queues(struct tc *tc);
void view_write_gpu(struct tc *tc);
void view_write_counters(struct tc *tc);

/* Helpers shared by the writers (views.c). */

/*
 * Opens an hsatrace analysis, <stateProvider> or <pattern> (element): the comment with its
 * attribute layout (tc_layout_comment), then tc_analysis_start with the schema's version
 * (views_analysis_version) and views_trace_types. Close it with xml_writer_end(element).
 */
void views_analysis_start(struct tc *tc, const char *element, const char *id,
			  const char *layout, const char *label);

/* Opens a view, <timeGraphView> or <xyView> (element), with its id and the head naming the
 * one analysis it shows and its label. Close it with xml_writer_end(element). */
void views_view_start(struct tc *tc, const char *element, const char *id, const char *label,
		      const char *analysis);

/* tc_entry_start whose rows are named by their attribute "name" (an agent's, a process's,
 * a thread's): <entry path><name type="constant" value="name"/>. */
void views_named_entry_start(struct tc *tc, const char *path, const char *display);

/* A whole tc_entry_start_text entry, without entries under it (one row per state). */
void views_leaf_entry(struct tc *tc, const char *path, const char *display);

/* Calls fn for each category of HSA API events the catalog has (default, then hot) with the
 * trailing-wildcard patterns of its entries and exits ("hsa_api_entry:*", "hsa_api_exit:*"):
 * one handler per category matches every function of it. */
void views_for_each_api_category(const struct catalog *cat,
				 void (*fn)(struct tc *tc, const char *entry, const char *exit),
				 struct tc *tc);

#endif /* HSATRACE_GENERATOR_VIEWS_H */
