/* compile_view.c - <timeGraphView> and <xyView> into struct m_view (semantics.md §5, §6). */
#include "analyses/engine/compile_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void view_value_free(struct m_view_value *v)
{
	path_free(&v->path);
}

static void entry_free(struct m_entry *e)
{
	free(e->path);
	free(e->analysis_id);
	view_value_free(&e->display);
	view_value_free(&e->name);
	view_value_free(&e->id);
	view_value_free(&e->parent);
	for (int i = 0; i < e->nkids; i++)
		entry_free(&e->kids[i]);
	free(e->kids);
}

void m_file_free_views(struct m_file *f)
{
	for (int i = 0; i < f->nviews; i++) {
		struct m_view *v = &f->views[i];

		free(v->id);
		free(v->label);
		for (int k = 0; k < v->nanalyses; k++)
			free(v->analyses[k]);
		free(v->analyses);
		for (int k = 0; k < v->ndefined; k++) {
			free(v->defined[k].name);
			free(v->defined[k].value);
			free(v->defined[k].color);
		}
		free(v->defined);
		for (int k = 0; k < v->nentries; k++)
			entry_free(&v->entries[k]);
		free(v->entries);
	}
	free(f->views);
}

static int compile_view_value(struct cctx *c, const xmlNode *n, struct m_view_value *v)
{
	char *type = prop(n, "type"), *value = prop(n, "value");
	int ret = 0;

	v->present = 1;
	if (!type || !strcmp(type, "self")) {
		v->type = MD_SELF;
	} else if (!strcmp(type, "constant")) {
		struct m_attr a = { .type = MA_CONSTANT, .value = value };

		v->type = MD_CONSTANT;
		if (!value)
			ret = cu_err(c, n, "needs a value");
		else
			/* "a/b" constants are relative paths: one element per segment */
			for (char *save = NULL, *tok = strtok_r(value, "/", &save); tok;
			     tok = strtok_r(NULL, "/", &save)) {
				a.value = tok;
				path_append(&v->path, &a);
			}
	} else if (!strcmp(type, "query")) {
		v->type = MD_QUERY;
		ret = compile_path(c, n, &v->path);
	} else {
		ret = cu_err(c, n, "unsupported display type: type=%s", type);
	}
	free(type);
	free(value);
	return ret;
}

static int compile_entry(struct cctx *c, const xmlNode *n, struct m_entry *e, int xy)
{
	memset(e, 0, sizeof(*e));
	e->path = prop(n, "path");
	e->analysis_id = prop(n, "analysisId");
	e->display_text = prop_is(n, "displayText", "true");
	e->delta = prop_is(n, "displayType", "delta");
	for (const xmlNode *k = n->children; k; k = k->next) {
		int r = 0;

		if (is_el(k, "display"))
			r = compile_view_value(c, k, &e->display);
		else if (is_el(k, "name"))
			r = compile_view_value(c, k, &e->name);
		else if (is_el(k, "id") && !xy)
			r = compile_view_value(c, k, &e->id);
		else if (is_el(k, "parent") && !xy)
			r = compile_view_value(c, k, &e->parent);
		else if (is_el(k, "entry") && !xy) {
			GROW(e->kids, e->nkids);
			r = compile_entry(c, k, &e->kids[e->nkids++], xy);
		}
		if (r)
			return -1;
	}
	return 0;
}

void compile_view(struct cctx *c, struct m_file *f, const xmlNode *n, int *refused)
{
	struct m_view *v;
	const xmlNode *head = first_child(n, "head");
	struct m_analysis fake = { 0 };

	GROW(f->views, f->nviews);
	v = &f->views[f->nviews++];
	memset(v, 0, sizeof(*v));
	v->xy = is_el(n, "xyView");
	v->id = prop(n, "id");
	fake.id = v->id;
	c->an = &fake;
	c->err[0] = '\0';
	for (const xmlNode *h = head ? head->children : NULL; h; h = h->next) {
		if (is_el(h, "analysis")) {
			char *id = prop(h, "id");

			if (!id) {
				cu_err(c, h, "an <analysis> needs an id");
				continue;
			}
			GROW(v->analyses, v->nanalyses);
			v->analyses[v->nanalyses++] = id;
		} else if (is_el(h, "label") && !v->label) {
			v->label = prop(h, "value");
		}
	}
	if (!v->label)
		v->label = xstrdup(v->id ? v->id : "");
	for (const xmlNode *e = n->children; e; e = e->next) {
		if (is_el(e, "definedValue")) {
			GROW(v->defined, v->ndefined);
			v->defined[v->ndefined].name = prop(e, "name");
			v->defined[v->ndefined].value = prop(e, "value");
			v->defined[v->ndefined].color = prop(e, "color");
			v->ndefined++;
		} else if (is_el(e, "entry")) {
			GROW(v->entries, v->nentries);
			if (compile_entry(c, e, &v->entries[v->nentries++], v->xy))
				break;
		}
	}
	if (!v->id)
		cu_err(c, n, "a view needs an id");
	if (c->err[0]) {
		struct m_file one = { 0 };

		cu_diag(c->opts, c->err);
		(*refused)++;
		/* drop the view: free it through a one-view file */
		one.views = realloc_or_die(NULL, sizeof(*v));
		one.views[0] = *v;
		one.nviews = 1;
		f->nviews--;
		m_file_free_views(&one);
	}
	c->an = NULL;
}

