/*
 * hip/hip_runtime.h - the device side of HIP for CPU builds of kernels (`hsatrace kernels`,
 * docs/kernels.md). It comes first on the include path, so a program's .hip file compiles as
 * plain C++ (g++): kernels become functions called once per work-item, with threadIdx,
 * blockIdx, blockDim and gridDim read from the running item, __shared__ memory per workgroup,
 * __syncthreads() a real barrier (the items of a group that synchronizes run as fibers),
 * atomics, the usual math and printf. The host API is the system's hip_runtime_api.h: host
 * code is compiled (so that the kernels it launches are instantiated) but never runs.
 *
 * hsatrace kernels rewrites the source a little before: `k<<<...>>>(args)` becomes `k(args)`,
 * each __global__ definition starts with HSAT_KERNEL_SELF (which registers the kernel in the
 * object's table with a trampoline that unpacks the kernarg), and `extern __shared__ T v[]`
 * becomes `static hsat::dynamic_shared<T> v`.
 */
#ifndef HSAT_HIP_RUNTIME_H
#define HSAT_HIP_RUNTIME_H

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#define HSATRACE_CPU_KERNELS_BUILD 1

#if __has_include(<hip/hip_runtime_api.h>)
#include <hip/hip_runtime_api.h>
#else /* no HIP headers (Debian's libamdhip64-dev): enough for files of kernels only */
#include <cstdint>
struct dim3 {
	uint32_t x, y, z;
	constexpr dim3(uint32_t x_ = 1, uint32_t y_ = 1, uint32_t z_ = 1) : x(x_), y(y_), z(z_) {}
};
typedef int hipError_t;
typedef struct ihipStream_t *hipStream_t;
#endif

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#include <hsat_device.h>

/* --- qualifiers (host_defines.h made them empty) ------------------------------------ */
#undef __global__
#undef __device__
#undef __host__
#undef __forceinline__
#undef __noinline__
#undef __launch_bounds__
#undef __constant__
#undef __align__
#undef __shared__
#undef HIP_DYNAMIC_SHARED
#undef HIP_KERNEL_NAME
#undef HIP_SYMBOL
#define __global__ __attribute__((used))
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __constant__
#define __align__(n) alignas(n)
/* one copy per worker thread, which runs one workgroup at a time: per workgroup */
#define __shared__ static thread_local
#define HIP_DYNAMIC_SHARED(type, var) static ::hsat::dynamic_shared<type> var;
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(x) (&(x))

/* Host code is never run: a launch only instantiates the kernel. */
#define hipLaunchKernelGGL(kernel, grid, block, shared, stream, ...)                   \
	((void)(grid), (void)(block), (void)(shared), (void)(stream), (kernel)(__VA_ARGS__))

/* --- work-items ---------------------------------------------------------------------- */
#define threadIdx (::hsat_device_item->thread_idx)
#define blockIdx (::hsat_device_item->block_idx)
#define blockDim (::hsat_device_item->block_dim)
#define gridDim (::hsat_device_item->grid_dim)
#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)
#ifndef warpSize
#define warpSize 64
#endif

