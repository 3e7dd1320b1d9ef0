/*
 * ir_copy - deep copies of babeltrace2 field classes and field values into another trace
 * class, so events of many input traces can be written as one output trace.
 *
 * A struct fc_copy_scope describes the input field class roots a field path may point to
 * (packet context, event common context, event specific context, payload); copies of
 * length and selector field classes are found through `map` (input fc -> output fc),
 * filled as classes are copied. One scope lives as long as its input stream class.
 */
#ifndef HSATRACE_UNIFY_IR_COPY_H
#define HSATRACE_UNIFY_IR_COPY_H

#include <babeltrace2/babeltrace.h>

#include "analyses/common/ptrmap.h"

struct fc_copy_scope {
	bt_trace_class *out_tc;
	const bt_field_class *in_roots[4]; /* indexed by bt_field_path_scope */
	struct ptrmap map;                 /* const bt_field_class * -> bt_field_class * */
};

void fc_copy_scope_init(struct fc_copy_scope *scope, bt_trace_class *out_tc);
void fc_copy_scope_release(struct fc_copy_scope *scope);

/* A new reference to a copy of `in` in scope->out_tc, or NULL (unsupported or no memory). */
bt_field_class *fc_copy(struct fc_copy_scope *scope, const bt_field_class *in);

/* Copies the value of `in` into `out`, which has a class copied from in's. 0 or -1. */
int field_copy(const bt_field *in, bt_field *out);

#endif
