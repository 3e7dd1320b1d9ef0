/* view.c - see view.h. */
#include "analyses/engine/view.h"
#include "analyses/engine/jregex.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tg_entry {
	char *name;
	int64_t start, end;
	int parent;		/* index, -1 for a trace entry */
	int quark;		/* the row's attribute, -1 without <display> */
	struct run *run;
	int delta;
	char *id, *parent_id;	/* <id> (default: the name) and <parent> values, or NULL */
};

struct tg {
	struct tg_entry *e;
	int n;
};

static int add_entry(struct tg *t, const char *name, int parent, int quark, struct run *r,
		     int64_t start, int64_t end)
{
	t->e = realloc(t->e, (t->n + 1) * sizeof(*t->e));
	if (!t->e)
		abort();
	t->e[t->n] = (struct tg_entry){ strdup(name), start, end, parent, quark, r, 0, NULL, NULL };
	return t->n++;
}

static void tg_free(struct tg *t)
{
	for (int i = 0; i < t->n; i++) {
		free(t->e[i].name);
		free(t->e[i].id);
		free(t->e[i].parent_id);
	}
	free(t->e);
}

/* Entry range: from the end of the leading null interval to the start of the trailing one. */
static void entry_range(const struct statesys *ss, int q, int64_t *start, int64_t *end)
{
	const struct ss_attr *a = &ss->attrs[q];
	int i, k;

	*start = ss->start_time;
	*end = ss->end_time;
	for (i = 0; i < a->nhist && a->hist[i].value.type == HV_NULL; i++)
		;
	for (k = a->nhist - 1; k >= 0 && a->hist[k].value.type == HV_NULL; k--)
		;
	if (i < a->nhist && i > 0)
		*start = a->hist[i].start;
	if (k >= 0 && k < a->nhist - 1)
		*end = a->hist[k].end + 1;
}

/* A display/name attribute relative to the entry's attribute; -1 when it does not resolve. */
static int resolve_rel(struct statesys *ss, const struct m_view_value *vv, int q)
{
	if (vv->type == MD_SELF)
		return q;
	for (int i = 0; i < vv->path.n && q >= 0; i++) {
		const struct m_attr *a = &vv->path.el[i];

		if (a->type == MA_CONSTANT)
			q = ss_child(ss, q, a->value, 0);
		else if (a->type == MA_QUERY) {
			/* the nested path from ROOT; its value names the child */
			int qq = SS_ROOT;

			for (int k = 0; k < a->query->n && qq >= 0; k++)
				qq = a->query->el[k].type == MA_CONSTANT ?
				     ss_child(ss, qq, a->query->el[k].value, 0) : -1;
			q = -1;
		} else {
			q = -1;
		}
	}
	return q;
}

static const char *first_non_null(const struct statesys *ss, int q, char *buf, size_t size)
{
	const struct ss_attr *a = &ss->attrs[q];

	for (int i = 0; i < a->nhist; i++)
		if (a->hist[i].value.type != HV_NULL)
			return hv_to_string(&a->hist[i].value, buf, size);
	return NULL;
}

/* "$1" -> capture 1 of the ancestors' wildcards. */
static void substitute(const char *seg, char **caps, int ncaps, char *out, size_t size)
{
	size_t len = 0;

	for (const char *s = seg; *s && len + 1 < size; s++) {
		if (*s == '$' && s[1] >= '1' && s[1] <= '9' && s[1] - '1' < ncaps) {
			const char *c = caps[s[1] - '1'];

			len += (size_t)snprintf(out + len, size - len, "%s", c);
			if (len >= size)
				len = size - 1;
			s++;
			continue;
		}
		out[len++] = *s;
	}
	out[len] = '\0';
}

struct build {
	struct tg *tg;
	struct run *run;
	int xy;
	struct engine *eng;
};

static void build(struct build *b, const struct m_entry *me, int base, int parent, char **caps,
		  int ncaps);

static void build_at(struct build *b, const struct m_entry *me, char **segs, int nsegs, int si,
		     int q, int parent, char **caps, int ncaps);

/*
 * A path segment that is a pattern, as XmlTimeGraphDataProvider: '*' -> "(.*)", the rest a Java
 * regex matched against each child's whole name; its groups are the $N of the entries below.
 */
