/*
 * hsatrace-record [options] -- PROGRAM ARGS - run an HSA program with libhsatrace.so
 * attached and record an LTTng trace of it (UST, plus the kernel domain when available).
 *
 * Each run has its own uniquely named session, which is stopped and destroyed whatever
 * happens to the program (failure, crash, SIGINT). With several passes (--passes,
 * --counters) the program runs once per pass, each pass in OUT/pass-K, listed in
 * OUT/hsatrace-passes for `hsatrace unify`.
 *
 * Exit status: the program's, as time(1) and perf-record(1) give it (its exit status, or
 * 128 + N when signal N killed it; with passes, the first pass that did not succeed);
 * record's own failures: 2 usage error (nothing ran), 125 recording failed (the trace is
 * lost or incomplete, whatever the program did), 126 the program is not an executable
 * file, 127 the program was not found (neither of them ran anything).
 */
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>

#include "cmdline/help_output.h"
#include "cmdline/number_option.h"
#include "cmdline/usage_error.h"
#include "analyses/record/buffers.h"
#include "analyses/record/child.h"
#include "analyses/record/follow_server.h"
#include "analyses/record/hip_needed.h"
#include "analyses/record/hsa_check.h"
#include "analyses/record/lost.h"
#include "analyses/record/progress.h"
#include "analyses/record/session.h"
#include "analyses/record/sessiond.h"
#include "analyses/record/stale.h"
#include "analyses/record/tracking.h"

#define MAX_PATTERNS 64
#define MAX_GROUPS 64

#define MAX_KERNEL_BUILDS 8

/* Per CPU, 8 of them per channel. Every traced process maps all of a channel's per-CPU
 * buffers with MAP_POPULATE while liblttng-ust's constructor waits, so their size is paid
 * at each program's start (and grows with the CPU count): 512 KiB discarded nothing more
 * than 1 MiB did on the densest program measured, for half the mapping (bench/RESULTS.md,
 * "Branch `startup5`"). The hot category's calls come much faster. */
#define DEFAULT_SUBBUF_SIZE (512u << 10)
#define HOT_SUBBUF_SIZE (4u << 20)
#define SUBBUF_COUNT 8

#define EXIT_USAGE 2
#define EXIT_RECORDING_FAILED 125
#define EXIT_NOT_EXECUTABLE 126
#define EXIT_NOT_FOUND 127

struct options {
	char output[PATH_MAX];
	const char *url;
	const char *runtime;		/* "cpu" or "system" */
	const char *patterns[MAX_PATTERNS];
	int n_patterns;
	const char *groups[MAX_GROUPS];	/* counter groups, one extra pass each */
	int n_groups;
	int passes;
	bool hot;
	bool blocking;
	unsigned long subbuf_size;	/* 0: the default */
	bool tracer;
	int hip;			/* 1 --hip, 0 --no-hip, -1 when the program needs it */
	bool kernel;
	char *kernels[MAX_KERNEL_BUILDS];	/* --kernels, absolute: HSATRACE_CPU_KERNELS entries */
	int n_kernels;
	char **argv;			/* the program and its arguments */
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: hsatrace record [options] -- PROGRAM [ARGS...]\n"
		"\n"
		"Run an HSA program with the hsatrace tracer attached and record an LTTng trace.\n"
		"\n"
		"  -o, --output DIR        where to write the trace (new or empty folder;\n"
		"                          default ./hsatrace-YYYYMMDD-HHMMSS)\n"
		"  -e, --events LIST       event categories, comma-separated: api, activity,\n"
		"                          hot (hot API functions, opt-in), all\n"
		"                          (default api,activity; hsa_meta is always on)\n"
		"      --event PATTERN     also enable this UST event pattern (repeatable)\n"
		"  -r, --runtime cpu|system  the CPU HSA runtime shipped with hsatrace, or the\n"
		"                          installed ROCr (default: cpu without /dev/kfd when\n"
		"                          the CPU runtime is installed, else system)\n"
		"  -k, --kernels FILE      CPU builds of the program's kernels for the CPU runtime\n"
		"                          (hsatrace kernels; FILE[:FILE...], repeatable): sets\n"
		"                          HSATRACE_CPU_KERNELS to their absolute paths\n"
		"      --no-tracer         do not attach libhsatrace.so (programs with their own\n"
		"                          tracepoints)\n"
		"      --hip, --no-hip     attach (or not) the HIP layer, libhsatrace-hip.so\n"
		"                          (default: when PROGRAM needs libamdhip64)\n"
		"      --no-kernel         do not record the kernel domain\n"
		"      --blocking          never discard UST events: the program waits for\n"
		"                          buffer space (slower, complete traces)\n"
		"      --subbuf-size BYTES UST sub-buffer size (power of two, default 512 KiB,\n"
		"                          4 MiB with hot; 8 sub-buffers per CPU)\n"
		"  -p, --passes N          run the program N times (base run + N-1 passes)\n"
		"  -c, --counters GROUP    one extra pass measuring this comma-separated counter\n"
		"                          group (repeatable)\n"
		"  -u, --url URL           stream to an lttng-relayd (net://HOST[:CTRL[:DATA]])\n"
		"  -h, --help              show this help\n"
		"\n"
		"Exit status: the program's (0..124 as it exited, 128+N killed by signal N;\n"
		"with passes, the first that did not succeed), else record's own:\n"
		"  2 usage error (nothing ran), 125 recording failed (trace lost or incomplete),\n"
		"  126 PROGRAM is not an executable file, 127 PROGRAM not found.\n");
}

