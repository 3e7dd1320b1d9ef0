/*
 * view_kernel - linux-kernel.xml: the Linux kernel timeline from lttng-modules events.
 *
 * The state system of org.hsatrace.kernel.state is KERNEL_LAYOUT, written into the file.
 * Syscall events carry no tid: the thread is the one CPUs/<cpu>/current names.
 */
#include "generator/views.h"

#define KSTATE_RUNNING "1"
#define KSTATE_RUNNABLE "2"	/* preempted, or woken up and waiting for a CPU */
#define KSTATE_BLOCKED "3"
#define KSTATE_SYSCALL "4"
#define KSTATE_EXITED "5"

static const char KERNEL_LAYOUT[] =
	"    CPUs/<cpu>/current      Integer tid running on the CPU (written by sched_switch)\n"
	"    CPUs/<cpu>/thread       String name of the running thread, null when idle\n"
	"    CPUs/<cpu>/irq          String name of the IRQ handler running, softirq Integer vector\n"
	"    Threads/<tid>/state     Integer: " KSTATE_RUNNING " running, " KSTATE_RUNNABLE
	" preempted or runnable, " KSTATE_BLOCKED " blocked,\n"
	"                            " KSTATE_SYSCALL " in a system call, " KSTATE_EXITED " exited\n"
	"    Threads/<tid>/cpu       Integer CPU the thread runs on, null when not running\n"
	"    Threads/<tid>/syscall   String system call event name while inside one\n"
	"    Threads/<tid>/name      String command name\n"
	"    Threads/<tid>/hsa       stack of the HSA API functions the thread is in (UST events,\n"
	"                            vtid = tid when the program runs in the root pid namespace)\n";

#define KERNEL_ANALYSIS "org.hsatrace.kernel.state"
#define CURRENT_THREAD "Threads/?{CPUs/$cpu/current}"

/* if (state of prev != exited && prev_state <op> 0) state of prev := value */
static void switch_out(struct tc *tc, const char *op, const char *state)
{
	struct xml_writer *xw = tc->xw;

	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	xml_writer_start(xw, "and");
	tc_cond_path(tc, "ne", "Threads/$prev_tid/state", TC_INT(KSTATE_EXITED));
	tc_cond_field(tc, op, "prev_state", TC_LONG("0"));
	xml_writer_end(xw, "and");
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, "Threads/$prev_tid/state", TC_INT(state));
	xml_writer_end(xw, "then");
	xml_writer_end(xw, "stateChange");
}

static void sched_switch(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	tc_handler_start(tc, "sched_switch");
	switch_out(tc, "eq", KSTATE_RUNNABLE);
	switch_out(tc, "ne", KSTATE_BLOCKED);
	tc_change(tc, "Threads/$prev_tid/cpu", TC_NULL);
	tc_change(tc, "Threads/$prev_tid/name", TC_FIELD("prev_comm"));
	/* the thread coming in resumes its system call, if it was in one */
	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	tc_cond_path(tc, "eq", "Threads/$next_tid/syscall", TC_NULL);
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, "Threads/$next_tid/state", TC_INT(KSTATE_RUNNING));
	xml_writer_end(xw, "then");
	xml_writer_start(xw, "else");
	tc_change_body(tc, "Threads/$next_tid/state", TC_INT(KSTATE_SYSCALL));
	xml_writer_end(xw, "else");
	xml_writer_end(xw, "stateChange");
	tc_change(tc, "Threads/$next_tid/cpu", TC_FIELD("cpu"));
	tc_change(tc, "Threads/$next_tid/name", TC_FIELD("next_comm"));
	tc_change(tc, "CPUs/$cpu/current", TC_FIELD_AS("next_tid", "int"));
	/* tid 0 is the idle task: the CPU row stays empty */
	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	tc_cond_field(tc, "eq", "next_tid", TC_LONG("0"));
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, "CPUs/$cpu/thread", TC_NULL);
	xml_writer_end(xw, "then");
	xml_writer_start(xw, "else");
	tc_change_body(tc, "CPUs/$cpu/thread", TC_FIELD("next_comm"));
	xml_writer_end(xw, "else");
	xml_writer_end(xw, "stateChange");
	tc_handler_end(tc);
}

static void sched_wakeup(struct tc *tc, const char *event)
{
	struct xml_writer *xw = tc->xw;

	tc_handler_start(tc, event);
	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	tc_cond_path(tc, "ne", "Threads/$tid/state", TC_INT(KSTATE_RUNNING));
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, "Threads/$tid/state", TC_INT(KSTATE_RUNNABLE));
	xml_writer_end(xw, "then");
	xml_writer_end(xw, "stateChange");
	tc_change(tc, "Threads/$tid/name", TC_FIELD("comm"));
	tc_handler_end(tc);
}

