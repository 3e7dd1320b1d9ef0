# traces-samples/apps: the sample HSA programs and their code objects for the CPU runtime.
#
# Programs link against the HSA runtime found at link time (Debian's ROCr); at run time
# LD_LIBRARY_PATH=$(B_LIB)/cpu-runtime picks hsatrace's CPU runtime instead. Each program
# takes its code object's path as its first argument: $(B_LIB)/samples/<program>_kernels.so.
SAMPLES_DIR := $(B_LIB)/samples
SAMPLE_NAMES := vector_copy matmul_pipeline multi_thread error_path
SAMPLE_PROGRAMS := $(addprefix $(SAMPLES_DIR)/,$(SAMPLE_NAMES))
SAMPLE_CODE_OBJECTS := $(addsuffix _kernels.so,$(SAMPLE_PROGRAMS))
SAMPLE_UTIL_OBJ := $(BUILD)/obj/traces-samples/apps/sample_util.o

PROGRAMS += $(SAMPLE_PROGRAMS) $(SAMPLE_CODE_OBJECTS)
INSTALL_RULES += install-samples

$(SAMPLE_PROGRAMS): $(SAMPLES_DIR)/%: $(BUILD)/obj/traces-samples/apps/%.o $(SAMPLE_UTIL_OBJ)
	$(link-exe) -lhsa-runtime64 -lm

$(SAMPLE_CODE_OBJECTS): $(SAMPLES_DIR)/%_kernels.so: $(BUILD)/obj/traces-samples/apps/%_kernels.o
	$(link-so)

.PHONY: samples install-samples
samples: $(SAMPLE_PROGRAMS) $(SAMPLE_CODE_OBJECTS)

install-samples: $(SAMPLE_PROGRAMS) $(SAMPLE_CODE_OBJECTS)
	install -d $(DESTDIR)$(PREFIX)/lib/hsatrace/samples
	install -m 755 $(SAMPLE_PROGRAMS) $(DESTDIR)$(PREFIX)/lib/hsatrace/samples/
	install -m 644 $(SAMPLE_CODE_OBJECTS) $(DESTDIR)$(PREFIX)/lib/hsatrace/samples/

# The HIP programs have their own rules (a third level, below the Makefile's include glob).
include traces-samples/apps/hip/module.mk