static int add_categories(struct options *o, const char *list)
{
	char buf[256];
	char *save = NULL;

	snprintf(buf, sizeof(buf), "%s", list);
	o->n_patterns = 0;
	o->hot = false;
	if (!list[strspn(list, ",")]) {
		fprintf(stderr, "hsatrace record: --events: no event category in '%s'\n", list);
		return -1;
	}
	for (char *c = strtok_r(buf, ",", &save); c; c = strtok_r(NULL, ",", &save)) {
		bool all = strcmp(c, "all") == 0;

		if (all || strcmp(c, "api") == 0) {
			o->patterns[o->n_patterns++] = "hsa_api_*";	/* entries and exits */
			o->patterns[o->n_patterns++] = "hip_api_*";	/* with the HIP layer */
		}
		if (all || strcmp(c, "activity") == 0)
			o->patterns[o->n_patterns++] = "hsa_activity:*";
		if (all || strcmp(c, "hot") == 0) {
			o->patterns[o->n_patterns++] = "hsa_hot_*";
			o->patterns[o->n_patterns++] = "hip_hot_*";
			o->hot = true;
		}
		if (!all && strcmp(c, "api") != 0 && strcmp(c, "activity") != 0 &&
		    strcmp(c, "hot") != 0) {
			fprintf(stderr, "hsatrace record: unknown event category: %s\n", c);
			return -1;
		}
	}
	o->patterns[o->n_patterns++] = "hsa_meta:*";
	return 0;
}

/* --url: one of the schemes lttng's URI parser knows, else lttng would refuse it later. */
static bool url_scheme_known(const char *url)
{
	static const char *const schemes[] = { "net://", "net4://", "net6://", "tcp://",
					       "tcp4://", "tcp6://", "file://" };

	for (size_t i = 0; i < sizeof(schemes) / sizeof(schemes[0]); i++)
		if (strncmp(url, schemes[i], strlen(schemes[i])) == 0 && url[strlen(schemes[i])])
			return true;
	return false;
}

/* The option values that can be wrong: 0, or -1 after saying why. */
static int check_values(const struct options *o)
{
	if (o->url && !url_scheme_known(o->url)) {
		fprintf(stderr, "hsatrace record: --url '%s': not a relay daemon URL "
			"(net://HOST[:CTRL[:DATA]], net6://, tcp://, tcp6://, file://PATH)\n",
			o->url);
		return -1;
	}
	if (o->subbuf_size && (o->subbuf_size < 4096 || (o->subbuf_size & (o->subbuf_size - 1)))) {
		fprintf(stderr, "hsatrace record: --subbuf-size must be a power of two, 4096 or more\n");
		return -1;
	}
	if (o->runtime && strcmp(o->runtime, "cpu") != 0 && strcmp(o->runtime, "system") != 0) {
		fprintf(stderr, "hsatrace record: --runtime must be cpu or system\n");
		return -1;
	}
	return 0;
}

