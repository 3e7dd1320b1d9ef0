/*
 * compile.h - loading <tmfxml> files: parse (libxml2, no DTD, no network), optional XSD
 * validation or structural checks (load.c), then compilation into a struct m_file (model.h) by
 * compile.c (analyses) and compile_view.c (views).
 *
 * Errors go to the `diag` callback as complete one-line messages:
 *   "FILE:LINE: element <x>: ..."                     malformed XML or schema violation
 *   "FILE:LINE: analysis ID refused: REASON"           an analysis Trace Compass would not compile
 * A refused analysis is left out of the file; the others remain usable.
 */
#ifndef HSAT_ENGINE_COMPILE_H
#define HSAT_ENGINE_COMPILE_H

#include "analyses/engine/model.h"

typedef void (*m_diag_fn)(void *ctx, const char *msg);

struct m_load_opts {
	const char *xsd;	/* path of xmlDefinition.xsd (or an extension), or NULL */
	m_diag_fn diag;
	void *diag_ctx;
	int no_validate;	/* compile without validating (as Trace Compass's compile-unit tests do) */
};

/*
 * Loads path (or, when buf is non-NULL, the len bytes in buf named path). Returns a new
 * struct m_file or NULL when the file is unusable (malformed, invalid); *refused counts the
 * analyses left out.
 */
struct m_file *m_load(const char *path, const char *buf, size_t len,
		      const struct m_load_opts *opts, int *refused);

#endif
