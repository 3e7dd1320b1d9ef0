# tests/export: the unit tests of the CSV writer and the sqlite batches (the command's tests are
# the .t scripts).
TEST_PROGRAMS += $(BUILD)/tests/export/csv_quote.t

$(BUILD)/tests/export/csv_quote.t: $(BUILD)/obj/tests/export/csv_quote_test.o \
	$(addprefix $(BUILD)/obj/analyses/export/,csv_sink.o export_path.o export_tables.o) \
	$(BUILD)/obj/analyses/common/csv_field.o
	$(link-exe)

TEST_PROGRAMS += $(BUILD)/tests/export/sqlite_batch.t

$(BUILD)/tests/export/sqlite_batch.t: $(BUILD)/obj/tests/export/sqlite_batch_test.o \
	$(BUILD)/obj/analyses/export/sqlite_batch.o
	$(link-exe) $(SQLITE_LIBS)
