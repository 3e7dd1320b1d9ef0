/*
 * workgroups.c - kernels that `hsatrace kernels` built from HIP source
 * (workgroup_kernels.hip -> workgroup_kernels.so), loaded as a code object and dispatched
 * through HSA: __syncthreads as a real workgroup barrier (many groups, many barriers, groups
 * of 1, 64, 1024 and 3D items), dynamic shared memory of several sizes,
 * every atomic from many groups on several worker threads, templates and structs by value at
 * the amdgcn kernarg offsets, printf from fibers, and a barrier that is not uniform (reported,
 * never a hang).
 */
#include <stdlib.h>
#include <sys/stat.h>

#include "tests/runtime/rt_common.h"

struct round_counts {
	unsigned int errors;
	unsigned int visits;
};

struct atomic_counts {
	int add_int;
	unsigned int add_unsigned;
	unsigned long long add_64;
	float add_float;
	int sub_int;
	int min_int;
	int max_int;
	unsigned int or_bits;
	unsigned int and_bits;
	unsigned int xor_bits;
	unsigned int cas_count;
	unsigned int exch_seen;
};

struct scale_params {
	char tag;
	double factor;
	int n;
};

static struct rt rt;
static hsa_queue_t *queue;
static hsa_signal_t done;

static bool load(const char *name)
{
	char path[PATH_MAX];
	hsa_code_object_reader_t reader;
	int fd;
	bool ok;

	memset(&rt, 0, sizeof(rt));
	if (hsa_init() != HSA_STATUS_SUCCESS)
		return false;
	hsa_iterate_agents(rt_find_agent, &rt);
	hsa_amd_agent_iterate_memory_pools(rt.cpu, rt_find_pools, &rt);
	rt_sibling_path(name, path, sizeof(path));
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return false;
	ok = hsa_code_object_reader_create_from_file(fd, &reader) == HSA_STATUS_SUCCESS &&
	     hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
				       NULL, &rt.executable) == HSA_STATUS_SUCCESS &&
	     hsa_executable_load_agent_code_object(rt.executable, rt.gpu, reader, NULL, NULL) ==
		     HSA_STATUS_SUCCESS &&
	     hsa_executable_freeze(rt.executable, NULL) == HSA_STATUS_SUCCESS &&
	     hsa_code_object_reader_destroy(reader) == HSA_STATUS_SUCCESS;
	close(fd);
	return ok && hsa_queue_create(rt.gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
				      UINT32_MAX, &queue) == HSA_STATUS_SUCCESS &&
	       hsa_signal_create(1, 0, NULL, &done) == HSA_STATUS_SUCCESS;
}

/* One dispatch to completion; false when it did not complete. */
static bool run(const char *kernel, const void *args, size_t args_size, const uint32_t grid[3],
		const uint16_t group[3], uint32_t dims, uint32_t group_segment)
{
	uint64_t object = rt_kernel(&rt, kernel);
	void *kernarg = rt_kernarg(&rt, args, args_size);
	bool completed;

	if (!object || !kernarg)
		return false;
	hsa_signal_store_relaxed(done, 1);
	rt_dispatch_group(queue, object, kernarg, grid, group, dims, group_segment, done, false);
	completed = rt_wait_zero(done) == 0;
	hsa_amd_memory_pool_free(kernarg);
	return completed;
}

static void *shared_buffer(size_t size)
{
	void *buffer = NULL;

	if (hsa_amd_memory_pool_allocate(rt.fine_pool, size, 0, &buffer) != HSA_STATUS_SUCCESS)
		return NULL;
	memset(buffer, 0, size);
	return buffer;
}

/* barrier_rounds(struct round_counts *, int): kernarg = pointer, int at 8. */
static void barrier_case(const char *what, const uint32_t grid[3], const uint16_t group[3],
			 uint32_t dims, int rounds)
{
	struct round_counts *counts = shared_buffer(sizeof(*counts));
	struct {
		struct round_counts *out;
		int rounds;
	} args = { counts, rounds };
	uint64_t items = (uint64_t)grid[0] * grid[1] * grid[2];

	ok(counts && run("_Z14barrier_roundsP12round_countsi", &args, sizeof(args), grid, group,
			 dims, 0),
	   "%s: dispatch completes", what);
	if (!counts)
		return;
	is_int(counts->errors, 0, "%s: every read after a barrier saw this round's value", what);
	is_int(counts->visits, (long long)(items * (uint64_t)rounds),
	       "%s: every item passed all %d rounds", what, rounds);
	hsa_amd_memory_pool_free(counts);
}

