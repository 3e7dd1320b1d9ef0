/*
 * mva_solve - the model's MVA solver on a network given on the command line, for the tests
 * that compare it with an independent solver (tests/model/02-octave.t):
 *
 *     mva_solve CLASSES STATIONS "N..." "SERVERS..." "Z..." "D..."
 *
 * N: customers per class; SERVERS: per station, >= 1, possibly fractional (a capacity:
 * rate min(j, SERVERS) / D with j customers); Z: think time per class; D: demands per
 * cycle, class by class (CLASSES x STATIONS), seconds. Prints each class's throughput.
 * Exit 0, 1 when the solver refuses the network, 2 on bad arguments.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/model/mva.h"

/* Reads n numbers from the space-separated list s into out; 0, or -1 when they are not. */
static int numbers(const char *s, size_t n, double *out)
{
	char *end;

	for (size_t i = 0; i < n; i++) {
		out[i] = strtod(s, &end);
		if (end == s)
			return -1;
		s = end;
	}
	while (*s == ' ')
		s++;
	return *s ? -1 : 0;
}

int main(int argc, char **argv)
{
	size_t C, K;
	double *n = NULL, *m = NULL, *z = NULL, *d = NULL;
	unsigned *pop = NULL, *servers = NULL;
	enum mva_kind *kind = NULL;
	struct mva_result res = { 0 };
	struct mva_net net;
	char err[256];
	int ret = 2;

	if (argc != 7 || (C = strtoul(argv[1], NULL, 10)) == 0 ||
	    (K = strtoul(argv[2], NULL, 10)) == 0) {
		fprintf(stderr, "usage: mva_solve CLASSES STATIONS \"N...\" \"SERVERS...\" "
			"\"Z...\" \"D...\"\n");
		return 2;
	}
	n = calloc(C, sizeof(*n));
	z = calloc(C, sizeof(*z));
	m = calloc(K, sizeof(*m));
	d = calloc(C * K, sizeof(*d));
	pop = calloc(C, sizeof(*pop));
	servers = calloc(K, sizeof(*servers));
	kind = calloc(K, sizeof(*kind));
	if (!n || !z || !m || !d || !pop || !servers || !kind)
		goto end;
	if (numbers(argv[3], C, n) || numbers(argv[4], K, m) || numbers(argv[5], C, z) ||
	    numbers(argv[6], C * K, d)) {
		fprintf(stderr, "mva_solve: bad number list\n");
		goto end;
	}
	for (size_t c = 0; c < C; c++)
		pop[c] = (unsigned)n[c];
	for (size_t k = 0; k < K; k++)
		servers[k] = (unsigned)ceil(m[k]);
	net = (struct mva_net){ K, C, kind, servers, d, z, pop, 0, m };
	ret = 1;
	if (mva_result_init(&res, &net) || mva_solve(&net, &res, err, sizeof(err))) {
		fprintf(stderr, "mva_solve: %s\n", err);
		goto end;
	}
	for (size_t c = 0; c < C; c++)
		printf("%.12g%c", res.throughput[c], c + 1 < C ? ' ' : '\n');
	ret = 0;
end:
	mva_result_release(&res);
	free(n);
	free(z);
	free(m);
	free(d);
	free(pop);
	free(servers);
	free(kind);
	return ret;
}
