# traces-samples/apps/hip: HIP programs (host side only) that check what Debian's libamdhip64
# (ROCclr) does on an HSA runtime: device properties, memory, streams and events, and a
# kernel run from its CPU build (hip_square). Built with
# hipcc for the ISA the CPU runtime reports (gfx906) when hipcc is installed; without it they
# are not built and their tests skip. Never sanitized (clang's sanitizers are not gcc's): the
# tests preload gcc's libasan when they run them on a sanitized CPU runtime.
HIPCC ?= $(shell command -v hipcc 2>/dev/null)
HIP_OFFLOAD_ARCH := gfx906
HIP_SAMPLE_NAMES := hip_device hip_memory hip_streams hip_square
# programs whose kernels run from CPU builds that `hsatrace kernels` writes from their source
HIP_KERNEL_SAMPLE_NAMES := vector_add matmul_tiled reduction
HIP_SAMPLE_NAMES += $(HIP_KERNEL_SAMPLE_NAMES)
HIP_SAMPLES_DIR := $(SAMPLES_DIR)/hip

ifneq ($(HIPCC),)
HIP_SAMPLE_PROGRAMS := $(addprefix $(HIP_SAMPLES_DIR)/,$(HIP_SAMPLE_NAMES))
PROGRAMS += $(HIP_SAMPLE_PROGRAMS)

$(HIP_SAMPLE_PROGRAMS): $(HIP_SAMPLES_DIR)/%: traces-samples/apps/hip/%.hip \
		traces-samples/apps/hip/hip_check.h
	mkdir -p $(@D) && $(HIPCC) --offload-arch=$(HIP_OFFLOAD_ARCH) -O2 -Wall -Werror -o $@ $<

# hip_square's and hip_streams' kernels for the CPU runtime (HSATRACE_CPU_KERNELS), plain C
HIP_SQUARE_KERNELS := $(HIP_SAMPLES_DIR)/hip_square_kernels.so
HIP_STREAMS_KERNELS := $(HIP_SAMPLES_DIR)/hip_streams_kernels.so
PROGRAMS += $(HIP_SQUARE_KERNELS) $(HIP_STREAMS_KERNELS)
$(HIP_SQUARE_KERNELS): $(BUILD)/obj/traces-samples/apps/hip/hip_square_kernels.o
	$(link-so)
$(HIP_STREAMS_KERNELS): $(BUILD)/obj/traces-samples/apps/hip/hip_streams_kernels.o
	$(link-so)

# their CPU builds, NAME.kernels.so, by the hsatrace kernels of this tree
HIP_KERNEL_BUILDS := $(patsubst %,$(HIP_SAMPLES_DIR)/%.kernels.so,$(HIP_KERNEL_SAMPLE_NAMES))
PROGRAMS += $(HIP_KERNEL_BUILDS)
$(HIP_KERNEL_BUILDS): $(HIP_SAMPLES_DIR)/%.kernels.so: traces-samples/apps/hip/%.hip \
		traces-samples/apps/hip/hip_check.h $(KERNELS_CMD) $(DEVICE_LIB) $(DEVICE_HEADERS)
	mkdir -p $(@D) && $(KERNELS_CMD) $< -o $@
endif

.PHONY: hip-samples
hip-samples: $(HIP_SAMPLE_PROGRAMS) $(HIP_SQUARE_KERNELS) $(HIP_STREAMS_KERNELS) $(HIP_KERNEL_BUILDS)