/* -o OUT, or hsatrace-YYYYMMDD-HHMMSS in the current folder. */
static void name_output(struct options *o, const char *output)
{
	time_t now;
	struct tm tm;

	if (output) {
		snprintf(o->output, sizeof(o->output), "%s", output);
		return;
	}
	now = time(NULL);
	localtime_r(&now, &tm);
	strftime(o->output, sizeof(o->output), "hsatrace-%Y%m%d-%H%M%S", &tm);
}

/* Appends FILE's absolute path to the ':'-list *joined (grown; NULL when empty). */
static int append_absolute(char **joined, const char *file)
{
	size_t used = *joined ? strlen(*joined) : 0, size;
	char *abs = NULL, *grown;
	int status = -1;

	if (access(file, R_OK) != 0 || !(abs = realpath(file, NULL))) {
		fprintf(stderr, "hsatrace record: --kernels: cannot read %s: %s\n", file,
			strerror(errno));
		goto end;
	}
	if (strchr(abs, ':')) {	/* the list's separator: the runtime would split it there */
		fprintf(stderr, "hsatrace record: --kernels: %s: its absolute path %s has a ':', "
			"which HSATRACE_CPU_KERNELS cannot hold\n", file, abs);
		goto end;
	}
	size = used + strlen(abs) + 2;
	grown = realloc(*joined, size);
	if (!grown) {
		fprintf(stderr, "hsatrace record: --kernels: out of memory\n");
		goto end;
	}
	snprintf(grown + used, size - used, "%s%s", used ? ":" : "", abs);
	*joined = grown;
	status = 0;
end:
	free(abs);
	return status;
}

/*
 * --kernels FILE[:FILE...]: each file must be readable now, not at the first dispatch, and
 * the program gets its absolute path: a relative one would be looked up from wherever the
 * program's working directory is at its first dispatch (a program, or a script running it,
 * may have changed it by then).
 */
static int add_kernels(struct options *o, const char *list)
{
	char *copy = strdup(list), *saved = NULL, *joined = NULL;
	int status = -1;

	if (!copy) {
		fprintf(stderr, "hsatrace record: --kernels: out of memory\n");
		goto end;
	}
	if (o->n_kernels == MAX_KERNEL_BUILDS) {
		fprintf(stderr, "hsatrace record: --kernels: at most %d options\n", MAX_KERNEL_BUILDS);
		goto end;
	}
	for (char *file = strtok_r(copy, ":", &saved); file; file = strtok_r(NULL, ":", &saved))
		if (append_absolute(&joined, file) != 0)
			goto end;
	if (joined)	/* a list without any file name adds nothing */
		o->kernels[o->n_kernels++] = joined;
	joined = NULL;
	status = 0;
end:
	free(joined);
	free(copy);
	return status;
}

static void options_release(struct options *o)
{
	for (int i = 0; i < o->n_kernels; i++)
		free(o->kernels[i]);
	o->n_kernels = 0;
}

