# tests/export: the unit test of the CSV writer (the command's tests are the .t scripts).
TEST_PROGRAMS += $(BUILD)/tests/export/csv_quote.t

$(BUILD)/tests/export/csv_quote.t: $(BUILD)/obj/tests/export/csv_quote_test.o \
	$(addprefix $(BUILD)/obj/analyses/export/,csv_sink.o export_path.o export_tables.o) \
	$(BUILD)/obj/analyses/common/csv_field.o
	$(link-exe)
