#include "analyses/common/bt_probe.h"

#include <babeltrace2/babeltrace.h>

bool bt_probe_trace_opens(const char *dir)
{
	const bt_plugin *ctf = NULL;
	const bt_component_class_source *fs = NULL;
	bt_graph *g = bt_graph_create(0);
	bt_value *params = bt_value_map_create(), *inputs = NULL;
	bool ok = false;

	if (g && params &&
	    bt_plugin_find("ctf", BT_TRUE, BT_FALSE, BT_TRUE, BT_TRUE, BT_FALSE, &ctf) ==
		    BT_PLUGIN_FIND_STATUS_OK &&
	    (fs = bt_plugin_borrow_source_component_class_by_name_const(ctf, "fs")) &&
	    bt_value_map_insert_empty_array_entry(params, "inputs", &inputs) == 0 &&
	    bt_value_array_append_string_element(inputs, dir) == 0)
		ok = bt_graph_add_source_component(g, fs, "probe", params, BT_LOGGING_LEVEL_NONE,
						   NULL) == BT_GRAPH_ADD_COMPONENT_STATUS_OK;
	bt_value_put_ref(params);
	bt_graph_put_ref(g);
	bt_plugin_put_ref(ctf);
	return ok;
}

bool bt_probe_trace_opens_quietly(const char *dir)
{
	bool ok = bt_probe_trace_opens(dir);

	if (!ok)
		bt_current_thread_clear_error();
	return ok;
}
