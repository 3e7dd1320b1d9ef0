# tests/stats: a program emitting the event schema's events for a known scenario (also used
# by tests/report), and the unit tests of the statistics library.
TEST_PROGRAMS += $(BUILD)/tests/stats/fake_hsa_app \
	$(BUILD)/tests/stats/utf8.t $(BUILD)/tests/stats/write.t \
	$(BUILD)/tests/stats/api_event.t

$(BUILD)/tests/stats/fake_hsa_app: $(BUILD)/obj/tests/stats/fake_hsa_app.o
	$(link-exe) $(LTTNG_UST_LIBS)

$(BUILD)/obj/tests/stats/%.o: EXTRA_CFLAGS += $(LTTNG_UST_CFLAGS) $(BT2_CFLAGS)

$(BUILD)/tests/stats/utf8.t: $(BUILD)/obj/tests/stats/utf8_test.o $(STATS_LIB)
	$(link-exe)

$(BUILD)/tests/stats/write.t: $(BUILD)/obj/tests/stats/write_test.o $(STATS_LIB)
	$(link-exe)

$(BUILD)/tests/stats/api_event.t: $(BUILD)/obj/tests/stats/api_event_test.o $(STATS_LIB)
	$(link-exe)
