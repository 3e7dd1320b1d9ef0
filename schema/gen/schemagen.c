/* hsatrace-schemagen MODE OUT [ARG]: run by make, writes one generated file. */
#include "schema/gen/schemagen.h"

#include <stdlib.h>
#include <string.h>

static int usage(void)
{
	fprintf(stderr, "usage: hsatrace-schemagen tp PROVIDER OUT | args OUT | tables OUT | "
			"wrappers OUT | hip-wrappers OUT | slots OUT | slot-lists OUT | doc NOTES.md OUT | "
			"check-fields STAMP SOURCE...\n");
	return 2;
}

static int generate(const char *mode, const char *arg, FILE *out)
{
	if (!strcmp(mode, "tp"))
		return gen_tp_header(out, arg);
	if (!strcmp(mode, "args"))
		return gen_args_header(out);
	if (!strcmp(mode, "tables"))
		return gen_tables_header(out);
	if (!strcmp(mode, "wrappers"))
		return gen_wrappers(out);
	if (!strcmp(mode, "hip-wrappers"))
		return gen_hip_wrappers(out);
	if (!strcmp(mode, "doc"))
		return gen_doc(out, arg);
	if (!strcmp(mode, "slots"))
		return gen_slots(out);
	if (!strcmp(mode, "slot-lists"))
		return gen_slot_lists(out);
	return -2;
}

int main(int argc, char **argv)
{
	const char *mode, *arg = NULL, *path;
	FILE *out;
	int rc;

	if (argc < 3)
		return usage();
	mode = argv[1];
	if (!strcmp(mode, "check-fields")) {
		/* the stamp is written only when every source passes, so make reruns the check */
		if (argc < 4)
			return usage();
		if (gen_check_fields(argc - 3, argv + 3) != 0)
			return 1;
		out = fopen(argv[2], "w");
		return out && fclose(out) == 0 ? 0 : (perror(argv[2]), 1);
	}
	if (!strcmp(mode, "tp") || !strcmp(mode, "doc")) {
		if (argc != 4)
			return usage();
		arg = argv[2];
		path = argv[3];
	} else {
		if (argc != 3)
			return usage();
		path = argv[2];
	}
	out = fopen(path, "w");
	if (!out) {
		perror(path);
		return 1;
	}
	rc = generate(mode, arg, out);
	if (fclose(out) != 0)
		rc = -1;
	if (rc == -2)
		return remove(path), usage();
	if (rc) {
		fprintf(stderr, "hsatrace-schemagen: failed to write '%s'\n", path);
		remove(path);
		return 1;
	}
	return 0;
}

void gen_struct_name(char *buf, size_t len, const struct hsat_event *ev)
{
	snprintf(buf, len, "hsat_ev_%s__%s", ev->provider, ev->name);
}
