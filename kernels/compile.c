/* compile.c - see compile.h. */
#include "kernels/compile.h"

#include <errno.h>
#include <libgen.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

#define MAX_ARGS 256

struct command {
	const char *argv[MAX_ARGS + 1];
	size_t count;
	bool overflow;
};

static void arg(struct command *c, const char *value)
{
	if (c->count == MAX_ARGS) {
		c->overflow = true;
		return;
	}
	c->argv[c->count++] = value;
	c->argv[c->count] = NULL;
}

static const char *compiler(void)
{
	const char *cxx = getenv("HSATRACE_CXX");

	return cxx && *cxx ? cxx : "g++";
}

static bool run(const struct compile_options *o, struct command *c)
{
	pid_t pid;
	int status, error;

	if (c->overflow) {
		fprintf(stderr, "hsatrace kernels: too many compiler arguments\n");
		return false;
	}
	if (o->verbose) {
		for (size_t i = 0; i < c->count; i++)
			fprintf(stderr, "%s%s", i ? " " : "", c->argv[i]);
		fprintf(stderr, "\n");
	}
	error = posix_spawnp(&pid, c->argv[0], NULL, NULL, (char *const *)c->argv, environ);
	if (error) {
		fprintf(stderr, "hsatrace kernels: cannot run %s: %s (set HSATRACE_CXX, or install "
				"g++)\n", c->argv[0], strerror(error));
		return false;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return false;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool compile_source(const struct compile_options *o, const char *source, const char *rewritten,
		    const char *object)
{
	struct command c = { .count = 0 };
	char *copy = strdup(source);
	bool ok;

	if (!copy)
		return false;
	arg(&c, compiler());
	arg(&c, "-std=c++17");
	arg(&c, "-fPIC");
	arg(&c, "-O2");
	arg(&c, "-pthread");
	arg(&c, "-Wno-unused-result");
	arg(&c, "-Wno-unused-value");
	arg(&c, "-iquote");
	arg(&c, dirname(copy)); /* the source's own "includes" */
	arg(&c, "-I");
	arg(&c, o->include_dir);
	/* main() and the host code it calls are compiled, for the launches in them, never run */
	arg(&c, "-Dmain=__attribute__((unused)) static hsatrace_host_main");
	for (size_t i = 0; i < o->user_flag_count; i++)
		arg(&c, o->user_flags[i]);
	arg(&c, "-x");
	arg(&c, "c++");
	arg(&c, "-c");
	arg(&c, rewritten);
	arg(&c, "-o");
	arg(&c, object);
	ok = run(o, &c);
	free(copy);
	return ok;
}

bool link_objects(const struct compile_options *o, const char *const *objects, size_t count,
		  const char *output)
{
	struct command c = { .count = 0 };

	arg(&c, compiler());
	arg(&c, "-shared");
	arg(&c, "-pthread");
	arg(&c, "-o");
	arg(&c, output);
	for (size_t i = 0; i < count; i++)
		arg(&c, objects[i]);
	arg(&c, "-Wl,--whole-archive");
	arg(&c, o->device_library);
	arg(&c, "-Wl,--no-whole-archive");
	/* the kernels' names must be found in this object, not in the program (whose host stubs
	 * carry the same mangled names) */
	arg(&c, "-Wl,-Bsymbolic");
	/* never unmapped by dlclose (hsa_executable_destroy): the worker threads' fiber stacks
	 * are freed at their exit by a destructor of this object */
	arg(&c, "-Wl,-z,nodelete");
	arg(&c, "-ldl");
	return run(o, &c);
}
