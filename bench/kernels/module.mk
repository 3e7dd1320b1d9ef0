# bench/kernels: what CPU builds of HIP kernels cost (run by bench/kernels/run): the fiber
# switch against glibc's swapcontext, and __syncthreads per work-item through the CPU runtime.
BENCH_KERNELS_DIR := $(BUILD)/bench/kernels
BENCH_SWITCH := $(BENCH_KERNELS_DIR)/switch_bench
BENCH_BARRIER := $(BENCH_KERNELS_DIR)/barrier_bench
BENCH_BARRIER_KERNELS := $(BENCH_KERNELS_DIR)/barrier_kernels.so
PROGRAMS += $(BENCH_SWITCH) $(BENCH_BARRIER) $(BENCH_BARRIER_KERNELS)
# read before kernels/ and runtime/ define their variables: the paths themselves
BENCH_DEVICE_LIB := $(B_LIB)/libhsat-device.a
BENCH_KERNELS_CMD := $(B_LIBEXEC)/hsatrace-kernels
BENCH_RUNTIME_LIB := $(B_LIB)/cpu-runtime/libhsa-runtime64.so.1
# all three headers a CPU build includes (kernels/module.mk's DEVICE_HEADERS, not yet defined)
BENCH_DEVICE_HEADERS := $(addprefix $(B_SHARE)/kernels/include/,hip/hip_runtime.h hsat_device.h \
	hsat_cpu_kernel.h)

# the fiber code as users' CPU builds get it: the unsanitized device library
$(BENCH_SWITCH): $(BUILD)/obj/bench/kernels/switch_bench.o $(BENCH_DEVICE_LIB)
	$(link-exe)

$(BENCH_BARRIER): $(BUILD)/obj/bench/kernels/barrier_bench.o \
		$(BUILD)/obj/traces-samples/apps/sample_util.o $(BENCH_RUNTIME_LIB)
	$(link-exe) $(BENCH_RUNTIME_LIB) -Wl,-rpath,'$$ORIGIN/../../lib/hsatrace/cpu-runtime'

$(BENCH_BARRIER_KERNELS): bench/kernels/barrier_kernels.hip $(BENCH_KERNELS_CMD) \
		$(BENCH_DEVICE_LIB) $(BENCH_DEVICE_HEADERS)
	mkdir -p $(@D) && $(BENCH_KERNELS_CMD) $< -o $@
