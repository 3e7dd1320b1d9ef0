/*
 * hsatrace-analyze - run Trace Compass XML analyses (<tmfxml>) on a CTF or XML stub trace,
 * headless: state intervals, values at a time, view rows and series, pattern segments.
 * See docs/analyze.md and hsatrace-analyze(1).
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <inttypes.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyses/common/out_file.h"
#include "analyses/common/path_within.h"
#include "cmdline/help_output.h"
#include "cmdline/number_option.h"
#include "cmdline/usage_error.h"
#include "analyses/engine/compile.h"
#include "analyses/engine/engine.h"
#include "analyses/engine/interval_text.h"
#include "analyses/engine/output.h"
#include "analyses/engine/trace.h"
#include "analyses/engine/trace_type.h"
#include "analyses/engine/view.h"

enum mode { M_INTERVALS, M_AT, M_VIEW, M_SEGMENTS, M_STATS, M_CHECK, M_LIST };

struct opts {
	enum mode mode;
	const char *glob;
	int64_t at;
	const char *view;
	int samples, view_part;
	int64_t from, to;
	enum out_format format;
	const char *xsd;
	const char **only;	/* --analysis */
	int nonly;
	const char *output;
	int quiet;
	int allow_incomplete;	/* skipped script values do not fail the run */
	int no_validate;
};

struct app {
	struct opts o;
	struct m_file **files;
	int nfiles;
	struct engine eng;
	struct out out;
	struct itext **paths;	/* per run: quark -> path (s NULL until first needed) */
	struct interval_text itext;	/* text lines' number cache */
	signed char **match;	/* per run: quark -> glob match (-1 unknown) */
	int *npaths;
	int status;
	struct trace_kind trace_kind;
};

static void usage(FILE *f)
{
	fputs("usage: hsatrace analyze [options] ANALYSIS.xml... TRACE\n"
	      "       hsatrace analyze --check [--xsd PATH] ANALYSIS.xml...\n"
	      "\n"
	      "Runs Trace Compass XML analyses (state providers, patterns) on a CTF trace directory\n"
	      "or a Trace Compass XML stub trace, and prints (default) every state interval.\n"
	      "\n"
	      "  -i, --intervals[=GLOB]  state intervals, of the attributes whose path matches GLOB\n"
	      "                          (also -i GLOB, when GLOB is not a file)\n"
	      "  -t, --at=TIME           the value of every attribute at TIME (ns)\n"
	      "  -v, --view=ID           a time graph view's tree and rows, or an XY view's series\n"
	      "      --part=tree|rows    with --view: only the tree, or only the rows/series\n"
	      "      --from=T --to=T     with --view: the time range (default: the whole trace)\n"
	      "      --samples=N         with an XY view: N sample times (default: one per ns, max 1000)\n"
	      "  -s, --segments          pattern segments, ordered by start, end, name, content\n"
	      "  -S, --stats             segment latency statistics per analysis and segment name\n"
	      "  -a, --analysis=ID       run only this analysis (repeatable; default: all)\n"
	      "  -f, --format=FMT        text (tab-separated, default), csv or json\n"
	      "  -o, --output=FILE       write there instead of standard output\n"
	      "  -x, --xsd=PATH          validate against this XSD (a file, or a directory holding\n"
	      "                          xmlDefinition.xsd); without it, our rules of that XSD\n"
	      "      --no-validate       compile without validating (Trace Compass never does; for\n"
	      "                          testing the compile rules on files its XSD refuses)\n"
	      "  -c, --check             load and validate the XML files only\n"
	      "  -l, --list              list the analyses and views of the XML files\n"
	      "  -q, --quiet             no notes on standard error (errors are still printed)\n"
	      "      --allow-incomplete  exit 0 although script values (unsupported) were skipped\n"
	      "  -h, --help              this help\n"
	      "\n"
	      "Exit status: 0 success, 1 failure (invalid file, refused or failed analysis, unreadable\n"
	      "trace: the results up to the failure are still printed; results incomplete because\n"
	      "script values were skipped), 2 usage error.\n", f);
}

