/*
 * ctf_source.h - writes a CTF trace from a test's own babeltrace2 source, with babeltrace2's
 * sink.ctf.fs, for the test programs that make damaged or unusual traces (tests/damaged,
 * tests/unify).
 *
 *	return ctf_source_write("ooo", &iterator, argv[1]);
 *
 * The source has one output port, "out". Its message iterator is ctf_source.c's; the test
 * gives what differs: how its trace is made (init, into its own state), its messages one at a
 * time (next), and how their references are put (finalize).
 */
#ifndef HSATRACE_TESTS_CTF_SOURCE_H
#define HSATRACE_TESTS_CTF_SOURCE_H

#include <babeltrace2/babeltrace.h>

struct ctf_source_iterator {
	/* Makes the trace's classes, trace and streams into state: 0, or -1 on failure. */
	int (*init)(bt_self_component *self, void *state);
	/* The next message; NULL with *done set after the last one, NULL alone on failure. */
	bt_message *(*next)(bt_self_message_iterator *self, void *state, int *done);
	/* Puts the references init and next left in state. */
	void (*finalize)(void *state);
	void *state;
};

/*
 * Runs the graph source `name` -> sink.ctf.fs(path). 0 when the trace is written; 1 after
 * "NAME_trace: failed to write the trace: path=PATH" on standard error.
 */
int ctf_source_write(const char *name, const struct ctf_source_iterator *iterator,
		     const char *path);

#endif
