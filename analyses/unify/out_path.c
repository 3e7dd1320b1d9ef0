#include "analyses/unify/out_path.h"

#include "analyses/common/path_within.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int out_path_check(const char *out, const char *const *inputs, size_t n_inputs)
{
	char out_abs[PATH_MAX], in_abs[PATH_MAX];

	if (path_resolve(out, out_abs) != 0)
		return 0;
	for (size_t i = 0; i < n_inputs; i++) {
		if (!realpath(inputs[i], in_abs))
			continue;
		if (path_is_within(out_abs, in_abs)) {
			fprintf(stderr, "hsatrace unify: the output must not be inside an input (a "
				"later unify of that input would read it back): output=%s input=%s\n",
				out, inputs[i]);
			return -1;
		}
		if (path_is_within(in_abs, out_abs)) {
			fprintf(stderr, "hsatrace unify: an input must not be inside the output: "
				"output=%s input=%s\n", out, inputs[i]);
			return -1;
		}
	}
	return 0;
}

/* The i-th path of the inputs followed by the passes. */
static const char *nth_path(const char *const *inputs, size_t n_inputs,
			    const char *const *passes, size_t i)
{
	return i < n_inputs ? inputs[i] : passes[i - n_inputs];
}

/* Whether the input b (resolved into b_abs) is a_abs or one is inside the other: said. */
static bool given_twice(const char *a, const char *a_abs, const char *b, char *b_abs)
{
	if (!realpath(b, b_abs) || (!path_is_within(a_abs, b_abs) && !path_is_within(b_abs, a_abs)))
		return false;
	fprintf(stderr, "hsatrace unify: an input is given twice (%s: its events would be "
		"written twice): first=%s second=%s\n",
		strcmp(a_abs, b_abs) == 0 ? "the same folder" : "one inside the other", a, b);
	return true;
}

int out_path_inputs_apart(const char *const *inputs, size_t n_inputs, const char *const *passes,
			  size_t n_passes)
{
	char a_abs[PATH_MAX], b_abs[PATH_MAX];
	size_t n = n_inputs + n_passes;

	for (size_t i = 0; i < n; i++) {
		const char *a = nth_path(inputs, n_inputs, passes, i);

		if (!realpath(a, a_abs))
			continue;
		for (size_t j = i + 1; j < n; j++)
			if (given_twice(a, a_abs, nth_path(inputs, n_inputs, passes, j), b_abs))
				return -1;
	}
	return 0;
}
