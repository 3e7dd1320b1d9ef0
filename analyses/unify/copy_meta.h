/*
 * copy_meta - the metadata of a unified trace made by copying (copy_path): the TSDL of
 * every input trace merged into one, so that their packets can be copied as they are.
 *
 * Each input's declarations are kept: named types and clocks that another input already
 * declared identically are shared, a name declared differently is renamed for this input
 * (NAME_tK). Each input clock stays a clock class of its own (with its own offset, which
 * is what aligns its cycles with the others' in time) unless it is the same clock.
 * Stream classes are renumbered in input order; the events follow their stream class.
 * There is one trace block: the first input's packet header, a new UUID, and one
 * environment, merged as the re-encoding path merges it (the kernel trace's first).
 *
 *   copy_meta_init(&m)
 *   copy_meta_add(&m, trace_dir, with_env, why, size)   0, or -1: cannot be merged (why)
 *   copy_meta_write(&m, path, extra_env, n_extra)       0, or -1 with a message
 *   copy_meta_release(&m)
 * The inputs' results (m.inputs[i]) tell copy_stream how to rewrite their packets.
 */
#ifndef HSATRACE_UNIFY_COPY_META_H
#define HSATRACE_UNIFY_COPY_META_H

#include <stdbool.h>
#include <stdint.h>

#include "analyses/unify/ctf_type.h"
#include "analyses/unify/tsdl.h"
#include "analyses/unify/tsdl_layout.h"
#include "analyses/unify/unify_filter.h"

struct copy_stream_class {
	uint64_t in_id, out_id;
	struct tsdl_layout context;	/* packet context */
};

struct copy_env_entry {
	char *name;
	char *value;		/* TSDL literal: "text" or an integer */
};

struct copy_input {
	char *dir;
	struct tsdl_layout header;	/* packet header */
	struct copy_stream_class *sc;
	size_t n_sc;
	unsigned max_align;		/* bits: the largest alignment its metadata declares */
	bool big_endian;
	bool with_env;
	struct copy_env_entry *env;
	size_t n_env;
	struct ctf_types *types;	/* its events' types (ctf_walk), NULL: not understood */
	char types_why[200];		/* why not */
	bool verify;			/* copy_stream walks every packet's events (dry run) */
					/* (one whose times move is walked as it is written) */
	int64_t shift;			/* cycles added to its clock values (clock_as) */
};

struct copy_clock {
	char *name;
	uint64_t freq;
	int64_t offset_s, offset;
	char uuid[40];
	bool absolute;
	size_t input;		/* the first input that declares it */
};

struct copy_meta {
	struct tsdl_buf decls;		/* typealiases, named types, clocks, in order */
	struct tsdl_buf streams;	/* stream and event blocks */
	struct tsdl_buf header_type;	/* the trace's packet header type (first input's) */
	struct tsdl_decls names;	/* every declared name, for sharing and layouts */
	struct copy_clock *clocks;
	size_t n_clocks;
	struct copy_input *inputs;
	size_t n_inputs;
	uint64_t next_stream_id;
	uint8_t uuid[16];
	/* Set around copy_meta_add: the input's clocks are taken as this one (its times are
	 * shifted by copy_stream onto it). */
	struct copy_clock *clock_as;
};

void copy_meta_init(struct copy_meta *m);
void copy_meta_release(struct copy_meta *m);

int copy_meta_add(struct copy_meta *m, const char *trace_dir, bool with_env, char *why,
		  size_t why_size);

/* Writes the merged metadata (text) to `path`, the environment followed by `extra`. */
int copy_meta_write(const struct copy_meta *m, const char *path,
		    const struct unify_env_entry *extra, size_t n_extra);

/* An input's environment value (a TSDL literal: "text" or an integer), or NULL. */
const char *copy_input_env(const struct copy_input *in, const char *name);

/* Whether two clocks are the same clock: frequency, offset (in cycles), UUID, origin. */
bool copy_clock_same(const struct copy_clock *x, const struct copy_clock *y);

/* The output stream class id for an input's stream class id, or -1. */
int64_t copy_input_stream_id(const struct copy_input *in, uint64_t in_id, size_t *index);

#endif
