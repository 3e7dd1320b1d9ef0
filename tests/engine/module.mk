# tests/engine: the unit test of the interval text lines (the command's tests are the .t scripts).
TEST_PROGRAMS += $(BUILD)/tests/engine/interval_text.t

$(BUILD)/obj/tests/engine/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS) $(XML2_CFLAGS)

$(BUILD)/tests/engine/interval_text.t: $(BUILD)/obj/tests/engine/interval_text_test.o $(ENGINE_LIB)
	$(link-exe) $(ENGINE_LIBS)
