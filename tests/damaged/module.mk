# tests/damaged: the unit test of how babeltrace2's messages are made readable.
TEST_PROGRAMS += $(BUILD)/tests/damaged/error_text.t

$(BUILD)/obj/tests/damaged/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS)

$(BUILD)/tests/damaged/error_text.t: $(BUILD)/obj/tests/damaged/error_text_test.o $(COMMON_BT_OBJS)
	$(link-exe) $(BT2_LIBS)

# A CTF trace whose packets overlap in time (events in order), written by sink.ctf.fs.
TEST_PROGRAMS += $(BUILD)/tests/damaged/overlap_trace
$(BUILD)/tests/damaged/overlap_trace: $(BUILD)/obj/tests/damaged/overlap_trace.o
	$(link-exe) $(BT2_LIBS)
