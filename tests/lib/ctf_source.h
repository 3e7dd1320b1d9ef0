/*
 * ctf_source.h - writes a CTF trace from a test's own babeltrace2 source, with babeltrace2's
 * sink.ctf.fs, for the test programs that make damaged or unusual traces (tests/damaged,
 * tests/unify).
 *
 *	return ctf_source_write("ooo", &iterator, argv[1]);
 *
 * The source has one output port, "out"; its message iterator is the test's (next, and the
 * initialize and finalize methods). The sink writes one trace into `path`, quietly.
 */
#ifndef HSATRACE_TESTS_CTF_SOURCE_H
#define HSATRACE_TESTS_CTF_SOURCE_H

#include <babeltrace2/babeltrace.h>

struct ctf_source_iterator {
	bt_message_iterator_class_next_method next;
	bt_message_iterator_class_initialize_method initialize;
	bt_message_iterator_class_finalize_method finalize;
};

/*
 * Runs the graph source `name` -> sink.ctf.fs(path). 0 when the trace is written; 1 after
 * "NAME_trace: failed to write the trace: path=PATH" on standard error.
 */
int ctf_source_write(const char *name, const struct ctf_source_iterator *iterator,
		     const char *path);

#endif
