# tests/unify: a program emitting schema events for deterministic GPU scenarios (through the
# tracer's generated provider headers), for the unify tests and bench/unify.
TEST_PROGRAMS += $(BUILD)/tests/unify/gpu_emitter

# The generated headers' rules live in schema/module.mk.
$(BUILD)/obj/tests/unify/gpu_emitter.o: $(B_GEN)/hsatrace/tp_hsa_activity.h \
	$(B_GEN)/hsatrace/tp_hsa_meta.h $(B_GEN)/hsatrace/tp_args.h
$(BUILD)/obj/tests/unify/%.o: EXTRA_CFLAGS += $(LTTNG_UST_CFLAGS)

$(BUILD)/tests/unify/gpu_emitter: $(BUILD)/obj/tests/unify/gpu_emitter.o
	$(link-exe) $(LTTNG_UST_LIBS)

# A CTF trace with out-of-order timestamps, written by babeltrace2's own sink.ctf.fs.
TEST_PROGRAMS += $(BUILD)/tests/unify/ooo_trace
$(BUILD)/obj/tests/unify/ooo_trace.o: EXTRA_CFLAGS += $(BT2_CFLAGS)
$(BUILD)/tests/unify/ooo_trace: $(BUILD)/obj/tests/unify/ooo_trace.o \
		$(BUILD)/obj/tests/lib/ctf_source.o
	$(link-exe) $(BT2_LIBS)

# The unit test of the copy path's TSDL reading and metadata merge.
TEST_PROGRAMS += $(BUILD)/tests/unify/tsdl.t
$(BUILD)/obj/tests/unify/tsdl_test.o: EXTRA_CFLAGS += $(BT2_CFLAGS)
$(BUILD)/tests/unify/tsdl.t: $(BUILD)/obj/tests/unify/tsdl_test.o \
	$(addprefix $(BUILD)/obj/analyses/unify/,copy_meta.o ctf_type.o tsdl.o tsdl_layout.o) \
	$(BUILD)/obj/analyses/common/ctf_clock.o
	$(link-exe)

# The unit test of the copy path's event walk (types from TSDL, clock values moved, damage).
TEST_PROGRAMS += $(BUILD)/tests/unify/ctf_walk.t
$(BUILD)/tests/unify/ctf_walk.t: $(BUILD)/obj/tests/unify/ctf_walk_test.o \
	$(addprefix $(BUILD)/obj/analyses/unify/,ctf_type.o ctf_walk.o tsdl.o)
	$(link-exe)
