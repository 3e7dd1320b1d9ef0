/*
 * switch_bench.c - the cost of one context switch between two fibers: the device library's
 * hand-written x86-64 switch (kernels/device/fiber.c) against glibc's swapcontext, measured
 * side by side in one run (ping-pong: main -> fiber -> main is two switches).
 *
 *   switch_bench [ROUNDS]      (default 2000000)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <ucontext.h>

#include "kernels/device/fiber.h"

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* --- the device library's switch --- */
static struct hsat_fiber fiber;
static void *main_sp;

static void fiber_loop(void)
{
	for (;;)
		hsat_fiber_switch(&fiber.sp, main_sp);
}

static double own_switch_ns(long rounds)
{
	uint64_t begin;

	if (!hsat_fiber_prepare(&fiber, fiber_loop))
		return -1;
	hsat_fiber_switch(&main_sp, fiber.sp); /* first entry */
	begin = now_ns();
	for (long i = 0; i < rounds; i++)
		hsat_fiber_switch(&main_sp, fiber.sp);
	return (double)(now_ns() - begin) / (2.0 * (double)rounds);
}

/* --- glibc --- */
static ucontext_t main_context, loop_context;

static void context_loop(void)
{
	for (;;)
		swapcontext(&loop_context, &main_context);
}

static double swapcontext_ns(long rounds)
{
	static char stack[64 * 1024];
	uint64_t begin;

	getcontext(&loop_context);
	loop_context.uc_stack.ss_sp = stack;
	loop_context.uc_stack.ss_size = sizeof(stack);
	loop_context.uc_link = NULL;
	makecontext(&loop_context, context_loop, 0);
	swapcontext(&main_context, &loop_context);
	begin = now_ns();
	for (long i = 0; i < rounds; i++)
		swapcontext(&main_context, &loop_context);
	return (double)(now_ns() - begin) / (2.0 * (double)rounds);
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 2000000;
	double own, glibc;

	if (rounds <= 0) {
		fprintf(stderr, "usage: switch_bench [ROUNDS]\n");
		return 2;
	}
	own = own_switch_ns(rounds);
	glibc = swapcontext_ns(rounds);
	if (own < 0) {
		fprintf(stderr, "switch_bench: no fiber stack\n");
		return 1;
	}
	printf("context switch, %ld round trips each:\n", rounds);
	printf("  hsat_fiber_switch (hand-written)  %8.1f ns per switch\n", own);
	printf("  glibc swapcontext                 %8.1f ns per switch  (%.1fx)\n", glibc,
	       glibc / own);
	return 0;
}
