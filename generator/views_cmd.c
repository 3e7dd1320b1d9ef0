/*
 * hsatrace-views (`hsatrace views`) - writes the Trace Compass XML analyses and views next
 * to a trace, ready for Trace Compass's "Manage XML analyses".
 *
 * The views are the installed copies of xml-views/ in share/hsatrace/xml-views, found
 * relative to this program (libexec/hsatrace/ -> ../../share/hsatrace/xml-views), in the
 * build tree as in the install tree. By default they go to <parent of the trace>/xml-views/.
 *
 * Exit status: 0 success, 1 failure, 2 usage error.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmdline/help_output.h"
#include "cmdline/usage_error.h"
#include "generator/output.h"

#define PROG "hsatrace views"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: " PROG " [-o DIR] TRACE_DIR\n"
		"\n"
		"Write the hsatrace Trace Compass XML analyses and views next to the CTF trace\n"
		"TRACE_DIR (into its parent's xml-views/ directory), to import with Trace Compass's\n"
		"\"Manage XML analyses\" before opening the trace.\n"
		"\n"
		"  -o, --output DIR   write the views into DIR instead\n"
		"  -h, --help         show this help\n");
}

/*
 * The version after `key` in `text` (`key` ends with the opening quote or space), copied
 * into buf; "" when absent.
 */
static void find_version(const char *text, const char *key, char *buf, size_t size)
{
	const char *p = text ? strstr(text, key) : NULL;
	size_t len = 0;

	if (p) {
		p += strlen(key);
		while (len + 1 < size && ((p[len] >= '0' && p[len] <= '9') || p[len] == '.'))
			len++;
		if (len && p[len - 1] == '.')
			len--;	/* the sentence's final period */
	}
	memcpy(buf, p ? p : "", len);
	buf[len] = '\0';
}

/* Major number of a "MAJOR.MINOR" version. */
static long version_major(const char *version)
{
	return strtol(version, NULL, 10);
}

/*
 * A unified trace says which event schema it was recorded with (env
 * hsatrace_schema_version); the views say which one they were generated from (their header
 * comment). A different major version means renamed or removed events: warn.
 */
static void check_schema_version(const char *metadata_path, const char *a_view)
{
	static const char key[] = "schema_version = \"";
	char *metadata = output_read_file(metadata_path), *view = output_read_file(a_view);
	char trace_version[32], views_version[32], warned[256] = " ";
	const char *entry = metadata;

	find_version(view, "schema version ", views_version, sizeof(views_version));
	/* hsatrace_schema_version, and a unified trace's hsatrace_<run>_schema_version: the runs
	 * of one trace may come from different tracers. Each other version is told once. */
	while (*views_version && entry && (entry = strstr(entry, key)) != NULL) {
		char word[40];

		find_version(entry, key, trace_version, sizeof(trace_version));
		entry += sizeof(key) - 1;
		snprintf(word, sizeof(word), " %s ", trace_version);
		if (!*trace_version || version_major(trace_version) == version_major(views_version) ||
		    strstr(warned, word))
			continue;
		if (strlen(warned) + strlen(word) < sizeof(warned))
			strcat(warned, word + 1);
		fprintf(stderr, PROG ": warning: the trace was recorded with event schema %s but "
			"these views were generated from schema %s: some events may not show\n",
			trace_version, views_version);
	}
	free(metadata);
	free(view);
}

/*
 * How deep below the given folder a `metadata` file is looked for: a recording's UST trace is
 * at <rec>/<run>/ust/uid/<uid>/64-bit/metadata, five levels down.
 */
#define METADATA_MAX_DEPTH 8

/* Whether dir holds a CTF trace: a `metadata` file in it or a subdirectory (depth <=
 * METADATA_MAX_DEPTH); the first one found is copied into `found` (PATH_MAX bytes). */
