/* fiber.c - see fiber.h. */
#include "kernels/device/fiber.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define DEFAULT_STACK_KB 128
#define GUARD_BYTES 4096

/* System V x86-64: rbx, rbp, r12-r15 are callee-saved, and so are MXCSR's control bits and
 * the x87 control word. The frame a switch leaves on the stack, from the saved sp up:
 * [mxcsr, fpucw] r15 r14 r13 r12 rbx rbp return-address. */
__asm__(".text\n"
	".globl hsat_fiber_switch\n"
	".hidden hsat_fiber_switch\n"
	".type hsat_fiber_switch, @function\n"
	"hsat_fiber_switch:\n"
	"	pushq %rbp\n"
	"	pushq %rbx\n"
	"	pushq %r12\n"
	"	pushq %r13\n"
	"	pushq %r14\n"
	"	pushq %r15\n"
	"	subq $8, %rsp\n"
	"	stmxcsr (%rsp)\n"
	"	fnstcw 4(%rsp)\n"
	"	movq %rsp, (%rdi)\n"
	"	movq %rsi, %rsp\n"
	"	ldmxcsr (%rsp)\n"
	"	fldcw 4(%rsp)\n"
	"	addq $8, %rsp\n"
	"	popq %r15\n"
	"	popq %r14\n"
	"	popq %r13\n"
	"	popq %r12\n"
	"	popq %rbx\n"
	"	popq %rbp\n"
	"	ret\n"
	".size hsat_fiber_switch, .-hsat_fiber_switch\n"
	/* A new fiber's first switch returns here with entry in r12 and rsp 16-byte aligned. */
	".type hsat_fiber_start, @function\n"
	"hsat_fiber_start:\n"
	"	callq *%r12\n"
	"	ud2\n"
	".size hsat_fiber_start, .-hsat_fiber_start\n");

void hsat_fiber_start(void);

size_t hsat_fiber_stack_size(void)
{
	static size_t bytes;

	if (!bytes) {
		const char *text = getenv("HSATRACE_FIBER_STACK_KB");
		long kb = text ? strtol(text, NULL, 10) : DEFAULT_STACK_KB;

		if (kb < 16 || kb > 65536)
			kb = DEFAULT_STACK_KB;
		bytes = (size_t)kb * 1024;
	}
	return bytes;
}

static bool map_stack(struct hsat_fiber *fiber)
{
	size_t size = hsat_fiber_stack_size() + GUARD_BYTES;
	void *stack = mmap(NULL, size, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);

	if (stack == MAP_FAILED)
		return false;
	if (mprotect(stack, GUARD_BYTES, PROT_NONE) != 0) { /* an overflow faults, never corrupts */
		munmap(stack, size);
		return false;
	}
	fiber->stack = stack;
	fiber->stack_size = size;
	return true;
}

bool hsat_fiber_prepare(struct hsat_fiber *fiber, void (*entry)(void))
{
	uint64_t *top;
	uint32_t control[2];

	if (!fiber->stack && !map_stack(fiber))
		return false;
	top = (uint64_t *)((char *)fiber->stack + fiber->stack_size - (fiber->color & ~(size_t)15));
	/* the switch's ret pops the start address at top - 24: rsp is then top - 16, 16-byte
	 * aligned for hsat_fiber_start's call, as the ABI wants it before a call */
	top -= 3;
	top[0] = (uint64_t)(uintptr_t)hsat_fiber_start;
	top[1] = top[2] = 0;
	top -= 6; /* r15 r14 r13 r12 rbx rbp */
	memset(top, 0, 6 * sizeof(*top));
	top[3] = (uint64_t)(uintptr_t)entry; /* r12 */
	top -= 1;
	__asm__("stmxcsr %0\n\tfnstcw %1" : "=m"(control[0]), "=m"(control[1]));
	memcpy(top, control, sizeof(control));
	fiber->sp = top;
	return true;
}

void hsat_fiber_release(struct hsat_fiber *fiber)
{
	if (fiber->stack)
		munmap(fiber->stack, fiber->stack_size);
	fiber->stack = NULL;
	fiber->stack_size = 0;
}