static inline void __syncthreads(void) { hsat_device_syncthreads(); }
static inline void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_block(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_system(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline long long clock64(void) { return (long long)__builtin_ia32_rdtsc(); }
static inline long long wall_clock64(void) { return (long long)__builtin_ia32_rdtsc(); }

/* --- atomics (real ones: workgroups run on several threads at once) -------------------- */
namespace hsat {
template <class T> using if_integer = std::enable_if_t<std::is_integral<T>::value, T>;

/* compare-and-swap loop for what the builtins do not offer (floats, min, max) */
template <class T, class Op> T atomic_update(T *address, Op op)
{
	T old, wanted;

	__atomic_load(address, &old, __ATOMIC_RELAXED);

	do
		wanted = op(old);
	while (!__atomic_compare_exchange(address, &old, &wanted, false, __ATOMIC_SEQ_CST,
					  __ATOMIC_RELAXED));
	return old;
}
} // namespace hsat

#define HSAT_ATOMIC_INTEGER(T)                                                         \
	static inline T atomicAdd(T *a, T v) { return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); } \
	static inline T atomicSub(T *a, T v) { return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); } \
	static inline T atomicAnd(T *a, T v) { return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); } \
	static inline T atomicOr(T *a, T v) { return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); }   \
	static inline T atomicXor(T *a, T v) { return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); } \
	static inline T atomicExch(T *a, T v) { return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); } \
	static inline T atomicMin(T *a, T v)                                           \
	{ return hsat::atomic_update(a, [v](T old) { return v < old ? v : old; }); }   \
	static inline T atomicMax(T *a, T v)                                           \
	{ return hsat::atomic_update(a, [v](T old) { return v > old ? v : old; }); }   \
	static inline T atomicCAS(T *a, T compare, T v)                                \
	{                                                                              \
		__atomic_compare_exchange_n(a, &compare, v, false, __ATOMIC_SEQ_CST,   \
					    __ATOMIC_SEQ_CST);                         \
		return compare;                                                        \
	}
HSAT_ATOMIC_INTEGER(int)
HSAT_ATOMIC_INTEGER(unsigned int)
HSAT_ATOMIC_INTEGER(unsigned long long)
HSAT_ATOMIC_INTEGER(long long)
HSAT_ATOMIC_INTEGER(unsigned long)
HSAT_ATOMIC_INTEGER(long)

#define HSAT_ATOMIC_FLOAT(T)                                                           \
	static inline T atomicAdd(T *a, T v)                                           \
	{ return hsat::atomic_update(a, [v](T old) { return old + v; }); }             \
	static inline T atomicSub(T *a, T v)                                           \
	{ return hsat::atomic_update(a, [v](T old) { return old - v; }); }             \
	static inline T atomicExch(T *a, T v)                                          \
	{ return hsat::atomic_update(a, [v](T) { return v; }); }                       \
	static inline T atomicMin(T *a, T v)                                           \
	{ return hsat::atomic_update(a, [v](T old) { return v < old ? v : old; }); }   \
	static inline T atomicMax(T *a, T v)                                           \
	{ return hsat::atomic_update(a, [v](T old) { return v > old ? v : old; }); }
HSAT_ATOMIC_FLOAT(float)
HSAT_ATOMIC_FLOAT(double)

static inline unsigned int atomicInc(unsigned int *a, unsigned int limit)
{
	return hsat::atomic_update(a, [limit](unsigned int old) { return old >= limit ? 0u : old + 1; });
}
static inline unsigned int atomicDec(unsigned int *a, unsigned int limit)
{
	return hsat::atomic_update(a, [limit](unsigned int old) {
		return old == 0 || old > limit ? limit : old - 1;
	});
}

/* --- math and bits ------------------------------------------------------------------- */
static inline int min(int a, int b) { return a < b ? a : b; }
static inline int max(int a, int b) { return a > b ? a : b; }
static inline unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
static inline unsigned int max(unsigned int a, unsigned int b) { return a > b ? a : b; }
static inline long long min(long long a, long long b) { return a < b ? a : b; }
static inline long long max(long long a, long long b) { return a > b ? a : b; }
static inline unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
static inline unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
static inline float min(float a, float b) { return fminf(a, b); }
static inline float max(float a, float b) { return fmaxf(a, b); }
static inline double min(double a, double b) { return fmin(a, b); }
static inline double max(double a, double b) { return fmax(a, b); }
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float __fdividef(float a, float b) { return a / b; }
/* glibc declares these names itself: macros, not functions */
#define __expf(x) expf(x)
#define __exp10f(x) exp10f(x)
#define __logf(x) logf(x)
#define __log2f(x) log2f(x)
#define __log10f(x) log10f(x)
#define __sinf(x) sinf(x)
#define __cosf(x) cosf(x)
#define __tanf(x) tanf(x)
#define __powf(a, b) powf(a, b)
static inline float __saturatef(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }
static inline float __fmul_rn(float a, float b) { return a * b; }
static inline float __fadd_rn(float a, float b) { return a + b; }
static inline float __fsqrt_rn(float x) { return sqrtf(x); }
static inline int __popc(unsigned int x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned int)x) : 32; }
static inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned int __brev(unsigned int x)
{
	unsigned int r = 0;

	for (int i = 0; i < 32; i++, x >>= 1)
		r = (r << 1) | (x & 1u);
	return r;
}
template <class T> static inline T __ldg(const T *p) { return *p; }

