# tests/record: the unit test of hip_needed (the command's tests are the .t scripts).
TEST_PROGRAMS += $(BUILD)/tests/record/hip_needed.t

$(BUILD)/tests/record/hip_needed.t: $(BUILD)/obj/tests/record/hip_needed_test.o \
	$(BUILD)/obj/analyses/record/hip_needed.o
	$(link-exe)
