/*
 * kernel_layout - the lttng-modules events (and their payload fields) that the Linux kernel
 * view reads. lttng-modules names its events without a provider prefix and its fields
 * without the ftrace "pid" spelling: tids are `tid`, `prev_tid`, `next_tid`, `child_tid`
 * (instrumentation/events/sched.h, irq.h of lttng-modules 2.x). System calls are
 * `syscall_entry_<name>` / `syscall_exit_<name>` (the exit carries `ret`); the view matches
 * them with a trailing `*`, the only wildcard Trace Compass matches the same way in every
 * version, so the catalog holds the two prefixes as pseudo-events with the fields every
 * member has.
 */
#include <string.h>

#include "generator/catalog.h"

struct kernel_event {
	const char *name;
	const char *fields[10];
};

static const struct kernel_event kernel_events[] = {
	{ "sched_switch", { "prev_comm", "prev_tid", "prev_prio", "prev_state",
			    "next_comm", "next_tid", "next_prio" } },
	{ "sched_wakeup", { "comm", "tid", "prio", "target_cpu" } },
	{ "sched_wakeup_new", { "comm", "tid", "prio", "target_cpu" } },
	{ "sched_process_fork", { "parent_comm", "parent_tid", "parent_pid", "child_comm",
				  "child_tid", "child_pid" } },
	{ "sched_process_exec", { "filename", "tid", "old_tid" } },
	{ "sched_process_exit", { "comm", "tid", "prio" } },
	{ "sched_process_free", { "comm", "tid", "prio" } },
	{ "irq_handler_entry", { "irq", "name" } },
	{ "irq_handler_exit", { "irq", "ret" } },
	{ "irq_softirq_entry", { "vec" } },
	{ "irq_softirq_exit", { "vec" } },
	{ "syscall_entry_*", { NULL } },
	{ "syscall_exit_*", { "ret" } },
};

/* lttng-modules writes command names, file and IRQ handler names as strings, the rest of
 * these fields as integers. */
static const char *kernel_field_type(const char *field)
{
	size_t len = strlen(field);

	if ((len >= 4 && strcmp(field + len - 4, "comm") == 0) ||
	    strcmp(field, "filename") == 0 || strcmp(field, "name") == 0)
		return "string";
	return "integer";
}

int catalog_load_kernel_layout(struct catalog *cat)
{
	for (size_t i = 0; i < sizeof(kernel_events) / sizeof(kernel_events[0]); i++) {
		const struct kernel_event *k = &kernel_events[i];
		struct catalog_event *ev = catalog_add_event(cat, k->name, CATALOG_KERNEL);

		if (!ev)
			return -1;
		for (size_t f = 0; f < sizeof(k->fields) / sizeof(k->fields[0]) && k->fields[f]; f++)
			if (catalog_add_field(ev, k->fields[f], kernel_field_type(k->fields[f]),
					      "") < 0)
				return -1;
	}
	return 0;
}
