#include "analyses/common/bt_probe.h"

#include <stdio.h>

#include <babeltrace2/babeltrace.h>

#include "analyses/common/bt_error_text.h"

static const bt_plugin *ctf_plugin;

static const bt_component_class_source *fs_class(void)
{
	if (!ctf_plugin &&
	    bt_plugin_find("ctf", BT_TRUE, BT_FALSE, BT_TRUE, BT_TRUE, BT_FALSE, &ctf_plugin) !=
		    BT_PLUGIN_FIND_STATUS_OK)
		ctf_plugin = NULL;
	return ctf_plugin ? bt_plugin_borrow_source_component_class_by_name_const(ctf_plugin, "fs")
			  : NULL;
}

bool bt_probe_trace_opens(const char *dir)
{
	const bt_component_class_source *fs = fs_class();
	bt_graph *g = bt_graph_create(0);
	bt_value *params = bt_value_map_create(), *inputs = NULL;
	bool ok = false;

	if (fs && g && params &&
	    bt_value_map_insert_empty_array_entry(params, "inputs", &inputs) == 0 &&
	    bt_value_array_append_string_element(inputs, dir) == 0)
		ok = bt_graph_add_source_component(g, fs, "probe", params, BT_LOGGING_LEVEL_NONE,
						   NULL) == BT_GRAPH_ADD_COMPONENT_STATUS_OK;
	bt_value_put_ref(params);
	bt_graph_put_ref(g);
	return ok;
}

bool bt_probe_trace_opens_quietly(const char *dir)
{
	bool ok = bt_probe_trace_opens(dir);

	if (!ok)
		bt_current_thread_clear_error();
	return ok;
}

void bt_probe_warn_refused(const char *prog, const char *dir)
{
	char causes[2048];

	bt_error_text_take(causes, sizeof(causes));
	fprintf(stderr, "%s: warning: trace cannot be opened whole, reading its streams one by "
		"one: path=%s%s%s\n", prog, dir, causes[0] ? "\n  cause: " : "", causes);
}

void bt_probe_release(void)
{
	BT_PLUGIN_PUT_REF_AND_RESET(ctf_plugin);
}
