/*
 * aperture.c - see aperture.h. The aperture is one PROT_NONE reservation made at the first
 * lock and never unmapped (a stale agent address then stays recognisably foreign, and no
 * allocation can land on it): 64 GiB, or less where the address space is limited (under
 * valgrind, or a ulimit -v); where not even 64 MiB can be reserved, locked memory keeps its
 * host address as its agent address (as before; HIP's hipHostUnregister then aborts). Agent
 * ranges are page-granular, kept sorted by address in an array and placed first fit, so the
 * ranges of ROCclr's per-transfer locks are reused.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "runtime/aperture.h"
#include "runtime/fork.h"
#include "runtime/runtime.h"

#define APERTURE_MAX (64ull << 30) /* bytes of agent addresses tried first */
#define APERTURE_MIN (64ull << 20) /* the least worth having */
#define PAGE 4096u

struct agent_range {
	uintptr_t agent; /* page-aligned start inside the aperture */
	size_t span;     /* bytes, a multiple of PAGE */
	uintptr_t host;  /* the host address of agent's first byte */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic uintptr_t aperture; /* base of the reservation, 0 until the first lock */
static size_t aperture_size;       /* its bytes, set before aperture */
static bool unreserved;            /* no reservation could be made: agent = host address */
static struct agent_range *ranges;
static size_t count, capacity;
static atomic_size_t live; /* count, readable without the lock */

void hsat_aperture_at_fork(enum hsat_fork_phase phase)
{
	hsat_fork_mutex(&lock, phase);
}

static bool inside(uintptr_t p)
{
	uintptr_t base = atomic_load_explicit(&aperture, memory_order_acquire);

	return base && p - base < aperture_size;
}

/* Under the lock: the reservation, tried once, the largest that can be had. */
static bool reserve_locked(void)
{
	if (aperture || unreserved)
		return aperture != 0;
	for (size_t size = APERTURE_MAX; size >= APERTURE_MIN; size /= 4) {
		void *base = mmap(NULL, size, PROT_NONE,
				  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

		if (base != MAP_FAILED) {
			aperture_size = size;
			atomic_store_explicit(&aperture, (uintptr_t)base, memory_order_release);
			return true;
		}
	}
	unreserved = true;
	hsat_debug("no address range for locked memory: its agent address is its host address");
	return false;
}

/* Under the lock: index of the range holding p, or -1. */
static long find_locked(uintptr_t p)
{
	size_t lo = 0, hi = count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p < ranges[mid].agent)
			hi = mid;
		else if (p >= ranges[mid].agent + ranges[mid].span)
			lo = mid + 1;
		else
			return (long)mid;
	}
	return -1;
}

/* Under the lock: where a span fits first (its index in the sorted array and its start). */
static bool place_locked(size_t span, size_t *index, uintptr_t *start)
{
	uintptr_t next = aperture, end = aperture + aperture_size;

	for (size_t i = 0; i <= count; i++) {
		uintptr_t limit = i < count ? ranges[i].agent : end;

		if (limit - next >= span) {
			*index = i;
			*start = next;
			return true;
		}
		if (i < count)
			next = ranges[i].agent + ranges[i].span;
	}
	return false;
}

static bool grow_locked(void)
{
	size_t wanted = capacity ? 2 * capacity : 16;
	struct agent_range *bigger;

	if (count < capacity)
		return true;
	bigger = realloc(ranges, wanted * sizeof(*ranges));
	if (!bigger)
		return false;
	ranges = bigger;
	capacity = wanted;
	return true;
}

hsa_status_t hsat_aperture_map(void *host, size_t size, void **agent)
{
	uintptr_t page_offset = (uintptr_t)host % PAGE, start = 0;
	size_t span, index = 0;
	hsa_status_t status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;

	if (size > APERTURE_MAX)
		return status;
	span = (page_offset + size + PAGE - 1) / PAGE * PAGE;
	pthread_mutex_lock(&lock);
	if (!reserve_locked()) { /* the host address, which the emulated GPU reaches as is */
		*agent = host;
		status = HSA_STATUS_SUCCESS;
	} else if (span <= aperture_size && grow_locked() && place_locked(span, &index, &start)) {
		memmove(&ranges[index + 1], &ranges[index], (count - index) * sizeof(*ranges));
		ranges[index] = (struct agent_range){ start, span, (uintptr_t)host - page_offset };
		atomic_store(&live, ++count);
		*agent = (void *)(start + page_offset);
		status = HSA_STATUS_SUCCESS;
	}
	pthread_mutex_unlock(&lock);
	return status;
}

bool hsat_aperture_unmap(void *agent)
{
	long i;

	if (!inside((uintptr_t)agent))
		return false;
	pthread_mutex_lock(&lock);
	i = find_locked((uintptr_t)agent);
	if (i >= 0 && ranges[i].agent == (uintptr_t)agent / PAGE * PAGE) {
		memmove(&ranges[i], &ranges[i + 1], (count - (size_t)i - 1) * sizeof(*ranges));
		atomic_store(&live, --count);
	} else {
		i = -1;
	}
	pthread_mutex_unlock(&lock);
	return i >= 0;
}

void hsat_aperture_unmap_all(void)
{
	pthread_mutex_lock(&lock);
	free(ranges);
	ranges = NULL;
	count = capacity = 0;
	atomic_store(&live, 0);
	pthread_mutex_unlock(&lock);
}

bool hsat_aperture_in_use(void)
{
	return atomic_load_explicit(&live, memory_order_relaxed) != 0;
}

/* Under the lock: the host address of [p, p+size) inside the aperture, or 0. */
static uintptr_t host_locked(uintptr_t p, size_t size)
{
	long i = find_locked(p);

	if (i < 0 || size > ranges[i].agent + ranges[i].span - p)
		return 0;
	return ranges[i].host + (p - ranges[i].agent);
}

void *hsat_aperture_host(const void *ptr, size_t size)
{
	uintptr_t host;

	if (!inside((uintptr_t)ptr))
		return (void *)ptr;
	pthread_mutex_lock(&lock);
	host = host_locked((uintptr_t)ptr, size);
	pthread_mutex_unlock(&lock);
	return (void *)host;
}

void hsat_aperture_translate_words(void *words, size_t size)
{
	char *bytes = words;

	pthread_mutex_lock(&lock);
	for (size_t at = 0; at + sizeof(uint64_t) <= size; at += sizeof(uint64_t)) {
		uint64_t word, host;

		memcpy(&word, bytes + at, sizeof(word));
		if (!inside((uintptr_t)word))
			continue;
		host = host_locked((uintptr_t)word, 1);
		if (host)
			memcpy(bytes + at, &host, sizeof(host));
	}
	pthread_mutex_unlock(&lock);
}
