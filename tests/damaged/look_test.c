/*
 * rec_trace_look (hsatrace record's reading of what it recorded) on a trace whose packets
 * overlap in time: read to the end, every event counted, where babeltrace2's muxer stopped at
 * the second packet. The trace is written by overlap_trace, next to this test in the build.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyses/common/fs_tree.h"
#include "analyses/record/hsa_check.h"
#include "tap.h"

/* Runs overlap_trace (from the test's own folder) into dir with args; 0 on success. */
static int write_trace(const char *self, const char *dir, const char *args)
{
	char exe[PATH_MAX], cmd[3 * PATH_MAX];
	char *slash;

	snprintf(exe, sizeof(exe), "%s", self);
	slash = strrchr(exe, '/');
	if (!slash)
		return -1;
	snprintf(slash + 1, sizeof(exe) - (size_t)(slash + 1 - exe), "overlap_trace");
	snprintf(cmd, sizeof(cmd), "'%s' '%s' %s", exe, dir, args);
	return system(cmd);
}

int main(int argc, char **argv)
{
	char tmp[] = "/tmp/hsatrace-look-XXXXXX", plain[PATH_MAX], api[PATH_MAX];
	struct rec_trace_look look;

	(void)argc;
	if (!mkdtemp(tmp))
		skip_all("no temporary folder");
	snprintf(plain, sizeof(plain), "%s/plain", tmp);
	snprintf(api, sizeof(api), "%s/api", tmp);
	if (write_trace(argv[0], plain, "") != 0 ||
	    write_trace(argv[0], api, "hsa_api_entry:hsa_init hsa_api_exit:hsa_init") != 0) {
		fs_remove_tree(tmp);
		skip_all("overlap_trace could not write its traces");
	}
	plan(4);
	is_int(rec_trace_look(plain, false, &look), 0, "overlapping packets: read to the end");
	is_int((int)look.events, 9, "every event counted");
	ok(!look.any_hsa, "no HSA event in it");
	rec_trace_look(api, true, &look);
	ok(look.any_hsa && look.events == 4,
	   "stop_at_hsa: stops at the first HSA event, the 4th in time order (%d read)",
	   (int)look.events);
	fs_remove_tree(tmp);
	return exit_status();
}
