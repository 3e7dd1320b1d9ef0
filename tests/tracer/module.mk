# tests/tracer: the schema library, OnLoad's version checks, and end-to-end recordings.
# (schema/module.mk builds the schema library.)
TEST_PROGRAMS += $(BUILD)/tests/schema.t

$(BUILD)/tests/schema.t: $(BUILD)/obj/tests/tracer/schema_test.o $(BUILD)/lib/libhsatrace-schema.a
	$(link-exe)

# OnLoad against tables of other ROCm versions (dlopens the built libhsatrace.so).
TEST_PROGRAMS += $(BUILD)/tests/tracer/onload.t
$(BUILD)/obj/tests/tracer/onload_test.o: $(B_GEN)/hsatrace/api_tables.h
$(BUILD)/tests/tracer/onload.t: $(BUILD)/obj/tests/tracer/onload_test.o | $(B_LIB)/libhsatrace.so
	$(link-exe) -ldl

# The tracer's own HSA program: init/shutdown cycles, threads, fork.
TEST_PROGRAMS += $(BUILD)/tests/tracer/cycles_app
$(BUILD)/tests/tracer/cycles_app: $(BUILD)/obj/tests/tracer/cycles_app.o
	$(link-exe) -lhsa-runtime64

# A child forked after hsa_init dispatching on the inherited runtime (error_path's code object).
TEST_PROGRAMS += $(BUILD)/tests/tracer/fork_app
$(BUILD)/tests/tracer/fork_app: $(BUILD)/obj/tests/tracer/fork_app.o \
		$(BUILD)/obj/traces-samples/apps/sample_util.o
	$(link-exe) -lhsa-runtime64 -lm

# Threads making the process's first calls of the same functions at once (lazy classes).
TEST_PROGRAMS += $(BUILD)/tests/tracer/first_call_app
$(BUILD)/tests/tracer/first_call_app: $(BUILD)/obj/tests/tracer/first_call_app.o
	$(link-exe) -lhsa-runtime64
