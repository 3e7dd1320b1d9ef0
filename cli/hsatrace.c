/*
 * hsatrace - the front door. Like git, each subcommand is its own program,
 * `hsatrace-<command>`, found in ../libexec/hsatrace/ relative to this binary (the build
 * tree mirrors the install tree), so every stage can be built and tested on its own.
 *
 * Exit status: 0 success, 1 failure, 2 usage error.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyses/common/version.h"
#include "cmdline/help_output.h"
#include "schema/hsatrace_schema.h"

struct command {
	const char *name;
	const char *summary;
};

static const struct command commands[] = {
	{ "record",  "run a program with the tracer attached and record an LTTng trace" },
	{ "unify",   "merge recorded runs and the kernel trace into one CTF trace" },
	{ "analyze", "execute Trace Compass XML analyses on a trace, headless" },
	{ "stats",   "API, kernel, copy, queue and wait statistics of a trace" },
	{ "report",  "write a self-contained HTML report of a trace" },
	{ "export",  "export a trace as an SQLite database, CSV files or a Perfetto trace" },
	{ "views",   "write the Trace Compass XML views next to a trace" },
	{ "model",   "a queueing model of a trace: measured vs modelled, what-if predictions" },
	{ "kernels", "compile the kernels of HIP sources for the CPU runtime" },
};
#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *out)
{
	fprintf(out,
		"usage: hsatrace [--version] [--help] <command> [<args>]\n"
		"       hsatrace help <command>\n"
		"\n"
		"Make HSA (ROCr) GPU programs visible in Trace Compass.\n"
		"\n"
		"Commands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(out, "   %-8s  %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\n'hsatrace help <command>' (or 'hsatrace <command> --help') "
		     "describes one command;\n'man hsatrace-<command>' in full.\n");
}

#define TYPO_MAX 16 /* longer names are not compared: no command is that long */

/* The edit distance (insertions, deletions, substitutions) between a and b, both shorter
 * than TYPO_MAX. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[TYPO_MAX + 1];

	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diagonal = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t above = row[j];
			size_t best = diagonal + (a[i - 1] != b[j - 1]);

			if (above + 1 < best)
				best = above + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diagonal = above;
		}
	}
	return row[lb];
}

/* The command `name` is a typo of (at most 2 edits, the only one that close), or NULL. */
static const char *closest_command(const char *name)
{
	const char *closest = NULL;
	size_t best = 3;
	bool tie = false;

	if (strlen(name) >= TYPO_MAX)
		return NULL;
	for (size_t i = 0; i < N_COMMANDS; i++) {
		size_t d = edit_distance(name, commands[i].name);

		if (d < best) {
			best = d;
			closest = commands[i].name;
			tie = false;
		} else if (d == best) {
			tie = true;
		}
	}
	return tie ? NULL : closest;
}

/* Whether `name` is a command; if not, says so, with the command it is a typo of. */
static bool known_command(const char *name)
{
	const char *closest;

	for (size_t i = 0; i < N_COMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return true;
	closest = closest_command(name);
	if (closest)
		fprintf(stderr, "hsatrace: '%s' is not a command; did you mean '%s'? "
			"See 'hsatrace --help'\n", name, closest);
	else
		fprintf(stderr, "hsatrace: '%s' is not a command; see 'hsatrace --help'\n", name);
	return false;
}

/* Directory of this executable, from /proc/self/exe (argv[0] may be a bare name). */
static int self_dir(char *buf, size_t size)
{
	ssize_t len = readlink("/proc/self/exe", buf, size - 1);
	char *slash;

	if (len < 0)
		return -1;
	buf[len] = '\0';
	slash = strrchr(buf, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	return 0;
}

static int run_command(const char *name, char **argv)
{
	char dir[PATH_MAX];
	char path[PATH_MAX + 64];

	if (self_dir(dir, sizeof(dir)) != 0) {
		fprintf(stderr, "hsatrace: cannot locate own executable: %s\n",
			strerror(errno));
		return 1;
	}
	snprintf(path, sizeof(path), "%s/../libexec/hsatrace/hsatrace-%s", dir, name);
	execv(path, argv);
	fprintf(stderr, "hsatrace: command '%s' is not available (%s: %s)\n",
		name, path, strerror(errno));
	return 1;
}

/* `hsatrace help CMD`: the command's own --help, as `git help` shows a command's page. */
static int help_command(const char *name)
{
	char *help_argv[] = { (char *)name, "--help", NULL };

	if (!known_command(name))
		return 2;
	return run_command(name, help_argv);
}

int main(int argc, char **argv)
{
	const char *name;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	name = argv[1];
	if (strcmp(name, "help") == 0 && argc > 2)
		return help_command(argv[2]);
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 ||
	    strcmp(name, "help") == 0) {
		usage(stdout);
		return cmd_help_written(NULL);
	}
	if (strcmp(name, "--version") == 0) {
		printf("hsatrace %s (event schema %s)\n", HSATRACE_VERSION,
		       HSAT_SCHEMA_VERSION);
		return cmd_help_written(NULL);
	}
	if (!known_command(name))
		return 2;
	/* Every command shares the front door's version, so the front door answers for them. */
	if (argc == 3 && strcmp(argv[2], "--version") == 0) {
		printf("hsatrace %s %s (event schema %s)\n", name, HSATRACE_VERSION,
		       HSAT_SCHEMA_VERSION);
		return cmd_help_written(name);
	}
	return run_command(name, argv + 1);
}