/* The long options of parse_args. */
static const struct option longs[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "events", required_argument, NULL, 'e' },
	{ "event", required_argument, NULL, 'E' },
	{ "runtime", required_argument, NULL, 'r' },
	{ "kernels", required_argument, NULL, 'k' },
	{ "no-tracer", no_argument, NULL, 'T' },
	{ "hip", no_argument, NULL, 'H' },
	{ "no-hip", no_argument, NULL, 'N' },
	{ "no-kernel", no_argument, NULL, 'K' },
	{ "blocking", no_argument, NULL, 'B' },
	{ "passes", required_argument, NULL, 'p' },
	{ "counters", required_argument, NULL, 'c' },
	{ "url", required_argument, NULL, 'u' },
	{ "subbuf-size", required_argument, NULL, 'S' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* -c GROUP: one more pass, measuring GROUP (a comma-separated list of counter names). */
static int add_group(struct options *o, const char *group)
{
	if (!group[strspn(group, ", ")]) {
		fprintf(stderr, "hsatrace record: --counters: no counter name in '%s'\n", group);
		return -1;
	}
	if (o->n_groups == MAX_GROUPS - 1) {
		fprintf(stderr, "hsatrace record: --counters: at most %d groups (%d passes with the "
			"base run)\n", MAX_GROUPS - 1, MAX_GROUPS);
		return -1;
	}
	o->groups[o->n_groups++] = group;
	return 0;
}

/* --event PATTERN, kept apart until the categories' patterns are known. */
static int add_pattern(const char *pattern, const char **extra, int *n_extra)
{
	if (!pattern[0] || *n_extra == MAX_PATTERNS / 2) {
		fprintf(stderr, "hsatrace record: --event: %s\n", pattern[0] ? "too many patterns"
			: "an empty pattern");
		return -1;
	}
	extra[(*n_extra)++] = pattern;
	return 0;
}

/* --subbuf-size BYTES: a whole number, or 1 when it is not one (check_values refuses both
 * that and 0, the "not given" of options, as below 4096). */
static unsigned long subbuf_size_of(const char *s)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 0);
	return errno || end == s || *end || s[strspn(s, " ")] == '-' || v == 0 ? 1 : v;
}

/* --passes N: a whole number from 1 to 64 ("2abc" is not 2). */
static int parse_passes(const char *s, struct options *o)
{
	unsigned long v;

	if (cmd_parse_number(s, 1, 64, &v) != 0)
		return cmd_usage_error("record", "--passes '%s': not a count from 1 to 64", s);
	o->passes = (int)v;
	return 0;
}

static int parse_args(int argc, char **argv, struct options *o, const char **extra, int *n_extra)
{
	const char *categories = "api,activity";
	const char *output = NULL;
	int c;

	*o = (struct options){ .tracer = true, .hip = -1, .kernel = true, .passes = 1 };
	/* getopt prefixes its own messages (unknown option, missing argument) with argv[0] */
	argv[0] = (char *)"hsatrace record";
	while ((c = getopt_long(argc, argv, "+o:e:r:k:p:c:u:h", longs, NULL)) != -1) {
		switch (c) {
		case 'o': output = optarg; break;
		case 'e': categories = optarg; break;
		case 'E': if (add_pattern(optarg, extra, n_extra) != 0) return EXIT_USAGE; break;
		case 'r': o->runtime = optarg; break;
		case 'k': if (add_kernels(o, optarg) != 0) return EXIT_USAGE; break;
		case 'T': o->tracer = false; break;
		case 'H': o->hip = 1; break;
		case 'N': o->hip = 0; break;
		case 'K': o->kernel = false; break;
		case 'B': o->blocking = true; break;
		case 'p': if (parse_passes(optarg, o) != 0) return EXIT_USAGE; break;
		case 'c': if (add_group(o, optarg) != 0) return EXIT_USAGE; break;
		case 'u': o->url = optarg; break;
		case 'S': o->subbuf_size = subbuf_size_of(optarg); break;
		case 'h': usage(stdout); exit(cmd_help_written("record"));
		default: return cmd_usage_hint("record");
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "hsatrace record: missing the program to run\n");
		return cmd_usage_hint("record");
	}
	if (check_values(o) != 0 || add_categories(o, categories) != 0)
		return cmd_usage_hint("record");
	for (int i = 0; i < *n_extra; i++)
		o->patterns[o->n_patterns++] = extra[i];
	if (o->n_groups + 1 > o->passes)
		o->passes = o->n_groups + 1;
	name_output(o, output);
	o->argv = argv + optind;
	return 0;
}