static void sched_process(struct tc *tc)
{
	tc_handler_start(tc, "sched_process_fork");
	tc_change(tc, "Threads/$child_tid/state", TC_INT(KSTATE_RUNNABLE));
	tc_change(tc, "Threads/$child_tid/name", TC_FIELD("child_comm"));
	tc_handler_end(tc);

	tc_handler_start(tc, "sched_process_exec");
	tc_change(tc, "Threads/$tid/name", TC_FIELD("filename"));
	tc_handler_end(tc);

	tc_handler_start(tc, "sched_process_exit");
	tc_change(tc, "Threads/$tid/state", TC_INT(KSTATE_EXITED));
	tc_change(tc, "Threads/$tid/syscall", TC_NULL);
	tc_handler_end(tc);

	tc_handler_start(tc, "sched_process_free");
	tc_change(tc, "Threads/$tid/state", TC_NULL);
	tc_change(tc, "Threads/$tid/cpu", TC_NULL);
	tc_handler_end(tc);
}

static void syscalls(struct tc *tc)
{
	tc_handler_start(tc, "syscall_entry_*");
	tc_change(tc, CURRENT_THREAD "/syscall", TC_EVENT_NAME);
	tc_change(tc, CURRENT_THREAD "/state", TC_INT(KSTATE_SYSCALL));
	tc_handler_end(tc);

	tc_handler_start(tc, "syscall_exit_*");
	tc_change(tc, CURRENT_THREAD "/syscall", TC_NULL);
	tc_change(tc, CURRENT_THREAD "/state", TC_INT(KSTATE_RUNNING));
	tc_handler_end(tc);
}

static void interrupts(struct tc *tc)
{
	tc_handler_start(tc, "irq_handler_entry");
	tc_change(tc, "CPUs/$cpu/irq", TC_FIELD("name"));
	tc_handler_end(tc);
	tc_handler_start(tc, "irq_handler_exit");
	tc_change(tc, "CPUs/$cpu/irq", TC_NULL);
	tc_handler_end(tc);
	tc_handler_start(tc, "irq_softirq_entry");
	tc_change(tc, "CPUs/$cpu/softirq", TC_FIELD_AS("vec", "int"));
	tc_handler_end(tc);
	tc_handler_start(tc, "irq_softirq_exit");
	tc_change(tc, "CPUs/$cpu/softirq", TC_NULL);
	tc_handler_end(tc);
}

static void api_call(struct tc *tc, const char *entry, const char *exit)
{
	tc_handler_start(tc, entry);
	tc_change(tc, "Threads/$context._vtid/hsa",
		  &(struct tc_value){ .type = "eventField", .value = "function", .stack = "push" });
	tc_handler_end(tc);
	tc_handler_start(tc, exit);
	tc_change(tc, "Threads/$context._vtid/hsa",
		  &(struct tc_value){ .type = "null", .stack = "pop" });
	tc_handler_end(tc);
}

static void state_provider(struct tc *tc)
{
	views_analysis_start(tc, "stateProvider", KERNEL_ANALYSIS, KERNEL_LAYOUT,
			     "hsatrace: Linux kernel and HSA threads");
	sched_switch(tc);
	sched_wakeup(tc, "sched_wakeup");
	sched_wakeup(tc, "sched_wakeup_new");
	sched_process(tc);
	syscalls(tc);
	interrupts(tc);
	views_for_each_api_category(tc->cat, api_call, tc);
	xml_writer_end(tc->xw, "stateProvider");
}

static void threads_view(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	views_view_start(tc, "timeGraphView", "org.hsatrace.kernel.threads.view",
			 "hsatrace: threads (kernel state and HSA API)", KERNEL_ANALYSIS);
	tc_defined_value(tc, "running", KSTATE_RUNNING, "#118811");
	tc_defined_value(tc, "preempted or runnable", KSTATE_RUNNABLE, "#E0C000");
	tc_defined_value(tc, "blocked", KSTATE_BLOCKED, "#C8C8C8");
	tc_defined_value(tc, "in a system call", KSTATE_SYSCALL, "#0060D0");
	tc_defined_value(tc, "exited", KSTATE_EXITED, "#505050");
	views_named_entry_start(tc, "Threads/*", "state");
	views_leaf_entry(tc, "cpu", ".");
	views_leaf_entry(tc, "syscall", ".");
	views_leaf_entry(tc, "hsa", "1");
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "timeGraphView");
}

static void cpus_view(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	views_view_start(tc, "timeGraphView", "org.hsatrace.kernel.cpus.view",
			 "hsatrace: CPUs", KERNEL_ANALYSIS);
	tc_entry_start_text(tc, "CPUs/*", "thread");
	views_leaf_entry(tc, "irq", ".");
	views_leaf_entry(tc, "softirq", ".");
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "timeGraphView");
}

void view_write_kernel(struct tc *tc)
{
	state_provider(tc);
	threads_view(tc);
	cpus_view(tc);
}
