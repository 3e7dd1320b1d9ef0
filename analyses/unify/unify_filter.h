/*
 * unify_filter - the babeltrace2 filter component class at the heart of `hsatrace unify`.
 *
 * It has one input port per upstream (source) output port and one output port. Its message
 * iterator merges all upstream messages in time order (ns from origin; a message without a
 * time takes its upstream's last one) and, by mode:
 *   UNIFY_COLLECT: hands every event to a gpu_store and outputs nothing (first pass);
 *   UNIFY_WRITE:   rewrites every message onto the single output trace (out_trace) and
 *                  inserts the hsa_gpu:* events synthesized from the gpu_store at their
 *                  GPU times, on streams of their own.
 * An upstream that fails (corrupted or truncated data) is reported and dropped; its
 * streams are closed at the end so the output stays a valid trace.
 */
#ifndef HSATRACE_UNIFY_FILTER_H
#define HSATRACE_UNIFY_FILTER_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

#include "analyses/unify/gpu_store.h"

enum unify_mode { UNIFY_COLLECT, UNIFY_WRITE };

struct unify_env_entry {
	const char *name;
	const char *value;
};

/* What happened, for the final report. Filled by the filter, owned by the caller. */
struct unify_counts {
	uint64_t events_in;
	uint64_t events_out;		/* including synthesized */
	uint64_t synthesized;
	uint64_t discarded_events;	/* as reported by the tracer */
	uint64_t discarded_packets;
	uint64_t clamped;		/* out-of-order timestamps moved forward */
	uint64_t failed_streams;	/* upstreams that stopped on an error */
	uint64_t copy_failures;		/* events that could not be copied, skipped */
};

struct unify_params {
	enum unify_mode mode;
	uint64_t n_inputs;		/* input ports; 0: one more each time one is connected */
	struct gpu_store *gpu;
	struct unify_counts *counts;
	const struct unify_env_entry *env;	/* extra environment entries (write mode) */
	size_t n_env;
	/* write mode: only the synthesized hsa_gpu events (and the output's environment and
	 * clock from the inputs' first messages); copy_path copies the inputs' packets. */
	bool gpu_only;
	/* gpu_only: which input ports (in connection order) read a copied trace; the others'
	 * events are re-encoded as well. NULL: every input is copied. Set by pass_run from
	 * copied_traces (one flag per trace path). */
	const bool *copied_traces;
	const bool *copied_ports;
	/* Names the stream an upstream port reads ("file=PATH") in warnings; may be NULL. */
	void (*describe)(const bt_port_output *upstream, char *buf, size_t size, void *data);
	void *describe_data;
};

/* A new reference to the component class; initialize-method data: struct unify_params *. */
bt_component_class_filter *unify_filter_class_create(void);

/* The methods, for the babeltrace2 plugin (plugin.c), which sets components up itself:
 * unify_filter_setup() copies `params` and releases `owner` with release_owner() when the
 * component is finalized. */
int unify_filter_setup(bt_self_component_filter *self, const struct unify_params *params,
		       void *owner, void (*release_owner)(void *owner));
void unify_filter_finalize(bt_self_component_filter *self);
bt_component_class_port_connected_method_status
unify_filter_input_port_connected(bt_self_component_filter *self,
				  bt_self_component_port_input *self_port,
				  const bt_port_output *other_port);
bt_message_iterator_class_initialize_method_status
unify_filter_iter_init(bt_self_message_iterator *self,
		       bt_self_message_iterator_configuration *config,
		       bt_self_component_port_output *port);
void unify_filter_iter_finalize(bt_self_message_iterator *self);
bt_message_iterator_class_next_method_status
unify_filter_next(bt_self_message_iterator *self, bt_message_array_const msgs, uint64_t capacity,
		  uint64_t *count);

#endif
