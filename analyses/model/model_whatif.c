/*
 * model_whatif - the --what-if K=V changes (see model.h, docs/model.md):
 *   threads=N or threads=CLASS:N   threads of a class (default: the class with the most)
 *   gpu-speed=X, copy-speed=X      device demands divided by X (> 0)
 *   cpus=N, gpus=N, queues=N       host cores, GPU agents, queues per GPU (N >= 1)
 *   workers=N                      dispatches a GPU runs at once; on the CPU runtime its
 *                                  workers (HSATRACE_CPU_WORKERS, model_workers.c)
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/model/model.h"
#include "cmdline/number_option.h"

#define WHATIF_MAX_COUNT 100000u

void model_whatif_init(struct model_whatif *w)
{
	memset(w, 0, sizeof(*w));
	w->gpu_speed = 1.0;
	w->copy_speed = 1.0;
}

static int parse_count(const char *s, unsigned *out)
{
	unsigned long v;

	if (cmd_parse_number(s, 1, WHATIF_MAX_COUNT, &v) != 0)
		return -1;
	*out = (unsigned)v;
	return 0;
}

static int parse_factor(const char *s, double *out)
{
	char *end;
	double v;

	if (!*s)
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || !isfinite(v) || v <= 0.0)
		return -1;
	*out = v;
	return 0;
}

static int parse_threads(struct model_whatif *w, const char *v)
{
	const char *colon = strrchr(v, ':');

	w->threads_class[0] = '\0';
	if (colon) {
		size_t len = (size_t)(colon - v);

		if (!len || len >= sizeof(w->threads_class))
			return -1;
		memcpy(w->threads_class, v, len);
		w->threads_class[len] = '\0';
		v = colon + 1;
	}
	if (parse_count(v, &w->threads))
		return -1;
	w->threads_set = 1;
	return 0;
}

int model_whatif_parse(struct model_whatif *w, const char *arg, char *err, size_t err_size)
{
	const char *eq = strchr(arg, '=');
	char key[32];
	const char *v;
	int bad;

	if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof(key)) {
		snprintf(err, err_size, "--what-if '%s': expected KEY=VALUE (threads, gpu-speed, "
			 "copy-speed, cpus, gpus, queues, workers)", arg);
		return -1;
	}
	memcpy(key, arg, (size_t)(eq - arg));
	key[eq - arg] = '\0';
	v = eq + 1;
	if (strcmp(key, "threads") == 0)
		bad = parse_threads(w, v);
	else if (strcmp(key, "gpu-speed") == 0)
		bad = parse_factor(v, &w->gpu_speed);
	else if (strcmp(key, "copy-speed") == 0)
		bad = parse_factor(v, &w->copy_speed);
	else if (strcmp(key, "cpus") == 0)
		bad = parse_count(v, &w->cpus);
	else if (strcmp(key, "gpus") == 0)
		bad = parse_count(v, &w->gpus);
	else if (strcmp(key, "queues") == 0)
		bad = parse_count(v, &w->queues);
	else if (strcmp(key, "workers") == 0)
		bad = parse_count(v, &w->workers);
	else {
		snprintf(err, err_size, "--what-if: unknown key '%s' (threads, gpu-speed, "
			 "copy-speed, cpus, gpus, queues, workers)", key);
		return -1;
	}
	if (bad) {
		snprintf(err, err_size, "--what-if %s: bad value '%s' (%s)", key, v,
			 strcmp(key, "threads") == 0 ? "[CLASS:]N, N from 1 to 100000" :
			 strstr(key, "speed") ? "a factor > 0" : "an integer from 1 to 100000");
		return -1;
	}
	w->changes++;
	return 0;
}