/* Creates the output folder (new or empty) and makes o->output absolute. */
static int prepare_output(struct options *o)
{
	char abs[PATH_MAX];
	DIR *d;
	struct dirent *e;
	bool used = false;

	if (mkdir(o->output, 0755) != 0 && errno != EEXIST) {
		fprintf(stderr, "hsatrace record: failed to create the output folder: path=%s (%s)\n",
			o->output, strerror(errno));
		return -1;
	}
	d = opendir(o->output);
	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			used = true;
	if (d)
		closedir(d);
	if (!d || used || !realpath(o->output, abs)) {
		fprintf(stderr, "hsatrace record: the output must be a new or empty folder: path=%s\n",
			o->output);
		return -1;
	}
	snprintf(o->output, sizeof(o->output), "%s", abs);
	return 0;
}

/* lib/hsatrace next to libexec/hsatrace, as in the install tree. */
static int lib_dir(char *buf, size_t size)
{
	char exe[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (len < 0)
		return -1;
	exe[len] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	return snprintf(buf, size, "%s/../../lib/hsatrace", exe) < (int)size ? 0 : -1;
}

struct program_env {
	struct child_env vars[12 + MAX_KERNEL_BUILDS];
	int n;
	char follow[PATH_MAX + 64];
	char tracer[PATH_MAX + 64];
	char hip_tracer[PATH_MAX + 64];
	char runtime[PATH_MAX + 64];
	char pass[16];
};

/*
 * liblttng-ust's base-address statedump reads the ELF headers of every loaded object (build
 * id, debug link) when a traced process registers: ~10 ms of each traced process's start,
 * for lttng_ust_statedump:* events that no analysis reads and record does not enable unless
 * asked to (an --event pattern that matches them). A value the user set is kept.
 */
static bool statedump_wanted(const struct options *o)
{
	static const char *const events[] = { "lttng_ust_statedump:start",
					      "lttng_ust_statedump:bin_info" };

	for (int i = 0; i < o->n_patterns; i++)
		for (size_t k = 0; k < sizeof(events) / sizeof(events[0]); k++)
			if (fnmatch(o->patterns[i], events[k], 0) == 0)
				return true;
	return false;
}

static int build_env(struct options *o, struct program_env *pe)
{
	char dir[PATH_MAX + 32];

	pe->n = 0;
	if (lib_dir(dir, sizeof(dir)) != 0)
		return -1;
	snprintf(pe->follow, sizeof(pe->follow), "%s/libhsatrace-follow.so", dir);
	if (access(pe->follow, R_OK) != 0) {
		fprintf(stderr, "hsatrace record: libhsatrace-follow.so is missing: path=%s\n",
			pe->follow);
		return -1;
	}
	/* Every process of the program waits before main() until record tracks it. */
	pe->vars[pe->n++] = (struct child_env){ "LD_PRELOAD", pe->follow, true };
	if (o->tracer) {
		snprintf(pe->tracer, sizeof(pe->tracer), "%s/libhsatrace.so", dir);
		if (access(pe->tracer, R_OK) != 0) {
			fprintf(stderr, "hsatrace record: the tracer is missing: path=%s\n", pe->tracer);
			return -1;
		}
		pe->vars[pe->n++] = (struct child_env){ "LD_PRELOAD", pe->tracer, true };
		pe->vars[pe->n++] = (struct child_env){ "HSA_TOOLS_LIB", pe->tracer, false };
	}
	if (o->tracer && (o->hip == 1 || (o->hip == -1 && rec_program_needs_hip(o->argv[0])))) {
		/* after libhsatrace.so in LD_PRELOAD's order: first, interposing HIP's functions */
		snprintf(pe->hip_tracer, sizeof(pe->hip_tracer), "%s/libhsatrace-hip.so", dir);
		if (access(pe->hip_tracer, R_OK) != 0) {
			fprintf(stderr, "hsatrace record: the HIP tracer is missing: path=%s\n",
				pe->hip_tracer);
			return -1;
		}
		pe->vars[pe->n++] = (struct child_env){ "LD_PRELOAD", pe->hip_tracer, true };
	}
	if (o->blocking)
		pe->vars[pe->n++] = (struct child_env){ "LTTNG_UST_ALLOW_BLOCKING", "1", false };
	if (!getenv("LTTNG_UST_WITHOUT_BADDR_STATEDUMP") && !statedump_wanted(o))
		pe->vars[pe->n++] =
			(struct child_env){ "LTTNG_UST_WITHOUT_BADDR_STATEDUMP", "1", false };
	snprintf(pe->runtime, sizeof(pe->runtime), "%s/cpu-runtime", dir);
	/* Default: the installed ROCr where there is a GPU, else the CPU runtime if present. */
	if (!o->runtime)
		o->runtime = access("/dev/kfd", F_OK) != 0 && access(pe->runtime, R_OK) == 0 ?
			"cpu" : "system";
	if (strcmp(o->runtime, "cpu") == 0) {
		if (access(pe->runtime, R_OK) != 0) {
			fprintf(stderr, "hsatrace record: the CPU runtime is missing: path=%s\n",
				pe->runtime);
			return -1;
		}
		pe->vars[pe->n++] = (struct child_env){ "LD_LIBRARY_PATH", pe->runtime, true };
	}
	for (int i = 0; i < o->n_kernels; i++) /* joined with ':', before what the user set */
		pe->vars[pe->n++] = (struct child_env){ "HSATRACE_CPU_KERNELS", o->kernels[i], true };
	return 0;
}

/* Where pass K is written: OUT, or OUT/pass-K with several passes. */
static void pass_path(const struct options *o, int pass, char *buf, size_t size)
{
	if (o->passes > 1)
		snprintf(buf, size, "%s/pass-%d", o->output, pass);
	else
		snprintf(buf, size, "%s", o->output);
}

/* What one pass did, beside the program's wait status. */
struct pass_result {
	bool lost;		/* the program ran but the session could not be stopped */
	int exec_errno;		/* the program could not be exec()ed */
	uint64_t discarded;
};

struct pass_run {
	struct rec_tracking tracking;
	struct rec_buffers buffers;
	struct rec_follow follow;
	struct rec_progress progress;
};

static int on_started(pid_t pid, void *ctx)
{
	struct pass_run *run = ctx;

	if (rec_tracking_add(&run->tracking, pid) == 0)
		return 0;
	fprintf(stderr, "hsatrace record: failed to track the program (pid %ld): not running "
		"it\n", (long)pid);
	return -1;
}

static void on_ready(void *ctx)
{
	struct pass_run *run = ctx;

	rec_follow_serve(&run->follow, &run->tracking);
}

static void on_tick(pid_t pid, void *ctx)
{
	struct pass_run *run = ctx;

	rec_tracking_scan(&run->tracking, pid);
	rec_progress_tick(&run->progress);
}

static int setup_session(const struct options *o, struct rec_session *s, struct pass_run *run,
			 const char *path, int pass, bool *kernel_ok)
{
	char tag[16];

	snprintf(tag, sizeof(tag), "p%d", pass);
	if (rec_session_create(s, tag, path, o->url) != 0)
		return -1;
	if (rec_session_enable_ust(s, o->patterns, (size_t)o->n_patterns,
				   o->subbuf_size ? o->subbuf_size
						   : o->hot ? HOT_SUBBUF_SIZE : DEFAULT_SUBBUF_SIZE,
				   SUBBUF_COUNT,
				   o->blocking) != 0)
		return -1;
	if (rec_tracking_init(&run->tracking, s->name) != 0)
		return -1;
	if (*kernel_ok && rec_session_enable_kernel(s) != 0)
		*kernel_ok = false;	/* said once; later passes do not try again */
	if (rec_session_start(s) != 0)
		return -1;
	/* A stand-in's statedump events would be recorded when those are enabled. */
	if (!statedump_wanted(o))
		rec_buffers_prepare(&run->buffers, &run->tracking);
	return 0;
}

/* A program that never reached HSA (wrong program, runtime not found) gives a trace without
 * any of the tracer's events: said, so it is not taken for an idle program. */
static void say_if_no_hsa(const char *path)
{
	if (rec_recorded_hsa(path) == 0)
		fprintf(stderr, "hsatrace record: note: no HSA call was recorded from the "
			"program's processes (no hsa_meta or API event): does it use HSA or "
			"HIP, and does it find the runtime?\n");
}

/* One pass: a session of its own, always stopped and destroyed, recording only the
 * program's processes. Returns the program's wait status, or -1 when it did not run. */
static int record_pass(const struct options *o, struct program_env *pe, int pass,
		       bool *kernel_ok, struct pass_result *r)
{
	struct rec_session s = { 0 };
	struct pass_run run = { .follow = { .fd = -1 }, .buffers = { 0, -1 } };
	struct child_hooks hooks = { on_started, on_tick, -1, on_ready, &run };
	char path[PATH_MAX + 32];
	int status = -1, n = pe->n;

	*r = (struct pass_result){ 0 };
	pass_path(o, pass, path, sizeof(path));
	if (setup_session(o, &s, &run, path, pass, kernel_ok) != 0 ||
	    rec_follow_open(&run.follow, pass) != 0)
		goto cleanup;
	hooks.ready_fd = run.follow.fd;
	pe->vars[n++] = (struct child_env){ "HSATRACE_RECORD_SOCKET", run.follow.name, false };
	snprintf(pe->pass, sizeof(pe->pass), "%d", pass);
	pe->vars[n++] = (struct child_env){ "HSATRACE_PASS", pe->pass, false };
	if (pass > 0 && pass <= o->n_groups)
		pe->vars[n++] = (struct child_env){ "HSATRACE_COUNTERS", o->groups[pass - 1], false };
	rec_progress_begin(&run.progress, o->url ? NULL : path);
	status = child_run(o->argv, pe->vars, n, &hooks, &r->exec_errno);
	rec_progress_end(&run.progress);
	r->lost = status != -1 && rec_session_stop(&s) != 0;
	rec_buffers_release(&run.buffers, &run.tracking);
	if (status != -1 && !r->lost)
		r->discarded = rec_session_report_lost(&s, o->url ? NULL : path);
	/* A local trace is complete once stopped; a daemon record started is stopped after
	 * the last pass, so its destructions are awaited to the end. */
	if (status != -1 && !r->lost && !o->url && !rec_sessiond_started())
		rec_session_destroy_stopped(&s);
	if (status != -1 && !r->lost && o->tracer && !o->url) {
		rec_session_destroy(&s);	/* complete once destroyed (if not done above) */
		say_if_no_hsa(path);
	}
cleanup:
	rec_buffers_release(&run.buffers, &run.tracking);
	rec_follow_close(&run.follow);
	rec_tracking_release(&run.tracking);
	rec_session_destroy(&s);
	return status;
}

static int write_manifest(const struct options *o, int passes)
{
	char path[PATH_MAX + 32];
	FILE *f;

	snprintf(path, sizeof(path), "%s/hsatrace-passes", o->output);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fprintf(f, "# hsatrace record passes: the base run first, then counter passes\n");
	for (int i = 0; i < passes; i++)
		fprintf(f, "pass-%d\n", i);
	return fclose(f);
}

/* The session could not be stopped: what is lost, and what reached the output. */
static void say_lost(const struct options *o, int pass, int saved)
{
	const char *why = rec_sessiond_alive() ? "the session could not be stopped" :
			  "the session daemon stopped answering";
	char path[PATH_MAX + 32], what[2 * PATH_MAX];

	if (o->url) {
		fprintf(stderr, "hsatrace record: %s: the recording is lost (pass %d; what reached "
			"%s is incomplete and may not be readable)\n", why, pass, o->url);
	} else {
		pass_path(o, pass, path, sizeof(path));
		if (rec_describe_lost(path, what, sizeof(what)) > 0)
			fprintf(stderr, "hsatrace record: %s: the recording is incomplete (pass %d): "
				"%s\n", why, pass, what);
		else
			fprintf(stderr, "hsatrace record: %s: the recording is lost (pass %d): %s\n",
				why, pass, what);
	}
	if (saved)
		fprintf(stderr, "hsatrace record: the %d earlier passes are saved in %s\n", saved,
			o->url ? o->url : o->output);
}

/* The program's status as a shell gives it: its exit status, or 128 + the signal. */
static int program_status(int ws)
{
	if (WIFEXITED(ws))
		return WEXITSTATUS(ws);
	if (WIFSIGNALED(ws))
		return 128 + WTERMSIG(ws);
	return EXIT_RECORDING_FAILED;
}

/* Before anything is created: a program exec() could not run is said plainly. */
static int check_program(const char *argv0)
{
	int err = child_find_program(argv0);

	if (err == 0)
		return 0;
	if (err == EACCES) {
		fprintf(stderr, "hsatrace record: the program is not an executable file: %s\n",
			argv0);
		return EXIT_NOT_EXECUTABLE;
	}
	fprintf(stderr, "hsatrace record: the program was not found: %s%s\n", argv0,
		strchr(argv0, '/') ? "" : " (not in PATH)");
	return EXIT_NOT_FOUND;
}

static void say_written(const struct options *o, uint64_t discarded)
{
	char size[32];

	if (o->url) {
		fprintf(stderr, "hsatrace record: trace written to %s (on the relay daemon), %llu "
			"events discarded\n", o->url, (unsigned long long)discarded);
		return;
	}
	rec_format_bytes(rec_folder_bytes(o->output), size, sizeof(size));
	fprintf(stderr, "hsatrace record: trace written to %s (%s, %llu events discarded)\n",
		o->output, size, (unsigned long long)discarded);
}

/* Runs every pass; returns the exit status. */
static int run_passes(const struct options *o, struct program_env *pe, int *done,
		      bool *lost, uint64_t *discarded)
{
	bool kernel_ok = o->kernel;
	int status = 0;

	for (int pass = 0; pass < o->passes && !child_interrupted(); pass++) {
		struct pass_result r;
		int ws = record_pass(o, pe, pass, &kernel_ok, &r);

		if (ws == -1)
			return r.exec_errno == ENOENT ? EXIT_NOT_FOUND :
			       r.exec_errno ? EXIT_NOT_EXECUTABLE : EXIT_RECORDING_FAILED;
		if (status == 0)
			status = program_status(ws);
		if (r.lost) {
			*lost = true;
			say_lost(o, pass, *done);
			return EXIT_RECORDING_FAILED;
		}
		*discarded += r.discarded;
		(*done)++;
	}
	return status;
}

/* Everything after the options: the program checked, the recording run, its end said. */
static int record(struct options *o)
{
	int done = 0, status = check_program(o->argv[0]);
	struct program_env pe;
	bool lost = false;
	uint64_t discarded = 0;

	if (status != 0)
		return status;
	if ((!o->url && prepare_output(o) != 0) || build_env(o, &pe) != 0 ||
	    child_signals_install() != 0)
		return EXIT_RECORDING_FAILED;
	if (rec_sessiond_ensure() != 0)
		return EXIT_RECORDING_FAILED;
	rec_destroy_stale_sessions();
	status = run_passes(o, &pe, &done, &lost, &discarded);
	if (child_interrupted()) {
		fprintf(stderr, "hsatrace record: interrupted: the session was stopped and "
			"destroyed\n");
		if (status == 0)
			status = 128 + child_interrupted();
	}
	if (!o->url && o->passes > 1 && write_manifest(o, done) != 0)
		status = EXIT_RECORDING_FAILED;
	if (done && !lost)
		say_written(o, discarded);
	rec_sessiond_release();
	return status;
}

int main(int argc, char **argv)
{
	const char *extra[MAX_PATTERNS / 2];
	int n_extra = 0;
	struct options o;
	int status = parse_args(argc, argv, &o, extra, &n_extra);

	if (status == 0)
		status = record(&o);
	options_release(&o);
	return status;
}
