/*
 * hsatrace kernels - CPU builds of the kernels of unmodified HIP sources (docs/kernels.md).
 *
 *   hsatrace kernels [-I DIR] [-D NAME[=VALUE]] [-O LEVEL] [-v] FILE.hip... -o OUT.so
 *
 * Each file is rewritten (rewrite.h) into a temporary folder and compiled as C++ with the
 * device header (hip/hip_runtime.h) first on the include path; the objects and the device
 * library become OUT.so, a version-2 CPU code object for HSATRACE_CPU_KERNELS.
 * Exit status: 0 built, 1 a file was refused or did not compile, 2 usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmdline/help_output.h"
#include "cmdline/number_option.h"
#include "cmdline/usage_error.h"
#include "kernels/compile.h"
#include "kernels/rewrite.h"

#define MAX_FILES 64
#define MAX_FLAGS 64

static const char usage_text[] =
	"usage: hsatrace kernels [-I DIR] [-D NAME[=VALUE]] [-O LEVEL] [-v] FILE.hip... -o OUT.so\n"
	"\n"
	"Compile the kernels of HIP source files for the host: OUT.so is a CPU build of them\n"
	"that the CPU runtime runs in place of the amdgcn kernels of the same names\n"
	"(HSATRACE_CPU_KERNELS=OUT.so, or hsatrace record --kernels OUT.so).\n"
	"\n"
	"  -o OUT.so            the shared object to write (required)\n"
	"  -I DIR, -D NAME[=V]  passed to the compiler, as to hipcc\n"
	"  -O LEVEL             optimization: 0 to 3, s, fast, g (default 2)\n"
	"  -v                   print the compiler commands\n"
	"  -h, --help           show this help\n"
	"\n"
	"Environment: HSATRACE_CXX, the C++ compiler (default g++).\n";

struct request {
	const char *files[MAX_FILES];
	size_t file_count;
	const char *flags[MAX_FLAGS];
	size_t flag_count;
	char *joined[MAX_FLAGS];   /* the flags made here, freed at the end */
	size_t joined_count;
	const char *output;
	bool verbose;
};

/* -I DIR, -IDIR and the like: the flag joined to its value, for the compiler. */
static int take_flag(struct request *r, int option, const char *value)
{
	char *joined;

	if (r->flag_count == MAX_FLAGS)
		return cmd_usage_error("kernels", "too many -I/-D/-O options");
	joined = malloc(strlen(value) + 3);
	if (!joined)
		return cmd_usage_error("kernels", "out of memory");
	sprintf(joined, "-%c%s", option, value);
	r->flags[r->flag_count++] = joined;
	r->joined[r->joined_count++] = joined;
	return 0;
}

/* The operands (the sources) that getopt has moved after the options. */
static int take_files(struct request *r, int argc, char **argv)
{
	for (int i = optind; i < argc; i++) {
		if (r->file_count == MAX_FILES)
			return cmd_usage_error("kernels", "too many files: %s", argv[i]);
		r->files[r->file_count++] = argv[i];
	}
	if (!r->file_count)
		return cmd_usage_error("kernels", "no source file");
	if (!r->output)
		return cmd_usage_error("kernels", "no output file (-o OUT.so)");
	return 0;
}

/* -O LEVEL: 0 to 3, s, fast or g (g++'s levels); anything else would reach the compiler as a
 * flag it refuses ("-O2abc"), a compile failure instead of a usage error. */
static bool optimization_level_known(const char *level)
{
	unsigned long n;

	return cmd_parse_number(level, 0, 3, &n) == 0 || strcmp(level, "s") == 0 ||
	       strcmp(level, "fast") == 0 || strcmp(level, "g") == 0;
}

/* 0, or the exit status of a usage error (its message written); -1 for --help. */
static int parse(struct request *r, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, status;

	/* getopt prefixes its own messages (unknown option, missing argument) with argv[0] */
	argv[0] = (char *)"hsatrace kernels";
	while ((c = getopt_long(argc, argv, "hvo:I:D:O:", longopts, NULL)) != -1) {
		if (c == 'h')
			return -1;
		if (c == 'v') {
			r->verbose = true;
		} else if (c == 'o') {
			r->output = optarg;
		} else if (c == 'O' && !optimization_level_known(optarg)) {
			return cmd_usage_error("kernels", "-O '%s': not an optimization level "
					       "(0 to 3, s, fast, g)", optarg);
		} else if (c == 'I' || c == 'D' || c == 'O') {
			if ((status = take_flag(r, c, optarg)) != 0)
				return status;
		} else {
			return cmd_usage_hint("kernels");
		}
	}
	return take_files(r, argc, argv);
}

