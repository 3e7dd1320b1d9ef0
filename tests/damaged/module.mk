# tests/damaged: the unit test of how babeltrace2's messages are made readable.
TEST_PROGRAMS += $(BUILD)/tests/damaged/error_text.t

$(BUILD)/obj/tests/damaged/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS)

$(BUILD)/tests/damaged/error_text.t: $(BUILD)/obj/tests/damaged/error_text_test.o $(COMMON_BT_OBJS)
	$(link-exe) $(BT2_LIBS)

# A CTF trace whose packets overlap in time (events in order), written by sink.ctf.fs.
TEST_PROGRAMS += $(BUILD)/tests/damaged/overlap_trace
$(BUILD)/tests/damaged/overlap_trace: $(BUILD)/obj/tests/damaged/overlap_trace.o \
		$(BUILD)/obj/tests/lib/ctf_source.o
	$(link-exe) $(BT2_LIBS)

# hsatrace record's reading of a recording (hsa_check), on that trace.
TEST_PROGRAMS += $(BUILD)/tests/damaged/look.t
$(BUILD)/obj/tests/damaged/look_test.o: EXTRA_CFLAGS += $(BT2_CFLAGS)
$(BUILD)/tests/damaged/look.t: $(BUILD)/obj/tests/damaged/look_test.o \
	$(BUILD)/obj/analyses/record/hsa_check.o $(RECORD_READ_OBJS) \
	$(BUILD)/obj/analyses/common/fs_tree.o | $(BUILD)/tests/damaged/overlap_trace
	$(link-exe) $(BT2_LIBS)
