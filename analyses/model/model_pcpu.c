/*
 * model_pcpu - the process's CPU per cycle over a window (see model_pcpu.h).
 */
#include "analyses/model/model_pcpu.h"

/* The first and last cycles of m whose wait returned in [from_ns, to_ns] with the process
 * clock; SIZE_MAX in *first when there is none. */
static void bounding_samples(const struct model *m, int64_t from_ns, int64_t to_ns,
			     size_t *first, size_t *last)
{
	const struct model_cycle *cy = m->cycles.items;

	*first = *last = SIZE_MAX;
	for (size_t i = 0; i < m->cycles.count; i++) {
		if (!cy[i].has_process_cpu || cy[i].end_ns < from_ns || cy[i].end_ns > to_ns)
			continue;
		if (*first == SIZE_MAX || cy[i].end_ns < cy[*first].end_ns)
			*first = i;
		if (*last == SIZE_MAX || cy[i].end_ns > cy[*last].end_ns)
			*last = i;
	}
}

void model_pcpu_window(const struct model *m, int64_t from_ns, int64_t to_ns,
		       struct model_pcpu *acc)
{
	const struct model_cycle *cy = m->cycles.items;
	size_t a, b, cycles = 0;

	bounding_samples(m, from_ns, to_ns, &a, &b);
	if (a == SIZE_MAX || cy[b].end_ns <= cy[a].end_ns ||
	    cy[b].process_cpu_ns <= cy[a].process_cpu_ns)
		return;
	for (size_t i = 0; i < m->cycles.count; i++) {
		if (cy[i].end_ns <= cy[a].end_ns || cy[i].end_ns > cy[b].end_ns)
			continue;
		cycles++;
		acc->host_s += cy[i].host_s;
	}
	if (!acc->cycles)
		acc->first_ns = cy[a].end_ns;
	acc->last_ns = cy[b].end_ns;
	acc->cpu_s += (double)(cy[b].process_cpu_ns - cy[a].process_cpu_ns) / 1e9;
	acc->span_s += (double)(cy[b].end_ns - cy[a].end_ns) / 1e9;
	acc->cycles += cycles;
}