static void build_matching(struct build *b, const struct m_entry *me, char **segs, int nsegs,
			   int si, const char *seg, int q, int parent, char **caps, int ncaps)
{
	struct statesys *ss = &b->run->ss;
	char rx[2100], *p = rx, err[192];
	struct jregex re;

	for (const char *s = seg; *s && p < rx + sizeof(rx) - 5; s++) {
		if (*s == '*') {
			memcpy(p, "(.*)", 4);
			p += 4;
		} else {
			*p++ = *s;
		}
	}
	*p = '\0';
	if (jregex_compile(&re, rx, err, sizeof(err)))
		return;
	for (int i = 0; i < ss->attrs[q].nchildren; i++) {
		int c = ss->attrs[q].children[i];
		char *newcaps[9];
		int n;

		if (ncaps)
			memcpy(newcaps, caps, ncaps * sizeof(char *));
		n = jregex_groups(&re, ss->attrs[c].name, newcaps + ncaps, 9 - ncaps);
		if (n < 0)
			continue;
		build_at(b, me, segs, nsegs, si + 1, c, parent, newcaps, ncaps + n);
		for (int g = ncaps; g < ncaps + n; g++)
			free(newcaps[g]);
	}
	jregex_free(&re);
}

static void build_at(struct build *b, const struct m_entry *me, char **segs, int nsegs, int si,
		     int q, int parent, char **caps, int ncaps)
{
	struct statesys *ss = &b->run->ss;
	char seg[512];

	if (si == nsegs) {
		int disp = -1, idx;
		int64_t start, end;
		char buf[256];
		const char *name = ss->attrs[q].name;

		if (me->display.present) {
			disp = resolve_rel(ss, &me->display, q);
			if (disp < 0)
				return;
		} else if (!me->nkids) {
			return;
		}
		if (me->name.present) {
			int nq = resolve_rel(ss, &me->name, q);
			const char *n = nq >= 0 ? first_non_null(ss, nq, buf, sizeof(buf)) : NULL;

			if (n)
				name = n;
		}
		entry_range(ss, q, &start, &end);
		idx = add_entry(b->tg, name, parent, disp, b->run, start, end);
		b->tg->e[idx].delta = me->delta;
		if (me->id.present) {
			int iq = resolve_rel(ss, &me->id, q);
			const char *v = iq >= 0 ? first_non_null(ss, iq, buf, sizeof(buf)) : NULL;

			b->tg->e[idx].id = v ? strdup(v) : NULL;
		}
		if (me->parent.present) {
			int pq = resolve_rel(ss, &me->parent, q);
			const char *v = pq >= 0 ? first_non_null(ss, pq, buf, sizeof(buf)) : NULL;

			b->tg->e[idx].parent_id = v ? strdup(v) : NULL;
		}
		for (int k = 0; k < me->nkids; k++)
			build(b, &me->kids[k], q, idx, caps, ncaps);
		return;
	}
	substitute(segs[si], caps, ncaps, seg, sizeof(seg));
	if (!strpbrk(seg, "*.[]()^$+?{}|\\")) {
		int c = ss_child(ss, q, seg, 0);

		if (c >= 0)
			build_at(b, me, segs, nsegs, si + 1, c, parent, caps, ncaps);
		return;
	}
	build_matching(b, me, segs, nsegs, si, seg, q, parent, caps, ncaps);
}

/* Is entry k entry i or below it? (re-parenting makes no cycles) */
static int descends(const struct tg *t, int k, int i)
{
	for (; k >= 0; k = t->e[k].parent)
		if (k == i)
			return 1;
	return 0;
}

/*
 * <parent>: an entry whose parent value is the id of another entry made by the same <entry>
 * element under the same parent, with an overlapping time range, moves under that entry.
 */
static void reparent(struct tg *t, int first, int parent)
{
	int n = t->n - first;
	int *to = malloc(((size_t)n + 1) * sizeof(int));

	if (!to)
		abort();
	/* the matches first, among the siblings as built; then the moves */
	for (int i = first; i < t->n; i++) {
		const struct tg_entry *e = &t->e[i];

		to[i - first] = -1;
		if (e->parent != parent || !e->parent_id)
			continue;
		for (int k = first; k < t->n; k++) {
			const struct tg_entry *p = &t->e[k];
			const char *pid = p->id ? p->id : p->name;

			if (k != i && p->parent == parent && !strcmp(pid, e->parent_id) &&
			    p->start <= e->end && e->start <= p->end) {
				to[i - first] = k;
				break;
			}
		}
	}
	for (int i = first; i < t->n; i++)
		if (to[i - first] >= 0 && !descends(t, to[i - first], i))
			t->e[i].parent = to[i - first];
	free(to);
}

