/*
 * out_path - where the output of `hsatrace unify` may go: never inside one of its inputs
 * (a later unify of that input would read the output back and double every event), and no
 * input inside the output; nor is an input given twice (the same folder, or one inside
 * another: the search below each would find its traces twice).
 */
#ifndef HSATRACE_UNIFY_OUT_PATH_H
#define HSATRACE_UNIFY_OUT_PATH_H

#include <stddef.h>

/* 0 when `out` and every one of `inputs` are apart; else -1 after a message naming both.
 * An input that does not exist is left for the input search to report. */
int out_path_check(const char *out, const char *const *inputs, size_t n_inputs);

/* 0 when the inputs and the counter passes (one list after the other) are all apart; else -1
 * after a message naming the two that are not. Inputs that do not exist are left out. */
int out_path_inputs_apart(const char *const *inputs, size_t n_inputs, const char *const *passes,
			  size_t n_passes);

#endif
