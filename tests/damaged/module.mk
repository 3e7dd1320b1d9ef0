# tests/damaged: the unit test of how babeltrace2's messages are made readable.
TEST_PROGRAMS += $(BUILD)/tests/damaged/error_text.t

$(BUILD)/obj/tests/damaged/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS)

$(BUILD)/tests/damaged/error_text.t: $(BUILD)/obj/tests/damaged/error_text_test.o $(COMMON_BT_OBJS)
	$(link-exe) $(BT2_LIBS)
