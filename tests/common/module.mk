# tests/common: unit tests of the analyses' shared containers and writers.
TEST_PROGRAMS += $(BUILD)/tests/common/keymap.t $(BUILD)/tests/common/maps.t \
	$(BUILD)/tests/common/json_writer.t $(BUILD)/tests/common/vec.t $(BUILD)/tests/common/csv.t

$(BUILD)/tests/common/keymap.t: $(BUILD)/obj/tests/common/keymap_test.o \
	$(BUILD)/obj/analyses/common/keymap.o
	$(link-exe)

$(BUILD)/tests/common/maps.t: $(BUILD)/obj/tests/common/maps_test.o \
	$(BUILD)/obj/analyses/engine/strmap.o $(COMMON_MAP_OBJS)
	$(link-exe)

$(BUILD)/tests/common/json_writer.t: $(BUILD)/obj/tests/common/json_writer_test.o \
	$(addprefix $(BUILD)/obj/analyses/common/,json_writer.o json_string.o utf8.o)
	$(link-exe)

$(BUILD)/tests/common/vec.t: $(BUILD)/obj/tests/common/vec_test.o $(BUILD)/obj/analyses/common/vec.o
	$(link-exe)

$(BUILD)/tests/common/csv.t: $(BUILD)/obj/tests/common/csv_test.o $(BUILD)/obj/analyses/common/csv_field.o
	$(link-exe)
