/*
 * hsatrace-generate-views - writes the Trace Compass XML analyses and views (xml-views/)
 * from the hsatrace event schema and the lttng-modules layout, or checks that a directory
 * holds exactly what it would write.
 *
 * Exit status: 0 success (or no difference), 1 failure (or differences), 2 usage error.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "generator/catalog.h"
#include "generator/output.h"
#include "generator/views.h"

enum mode { MODE_WRITE, MODE_CHECK, MODE_LIST };

struct options {
	enum mode mode;
	const char *dir;
};

static void usage(FILE *out)
{
	fprintf(out,
		"usage: " VIEWS_GENERATOR_NAME " [--output DIR | --check DIR | --list]\n"
		"\n"
		"Write the Trace Compass XML views generated from the hsatrace event schema.\n"
		"\n"
		"  -o, --output DIR   write the views into DIR (default: xml-views)\n"
		"  -c, --check DIR    compare DIR with what would be written; exit 1 on any\n"
		"                     difference (changed, missing or extra .xml file)\n"
		"  -l, --list         print the names of the generated files\n"
		"  -h, --help         show this help\n");
}

/* Returns 0, 1 (exit now with success: --help) or -1 (usage error). */
static int parse_options(int argc, char **argv, struct options *opts)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "check", required_argument, NULL, 'c' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int nr_modes = 0, c;

	opts->mode = MODE_WRITE;
	opts->dir = "xml-views";
	while ((c = getopt_long(argc, argv, "o:c:lh", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			opts->mode = MODE_WRITE;
			opts->dir = optarg;
			nr_modes++;
			break;
		case 'c':
			opts->mode = MODE_CHECK;
			opts->dir = optarg;
			nr_modes++;
			break;
		case 'l':
			opts->mode = MODE_LIST;
			nr_modes++;
			break;
		case 'h':
			usage(stdout);
			return 1;
		default:
			return -1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, VIEWS_GENERATOR_NAME ": unexpected argument '%s'\n", argv[optind]);
		return -1;
	}
	if (nr_modes > 1) {
		fprintf(stderr, VIEWS_GENERATOR_NAME ": --output, --check and --list exclude each other\n");
		return -1;
	}
	if (opts->dir[0] == '\0') {
		fprintf(stderr, VIEWS_GENERATOR_NAME ": the directory must not be empty\n");
		return -1;
	}
	return 0;
}

static int load_catalog(struct catalog *cat)
{
	char err[256] = "";

	if (catalog_load_schema(cat, err, sizeof(err)) < 0) {
		fprintf(stderr, VIEWS_GENERATOR_NAME ": %s\n", err);
		return -1;
	}
	if (catalog_load_kernel_layout(cat) < 0) {
		fprintf(stderr, VIEWS_GENERATOR_NAME ": failed to load the lttng-modules layout\n");
		return -1;
	}
	return 0;
}

static int render_all(const struct catalog *cat, struct rendered_view *out)
{
	for (size_t i = 0; i < nr_view_files; i++) {
		char err[512];

		out[i].name = view_files[i].name;
		if (view_render(&view_files[i], cat, &out[i].content, err, sizeof(err)) < 0) {
			fprintf(stderr, VIEWS_GENERATOR_NAME ": %s\n", err);
			return -1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct rendered_view *views = NULL;
	struct catalog cat;
	struct options opts;
	int ret = 1, rc;

	catalog_init(&cat);
	rc = parse_options(argc, argv, &opts);
	if (rc != 0) {
		if (rc < 0)
			usage(stderr);
		ret = rc < 0 ? 2 : 0;
		goto cleanup;
	}
	if (opts.mode == MODE_LIST) {
		for (size_t i = 0; i < nr_view_files; i++)
			printf("%s\n", view_files[i].name);
		ret = 0;
		goto cleanup;
	}
	views = calloc(nr_view_files, sizeof(*views));
	if (!views || load_catalog(&cat) < 0 || render_all(&cat, views) < 0)
		goto cleanup;
	if (opts.mode == MODE_WRITE) {
		ret = output_write(opts.dir, views, nr_view_files) < 0;
		goto cleanup;
	}
	rc = output_check(opts.dir, views, nr_view_files);
	if (rc > 0)
		fprintf(stderr, VIEWS_GENERATOR_NAME ": %s is not what the generator writes "
			"(%d difference%s): run `make views` and commit the result\n",
			opts.dir, rc, rc == 1 ? "" : "s");
	ret = rc != 0;
cleanup:
	if (views)
		for (size_t i = 0; i < nr_view_files; i++)
			free(views[i].content);
	free(views);
	catalog_release(&cat);
	return ret;
}
