/*
 * ctf_type - the field types of a CTF 1.8 trace, parsed from its metadata (TSDL), as far as
 * walking its events needs them (ctf_walk): sizes, alignments, byte orders, enumeration
 * ranges, variant tags, sequence lengths, which integers are clock values, which types have
 * a fixed size (walked in one step), the names references go by. What is outside
 * that (typedef'd arrays, scoped type declarations inside blocks, ...) is "not understood":
 * the caller then decodes with babeltrace2 instead.
 *
 *   struct ctf_types *t = ctf_types_parse(text, end, why, size)   NULL: not understood (why)
 *   ctf_types_stream(t, stream_class_id)                         the stream class, or NULL
 *   ctf_types_destroy(t)                                         NULL-safe
 */
#ifndef HSATRACE_UNIFY_CTF_TYPE_H
#define HSATRACE_UNIFY_CTF_TYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum ctf_kind { CTF_INT, CTF_FLOAT, CTF_STRING, CTF_STRUCT, CTF_VARIANT, CTF_ARRAY,
		CTF_SEQUENCE };

struct ctf_range {
	char *label;
	int64_t lo, hi;		/* as the container reads: unsigned values cast */
};

struct ctf_type;

struct ctf_member {
	char *name;
	struct ctf_type *type;
	bool referenced;	/* a variant tag, a sequence length or an event id goes by its name */
	const char *key;	/* referenced: its name interned (see ctf_types_id_key) */
	/* > 0: this member and the run_len - 1 after it are walked in one step, run_bits
	 * from a position aligned to run_align (each of fixed size, none referenced) */
	size_t run_len;
	uint64_t run_bits;
	unsigned run_align;
};

struct ctf_type {
	enum ctf_kind kind;
	unsigned align;			/* bits */
	unsigned size;			/* int, float: bits */
	bool is_signed, big_endian, clock;	/* int: clock when mapped to a clock's value */
	struct ctf_range *ranges;	/* int: an enumeration's, NULL for a plain integer */
	size_t n_ranges;
	struct ctf_member *members;	/* struct fields, variant options */
	size_t n_members;
	char *ref;			/* variant: its tag; sequence: its length (last name) */
	const char *ref_key;		/* ref interned (see ctf_types_id_key) */
	struct ctf_type *elem;		/* array, sequence */
	uint64_t length;		/* array */
	/* > 0: the type is walked in one step, fixed_bits from a position aligned to
	 * fixed_align (no clock value, string, variant, sequence or referenced member in it) */
	uint64_t fixed_bits;
	unsigned fixed_align;
	bool fixed_measured;
};

struct ctf_event_class {
	uint64_t id;
	struct ctf_type *context, *fields;	/* NULL: none */
};

struct ctf_stream_class {
	uint64_t id;
	struct ctf_type *packet_context, *event_header, *event_context;
	struct ctf_event_class *events;
	size_t n_events;
	struct ctf_event_class **by_id;	/* events by id when ids are below n_by_id */
	size_t n_by_id;
};

struct ctf_types {
	bool big_endian;
	struct ctf_type *packet_header;
	struct ctf_stream_class *streams;
	size_t n_streams;
	struct ctf_type **all;		/* every type, owned here */
	size_t n_all;
	struct ctf_named *named;	/* typealias, struct/enum/variant names */
	size_t n_named;
};

struct ctf_types *ctf_types_parse(const char *text, const char *end, char *why,
				  size_t why_size);
const struct ctf_stream_class *ctf_types_stream(const struct ctf_types *t, uint64_t id);
/* Reference names are interned: equal names (a member's key, a type's ref_key) are one
 * pointer, so the walk matches them by pointer; "id" (the event id) is this one. */
extern const char ctf_types_id_key[];
void ctf_types_destroy(struct ctf_types *t);

#endif
