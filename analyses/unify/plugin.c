/*
 * The babeltrace2 plugin `hsatrace` with the filter component class `unify`, so the unify
 * filter can be used from the babeltrace2 CLI (--plugin-path) and in any graph:
 *
 *   babeltrace2 --plugin-path=lib/hsatrace/babeltrace2 run \
 *     --component=src:source.ctf.fs --params='inputs=["TRACE"]' \
 *     --component=unify:filter.hsatrace.unify --params='inputs=["TRACE"]' \
 *     --component=out:sink.ctf.fs --params='path="OUT",assume-single-trace=true' \
 *     --connect=src:unify --connect=unify:out
 *
 * Parameters (all optional):
 *   inputs         the traces (or folders above them) of the base run: their GPU activity
 *                  records are read first, to materialize hsa_gpu:* events; without it the
 *                  filter only merges its inputs onto one trace
 *   counters-from  counter passes whose counters are attached to the base run's dispatches
 * The component has one free input port at any time; what it did is reported on stderr
 * when it is finalized.
 */
#include <stdio.h>
#include <stdlib.h>

#include <babeltrace2/babeltrace.h>

#include "analyses/unify/job.h"
#include "analyses/unify/pass.h"
#include "analyses/unify/unify_filter.h"
#include "analyses/common/version.h"

BT_PLUGIN_MODULE();
BT_PLUGIN(hsatrace);
BT_PLUGIN_DESCRIPTION("hsatrace: HSA (ROCr) GPU programs in Trace Compass");
BT_PLUGIN_LICENSE("MIT");

/* What a plugin-made component owns besides the filter state. */
struct plugin_state {
	struct unify_job job;
	struct unify_counts counts;
};

static void release_state(void *owner)
{
	struct plugin_state *ps = owner;
	const struct unify_counts *c = &ps->counts;

	fprintf(stderr, "filter.hsatrace.unify: %llu events in, %llu out (%llu synthesized), "
		"%llu discarded by the tracer, %llu timestamps moved forward, %llu streams "
		"failed\n", (unsigned long long)c->events_in, (unsigned long long)c->events_out,
		(unsigned long long)c->synthesized, (unsigned long long)c->discarded_events,
		(unsigned long long)c->clamped, (unsigned long long)c->failed_streams);
	unify_job_release(&ps->job);
	pass_cleanup();
	free(ps);
}

/* The strings of an optional array-of-strings parameter, borrowed from `params`. */
static const char **string_array(const bt_value *params, const char *key, size_t *n)
{
	const bt_value *v = params ? bt_value_map_borrow_entry_value_const(params, key) : NULL;
	const char **out;

	*n = 0;
	if (!v)
		return calloc(1, sizeof(*out));
	if (bt_value_is_string(v)) {
		out = calloc(2, sizeof(*out));
		if (out)
			out[(*n)++] = bt_value_string_get(v);
		return out;
	}
	if (!bt_value_is_array(v))
		return NULL;
	out = calloc(bt_value_array_get_length(v) + 1, sizeof(*out));
	for (uint64_t i = 0; out && i < bt_value_array_get_length(v); i++) {
		const bt_value *e = bt_value_array_borrow_element_by_index_const(v, i);

		if (!bt_value_is_string(e)) {
			free(out);
			return NULL;
		}
		out[(*n)++] = bt_value_string_get(e);
	}
	return out;
}

static int prepare(bt_self_component_filter *self, struct plugin_state *ps,
		   const bt_value *params)
{
	size_t n_inputs, n_passes;
	const char **inputs = string_array(params, "inputs", &n_inputs);
	const char **passes = string_array(params, "counters-from", &n_passes);
	int ret = -1;

	if (!inputs || !passes) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			bt_self_component_filter_as_self_component(self),
			"Failed to read the parameters: `inputs` and `counters-from` must be "
			"strings or arrays of strings: inputs-is-valid=%d, counters-from-is-valid=%d",
			inputs != NULL, passes != NULL);
		goto cleanup;
	}
	if (n_inputs + n_passes > 0 &&
	    (unify_job_find(&ps->job, inputs, n_inputs, passes, n_passes) != 0 ||
	     unify_job_collect(&ps->job, stderr) != 0)) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			bt_self_component_filter_as_self_component(self),
			"Failed to read the GPU activity records of the inputs: inputs=%zu, "
			"counters-from=%zu", n_inputs, n_passes);
		goto cleanup;
	}
	ret = 0;
cleanup:
	pass_release_kept();	/* this filter reads the inputs through the user's graph */
	free(inputs);
	free(passes);
	return ret;
}

static bt_component_class_initialize_method_status
plugin_unify_init(bt_self_component_filter *self, bt_self_component_filter_configuration *config,
		  const bt_value *params, void *init_data)
{
	struct plugin_state *ps = calloc(1, sizeof(*ps));
	struct unify_params p = { .mode = UNIFY_WRITE, .n_inputs = 0 };

	(void)config;
	(void)init_data;
	if (!ps)
		return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_MEMORY_ERROR;
	unify_job_init(&ps->job);
	if (prepare(self, ps, params) != 0) {
		release_state(ps);
		return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
	}
	if (unify_job_env(&ps->job, HSATRACE_VERSION, NULL, 0) != 0) {
		release_state(ps);
		return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_MEMORY_ERROR;
	}
	unify_job_warn_versions(&ps->job, stderr);
	p.gpu = &ps->job.gpu;
	p.counts = &ps->counts;
	p.env = ps->job.env;
	p.n_env = ps->job.n_env;
	/* From here on the component owns ps, even when setup fails (finalize releases it). */
	if (unify_filter_setup(self, &p, ps, release_state) != 0)
		return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
	return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_OK;
}

BT_PLUGIN_FILTER_COMPONENT_CLASS(unify, unify_filter_next);
BT_PLUGIN_FILTER_COMPONENT_CLASS_DESCRIPTION(unify,
	"Merge traces onto one, in time order, with HSA GPU activity as hsa_gpu:* events");
BT_PLUGIN_FILTER_COMPONENT_CLASS_HELP(unify,
	"Parameters: inputs (traces of the base run, to materialize GPU activity), "
	"counters-from (counter passes). See hsatrace-unify(1).");
BT_PLUGIN_FILTER_COMPONENT_CLASS_INITIALIZE_METHOD(unify, plugin_unify_init);
BT_PLUGIN_FILTER_COMPONENT_CLASS_FINALIZE_METHOD(unify, unify_filter_finalize);
BT_PLUGIN_FILTER_COMPONENT_CLASS_INPUT_PORT_CONNECTED_METHOD(unify,
	unify_filter_input_port_connected);
BT_PLUGIN_FILTER_COMPONENT_CLASS_MESSAGE_ITERATOR_CLASS_INITIALIZE_METHOD(unify,
	unify_filter_iter_init);
BT_PLUGIN_FILTER_COMPONENT_CLASS_MESSAGE_ITERATOR_CLASS_FINALIZE_METHOD(unify,
	unify_filter_iter_finalize);
