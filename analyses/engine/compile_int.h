/*
 * compile_int.h - shared by the loader's files (load.c, compile.c, compile_view.c); not an API.
 *
 * struct cctx is one file's compilation: the analysis being compiled, its locations, and the
 * first error (cu_err), which refuses that analysis (or view).
 */
#ifndef HSAT_ENGINE_COMPILE_INT_H
#define HSAT_ENGINE_COMPILE_INT_H

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/tree.h>

#include "analyses/engine/compile.h"

struct location {
	char *id;
	struct m_path path;
};

struct cctx {
	const char *file;
	struct m_analysis *an;
	struct location *locs;
	int nlocs;
	char err[1024];
	const struct m_load_opts *opts;
};

static inline void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		abort();
	return p;
}

static inline char *xstrdup(const char *s)
{
	char *p = s ? strdup(s) : NULL;

	if (s && !p)
		abort();
	return p;
}

static inline void *realloc_or_die(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p)
		abort();
	return p;
}

/* Room for one more element in arr (n used). */
#define GROW(arr, n) ((arr) = realloc_or_die((arr), ((n) + 1) * sizeof(*(arr))))

static inline int is_el(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name);
}

static inline const xmlNode *first_child(const xmlNode *parent, const char *name)
{
	for (const xmlNode *n = parent->children; n; n = n->next)
		if (is_el(n, name))
			return n;
	return NULL;
}

/* An attribute's value, owned by the caller (NULL when absent). */
static inline char *prop(const xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	char *s;

	if (!v)
		return NULL;
	s = xstrdup((const char *)v);
	xmlFree(v);
	return s;
}

static inline int prop_is(const xmlNode *n, const char *name, const char *want)
{
	char *v = prop(n, name);
	int r = v && !strcmp(v, want);

	free(v);
	return r;
}

/* Java's Boolean.parseBoolean on the attribute ("true" in any case; "1" is false); dflt when absent or empty. */
static inline int prop_java_bool(const xmlNode *n, const char *name, int dflt)
{
	char *v = prop(n, name);
	int r = v && *v ? !strcasecmp(v, "true") : dflt;

	free(v);
	return r;
}

/* Records the first error of the analysis being compiled ("FILE:LINE: analysis ID refused: ..."); -1. */
int cu_err(struct cctx *c, const xmlNode *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A complete message to the caller's diag callback (stderr by default). */
void cu_diag(const struct m_load_opts *o, const char *msg);

void path_free(struct m_path *p);
void path_append(struct m_path *p, const struct m_attr *a);
/* Every stateAttribute child of parent, in order, appended to out. */
int compile_path(struct cctx *c, const xmlNode *parent, struct m_path *out);

/* compile.c: the analyses and views anywhere under node, into f. */
void compile_children(struct cctx *c, struct m_file *f, const xmlNode *node, int *refused);

/* compile_view.c */
void compile_view(struct cctx *c, struct m_file *f, const xmlNode *n, int *refused);
void m_file_free_views(struct m_file *f);

#endif