static int parse_time(const char *s, int64_t *out)
{
	char *end;

	if (!*s || isspace((unsigned char)*s))	/* strtoll would skip the spaces */
		return -1;
	errno = 0;
	*out = strtoll(s, &end, 10);
	return errno || *end ? -1 : 0;
}

/*
 * -i/--intervals takes its GLOB attached (-iGLOB, --intervals=GLOB) or, as users also write it,
 * as the next word (-i GLOB) when that word is not an option or an existing file (the analyses
 * and the trace are files). -i=GLOB would make the glob "=GLOB", which matches nothing: refused.
 */
static int take_interval_glob(int argc, char **argv, struct opts *o)
{
	o->glob = optarg;
	if (optarg && optarg[0] == '=') {
		fprintf(stderr, "hsatrace analyze: -i%s: write -i '%s', -i'%s' or --intervals='%s'\n",
			optarg, optarg + 1, optarg + 1, optarg + 1);
		cmd_usage_hint("analyze");
		return -1;
	}
	if (!optarg && optind < argc && argv[optind][0] != '-' &&
	    access(argv[optind], F_OK) != 0)
		o->glob = argv[optind++];
	return 0;
}

static const struct option longopts[] = {
	{ "intervals", optional_argument, NULL, 'i' },
	{ "at", required_argument, NULL, 't' },
	{ "view", required_argument, NULL, 'v' },
	{ "part", required_argument, NULL, 'P' },
	{ "from", required_argument, NULL, 'F' },
	{ "to", required_argument, NULL, 'T' },
	{ "samples", required_argument, NULL, 'N' },
	{ "segments", no_argument, NULL, 's' },
	{ "stats", no_argument, NULL, 'S' },
	{ "analysis", required_argument, NULL, 'a' },
	{ "format", required_argument, NULL, 'f' },
	{ "output", required_argument, NULL, 'o' },
	{ "xsd", required_argument, NULL, 'x' },
	{ "check", no_argument, NULL, 'c' },
	{ "list", no_argument, NULL, 'l' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "allow-incomplete", no_argument, NULL, 'I' },
	{ "no-validate", no_argument, NULL, 'V' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* option: its long name, whether it was given as --name VALUE, --name=VALUE or -x VALUE. */
static int bad_value(const char *option)
{
	fprintf(stderr, "hsatrace analyze: invalid value for option --%s: '%s'\n", option,
		optarg ? optarg : "");
	cmd_usage_hint("analyze");
	return -1;
}

static int parse_part(const char *s, struct opts *o)
{
	if (!strcmp(s, "tree"))
		o->view_part = 1;
	else if (!strcmp(s, "rows") || !strcmp(s, "series"))
		o->view_part = 2;
	else {
		fprintf(stderr, "hsatrace analyze: unknown --part '%s' (valid: tree, rows, series)\n", s);
		cmd_usage_hint("analyze");
		return -1;
	}
	return 0;
}

static int parse_format(const char *s, struct opts *o)
{
	if (!strcmp(s, "text"))
		o->format = OUT_TEXT;
	else if (!strcmp(s, "csv"))
		o->format = OUT_CSV;
	else if (!strcmp(s, "json"))
		o->format = OUT_JSON;
	else {
		fprintf(stderr, "hsatrace analyze: unknown format '%s' (valid: text, csv, json)\n", s);
		cmd_usage_hint("analyze");
		return -1;
	}
	return 0;
}

/* The options that choose what is printed: 0, -1 on a bad value, 1 when c is another one. */
static int take_mode(int c, int argc, char **argv, struct opts *o)
{
	switch (c) {
	case 'i':
		if (o->mode != M_AT)
			o->mode = M_INTERVALS;
		return take_interval_glob(argc, argv, o) != 0 ? -1 : 0;
	case 't':
		o->mode = M_AT;
		return parse_time(optarg, &o->at) ? bad_value("at") : 0;
	case 'v':
		o->mode = M_VIEW;
		o->view = optarg;
		return 0;
	case 's':
		o->mode = M_SEGMENTS;
		return 0;
	case 'S':
		o->mode = M_STATS;
		return 0;
	case 'c':
		o->mode = M_CHECK;
		return 0;
	case 'l':
		o->mode = M_LIST;
		return 0;
	default:
		return 1;
	}
}

/* The other options: 0, or -1 on a bad value or an unknown option. */
static int take_option(int c, struct opts *o)
{
	unsigned long samples;

	switch (c) {
	case 'P':
		return parse_part(optarg, o);
	case 'F':
		return parse_time(optarg, &o->from) ? bad_value("from") : 0;
	case 'T':
		return parse_time(optarg, &o->to) ? bad_value("to") : 0;
	case 'N':
		if (cmd_parse_number(optarg, 1, INT_MAX, &samples) != 0)
			return bad_value("samples");
		o->samples = (int)samples;
		return 0;
	case 'a':
		o->only = realloc(o->only, (o->nonly + 1) * sizeof(*o->only));
		if (!o->only)
			abort();
		o->only[o->nonly++] = optarg;
		return 0;
	case 'f':
		return parse_format(optarg, o);
	case 'o':
		o->output = optarg;
		return 0;
	case 'x':
		o->xsd = optarg;
		return 0;
	case 'q':
		o->quiet = 1;
		return 0;
	case 'I':
		o->allow_incomplete = 1;
		return 0;
	case 'V':
		o->no_validate = 1;
		return 0;
	case 'h':
		usage(stdout);
		exit(cmd_help_written("analyze"));
	default:
		cmd_usage_hint("analyze");
		return -1;
	}
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	int c, rc;

	memset(o, 0, sizeof(*o));
	o->from = o->to = INT64_MIN;
	while ((c = getopt_long(argc, argv, "i::t:v:sSa:f:o:x:clqh", longopts, NULL)) != -1) {
		rc = take_mode(c, argc, argv, o);
		if (rc == 1)
			rc = take_option(c, o);
		if (rc)
			return -1;
	}
	/* An empty range would print a view of nothing, silently. */
	if (o->from != INT64_MIN && o->to != INT64_MIN && o->from > o->to) {
		fprintf(stderr, "hsatrace analyze: --from %" PRId64 " is after --to %" PRId64 "\n",
			o->from, o->to);
		cmd_usage_hint("analyze");
		return -1;
	}
	return 0;
}

static char *xsd_path(const char *arg)
{
	struct stat st;
	char *p;

	if (!arg)
		return NULL;
	if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (asprintf(&p, "%s/xmlDefinition.xsd", arg) < 0)
			abort();
		return p;
	}
	return strdup(arg);
}

static int selected(const struct app *a, const char *id)
{
	if (!a->o.nonly)
		return 1;
	for (int i = 0; i < a->o.nonly; i++)
		if (!strcmp(a->o.only[i], id))
			return 1;
	return 0;
}

/* ------------------------------------------------------------ interval sink */

static const struct itext *cached_path(struct app *a, int run, const struct statesys *ss, int q)
{
	char buf[4096];

	if (q >= a->npaths[run]) {
		int n = ss->nattrs + 64;

		a->paths[run] = realloc(a->paths[run], n * sizeof(**a->paths));
		a->match[run] = realloc(a->match[run], n);
		if (!a->paths[run] || !a->match[run])
			abort();
		for (int i = a->npaths[run]; i < n; i++) {
			a->paths[run][i].s = NULL;
			a->match[run][i] = -1;
		}
		a->npaths[run] = n;
	}
	if (!a->paths[run][q].s) {
		char *path = strdup(ss_path(ss, q, buf, sizeof(buf)));

		if (!path)
			abort();
		itext_set(&a->paths[run][q], path);
	}
	return &a->paths[run][q];
}

struct sink_ctx {
	struct app *a;
	int run;
	struct itext id;	/* the analysis id */
};

static void print_interval(struct app *a, const struct itext *id, const struct itext *path,
			   const struct ss_interval *iv)
{
	if (a->out.format == OUT_TEXT && !interval_text_write(&a->itext, a->out.f, id, path, iv)) {
		a->out.nrecords++;
		return;
	}
	out_begin(&a->out);
	out_str(&a->out, "analysis", id->s);
	out_str(&a->out, "path", path->s);
	out_i64(&a->out, "start", iv->start);
	out_i64(&a->out, "end", iv->end);
	out_value(&a->out, "value", &iv->value);
	out_end(&a->out);
}

static void interval_sink(void *ctx, const struct statesys *ss, int q, const struct ss_interval *iv)
{
	struct sink_ctx *s = ctx;
	struct app *a = s->a;
	const struct itext *path;

	if (a->o.mode == M_AT && (iv->start > a->o.at || iv->end < a->o.at))
		return;
	path = cached_path(a, s->run, ss, q);
	if (a->o.glob) {
		signed char *m = &a->match[s->run][q];

		if (*m < 0)
			*m = fnmatch(a->o.glob, path->s, 0) == 0;
		if (!*m)
			return;
	}
	print_interval(a, &s->id, path, iv);
}

/* ---------------------------------------------------------------- segments */

static int seg_cmp(const void *pa, const void *pb)
{
	const struct segment *x = pa, *y = pb;
	char bx[64], by[64];
	int c;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	c = strcmp(x->name, y->name);
	if (c)
		return c;
	for (int i = 0; i < x->nfields && i < y->nfields; i++) {
		c = strcmp(x->fields[i].name, y->fields[i].name);
		if (!c)
			c = strcmp(hv_to_string(&x->fields[i].value, bx, sizeof(bx)),
				   hv_to_string(&y->fields[i].value, by, sizeof(by)));
		if (c)
			return c;
	}
	return x->nfields - y->nfields;
}

static void print_segments(struct app *a)
{
	out_header(&a->out, "analysis,start,end,duration,name,fields");
	for (int r = 0; r < a->eng.nruns; r++) {
		struct run *run = a->eng.runs[r];

		if (run->nsegs > 1)
			qsort(run->segs, run->nsegs, sizeof(*run->segs), seg_cmp);
		for (int i = 0; i < run->nsegs; i++) {
			const struct segment *s = &run->segs[i];
			char fields[4096] = "", buf[256];
			size_t len = 0;

			for (int k = 0; k < s->nfields && len < sizeof(fields); k++)
				len += (size_t)snprintf(fields + len, sizeof(fields) - len, "%s%s=%s:%s",
					k ? ";" : "", s->fields[k].name,
					hv_type_name(s->fields[k].value.type),
					hv_to_string(&s->fields[k].value, buf, sizeof(buf)));
			out_begin(&a->out);
			out_str(&a->out, "analysis", run->m->id);
			out_i64(&a->out, "start", s->start);
			out_i64(&a->out, "end", s->end);
			out_i64(&a->out, "duration", s->end - s->start);
			out_str(&a->out, "name", s->name);
			out_str(&a->out, "fields", fields);
			out_end(&a->out);
		}
	}
}

struct stat_acc {
	const char *name;
	uint64_t count;
	int64_t min, max;
	double sum, sumsq;
};

static void print_stats(struct app *a)
{
	out_header(&a->out, "analysis,name,count,min,max,mean,stddev,total");
	for (int r = 0; r < a->eng.nruns; r++) {
		struct run *run = a->eng.runs[r];
		struct stat_acc *acc = NULL;
		int nacc = 0;

		for (int i = 0; i < run->nsegs; i++) {
			const struct segment *s = &run->segs[i];
			int64_t d = s->end - s->start;
			int k;

			/* names are interned: compare pointers; "(all)" is the last row */
			for (k = 0; k < nacc && acc[k].name != s->name; k++)
				;
			if (k == nacc) {
				acc = realloc(acc, (nacc + 1) * sizeof(*acc));
				if (!acc)
					abort();
				acc[nacc++] = (struct stat_acc){ s->name, 0, INT64_MAX, INT64_MIN, 0, 0 };
			}
			acc[k].count++;
			acc[k].min = d < acc[k].min ? d : acc[k].min;
			acc[k].max = d > acc[k].max ? d : acc[k].max;
			acc[k].sum += (double)d;
			acc[k].sumsq += (double)d * (double)d;
		}
		for (int k = 0; k < nacc; k++) {
			double mean = acc[k].sum / acc[k].count;
			double var = acc[k].count > 1 ?
				(acc[k].sumsq - acc[k].sum * mean) / (acc[k].count - 1) : 0;

			out_begin(&a->out);
			out_str(&a->out, "analysis", run->m->id);
			out_str(&a->out, "name", acc[k].name);
			out_i64(&a->out, "count", (int64_t)acc[k].count);
			out_i64(&a->out, "min", acc[k].min);
			out_i64(&a->out, "max", acc[k].max);
			out_double(&a->out, "mean", mean);
			out_double(&a->out, "stddev", var > 0 ? sqrt(var) : 0);
			out_double(&a->out, "total", acc[k].sum);
			out_end(&a->out);
		}
		free(acc);
	}
}

/* ------------------------------------------------------------------- main */

static void on_event(void *ctx, const struct ev *e)
{
	engine_event(ctx, e);
}

static const struct m_view *find_view(struct app *a, const char *id)
{
	for (int i = 0; i < a->nfiles; i++)
		for (int k = 0; k < a->files[i]->nviews; k++)
			if (!strcmp(a->files[i]->views[k].id, id))
				return &a->files[i]->views[k];
	return NULL;
}

/* Loads the analysis files; with --check, says of each whether it is valid, on the output. */
static int load_files(struct app *a, char **paths, int n)
{
	char *xsd = xsd_path(a->o.xsd);
	struct m_load_opts lo = { xsd, NULL, NULL, a->o.no_validate };
	int ret = 0;

	a->files = calloc((size_t)n + 1, sizeof(*a->files));
	if (!a->files)
		abort();
	for (int i = 0; i < n; i++) {
		int refused = 0;
		struct m_file *f = m_load(paths[i], NULL, 0, &lo, &refused);

		if (!f) {
			fprintf(stderr, "hsatrace analyze: %s: file rejected\n", paths[i]);
			if (a->o.mode == M_CHECK)
				fprintf(a->out.f, "%s: invalid\n", paths[i]);
			ret = -1;
			continue;
		}
		if (a->o.mode == M_CHECK) {
			if (refused)
				fprintf(a->out.f, "%s: valid, %d refused\n", paths[i], refused);
			else
				fprintf(a->out.f, "%s: valid\n", paths[i]);
		}
		if (refused)
			ret = -1;
		a->files[a->nfiles++] = f;
	}
	free(xsd);
	return ret;
}

static void list_files(struct app *a)
{
	out_header(&a->out, "file,kind,id,label");
	for (int i = 0; i < a->nfiles; i++) {
		const struct m_file *f = a->files[i];

		for (int k = 0; k < f->nanalyses; k++) {
			out_begin(&a->out);
			out_str(&a->out, "file", f->path);
			out_str(&a->out, "kind", f->analyses[k].kind == MK_PATTERN ? "pattern" :
						"stateProvider");
			out_str(&a->out, "id", f->analyses[k].id);
			out_str(&a->out, "label", f->analyses[k].label);
			out_end(&a->out);
		}
		for (int k = 0; k < f->nviews; k++) {
			out_begin(&a->out);
			out_str(&a->out, "file", f->path);
			out_str(&a->out, "kind", f->views[k].xy ? "xyView" : "timeGraphView");
			out_str(&a->out, "id", f->views[k].id);
			out_str(&a->out, "label", f->views[k].label);
			out_end(&a->out);
		}
	}
}

/* Listed trace types are all the experiment type (semantics.md §8). */
static int experiment_only(const struct m_analysis *m)
{
	for (int i = 0; i < m->ntrace_types; i++)
		if (!m->trace_types[i] ||
		    strcmp(m->trace_types[i], "org.eclipse.linuxtools.tmf.core.experiment.generic"))
			return 0;
	return m->ntrace_types > 0;
}

static int quiet_warnings;

static void print_warning(const char *msg)
{
	if (!quiet_warnings)
		fprintf(stderr, "hsatrace analyze: %s\n", msg);
}

/* Trace Compass offers an analysis only on the trace types its <traceType>s list (none: all). */
static void warn_trace_type(const struct app *a, const struct m_analysis *m)
{
	for (int i = 0; i < m->ntrace_types; i++)
		if (trace_kind_fits(&a->trace_kind, m->trace_types[i]))
			return;
	if (!m->ntrace_types || a->o.quiet)
		return;
	fprintf(stderr, "hsatrace analyze: warning: analysis %s: none of its trace types fits %s: Trace Compass would not offer it (run anyway)\n",
		m->id, trace_kind_name(&a->trace_kind));
}

static void setup_runs(struct app *a, struct sink_ctx **sinks)
{
	int keep = a->o.mode == M_VIEW;
	const struct m_view *v = a->o.mode == M_VIEW ? find_view(a, a->o.view) : NULL;
	int n = 0;

	for (int i = 0; i < a->nfiles; i++)
		n += a->files[i]->nanalyses;
	*sinks = calloc((size_t)n + 1, sizeof(**sinks));
	a->paths = calloc((size_t)n + 1, sizeof(*a->paths));
	a->match = calloc((size_t)n + 1, sizeof(*a->match));
	a->npaths = calloc((size_t)n + 1, sizeof(*a->npaths));
	if (!*sinks || !a->paths || !a->match || !a->npaths)
		abort();
	for (int i = 0; i < a->nfiles; i++) {
		for (int k = 0; k < a->files[i]->nanalyses; k++) {
			const struct m_analysis *m = &a->files[i]->analyses[k];
			struct run *r;
			int use = selected(a, m->id);

			if (v && v->nanalyses && !a->o.nonly) {
				use = 0;
				for (int j = 0; j < v->nanalyses; j++)
					use |= !strcmp(v->analyses[j], m->id);
			}
			if (!use || engine_find(&a->eng, m->id))
				continue;
			if (experiment_only(m)) {
				fprintf(stderr, "hsatrace analyze: note: analysis %s applies to experiments only: not run on a single trace\n",
					m->id);
				continue;
			}
			warn_trace_type(a, m);
			r = engine_add(&a->eng, m, keep);
			r->keep_segments = a->o.mode == M_SEGMENTS || a->o.mode == M_STATS;
			if (a->o.mode == M_INTERVALS || a->o.mode == M_AT) {
				(*sinks)[a->eng.nruns - 1] = (struct sink_ctx){ a, a->eng.nruns - 1, { 0 } };
				itext_set(&(*sinks)[a->eng.nruns - 1].id, r->ss.id);
				r->ss.sink = interval_sink;
				r->ss.sink_ctx = &(*sinks)[a->eng.nruns - 1];
			}
		}
	}
}

static void report_runs(struct app *a)
{
	for (int r = 0; r < a->eng.nruns; r++) {
		struct run *run = a->eng.runs[r];

		if (run->failed) {
			fprintf(stderr, "hsatrace analyze: %s\n", run->error);
			a->status = 1;
		}
		if (!run->script_skips)
			continue;
		if (!a->o.allow_incomplete) {
			fprintf(stderr, "hsatrace analyze: analysis %s: results incomplete: %ld state changes skipped: script values are unsupported (--allow-incomplete accepts that)\n",
				run->m->id, run->script_skips);
			a->status = 1;
		} else if (!a->o.quiet) {
			fprintf(stderr, "hsatrace analyze: note: analysis %s: results incomplete: %ld state changes skipped: script values are unsupported\n",
				run->m->id, run->script_skips);
		}
	}
}

static void print_view(struct app *a, const char *trace)
{
	char *copy = strdup(trace), err[4096];
	struct view_opts vo = { basename(copy), a->o.from, a->o.to, a->o.samples, a->o.view_part };

	if (view_output(find_view(a, a->o.view), &a->eng, &vo, &a->out, err, sizeof(err))) {
		fprintf(stderr, "hsatrace analyze: %s\n", err);
		a->status = 1;
	}
	free(copy);
}

/* Runs the analyses over the trace and prints what the mode asks for. */
static void analyze_trace(struct app *a, const char *trace, struct sink_ctx **sinks)
{
	char err[4096];
	struct stat st;

	/* A trace that is not there is said first, not after the analyses' trace-type warnings. */
	if (stat(trace, &st) != 0) {
		fprintf(stderr, "hsatrace analyze: failed to open the trace: path=%s error=%s\n", trace,
			strerror(errno));
		a->status = 1;
		return;
	}
	trace_kind_of(trace, &a->trace_kind);
	quiet_warnings = a->o.quiet;
	ev_warning = print_warning;
	setup_runs(a, sinks);
	if (!a->eng.nruns) {
		fprintf(stderr, "hsatrace analyze: no analysis to run\n");
		a->status = 1;
		return;
	}
	if (a->o.mode == M_INTERVALS || a->o.mode == M_AT)
		out_header(&a->out, "analysis,path,start,end,value_type,value");
	if (ev_read(trace, on_event, &a->eng, err, sizeof(err))) {
		fprintf(stderr, "hsatrace analyze: %s\n", err);
		a->status = 1;
	}
	engine_finish(&a->eng);
	report_runs(a);
	if (a->o.mode == M_SEGMENTS)
		print_segments(a);
	else if (a->o.mode == M_STATS)
		print_stats(a);
	else if (a->o.mode == M_VIEW)
		print_view(a, trace);
	out_finish(&a->out);
}

static void app_release(struct app *a, struct sink_ctx *sinks)
{
	for (int r = 0; r < a->eng.nruns; r++) {
		for (int q = 0; q < a->npaths[r]; q++)
			free((char *)a->paths[r][q].s);
		free(a->paths[r]);
		free(a->match[r]);
	}
	free(a->paths);
	free(a->match);
	free(a->npaths);
	free(sinks);
	engine_release(&a->eng);
	for (int i = 0; i < a->nfiles; i++)
		m_file_free(a->files[i]);
	free(a->files);
	free(a->o.only);
}

int main(int argc, char **argv)
{
	struct app a;
	struct sink_ctx *sinks = NULL;
	struct out_file outf;
	int nxml;
	char err[4096];
	const char *trace;

	memset(&a, 0, sizeof(a));
	/* getopt prefixes its own messages (unknown option, missing argument) with argv[0] */
	argv[0] = (char *)"hsatrace analyze";
	if (parse_args(argc, argv, &a.o))
		return 2;
	nxml = argc - optind - (a.o.mode == M_CHECK || a.o.mode == M_LIST ? 0 : 1);
	if (nxml < 1) {
		fprintf(stderr, "hsatrace analyze: %s\n", a.o.mode == M_CHECK || a.o.mode == M_LIST ?
			"no XML file given" : "needs at least one XML file and a trace");
		return cmd_usage_hint("analyze");
	}
	trace = argv[argc - 1];
	if (a.o.mode != M_CHECK && a.o.mode != M_LIST &&
	    path_check_output("hsatrace analyze", a.o.output, trace))
		return 2;
	if (out_file_open(&outf, a.o.output, err, sizeof(err))) {
		fprintf(stderr, "hsatrace analyze: %s\n", err);
		return 1;
	}
	out_init(&a.out, outf.f, a.o.format);
	engine_init(&a.eng);
	if (load_files(&a, argv + optind, nxml))
		a.status = 1;
	if (a.o.mode == M_CHECK)
		goto cleanup;
	if (a.o.mode == M_LIST) {
		list_files(&a);
		out_finish(&a.out);
		goto cleanup;
	}
	if (a.o.mode == M_VIEW && !find_view(&a, a.o.view)) {
		fprintf(stderr, "hsatrace analyze: no such view: id=%s\n", a.o.view);
		a.status = 1;
		goto cleanup;
	}
	analyze_trace(&a, trace, &sinks);
cleanup:
	/* A failed analysis keeps the results up to its failure; a failed write keeps nothing. */
	if (out_file_close(&outf, err, sizeof(err))) {
		fprintf(stderr, "hsatrace analyze: %s\n", err);
		a.status = 1;
	}
	app_release(&a, sinks);
	return a.status;
}
