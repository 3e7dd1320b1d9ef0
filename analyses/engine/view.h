/*
 * view.h - time graph and XY views (semantics.md §5, §6) over finished runs kept with history.
 *
 * Text output reproduces Trace Compass's data-provider test format:
 *   time graph tree  "name,start,end,parentName"   rows  "name:start,duration,value,label,..."
 *   XY tree          "name,parentName"             series "name:y1,y2,..."
 */
#ifndef HSAT_ENGINE_VIEW_H
#define HSAT_ENGINE_VIEW_H

#include "analyses/engine/engine.h"
#include "analyses/engine/output.h"

struct view_opts {
	const char *trace_name;
	int64_t from, to;	/* INT64_MIN: the state system's range */
	int samples;		/* XY samples (0: one per ns up to 1000) */
	int part;		/* 0 all, 1 tree only, 2 rows/series only */
};

/* 0, or -1 with err (no state system for the view, ...). */
int view_output(const struct m_view *v, struct engine *eng, const struct view_opts *vo,
		struct out *o, char *err, size_t errsz);

#endif
