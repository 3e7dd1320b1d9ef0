# tests/runtime: C tests of the CPU HSA runtime. They link the runtime itself (rpath to the
# build tree), and load test_kernels.so, a code object built from tests/runtime/test_kernels.c.
RUNTIME_TESTS := dispatch signals packets executables tools profiling memory_errors counters \
	amdgcn_objects \
	stress barrier_errors fork locked_memory copy_engines workgroups
RUNTIME_TEST_BINS := $(patsubst %,$(BUILD)/tests/runtime/%.t,$(RUNTIME_TESTS))
RUNTIME_TEST_KERNELS := $(BUILD)/tests/runtime/test_kernels.so

RUNTIME_TEST_TOOLS := $(BUILD)/tests/runtime/test_tool.so $(BUILD)/tests/runtime/test_tool_dependent.so

TEST_PROGRAMS += $(RUNTIME_TEST_BINS) $(RUNTIME_TEST_KERNELS) $(RUNTIME_TEST_TOOLS)

$(BUILD)/tests/runtime/%.t: $(BUILD)/obj/tests/runtime/%.o $(RUNTIME_LIB)
	$(link-exe) $(RUNTIME_LIB) -Wl,-rpath,'$$ORIGIN/../../lib/hsatrace/cpu-runtime'

$(RUNTIME_TEST_KERNELS): $(BUILD)/obj/tests/runtime/test_kernels.o
	$(link-so)

# The metadata reader on its own (its functions are not exported by the runtime).
RUNTIME_METADATA_TEST := $(BUILD)/tests/runtime/amdgcn_metadata.t
TEST_PROGRAMS += $(RUNTIME_METADATA_TEST)
$(RUNTIME_METADATA_TEST): $(BUILD)/obj/tests/runtime/amdgcn_metadata.o \
		$(BUILD)/obj/runtime/amdgcn_metadata.o
	$(link-exe)

# HIP kernels for workgroups.t, built from their source by this tree's hsatrace kernels
RUNTIME_TEST_HIP_KERNELS := $(BUILD)/tests/runtime/workgroup_kernels.so
TEST_PROGRAMS += $(RUNTIME_TEST_HIP_KERNELS)
$(RUNTIME_TEST_HIP_KERNELS): tests/runtime/workgroup_kernels.hip $(KERNELS_CMD) $(DEVICE_LIB) \
		$(DEVICE_HEADERS)
	mkdir -p $(@D) && $(KERNELS_CMD) $< -o $@

$(BUILD)/tests/runtime/test_tool.so: $(BUILD)/obj/tests/runtime/test_tool.o
	$(link-so) -Wl,-soname,test_tool.so

# Links the tool, so dlsym(handle, "OnLoad") finds the tool's OnLoad through the dependency.
$(BUILD)/tests/runtime/test_tool_dependent.so: $(BUILD)/obj/tests/runtime/test_tool_dependent.o \
		$(BUILD)/tests/runtime/test_tool.so
	$(link-so) $(BUILD)/tests/runtime/test_tool.so -Wl,-rpath,'$$ORIGIN'

# Just the runtime and its tests: make BUILD=build/san SANITIZE=1 runtime-tests
.PHONY: runtime-tests
runtime-tests: $(RUNTIME_LIB) $(RUNTIME_TEST_BINS) $(RUNTIME_TEST_KERNELS) $(RUNTIME_TEST_TOOLS) \
	$(RUNTIME_TEST_HIP_KERNELS) $(RUNTIME_METADATA_TEST)

# ThreadSanitizer run of the runtime tests, in build/tsan (not part of `make check`):
#   make check-runtime-tsan
.PHONY: check-runtime-tsan
check-runtime-tsan:
	@$(MAKE) --no-print-directory BUILD=build/tsan CFLAGS="-fsanitize=thread -O1" \
		LDFLAGS=-fsanitize=thread runtime-tests
	HSATRACE_BUILD=$(CURDIR)/build/tsan TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
		tests/run build/tsan/tests/runtime/*.t

# They include the runtime's API table, whose slot lists are generated (schema/module.mk).
$(BUILD)/obj/tests/runtime/tools.o $(BUILD)/obj/tests/runtime/test_tool.o: \
	$(B_GEN)/hsatrace/api_slots.h