static void build(struct build *b, const struct m_entry *me, int base, int parent, char **caps,
		  int ncaps)
{
	char *path = strdup(me->path && me->path[0] ? me->path : "*"), *save = NULL;
	char *segs[64];
	int nsegs = 0;
	struct build sub = *b;

	if (!path)
		abort();
	if (me->analysis_id) {
		/* the path is absolute in that analysis's state system */
		sub.run = engine_find(b->eng, me->analysis_id);
		base = SS_ROOT;
		if (!sub.run) {
			free(path);
			return;
		}
		b = &sub;
	}
	for (char *t = strtok_r(path, "/", &save); t && nsegs < 64; t = strtok_r(NULL, "/", &save))
		segs[nsegs++] = t;
	{
		int first = b->tg->n;

		build_at(b, me, segs, nsegs, 0, base, parent, caps, ncaps);
		if (me->parent.present)
			reparent(b->tg, first, parent);
	}
	free(path);
}

static int view_runs(const struct m_view *v, struct engine *eng, struct run **runs, int *nruns)
{
	*nruns = 0;
	for (int i = 0; i < eng->nruns; i++) {
		int use = v->nanalyses == 0;

		for (int k = 0; k < v->nanalyses; k++)
			use |= !strcmp(v->analyses[k], eng->runs[i]->m->id);
		if (use)
			runs[(*nruns)++] = eng->runs[i];
	}
	return *nruns ? 0 : -1;
}

/* Java's (int) of a double: saturating, NaN is 0 (a C cast out of range is undefined). */
static int java_double_to_int(double d)
{
	if (d != d)
		return 0;
	if (d >= 2147483647.0)
		return INT_MAX;
	if (d <= -2147483648.0)
		return INT_MIN;
	return (int)d;
}

/* XmlTimeGraphDataProvider's state: the value and the label; 0 when the label is null. */
static int row_label(const struct hv *v, int *value, char *label, size_t size)
{
	switch (v->type) {
	case HV_INT:
		*value = v->u.i;
		snprintf(label, size, "%" PRId32, v->u.i);
		return 1;
	case HV_LONG:
		*value = (int)v->u.l;
		snprintf(label, size, "0x%" PRIx64, (uint64_t)v->u.l);
		return 1;
	case HV_STRING:
		*value = INT_MIN;
		snprintf(label, size, "%s", v->u.s);
		return 1;
	case HV_DOUBLE:
		*value = java_double_to_int(v->u.d);
		break;
	default:
		*value = INT_MIN;
	}
	snprintf(label, size, "null");
	return 0;
}

/* Depth-first order (parents before children, siblings in creation order) into order[]. */
static int dfs(const struct tg *t, int parent, int *order, int n)
{
	for (int i = 0; i < t->n; i++) {
		if (t->e[i].parent != parent)
			continue;
		order[n++] = i;
		n = dfs(t, i, order, n);
	}
	return n;
}

static void print_tree(const struct tg *t, const int *order, int xy, struct out *o)
{
	for (int j = 0; j < t->n; j++) {
		int i = order[j];
		const struct tg_entry *e = &t->e[i];
		const char *parent = e->parent >= 0 ? t->e[e->parent].name : NULL;

		if (o->format == OUT_TEXT) {
			if (xy)
				fprintf(o->f, "%s,%s\n", e->name, parent ? parent : "null");
			else
				fprintf(o->f, "%s,%" PRId64 ",%" PRId64 ",%s\n", e->name, e->start,
					e->end, parent ? parent : "null");
			continue;
		}
		out_begin(o);
		out_str(o, "kind", "entry");
		out_str(o, "name", e->name);
		out_i64(o, "start", e->start);
		out_i64(o, "end", e->end);
		out_str(o, "parent", parent);
		out_end(o);
	}
}

static void print_rows(const struct tg *t, const int *order, int64_t from, int64_t to,
		       struct out *o)
{
	for (int j = 0; j < t->n; j++) {
		int i = order[j];
		const struct tg_entry *e = &t->e[i];
		const struct statesys *ss;
		const struct ss_attr *a;
		int first = 1;

		if (e->quark < 0)
			continue;
		ss = &e->run->ss;
		a = &ss->attrs[e->quark];
		if (o->format == OUT_TEXT)
			fprintf(o->f, "%s:", e->name);
		for (int k = 0; k < a->nhist; k++) {
			const struct ss_interval *iv = &a->hist[k];
			int64_t end1 = iv->end + 1 < ss->end_time ? iv->end + 1 : ss->end_time;
			char label[256];
			int value, has_label;

			if (iv->end < from || iv->start > to)
				continue;
			has_label = row_label(&iv->value, &value, label, sizeof(label));
			if (o->format == OUT_TEXT) {
				fprintf(o->f, "%s%" PRId64 ",%" PRId64 ",%d,%s", first ? "" : ",",
					iv->start, end1 - iv->start, value, label);
			} else {
				out_begin(o);
				out_str(o, "kind", "state");
				out_str(o, "entry", e->name);
				out_i64(o, "start", iv->start);
				out_i64(o, "duration", end1 - iv->start);
				out_i64(o, "value", value);
				out_str(o, "label", has_label ? label : NULL);
				out_end(o);
			}
			first = 0;
		}
		if (o->format == OUT_TEXT)
			fputc('\n', o->f);
	}
}

