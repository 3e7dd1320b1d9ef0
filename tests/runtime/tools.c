/*
 * tools.c - HSA_TOOLS_LIB tool loading (ROCr 5.2.3 protocol) and the tool-only intercept
 * queues, through a real tool library (test_tool.so) that patches hsa_signal_create.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

#include "runtime/include/hsat_api_table.h"
#include "tests/runtime/rt_common.h"

static HsaApiTable *(*tool_table)(void);
static int (*tool_calls)(void);
static void (*tool_onload_info)(int *, uint64_t *, uint64_t *, const char **, int *);
static void (*tool_set_unload_flag)(int *);

static bool bind_tool(void *tool)
{
	*(void **)&tool_table = dlsym(tool, "test_tool_table");
	*(void **)&tool_calls = dlsym(tool, "test_tool_signal_create_calls");
	*(void **)&tool_onload_info = dlsym(tool, "test_tool_onload_info");
	*(void **)&tool_set_unload_flag = dlsym(tool, "test_tool_set_unload_flag");
	return tool_table && tool_calls && tool_onload_info && tool_set_unload_flag;
}

/* --- intercept queue ----------------------------------------------------------------------- */

static struct {
	pthread_t thread[8];
	char who[8];
	uint64_t index[8];
	int count;
	hsa_signal_t extra_signal;
	uint64_t extra_object;
} seen;

static void handler_first_registered(const void *pkts, uint64_t count, uint64_t user_index,
				     void *data, hsa_amd_queue_intercept_packet_writer writer)
{
	hsa_kernel_dispatch_packet_t extra;

	(void)data;
	if (seen.count < 8) {
		seen.thread[seen.count] = pthread_self();
		seen.index[seen.count] = user_index;
		seen.who[seen.count++] = 'A';
	}
	writer(pkts, count);
	/* a writer may forward more packets than it got */
	memcpy(&extra, pkts, sizeof(extra));
	extra.completion_signal = seen.extra_signal;
	writer(&extra, 1);
}

static void handler_second_registered(const void *pkts, uint64_t count, uint64_t user_index,
				      void *data, hsa_amd_queue_intercept_packet_writer writer)
{
	(void)data;
	if (seen.count < 8) {
		seen.thread[seen.count] = pthread_self();
		seen.index[seen.count] = user_index;
		seen.who[seen.count++] = 'B';
	}
	writer(pkts, count);
}

static void test_intercept(struct rt *rt, HsaApiTable *table)
{
	AmdExtTable *amd = table->amd_ext_;
	hsa_queue_t *proxy = NULL, *plain = NULL;
	enum { N = 256 };
	uint32_t in[N], out[N];
	struct { uint32_t *in, *out; } args = { in, out };
	void *kernarg = rt_kernarg(rt, &args, sizeof(args));
	uint32_t grid[3] = { N, 1, 1 };
	uint16_t wg[3] = { 64, 1, 1 };
	hsa_signal_t done;
	hsa_amd_profiling_dispatch_time_t time = { 0, 0 };
	uint64_t index;
	int bad = 0;

	for (int i = 0; i < N; i++) {
		in[i] = (uint32_t)i * 7;
		out[i] = 0;
	}
	is_int(amd->hsa_amd_queue_intercept_create_fn(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
						       0, 0, &proxy),
	       HSA_STATUS_SUCCESS, "intercept queue created through the table");
	is_int(amd->hsa_amd_queue_intercept_register_fn(proxy, handler_first_registered, NULL),
	       HSA_STATUS_SUCCESS, "first handler registered");
	amd->hsa_amd_queue_intercept_register_fn(proxy, handler_second_registered, NULL);
	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &plain);
	is_int(amd->hsa_amd_queue_intercept_register_fn(plain, handler_first_registered, NULL),
	       HSA_STATUS_ERROR_INVALID_QUEUE, "registering on an ordinary queue is refused");
	hsa_queue_destroy(plain);

	hsa_amd_profiling_set_profiler_enabled(proxy, 1);
	hsa_signal_create(1, 0, NULL, &done);
	hsa_signal_create(1, 0, NULL, &seen.extra_signal);
	index = rt_dispatch(proxy, rt_kernel(rt, "vector_copy"), kernarg, grid, wg, 1, done, false);
	is_int(seen.count, 2, "both handlers ran before the doorbell store returned");
	ok(seen.who[0] == 'B' && seen.who[1] == 'A',
	   "the handler registered last ran first, its writer fed the other");
	ok(pthread_equal(seen.thread[0], pthread_self()) && pthread_equal(seen.thread[1], pthread_self()),
	   "handlers ran synchronously in the submitting thread");
	ok(seen.index[0] == index && seen.index[1] == index, "user_pkt_index is the packet's index");
	is_int(rt_wait_zero(done), 0, "the forwarded dispatch completed");
	is_int(rt_wait_zero(seen.extra_signal), 0, "the packet the handler added ran too");
	for (int i = 0; i < N; i++)
		bad += out[i] != in[i];
	is_int(bad, 0, "the kernel computed its result through the intercept queue");
	hsa_amd_profiling_get_dispatch_time(rt->gpu, done, &time);
	ok(time.start > 0 && time.start <= time.end,
	   "profiling enabled on the intercept queue times the dispatch");
	ok(hsa_queue_load_read_index_scacquire(proxy) == index + 1,
	   "the intercept queue's read index moved past the consumed packet");
	is_int(hsa_queue_destroy(proxy), HSA_STATUS_SUCCESS, "intercept queue destroyed");
	hsa_signal_destroy(done);
	hsa_signal_destroy(seen.extra_signal);
	hsa_amd_memory_pool_free(kernarg);
}