static void barriers(void)
{
	barrier_case("1 group of 1024 items", (uint32_t[]){ 1024, 1, 1 },
		     (uint16_t[]){ 1024, 1, 1 }, 1, 20);
	barrier_case("64 groups of 1024 items", (uint32_t[]){ 64 * 1024, 1, 1 },
		     (uint16_t[]){ 1024, 1, 1 }, 1, 3);
	barrier_case("500 groups of 1 item", (uint32_t[]){ 500, 1, 1 },
		     (uint16_t[]){ 1, 1, 1 }, 1, 10);
	barrier_case("1000 groups of 64 items, 200 barriers each", (uint32_t[]){ 64000, 1, 1 },
		     (uint16_t[]){ 64, 1, 1 }, 1, 100);
	barrier_case("8 3D groups of 8x8x4 items", (uint32_t[]){ 16, 16, 8 },
		     (uint16_t[]){ 8, 8, 4 }, 3, 5);
}

/* dynamic_sum(unsigned long long *, unsigned int count): count words of dynamic memory. */
static void dynamic_case(uint32_t count, uint32_t groups)
{
	unsigned long long *sums = shared_buffer(groups * sizeof(*sums));
	struct {
		unsigned long long *out;
		uint32_t count;
	} args = { sums, count };
	unsigned long long want = (unsigned long long)count * (count - 1) / 2;
	uint32_t right = 0;

	ok(sums && run("_Z11dynamic_sumPyj", &args, sizeof(args),
		       (uint32_t[]){ groups * 128, 1, 1 }, (uint16_t[]){ 128, 1, 1 }, 1,
		       count * 4),
	   "dynamic shared memory of %u bytes: dispatch completes", count * 4);
	for (uint32_t g = 0; sums && g < groups; g++)
		right += sums[g] == want;
	is_int(right, groups, "%u bytes: each of %u groups summed its own %u words", count * 4,
	       groups, count);
	hsa_amd_memory_pool_free(sums);
}

static void dynamic_shared(void)
{
	dynamic_case(1, 4);
	dynamic_case(1000, 16);
	dynamic_case(16384, 8); /* 64 KiB: all of the group segment */
}

static void atomics(void)
{
	struct atomic_counts *c = shared_buffer(sizeof(*c));
	const uint32_t items = 256 * 40;

	if (!c) {
		ok(0, "atomics: memory");
		return;
	}
	c->min_int = 1;
	c->max_int = -1;
	c->and_bits = 0xffffffffu;
	ok(run("_Z11all_atomicsP13atomic_counts", &c, sizeof(c), (uint32_t[]){ items, 1, 1 },
	       (uint16_t[]){ 256, 1, 1 }, 1, 0),
	   "atomics: %u items in 40 groups complete", items);
	is_int(c->add_int, 2 * items, "atomicAdd(int)");
	is_int(c->add_unsigned, 3 * items, "atomicAdd(unsigned)");
	ok(c->add_64 == ((unsigned long long)items << 33), "atomicAdd(unsigned long long)");
	ok(c->add_float == 0.5f * items, "atomicAdd(float): %g", c->add_float);
	is_int(c->sub_int, -(int)items, "atomicSub(int)");
	is_int(c->min_int, -(int)(items - 1), "atomicMin(int)");
	is_int(c->max_int, items - 1, "atomicMax(int)");
	ok(c->or_bits == 0xffffffffu, "atomicOr");
	ok(c->and_bits == 0xffff0000u, "atomicAnd");
	ok(c->xor_bits == (items % 2 ? 1u : 0u), "atomicXor");
	is_int(c->cas_count, items, "atomicCAS loops counted every item");
	is_int(c->exch_seen, 1, "atomicExch");
	hsa_amd_memory_pool_free(c);
}

/* scale<T>(T *, struct scale_params, short): the struct at 8 (its alignment), the short
 * after it, as clang lays the kernarg out. */
