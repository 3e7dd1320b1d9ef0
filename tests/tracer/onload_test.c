/*
 * OnLoad against hand-built API tables of several ROCm layouts: what it patches, what it
 * refuses (with exactly one warning), and that a patched slot still reaches the runtime with
 * the same result and errno. Each case runs in a child process with a fresh copy of the
 * tracer, so "one warning per process" can be checked per case.
 */
#include "tests/lib/tap.h"
#include "hsatrace/api_tables.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef bool (*onload_fn)(void *, uint64_t, uint64_t, const char *const *);

enum layout { ROCM52, ROCM52_TWICE, ROCM52_NO_IMAGE, ROCM52_SMALL_CORE, ROCM56, ROCM6,
	      CORE_MAJOR2 };

struct result {
	int loaded;		/* OnLoad's return value (first call) */
	int loaded_again;	/* second call, ROCM52_TWICE only */
	size_t core, amd, image;	/* slots whose pointer changed */
	size_t changed_by_second;
	int stub_calls;
	int errno_after;
	uint64_t value;
	int has_priority;
	char warnings[512];
};

static int stub_calls;

static hsa_status_t stub_system_get_info(hsa_system_info_t attribute, void *value)
{
	(void)attribute;
	stub_calls++;
	*(uint64_t *)value = 7;
	errno = 42;
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

static void filler(void)
{
}

static void fill(void *table, size_t size, uint32_t major, uint32_t minor)
{
	struct hsat_table_version *v = table;
	void **slots = (void **)((char *)table + sizeof(*v));

	v->major_id = major;
	v->minor_id = minor;
	for (size_t i = 0; i < (size - sizeof(*v)) / sizeof(void *); i++)
		slots[i] = (void *)filler;
}

static size_t changed(const void *a, const void *b, size_t size)
{
	const void *const *x = (const void *const *)((const char *)a + 16);
	const void *const *y = (const void *const *)((const char *)b + 16);
	size_t n = 0;

	for (size_t i = 0; i < (size - 16) / sizeof(void *); i++)
		n += x[i] != y[i];
	return n;
}

static const char *library_path(void)
{
	static char path[PATH_MAX];
	const char *build = getenv("HSATRACE_BUILD");

	snprintf(path, sizeof(path), "%s/lib/hsatrace/libhsatrace.so", build ? build : "build");
	return path;
}

struct tables {
	struct hsat_hsa_api_table root;
	struct hsat_core_table core;
	union {
		struct hsat_amd_ext_table amd;
		char bigger[sizeof(struct hsat_amd_ext_table) + 16];	/* ROCm 5.6: +2 slots */
	} amd;
	struct hsat_image_table image;
};

static void build(struct tables *t, enum layout layout)
{
	uint32_t amd_minor = layout == ROCM56 ? sizeof(t->amd.bigger) : sizeof(t->amd.amd);

	memset(t, 0, sizeof(*t));
	fill(&t->core, sizeof(t->core), layout == CORE_MAJOR2 || layout == ROCM6 ? 2 : 1,
	     layout == ROCM52_SMALL_CORE ? 16 + 10 * 8 : sizeof(t->core));
	fill(&t->amd, sizeof(t->amd.bigger), layout == ROCM6 ? 2 : 1, amd_minor);
	fill(&t->image, sizeof(t->image), layout == ROCM6 ? 2 : 1, sizeof(t->image));
	t->core.hsa_system_get_info_fn = stub_system_get_info;
	t->root.version.major_id = layout == ROCM6 ? 3 : 1;
	t->root.version.minor_id = sizeof(t->root);
	t->root.core_ = &t->core;
	t->root.amd_ext_ = &t->amd.amd;
	t->root.image_ext_ = layout == ROCM52_NO_IMAGE ? NULL : &t->image;
}

static void run_case(enum layout layout, struct result *r)
{
	static struct tables t, before, after_first;
	void *lib = dlopen(library_path(), RTLD_NOW | RTLD_LOCAL);
	onload_fn onload = lib ? (onload_fn)dlsym(lib, "OnLoad") : NULL;
	uint64_t value = 0;

	if (!onload)
		return;
	r->has_priority = dlsym(lib, "HSA_AMD_TOOL_PRIORITY") != NULL;
	build(&t, layout);
	before = t;
	r->loaded = onload(&t.root, 1, 0, NULL);
	after_first = t;
	if (layout == ROCM52_TWICE)
		r->loaded_again = onload(&t.root, 1, 0, NULL);
	r->core = changed(&before.core, &t.core, sizeof(t.core));
	r->amd = changed(&before.amd, &t.amd, sizeof(t.amd.bigger));
	r->image = changed(&before.image, &t.image, sizeof(t.image));
	r->changed_by_second = changed(&after_first.core, &t.core, sizeof(t.core)) +
			       changed(&after_first.amd, &t.amd, sizeof(t.amd.bigger));
	errno = 0;
	stub_calls = 0;
	if (t.core.hsa_system_get_info_fn(HSA_SYSTEM_INFO_TIMESTAMP, &value) ==
	    HSA_STATUS_ERROR_INVALID_ARGUMENT)
		r->value = value;
	r->errno_after = errno;
	r->stub_calls = stub_calls;
}

/* Runs one case in a child; its stderr is collected into r->warnings. */
static int run(enum layout layout, struct result *r)
{
	int result_pipe[2], err_pipe[2], status = 0;
	pid_t pid;
	ssize_t n;

	memset(r, 0, sizeof(*r));
	if (pipe(result_pipe) || pipe(err_pipe))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct result mine;

		memset(&mine, 0, sizeof(mine));
		dup2(err_pipe[1], 2);
		run_case(layout, &mine);
		if (write(result_pipe[1], &mine, sizeof(mine)) != (ssize_t)sizeof(mine))
			_exit(1);
		_exit(0);
	}
	close(result_pipe[1]);
	close(err_pipe[1]);
	n = read(result_pipe[0], r, sizeof(*r));
	if (n >= 0 && n < (ssize_t)sizeof(*r))
		memset((char *)r + n, 0, sizeof(*r) - (size_t)n);
	memset(r->warnings, 0, sizeof(r->warnings));
	n = read(err_pipe[0], r->warnings, sizeof(r->warnings) - 1);
	close(result_pipe[0]);
	close(err_pipe[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static int count_lines(const char *s, const char *needle)
{
	int n = 0;

	for (const char *p = s; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

static void check_passthrough(const struct result *r, const char *what)
{
	is_int(r->stub_calls, 1, "%s: the patched slot calls the runtime's function once", what);
	is_int((long long)r->value, 7, "%s: its out-parameter is the runtime's", what);
	is_int(r->errno_after, 42, "%s: errno is the runtime's", what);
}

int main(void)
{
	struct result r;

	plan_no_plan();
	if (access(library_path(), R_OK)) {
		skip_all("libhsatrace.so not built");
		return 0;
	}

	ok(run(ROCM52, &r) == 0 && r.loaded, "ROCr 5.2 layout: OnLoad accepts");
	ok(r.has_priority, "HSA_AMD_TOOL_PRIORITY is exported");
	is_int(r.core, 125, "every core slot patched");
	is_int(r.amd, 48, "every AMD-extension slot patched");
	is_int(r.image, 13, "every image slot patched");
	check_passthrough(&r, "5.2");
	is_str(r.warnings, "", "no warning");

	ok(run(ROCM52_TWICE, &r) == 0 && r.loaded && r.loaded_again, "OnLoad twice accepts twice");
	is_int(r.changed_by_second, 0, "the second OnLoad leaves the slots as they are");
	check_passthrough(&r, "twice");

	ok(run(ROCM52_NO_IMAGE, &r) == 0 && r.loaded, "without the image extension: accepts");
	is_int(r.core + r.amd, 173, "core and AMD-extension slots patched");
	is_str(r.warnings, "", "no warning");

	ok(run(ROCM52_SMALL_CORE, &r) == 0 && r.loaded, "a smaller core table: accepts");
	is_int(r.core, 10, "only the slots inside its minor_id are patched");

	ok(run(ROCM56, &r) == 0 && r.loaded, "ROCm 5.6 AMD-extension layout: accepts the rest");
	is_int(r.core, 125, "core patched");
	is_int(r.amd, 16, "AMD-extension patched only up to hsa_amd_memory_async_copy");
	is_int(r.image, 13, "image patched");
	if (!is_int(count_lines(r.warnings, "hsatrace: warning:"), 1, "one warning"))
		diag("%s", r.warnings);
	ok(strstr(r.warnings, "5.6") != NULL, "it names the layout");
	check_passthrough(&r, "5.6");

	ok(run(ROCM6, &r) == 0 && !r.loaded, "ROCm 6 (major 3): OnLoad refuses");
	is_int(r.core + r.amd + r.image, 0, "nothing patched");
	if (!is_int(count_lines(r.warnings, "hsatrace: warning:"), 1, "one warning"))
		diag("%s", r.warnings);
	ok(strstr(r.warnings, "major") != NULL, "it says why");

	ok(run(CORE_MAJOR2, &r) == 0 && r.loaded, "a core table of another major: accepts the rest");
	is_int(r.core, 0, "core not patched");
	is_int(r.amd + r.image, 61, "AMD-extension and image patched");
	if (!is_int(count_lines(r.warnings, "hsatrace: warning:"), 1, "one warning"))
		diag("%s", r.warnings);

	done_testing();
	return exit_status();
}