/* The device header's folder and library, beside this program in the build or install tree. */
static bool find_device(char *include_dir, char *library, size_t size)
{
	char self[PATH_MAX];
	ssize_t length = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char *slash;

	if (length < 0)
		return false;
	self[length] = '\0';
	slash = strrchr(self, '/');
	if (!slash)
		return false;
	*slash = '\0';
	if ((size_t)snprintf(include_dir, size, "%s/../../share/hsatrace/kernels/include", self) >=
		    size ||
	    (size_t)snprintf(library, size, "%s/../../lib/hsatrace/libhsat-device.a", self) >= size)
		return false;
	if (access(include_dir, R_OK) == 0 && access(library, R_OK) == 0)
		return true;
	fprintf(stderr, "hsatrace kernels: the device header or library is missing (%s, %s)\n",
		include_dir, library);
	return false;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *data = NULL;
	size_t length = 0, capacity = 0, got;

	if (!f)
		return NULL;
	do {
		if (length + 4096 + 1 > capacity) {
			char *bigger = realloc(data, capacity = (length + 4096 + 1) * 2);

			if (!bigger) {
				free(data);
				fclose(f);
				return NULL;
			}
			data = bigger;
		}
		got = fread(data + length, 1, 4096, f);
		length += got;
	} while (got > 0);
	data[length] = '\0';
	if (ferror(f) || memchr(data, '\0', length)) { /* a read error, or not text */
		if (!ferror(f))
			errno = 0;
		free(data);
		data = NULL;
	}
	fclose(f);
	return data;
}

static bool write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	bool ok = f && fputs(text, f) >= 0;

	if (f && fclose(f) != 0)
		ok = false;
	return ok;
}

/* Whether the rewrite registered a kernel of the source (rewrite.h: each __global__
 * definition starts with HSAT_KERNEL_SELF). */
static bool has_kernel(const char *rewritten)
{
	return strstr(rewritten, " HSAT_KERNEL_SELF(") != NULL;
}

/* Rewrites source number index into the folder and compiles it to its object there; counts
 * the sources with a kernel in *with_kernels. */
static bool build_one(const struct compile_options *o, const char *source, const char *folder,
		      size_t index, char *object, size_t object_size, size_t *with_kernels)
{
	char error[1024], rewritten[PATH_MAX];
	char *text = read_file(source), *done;
	bool ok;

	if (!text) {
		fprintf(stderr, "hsatrace kernels: cannot read %s: %s\n", source,
			errno ? strerror(errno) : "not a text file");
		return false;
	}
	done = hsat_kernels_rewrite(text, source, error, sizeof(error));
	free(text);
	if (!done) {
		fprintf(stderr, "hsatrace kernels: %s\n", error);
		return false;
	}
	*with_kernels += has_kernel(done);
	ok = (size_t)snprintf(rewritten, sizeof(rewritten), "%s/%zu.cpp", folder, index) <
		     sizeof(rewritten) &&
	     (size_t)snprintf(object, object_size, "%s/%zu.o", folder, index) < object_size &&
	     write_file(rewritten, done);
	free(done);
	if (!ok) {
		fprintf(stderr, "hsatrace kernels: cannot write %s\n", rewritten);
		return false;
	}
	ok = compile_source(o, source, rewritten, object);
	unlink(rewritten);
	return ok;
}

static bool build(const struct request *r, const struct compile_options *o, const char *folder)
{
	static char objects[MAX_FILES][PATH_MAX];
	const char *object_list[MAX_FILES];
	size_t built = 0, with_kernels = 0;
	bool ok = true;

	for (size_t i = 0; ok && i < r->file_count; i++) {
		ok = build_one(o, r->files[i], folder, i, objects[i], sizeof(objects[i]),
			       &with_kernels);
		object_list[i] = objects[i];
		built += ok;
	}
	/* The library would register nothing: the CPU runtime would run none of the kernels. */
	if (ok && !with_kernels) {
		fprintf(stderr, "hsatrace kernels: no __global__ kernel in the source%s: nothing "
			"to build\n", r->file_count > 1 ? "s" : "");
		ok = false;
	}
	if (ok && !link_objects(o, object_list, built, r->output)) {
		unlink(r->output);
		ok = false;
	}
	for (size_t i = 0; i < built; i++)
		unlink(objects[i]);
	return ok;
}

/* 0 when OUT.so was written, else 1. */
static int build_request(const struct request *r)
{
	char include_dir[PATH_MAX], library[PATH_MAX], folder[PATH_MAX];
	const char *tmp = getenv("TMPDIR");
	struct compile_options o;
	bool ok;

	if (!find_device(include_dir, library, sizeof(include_dir)))
		return 1;
	snprintf(folder, sizeof(folder), "%s/hsatrace-kernels.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(folder)) {
		fprintf(stderr, "hsatrace kernels: cannot make a temporary folder in %s: %s\n",
			tmp && *tmp ? tmp : "/tmp", strerror(errno));
		return 1;
	}
	o = (struct compile_options){ include_dir, library, r->flags, r->flag_count, r->verbose };
	ok = build(r, &o, folder);
	rmdir(folder);
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	struct request r = { .file_count = 0 };
	int status = parse(&r, argc, argv);

	if (status == 0)
		status = build_request(&r);
	else if (status == -1) {
		fputs(usage_text, stdout);
		status = cmd_help_written("kernels");
	}
	for (size_t i = 0; i < r.joined_count; i++)
		free(r.joined[i]);
	return status;
}