/* --- the unimplemented entries match docs/runtime.md ------------------------------------- */

struct slot {
	const char *name;
	void *fn;
};

#define CORE_SLOT(name, index) { #name, (void *)table->core_->name##_fn },
#define AMD_SLOT(name, index) { #name, (void *)table->amd_ext_->name##_fn },
#define FINALIZER_SLOT(name, index) { #name, (void *)table->finalizer_ext_->name##_fn },
#define IMAGE_SLOT(name, index) { #name, (void *)table->image_ext_->name##_fn },

/* The names between the not-implemented markers of docs/runtime.md, as one string. */
static char *documented_unimplemented(void)
{
	const char *src = getenv("HSATRACE_SRC");
	char path[PATH_MAX], line[512];
	char *names = NULL;
	size_t length = 0;
	bool inside = false;
	FILE *f;

	if (!src)
		return NULL;
	snprintf(path, sizeof(path), "%s/docs/runtime.md", src);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	names = calloc(1, 1);
	while (names && fgets(line, sizeof(line), f)) {
		if (strstr(line, "not-implemented:begin"))
			inside = true;
		else if (strstr(line, "not-implemented:end"))
			inside = false;
		else if (inside) {
			char *grown = realloc(names, length + strlen(line) + 1);

			if (!grown)
				break;
			names = grown;
			strcpy(names + length, line);
			length += strlen(line);
		}
	}
	fclose(f);
	return names;
}

static bool mentioned(const char *text, const char *name)
{
	char quoted[128];

	snprintf(quoted, sizeof(quoted), "`%s`", name);
	return strstr(text, quoted) != NULL;
}

static void test_documented_stubs(HsaApiTable *table)
{
	const struct slot slots[] = { HSAT_CORE_API(CORE_SLOT) HSAT_AMD_EXT_API(AMD_SLOT)
					      HSAT_FINALIZER_EXT_API(FINALIZER_SLOT)
						      HSAT_IMAGE_EXT_API(IMAGE_SLOT) };
	void *stub = (void *)table->image_ext_->hsa_ext_image_create_fn;
	char *doc = documented_unimplemented();
	int undocumented = 0, wrongly_documented = 0, stubs = 0;

	if (!doc) {
		skip(2, "HSATRACE_SRC/docs/runtime.md not found");
		return;
	}
	for (size_t i = 0; i < sizeof(slots) / sizeof(slots[0]); i++) {
		bool is_stub = slots[i].fn == stub;

		stubs += is_stub;
		if (is_stub && !mentioned(doc, slots[i].name)) {
			diag("not implemented but not listed: %s", slots[i].name);
			undocumented++;
		} else if (!is_stub && mentioned(doc, slots[i].name)) {
			diag("listed as not implemented but implemented: %s", slots[i].name);
			wrongly_documented++;
		}
	}
	is_int(undocumented, 0, "every unimplemented entry (%d) is listed in docs/runtime.md", stubs);
	is_int(wrongly_documented, 0, "docs/runtime.md lists no implemented entry as missing");
	free(doc);
}

/* hsa_init with HSA_TOOLS_LIB naming a missing library; returns what went to stderr. */
static void init_capturing_stderr(char *out, size_t size)
{
	FILE *capture = tmpfile();
	int saved = dup(2);
	size_t n = 0;

	out[0] = '\0';
	if (!capture || saved < 0)
		return;
	fflush(stderr);
	dup2(fileno(capture), 2);
	hsa_init();
	hsa_shut_down();
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(capture);
	n = fread(out, 1, size - 1, capture);
	out[n] = '\0';
	fclose(capture);
}