static double y_at(const struct statesys *ss, int q, int64_t t)
{
	const struct ss_interval *iv = ss_query(ss, q, t);
	char *end;
	double d;

	if (!iv)
		return 0;
	if (hv_is_number(&iv->value))
		return hv_as_double(&iv->value);
	if (iv->value.type == HV_STRING) {
		d = strtod(iv->value.u.s, &end);
		return *iv->value.u.s && !*end ? d : 0;
	}
	return 0;
}

static void print_series(const struct tg *t, const int *order, int64_t from, int64_t to,
			 int samples, struct out *o)
{
	int n = samples;
	int64_t *xs;

	if (n <= 0)
		n = to - from + 1 < 1000 ? (int)(to - from + 1) : 1000;
	if (n < 1)
		n = 1;
	xs = calloc((size_t)n, sizeof(*xs));
	if (!xs)
		abort();
	for (int i = 0; i < n; i++)
		xs[i] = n == 1 ? from : from + (int64_t)((double)(to - from) * i / (n - 1));
	for (int j = 0; j < t->n; j++) {
		int i = order[j];
		const struct tg_entry *e = &t->e[i];
		double prev = 0, first_delta = 0;

		if (e->quark < 0)
			continue;
		if (o->format == OUT_TEXT)
			fprintf(o->f, "%s:", e->name);
		for (int k = 0; k < n; k++) {
			double y = y_at(&e->run->ss, e->quark, xs[k]), shown = y;

			if (e->delta) {
				if (k == 0) {
					/* y[0] = y[1] */
					double y1 = n > 1 ? y_at(&e->run->ss, e->quark, xs[1]) : y;

					first_delta = y1 - y;
					shown = first_delta;
				} else {
					shown = y - prev;
				}
			}
			prev = y;
			if (o->format == OUT_TEXT) {
				if (k)
					fputc(',', o->f);
				if (shown == (double)(long long)shown)
					fprintf(o->f, "%lld", (long long)shown);
				else
					fprintf(o->f, "%g", shown);
			} else {
				out_begin(o);
				out_str(o, "kind", "point");
				out_str(o, "series", e->name);
				out_i64(o, "x", xs[k]);
				out_double(o, "y", shown);
				out_end(o);
			}
		}
		if (o->format == OUT_TEXT)
			fputc('\n', o->f);
	}
	free(xs);
}

int view_output(const struct m_view *v, struct engine *eng, const struct view_opts *vo,
		struct out *o, char *err, size_t errsz)
{
	struct run *runs[64];
	int nruns;
	struct tg t = { 0 };
	int64_t from = vo->from, to = vo->to;
	int *order;

	if (eng->nruns > 64 || view_runs(v, eng, runs, &nruns)) {
		snprintf(err, errsz, "view %s: none of its analyses ran", v->id);
		return -1;
	}
	for (int r = 0; r < nruns; r++) {
		struct build b = { &t, runs[r], v->xy, eng };
		struct statesys *ss = &runs[r]->ss;
		int root = add_entry(&t, vo->trace_name, -1, -1, runs[r], ss->start_time, ss->end_time);

		if (from == INT64_MIN)
			from = ss->start_time;
		if (to == INT64_MIN)
			to = ss->end_time;
		for (int k = 0; k < v->nentries; k++)
			build(&b, &v->entries[k], SS_ROOT, root, NULL, 0);
	}
	out_header(o, v->xy ? "kind,name|series,start|x,end|y,parent" :
			      "kind,name|entry,start,end|duration,parent|value,label");
	if (o->format == OUT_TEXT && vo->part == 0)
		fprintf(o->f, "# tree\n");
	order = calloc((size_t)t.n + 1, sizeof(int));
	if (!order)
		abort();
	/* parents before children: every chain reaches a trace entry (descends()) */
	if (dfs(&t, -1, order, 0) != t.n)
		abort();
	if (vo->part != 2)
		print_tree(&t, order, v->xy, o);
	if (o->format == OUT_TEXT && vo->part == 0)
		fprintf(o->f, "# %s\n", v->xy ? "series" : "rows");
	if (vo->part != 1) {
		if (v->xy)
			print_series(&t, order, from, to, vo->samples, o);
		else
			print_rows(&t, order, from, to, o);
	}
	free(order);
	tg_free(&t);
	return 0;
}
