# tests/common: unit tests of the analyses' shared containers (the hash map and its faces).
TEST_PROGRAMS += $(BUILD)/tests/common/keymap.t $(BUILD)/tests/common/maps.t

$(BUILD)/tests/common/keymap.t: $(BUILD)/obj/tests/common/keymap_test.o \
	$(BUILD)/obj/analyses/common/keymap.o
	$(link-exe)

$(BUILD)/tests/common/maps.t: $(BUILD)/obj/tests/common/maps_test.o \
	$(BUILD)/obj/analyses/engine/strmap.o $(COMMON_MAP_OBJS)
	$(link-exe)
