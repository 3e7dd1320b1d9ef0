/*
 * model_device - what the trace says of one device (a GPU agent or the copy engine): how many
 * calls it runs at once, how much longer a call runs when others overlap it, its launch
 * latency, and the demand of each call once overlap is taken out.
 *
 * Estimation (docs/model.md, "Multiplicity"): the calls' intervals [begin, end) give the
 * busy time (their union) and the mean concurrency while busy c = sum(exec) / union. Calls
 * of a name that ran both alone and overlapped give the sharing factor r = mean overlapped /
 * mean alone (clamped to [1, c]). A device whose overlapped calls do not slow down (r < 1.2)
 * has as many servers as the most calls seen at once; one whose calls share it has
 * round(c / r) servers (1 when they share it fully, as the CPU runtime's worker pool does).
 * A call's demand is its execution time, divided by r when it overlapped others.
 */
#ifndef HSAT_MODEL_DEVICE_H
#define HSAT_MODEL_DEVICE_H

#include <stddef.h>

#include "analyses/model/model.h"
#include "analyses/model/model_trace.h"

struct model_device {
	unsigned servers;
	double sharing;		/* r */
	double concurrency;	/* c */
	double launch_s;	/* mean submit-to-begin when the device was idle at submission */
	double busy_s;		/* union of the calls' intervals */
	size_t calls;
	char how[160];
};

/*
 * Estimates dev from the work rows items[0..n) (indexes into t->work, all complete, on one
 * device) and writes each row's demand (seconds) into demand_s[row index in t->work].
 * Returns 0, or -1 when out of memory.
 */
int model_device_estimate(const struct model_trace *t, const size_t *items, size_t n,
			  double *demand_s, struct model_device *dev);

#endif
