# tests/foundation: the harness's own test program.
TEST_PROGRAMS += $(BUILD)/tests/foundation/selftest_app

$(BUILD)/tests/foundation/selftest_app: $(BUILD)/obj/tests/foundation/selftest_app.o
	$(link-exe) $(LTTNG_UST_LIBS)
