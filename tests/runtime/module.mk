# tests/runtime: C tests of the CPU HSA runtime. They link the runtime itself (rpath to the
# build tree), and load test_kernels.so, a code object built from tests/runtime/test_kernels.c.
RUNTIME_TESTS := dispatch signals packets executables
RUNTIME_TEST_BINS := $(patsubst %,$(BUILD)/tests/runtime/%.t,$(RUNTIME_TESTS))
RUNTIME_TEST_KERNELS := $(BUILD)/tests/runtime/test_kernels.so

TEST_PROGRAMS += $(RUNTIME_TEST_BINS) $(RUNTIME_TEST_KERNELS)

$(BUILD)/tests/runtime/%.t: $(BUILD)/obj/tests/runtime/%.o $(RUNTIME_LIB)
	$(link-exe) $(RUNTIME_LIB) -Wl,-rpath,'$$ORIGIN/../../lib/hsatrace/cpu-runtime'

$(RUNTIME_TEST_KERNELS): $(BUILD)/obj/tests/runtime/test_kernels.o
	$(link-so)