/* --- dynamic shared memory and kernel registration -------------------------------------- */
namespace hsat {
/* extern __shared__ T v[]: the running workgroup's dynamic group segment, as a T array */
template <class T> struct dynamic_shared {
	T *get() const { return static_cast<T *>(hsat_device_dynamic_shared()); }
	operator T *() const { return get(); }
	T &operator[](std::size_t i) const { return get()[i]; }
};

template <class Sig, Sig F> struct kernel;

/* The amdgcn kernarg layout of the explicit arguments: in order, each at its alignment. */
template <class... P> struct layout {
	static constexpr std::size_t count = sizeof...(P);
	static constexpr std::size_t sizes[count + 1] = { sizeof(P)..., 0 };
	static constexpr std::size_t aligns[count + 1] = { alignof(P)..., 1 };
	static constexpr std::size_t offset(std::size_t i)
	{
		std::size_t at = 0;

		for (std::size_t k = 0; k <= i; k++) {
			at = (at + aligns[k] - 1) / aligns[k] * aligns[k];
			if (k < i)
				at += sizes[k];
		}
		return at;
	}
	static constexpr std::size_t end() { return count ? offset(count - 1) + sizes[count - 1] : 0; }
};

template <class T> T load(const void *kernarg, std::size_t offset)
{
	T value;

	std::memcpy((void *)&value, static_cast<const char *>(kernarg) + offset, sizeof(T));
	return value;
}

/* hidden: only the kernels themselves are the object's names */
template <class... P, void (*F)(P...)> struct __attribute__((visibility("hidden"))) kernel<void (*)(P...), F> {
	using args_t = std::tuple<std::decay_t<P>...>;
	using lay = layout<std::decay_t<P>...>;

	template <std::size_t... I> static hsat_cpu_kernel_arg arg_at(std::size_t i, std::index_sequence<I...>)
	{
		const hsat_cpu_kernel_arg all[] = { { (uint32_t)lay::offset(I), (uint32_t)lay::sizes[I] }..., { 0, 0 } };
		return all[i];
	}
	static inline hsat_cpu_kernel_arg args[sizeof...(P) + 1] = {};

	static void run_item(void *packed) { std::apply(F, *static_cast<args_t *>(packed)); }

	template <std::size_t... I> static args_t unpack(const void *kernarg, std::index_sequence<I...>)
	{
		return args_t(load<std::decay_t<P>>(kernarg, lay::offset(I))...);
	}

	static void group_entry(const void *kernarg, const hsat_cpu_workitem *wi)
	{
		args_t packed = unpack(kernarg, std::index_sequence_for<P...>{});

		hsat_device_run_group(wi, run_item, &packed);
	}

	static bool add()
	{
		for (std::size_t i = 0; i < sizeof...(P); i++)
			args[i] = arg_at(i, std::index_sequence_for<P...>{});
		hsat_device_register((const void *)F, group_entry, (uint32_t)lay::end(),
				     (uint32_t)sizeof...(P), args);
		return true;
	}
	static inline const bool registered = add();
};
} // namespace hsat

/* The first statement of every __global__ definition (hsatrace kernels puts it there). */
#define HSAT_KERNEL_SELF(signature, function)                                          \
	(void)::hsat::kernel<void(*) signature, static_cast<void(*) signature>(function)>::registered

#endif /* HSAT_HIP_RUNTIME_H */
