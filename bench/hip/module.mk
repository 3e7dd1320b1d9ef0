# bench/hip: HIP copy and fill throughput on the CPU runtime (run by bench/hip/run); built
# with hipcc when it is installed.
HIPCC ?= $(shell command -v hipcc 2>/dev/null)
BENCH_HIP := $(BUILD)/bench/hip/hip_transfers

ifneq ($(HIPCC),)
PROGRAMS += $(BENCH_HIP)

$(BENCH_HIP): bench/hip/hip_transfers.hip
	mkdir -p $(@D) && $(HIPCC) --offload-arch=gfx906 -O2 -Wall -Werror -o $@ $<
endif
