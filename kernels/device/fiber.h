/*
 * fiber - stacks and the x86-64 context switch the work-items of a synchronizing workgroup
 * run on. A switch saves the callee-saved registers, the SSE and x87 control words and the
 * stack pointer, and loads another's: no system call (glibc's swapcontext makes one, a
 * sigprocmask, per switch: bench/kernels measures both).
 */
#ifndef HSAT_KERNELS_FIBER_H
#define HSAT_KERNELS_FIBER_H

#include <stdbool.h>
#include <stddef.h>

struct hsat_fiber {
	void *sp;          /* saved stack pointer while not running */
	void *stack;       /* mapping: a guard page, then the stack; NULL until first used */
	size_t stack_size; /* of the mapping */
	size_t color;      /* bytes left unused at the top: fibers' frames in different cache sets */
};

/* Saves the running context into *save_sp and continues the one saved in to_sp. */
void hsat_fiber_switch(void **save_sp, void *to_sp);

/* Makes the fiber start entry() at the next switch to it (entry must never return: it ends
 * by switching away). Its stack is mapped at the first use and kept; false if it cannot be. */
bool hsat_fiber_prepare(struct hsat_fiber *fiber, void (*entry)(void));

/* Unmaps the fiber's stack. */
void hsat_fiber_release(struct hsat_fiber *fiber);

/* Bytes of one fiber stack: HSATRACE_FIBER_STACK_KB (16..65536), default 128 KiB. Pages are
 * only committed when touched. */
size_t hsat_fiber_stack_size(void);

#endif