static void test_load_failure_report(void)
{
	char text[512];

	setenv("HSA_TOOLS_LIB", "/nonexistent/missing-tool.so", 1);
	unsetenv("HSA_TOOLS_REPORT_LOAD_FAILURE");
	init_capturing_stderr(text, sizeof(text));
	ok(strstr(text, "Tool lib \"/nonexistent/missing-tool.so\" failed to load.") != NULL,
	   "a tool that cannot be loaded is reported on stderr");
	setenv("HSA_TOOLS_REPORT_LOAD_FAILURE", "0", 1);
	init_capturing_stderr(text, sizeof(text));
	is_str(text, "", "unless HSA_TOOLS_REPORT_LOAD_FAILURE=0");
	unsetenv("HSA_TOOLS_LIB");
}

int main(void)
{
	char tool_path[PATH_MAX], dependent_path[PATH_MAX], variable[3 * PATH_MAX];
	void *tool;
	struct rt rt;
	int calls = 0, agents = 0, unloaded = 0;
	uint64_t version = 0, failed_count = 0;
	const char *failed_name = NULL;
	hsa_signal_t s;
	HsaApiTable *table;

	plan(33);
	rt_sibling_path("test_tool.so", tool_path, sizeof(tool_path));
	rt_sibling_path("test_tool_dependent.so", dependent_path, sizeof(dependent_path));
	snprintf(variable, sizeof(variable), "/nonexistent/missing-tool.so \"%s\" %s", tool_path,
		 dependent_path);
	setenv("HSA_TOOLS_LIB", variable, 1);
	setenv("HSA_TOOLS_REPORT_LOAD_FAILURE", "0", 1);

	if (!ok(rt_setup(&rt), "hsa_init with HSA_TOOLS_LIB set"))
		return exit_status();
	tool = dlopen(tool_path, RTLD_LAZY | RTLD_NOLOAD);
	if (!ok(tool && bind_tool(tool), "the tool was loaded by hsa_init"))
		return exit_status();
	tool_onload_info(&calls, &version, &failed_count, &failed_name, &agents);
	is_int(calls, 1, "OnLoad called once (not again for a library that only links the tool)");
	is_int(version, 1, "OnLoad got runtime_version 1 (HSA_API_TABLE_MAJOR_VERSION)");
	is_int(failed_count, 1, "OnLoad got the count of tools that failed before it");
	is_str(failed_name, "/nonexistent/missing-tool.so", "and their names");
	is_int(agents, 2, "agents could be iterated from OnLoad");
	table = tool_table();
	ok(table && table->version.major_id == 1 && table->version.minor_id == sizeof(HsaApiTable),
	   "table version: major 1, minor = sizeof(HsaApiTable)");
	ok(table && table->core_->version.minor_id == 1016 &&
		   table->amd_ext_->version.minor_id == 400 &&
		   table->image_ext_->version.minor_id == 120 &&
		   table->finalizer_ext_->version.minor_id == 64,
	   "sub-table sizes are ROCr 5.2.3's");

	hsa_signal_create(1, 0, NULL, &s);
	hsa_signal_destroy(s);
	hsa_signal_create(1, 0, NULL, &s);
	hsa_signal_destroy(s);
	is_int(tool_calls(), 2, "the patched table entry sees calls made through the export");
	test_documented_stubs(table);

	is_int(hsa_init(), HSA_STATUS_SUCCESS, "nested hsa_init");
	is_int(hsa_shut_down(), HSA_STATUS_SUCCESS, "nested hsa_shut_down");
	tool_onload_info(&calls, &version, &failed_count, &failed_name, &agents);
	is_int(calls, 1, "nested init/shut_down neither reloads nor unloads tools");

	test_intercept(&rt, table);

	tool_set_unload_flag(&unloaded);
	hsa_executable_destroy(rt.executable);
	is_int(hsa_shut_down(), HSA_STATUS_SUCCESS, "last hsa_shut_down");
	is_int(unloaded, 1, "OnUnload was called");

	unsetenv("HSA_TOOLS_LIB");
	hsa_init();
	calls = tool_calls();
	hsa_signal_create(1, 0, NULL, &s);
	hsa_signal_destroy(s);
	is_int(tool_calls(), calls, "the table was restored: the tool's wrapper is gone");
	hsa_shut_down();
	dlclose(tool);
	test_load_failure_report();
	return exit_status();
}
