# tests/report: the unit test of the page's data (the command's tests are the .t scripts).
TEST_PROGRAMS += $(BUILD)/tests/report/data.t

$(BUILD)/tests/report/data.t: $(BUILD)/obj/tests/report/data_test.o \
	$(addprefix $(BUILD)/obj/analyses/report/,report_data.o timeline.o) \
	$(BUILD)/obj/analyses/stats/libhsat-stats.a
	$(link-exe) $(BT2_LIBS) -liberty -lm
