/*
 * model_device - multiplicity, sharing and launch latency of a device (see model_device.h).
 */
#include "analyses/model/model_device.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Distinct call names compared alone and overlapped; more are left out of the ratio. */
#define MODEL_DEVICE_NAMES 256
#define MODEL_DEVICE_NO_SLOWDOWN 1.2
#define MODEL_DEVICE_LOOKBACK 64

struct span {
	int64_t submit, begin, end;
	const char *name;
	size_t row;
	int overlapped;
};

struct name_stat {
	const char *name;
	double alone_sum, overlapped_sum;
	size_t alone, overlapped;
};

static int by_begin(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	return x->begin < y->begin ? -1 : x->begin > y->begin;
}

static int by_time(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

/* The most calls running at once: a sweep over begins (+1) and ends (-1, first on ties). */
static unsigned max_concurrency(const struct span *s, size_t n)
{
	int64_t *ev = malloc(2 * n * sizeof(*ev));
	unsigned best = n ? 1 : 0, now = 0;

	if (!ev)
		return best;
	for (size_t i = 0; i < n; i++) {
		ev[2 * i] = s[i].begin * 2 + 1;	/* odd: a begin, after an end at the same time */
		ev[2 * i + 1] = s[i].end * 2;
	}
	qsort(ev, 2 * n, sizeof(*ev), by_time);
	for (size_t i = 0; i < 2 * n; i++) {
		if (ev[i] & 1) {
			if (++now > best)
				best = now;
		} else if (now) {
			now--;
		}
	}
	free(ev);
	return best;
}

/* Marks the calls another one overlaps; returns the union of the intervals (ns). */
static double mark_overlaps(struct span *s, size_t n)
{
	int64_t max_end = INT64_MIN, cover_begin = 0, cover_end = INT64_MIN;
	double busy = 0.0;

	for (size_t i = 0; i < n; i++) {
		if (max_end > s[i].begin)
			s[i].overlapped = 1;
		if (i + 1 < n && s[i + 1].begin < s[i].end)
			s[i].overlapped = 1;
		if (s[i].end > max_end)
			max_end = s[i].end;
		if (s[i].begin > cover_end) {
			if (cover_end > cover_begin)
				busy += (double)(cover_end - cover_begin);
			cover_begin = s[i].begin;
			cover_end = s[i].end;
		} else if (s[i].end > cover_end) {
			cover_end = s[i].end;
		}
	}
	if (n && cover_end > cover_begin)
		busy += (double)(cover_end - cover_begin);
	return busy;
}

/* r: per name, mean overlapped / mean alone, weighted by the overlapped calls; 0 if unknown. */
static double sharing_ratio(const struct span *s, size_t n)
{
	struct name_stat *st = calloc(MODEL_DEVICE_NAMES, sizeof(*st));
	size_t names = 0;
	double weighted = 0.0, weight = 0.0;

	if (!st)
		return 0.0;
	for (size_t i = 0; i < n; i++) {
		size_t k;
		double exec = (double)(s[i].end - s[i].begin);

		for (k = 0; k < names && strcmp(st[k].name, s[i].name) != 0; k++)
			;
		if (k == names) {
			if (names == MODEL_DEVICE_NAMES)
				continue;
			st[names++].name = s[i].name;
		}
		if (s[i].overlapped) {
			st[k].overlapped_sum += exec;
			st[k].overlapped++;
		} else {
			st[k].alone_sum += exec;
			st[k].alone++;
		}
	}
	for (size_t k = 0; k < names; k++) {
		double alone;

		if (!st[k].alone || !st[k].overlapped)
			continue;
		alone = st[k].alone_sum / st[k].alone;
		if (alone <= 0.0)
			continue;
		weighted += (st[k].overlapped_sum / alone);
		weight += st[k].overlapped;
	}
	free(st);
	return weight > 0.0 ? weighted / weight : 0.0;
}

/* Mean submit-to-begin of the calls submitted while no other call ran (else the least). */
static double launch_latency(const struct span *s, size_t n)
{
	double sum = 0.0, least = INFINITY;
	size_t count = 0;

	for (size_t i = 0; i < n; i++) {
		double wait = (double)(s[i].begin - s[i].submit);
		int busy = 0;

		if (wait < 0.0)
			wait = 0.0;
		if (wait < least)
			least = wait;
		/* s is sorted by begin: look back over the calls begun before this one (the last
		 * MODEL_DEVICE_LOOKBACK, to stay linear) for one running at its submission */
		for (size_t j = i; j-- > 0 && i - j <= MODEL_DEVICE_LOOKBACK && !busy;)
			busy = s[j].begin < s[i].submit && s[j].end > s[i].submit;
		if (!busy) {
			sum += wait;
			count++;
		}
	}
	if (count)
		return sum / count / 1e9;
	return n ? least / 1e9 : 0.0;
}

int model_device_estimate(const struct model_trace *t, const size_t *items, size_t n,
			  double *demand_s, struct model_device *dev)
{
	struct span *s = calloc(n ? n : 1, sizeof(*s));
	double exec_sum = 0.0, r;
	unsigned peak;

	memset(dev, 0, sizeof(*dev));
	if (!s)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const struct model_work *w = MODEL_AT(t->work, struct model_work, items[i]);

		s[i] = (struct span){ w->submit_ns, w->begin_ns, w->end_ns, w->name, items[i], 0 };
		exec_sum += (double)(w->end_ns - w->begin_ns);
	}
	qsort(s, n, sizeof(*s), by_begin);
	dev->calls = n;
	dev->busy_s = mark_overlaps(s, n) / 1e9;
	dev->concurrency = dev->busy_s > 0.0 ? exec_sum / 1e9 / dev->busy_s : 1.0;
	peak = max_concurrency(s, n);
	r = sharing_ratio(s, n);
	if (dev->concurrency < 1.05) {
		r = 1.0;
		dev->servers = 1;
		snprintf(dev->how, sizeof(dev->how), "its calls never overlapped: 1");
	} else if (r <= 0.0) {
		r = dev->concurrency;
		dev->servers = 1;
		snprintf(dev->how, sizeof(dev->how),
			 "calls overlapped (%.2f at once while busy) but none ran alone to "
			 "compare: assumed shared, 1", dev->concurrency);
	} else {
		if (r < 1.0)
			r = 1.0;
		if (r > dev->concurrency)
			r = dev->concurrency;
		dev->servers = r < MODEL_DEVICE_NO_SLOWDOWN ? peak :
			       (unsigned)fmax(1.0, round(dev->concurrency / r));
		snprintf(dev->how, sizeof(dev->how),
			 "%.2f calls at once while busy, %.2fx slower when overlapped: %u",
			 dev->concurrency, r, dev->servers);
	}
	dev->sharing = r;
	dev->launch_s = launch_latency(s, n);
	for (size_t i = 0; i < n; i++)
		demand_s[s[i].row] = (double)(s[i].end - s[i].begin) / 1e9 /
				     (s[i].overlapped ? r : 1.0);
	free(s);
	return 0;
}