static int has_ctf_metadata(const char *dir, int depth, char *found_path)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int found = 0;

	if (!d)
		return 0;
	while (!found && (de = readdir(d)) != NULL) {
		char path[PATH_MAX];
		struct stat st;

		if (de->d_name[0] == '.' ||
		    snprintf(path, sizeof(path), "%s/%s", dir, de->d_name) >= (int)sizeof(path) ||
		    stat(path, &st) != 0)
			continue;
		if (S_ISREG(st.st_mode) && strcmp(de->d_name, "metadata") == 0) {
			memcpy(found_path, path, sizeof(path));
			found = 1;
		} else if (S_ISDIR(st.st_mode) && depth < METADATA_MAX_DEPTH) {
			found = has_ctf_metadata(path, depth + 1, found_path);
		}
	}
	closedir(d);
	return found;
}

/* share/hsatrace/xml-views of this installation, from /proc/self/exe. */
static int views_source_dir(char *buf, size_t size)
{
	char exe[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (len < 0)
		return -1;
	exe[len] = '\0';
	if (snprintf(buf, size, "%s/../../share/hsatrace/xml-views", dirname(exe)) >= (int)size)
		return -1;
	return 0;
}

/*
 * Written under a temporary name in the same folder and renamed when complete, so a failed
 * write (a full disk) never leaves a truncated view that looks like one.
 */
static int copy_file(const char *from, const char *to)
{
	char *text = output_read_file(from);
	char tmp[PATH_MAX + 300];
	FILE *f = NULL;
	int ret = -1;

	snprintf(tmp, sizeof(tmp), "%s.tmp-%ld", to, (long)getpid());
	if (!text) {
		fprintf(stderr, PROG ": failed to read: path=%s: %s\n", from, strerror(errno));
		goto cleanup;
	}
	f = fopen(tmp, "w");
	if (!f || fputs(text, f) == EOF || fflush(f) != 0) {
		fprintf(stderr, PROG ": failed to write: path=%s: %s\n", to, strerror(errno));
		goto cleanup;
	}
	ret = 0;
cleanup:
	if (f && fclose(f) != 0 && ret == 0) {
		fprintf(stderr, PROG ": failed to write: path=%s: %s\n", to, strerror(errno));
		ret = -1;
	}
	if (ret == 0 && rename(tmp, to) != 0) {
		fprintf(stderr, PROG ": failed to write: path=%s: %s\n", to, strerror(errno));
		ret = -1;
	}
	if (f && ret != 0)
		unlink(tmp);
	free(text);
	return ret;
}

static int copy_views(const char *src, const char *dest)
{
	DIR *d = opendir(src);
	struct dirent *de;
	int copied = 0, ret = -1;

	if (!d) {
		fprintf(stderr, PROG ": failed to find the installed views: path=%s: %s\n", src,
			strerror(errno));
		return -1;
	}
	if (mkdir(dest, 0777) < 0 && errno != EEXIST) {
		fprintf(stderr, PROG ": failed to create directory: path=%s: %s\n", dest,
			strerror(errno));
		goto cleanup;
	}
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		char from[PATH_MAX + 256], to[PATH_MAX + 256];

		if (len < 5 || strcmp(de->d_name + len - 4, ".xml") != 0)
			continue;
		snprintf(from, sizeof(from), "%s/%s", src, de->d_name);
		snprintf(to, sizeof(to), "%s/%s", dest, de->d_name);
		if (copy_file(from, to) < 0)
			goto cleanup;
		printf("%s\n", to);
		copied++;
	}
	if (!copied) {
		fprintf(stderr, PROG ": failed to find the installed views: no .xml file in %s\n",
			src);
		goto cleanup;
	}
	ret = 0;
cleanup:
	closedir(d);
	return ret;
}

/*
 * Whether the file starts as CTF 1.8 metadata does: a packet's magic 0x75D11D57 (either byte
 * order) or the text form's "/\* CTF 1.8" signature. Only the start is checked: enough to tell a
 * trace from random bytes or another file named metadata.
 */
