/*
 * tsdl_layout - where the fields of a packet header or packet context sit in a packet,
 * from their TSDL declaration: structures of integers (and fixed arrays of them) only, as
 * LTTng and babeltrace2 write them; anything else is "not understood" and the caller
 * falls back to decoding.
 *
 * The named types a declaration refers to (typealias names, `struct NAME`) are looked up
 * in a tsdl_decls table that the metadata merge fills as it goes.
 */
#ifndef HSATRACE_UNIFY_TSDL_LAYOUT_H
#define HSATRACE_UNIFY_TSDL_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

enum tsdl_decl_kind { TSDL_DECL_ALIAS, TSDL_DECL_STRUCT, TSDL_DECL_OTHER };

struct tsdl_decl {
	enum tsdl_decl_kind kind;
	char *name;		/* "uint32_t", "unsigned long", "packet_context" (struct) */
	char *def;		/* normalized: the aliased type, or the struct's body and align */
};

struct tsdl_decls {
	struct tsdl_decl *v;
	size_t n, cap;
};

int tsdl_decls_add(struct tsdl_decls *d, enum tsdl_decl_kind kind, const char *name,
		   const char *def);
const struct tsdl_decl *tsdl_decls_find(const struct tsdl_decls *d, enum tsdl_decl_kind kind,
					const char *name);
void tsdl_decls_release(struct tsdl_decls *d);

#define TSDL_LAYOUT_MAX_FIELDS 32

struct tsdl_field {
	char name[64];
	unsigned offset, size;	/* bits from the structure's start */
};

struct tsdl_layout {
	struct tsdl_field f[TSDL_LAYOUT_MAX_FIELDS];
	size_t n;
	unsigned size, align;	/* bits */
};

/* The layout of the structure type [type, end) (e.g. "struct packet_context" or
 * "struct { uint32_t magic; ... } align(8)"). 0, or -1 when it is not understood. */
int tsdl_layout_struct(const struct tsdl_decls *d, const char *type, const char *end,
		       struct tsdl_layout *out);

/* The field called `name`, or NULL. */
const struct tsdl_field *tsdl_layout_field(const struct tsdl_layout *l, const char *name);

/* Whether two layouts place the same fields at the same offsets with the same sizes. */
bool tsdl_layout_equal(const struct tsdl_layout *a, const struct tsdl_layout *b);

#endif