static void templates_and_structs(void)
{
	enum { N = 100 };
	float *f = shared_buffer(N * sizeof(float));
	double *d = shared_buffer(N * sizeof(double));
	struct {
		void *data;
		struct scale_params p;
		short bias;
	} args = { f, { 3, 2.5, N }, -1 };
	int wrong = 0;

	for (int i = 0; f && d && i < N; i++)
		f[i] = (float)i, d[i] = i * 0.5;
	ok(f && d && run("_Z5scaleIfEvPT_12scale_paramss", &args, sizeof(args),
			 (uint32_t[]){ N, 1, 1 }, (uint16_t[]){ 32, 1, 1 }, 1, 0),
	   "scale<float> (a template instantiated by a launch in host code) completes");
	for (int i = 0; f && i < N; i++)
		wrong += f[i] != (float)(i * 2.5 + 3 - 1);
	is_int(wrong, 0, "scale<float> read its struct and short arguments at their offsets");
	args.data = d;
	ok(d && run("_Z5scaleIdEvPT_12scale_paramss", &args, sizeof(args),
		    (uint32_t[]){ N, 1, 1 }, (uint16_t[]){ 32, 1, 1 }, 1, 0),
	   "scale<double> (template arguments deduced from the launch) completes");
	wrong = 0;
	for (int i = 0; d && i < N; i++)
		wrong += d[i] != i * 0.5 * 2.5 + 3 - 1;
	is_int(wrong, 0, "scale<double> computed with its __device__ helper");
	hsa_amd_memory_pool_free(f);
	hsa_amd_memory_pool_free(d);
}

/* Runs a dispatch with fd (1 or 2) sent to a file; what it wrote, malloc()ed (or NULL). */
static char *captured(int fd, const char *kernel, const void *args, size_t size,
		      uint32_t items, uint16_t group, bool *completed)
{
	char path[] = "/tmp/hsatrace-workgroups.XXXXXX";
	int file = mkstemp(path), saved = dup(fd);
	char *text = NULL;
	struct stat st;

	*completed = false;
	if (file < 0 || saved < 0)
		return NULL;
	fflush(NULL);
	dup2(file, fd);
	*completed = run(kernel, args, size, (uint32_t[]){ items, 1, 1 },
			 (uint16_t[]){ group, 1, 1 }, 1, 0);
	fflush(NULL);
	dup2(saved, fd);
	close(saved);
	if (fstat(file, &st) == 0 && (text = calloc(1, (size_t)st.st_size + 1)))
		if (pread(file, text, (size_t)st.st_size, 0) != st.st_size)
			text[0] = '\0';
	close(file);
	unlink(path);
	return text;
}

static int count_lines(const char *text, const char *containing)
{
	int n = 0;

	for (const char *line = text; line && *line;) {
		const char *end = strchr(line, '\n');

		n += strncmp(line, containing, strlen(containing)) == 0;
		line = end ? end + 1 : NULL;
	}
	return n;
}

static void printing(void)
{
	int tag = 7;
	bool completed;
	char *out = captured(1, "_Z3sayi", &tag, sizeof(tag), 3 * 16, 16, &completed);

	ok(completed, "printf after a barrier: dispatch completes");
	is_int(count_lines(out, "tag 7: item "), 3 * 16, "every item of 3 groups printed its line");
	ok(out && strstr(out, "tag 7: item 15 of group 2\n"), "with its own ids");
	free(out);
}

static void uneven_barrier(void)
{
	unsigned int *reached = shared_buffer(sizeof(*reached));
	bool completed;
	char *err = captured(2, "_Z6unevenPj", &reached, sizeof(reached), 64, 64, &completed);

	ok(completed && reached && *reached == 63,
	   "a barrier item 0 does not reach: the dispatch completes, the others go on");
	is_int(count_lines(err, "hsatrace kernels: __syncthreads() reached by work-item (1,0,0)"),
	       1, "one line says the barrier is not uniform");
	free(err);
	hsa_amd_memory_pool_free(reached);
}

int main(void)
{
	plan_no_plan();
	if (!ok(load("workgroup_kernels.so"), "workgroup_kernels.so (hsatrace kernels' build) "
					      "loads as a code object")) {
		done_testing();
		return exit_status();
	}
	barriers();
	dynamic_shared();
	atomics();
	templates_and_structs();
	printing();
	uneven_barrier();
	hsa_signal_destroy(done);
	hsa_queue_destroy(queue);
	hsa_executable_destroy(rt.executable);
	hsa_shut_down();
	done_testing();
	return exit_status();
}
