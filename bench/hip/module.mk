# bench/hip: HIP copy and fill throughput, and the cost of an empty kernel launch, on the CPU
# runtime (run by bench/hip/run); built with hipcc when it is installed.
HIPCC ?= $(shell command -v hipcc 2>/dev/null)
BENCH_HIP := $(BUILD)/bench/hip/hip_transfers
BENCH_HIP_LAUNCH := $(BUILD)/bench/hip/hip_launch
BENCH_HIP_LAUNCH_KERNELS := $(BUILD)/bench/hip/hip_launch_kernels.so

ifneq ($(HIPCC),)
PROGRAMS += $(BENCH_HIP) $(BENCH_HIP_LAUNCH) $(BENCH_HIP_LAUNCH_KERNELS)

$(BENCH_HIP): bench/hip/hip_transfers.hip
	mkdir -p $(@D) && $(HIPCC) --offload-arch=gfx906 -O2 -Wall -Werror -o $@ $<

$(BENCH_HIP_LAUNCH): bench/hip/hip_launch.hip
	mkdir -p $(@D) && $(HIPCC) --offload-arch=gfx906 -O2 -Wall -Werror -o $@ $<

# the empty kernel's CPU build (HSATRACE_CPU_KERNELS), plain C
$(BENCH_HIP_LAUNCH_KERNELS): $(BUILD)/obj/bench/hip/hip_launch_kernels.o
	$(link-so)
endif