static int looks_like_ctf_metadata(const char *path)
{
	static const unsigned char magic_le[4] = { 0x57, 0x1D, 0xD1, 0x75 };
	static const unsigned char magic_be[4] = { 0x75, 0xD1, 0x1D, 0x57 };
	static const char text_signature[] = "/* CTF 1.8";
	unsigned char head[sizeof(text_signature) - 1];
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(head, 1, sizeof(head), f) : 0;

	if (f)
		fclose(f);
	return (n >= 4 && (!memcmp(head, magic_le, 4) || !memcmp(head, magic_be, 4))) ||
	       (n == sizeof(head) && !memcmp(head, text_signature, sizeof(head)));
}

/* Resolves the trace directory and its first metadata file; prints why it cannot. */
static int open_trace(const char *arg, char *trace, char *metadata)
{
	struct stat st;

	if (stat(arg, &st) != 0) {
		fprintf(stderr, PROG ": failed to open the trace: path=%s: %s\n", arg,
			strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode) || !realpath(arg, trace) ||
	    !has_ctf_metadata(trace, 0, metadata)) {
		fprintf(stderr, PROG ": failed to open the trace: path=%s: %s\n", arg,
			S_ISDIR(st.st_mode) ? "no CTF metadata file in it" : "not a directory");
		return -1;
	}
	if (!looks_like_ctf_metadata(metadata)) {
		fprintf(stderr, PROG ": failed to open the trace: path=%s: %s is not CTF metadata\n",
			arg, metadata);
		return -1;
	}
	return 0;
}

/* Whether dest is the folder holding the trace's metadata (absolute, resolved): the views
 * written there would be read as stream files of the trace, which would no longer open. */
static bool is_trace_folder(const char *dest, const char *metadata)
{
	char dest_abs[PATH_MAX], folder[PATH_MAX];

	snprintf(folder, sizeof(folder), "%s", metadata);
	return realpath(dest, dest_abs) && strcmp(dest_abs, dirname(folder)) == 0;
}

/*
 * Returns 0 and sets *output (NULL: default), 1 after --help, or 2 (the exit status) after a
 * usage error, whose message is written.
 */
static int parse_options(int argc, char **argv, const char **output)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*output = NULL;
	/* getopt prefixes its own messages (unknown option, missing argument) with argv[0] */
	argv[0] = (char *)PROG;
	while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		if (c == 'o') {
			*output = optarg;
		} else if (c == 'h') {
			usage(stdout);
			return 1;
		} else {
			return cmd_usage_hint("views");
		}
	}
	if (argc - optind != 1)
		return cmd_usage_error("views", "%s",
				       optind < argc ? "expected one TRACE_DIR" : "missing TRACE_DIR");
	if (*output && !**output)
		return cmd_usage_error("views", "-o needs a folder, not ''");
	if (*output && strcmp(*output, "-") == 0)
		return cmd_usage_error("views", "-o -: the views are several files, they need a folder");
	return 0;
}

int main(int argc, char **argv)
{
	char src[PATH_MAX], dest[PATH_MAX], trace[PATH_MAX], metadata[PATH_MAX];
	char a_view[PATH_MAX + 32];
	const char *output;
	int rc = parse_options(argc, argv, &output);

	if (rc != 0)
		return rc == 1 ? cmd_help_written("views") : rc;
	if (open_trace(argv[optind], trace, metadata) < 0)
		return 1;
	if (output && is_trace_folder(output, metadata))
		return cmd_usage_error("views", "-o %s is the trace's folder: the views would be read "
				       "as its stream files", output);
	if (output)
		snprintf(dest, sizeof(dest), "%s", output);
	else
		snprintf(dest, sizeof(dest), "%s/xml-views", dirname(trace));
	if (views_source_dir(src, sizeof(src)) < 0 || copy_views(src, dest) < 0)
		return 1;
	snprintf(a_view, sizeof(a_view), "%s/hsa-api.xml", src);
	check_schema_version(metadata, a_view);
	if (isatty(STDERR_FILENO))
		fprintf(stderr, "In Trace Compass: Manage XML analyses > Import these files, then "
			"open %s\n", argv[optind]);
	return 0;
}
