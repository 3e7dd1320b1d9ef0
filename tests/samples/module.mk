# tests/samples: a deliberately wrong code object, to show the samples' checks catch errors.
TEST_PROGRAMS += $(BUILD)/tests/samples/broken_kernels.so

$(BUILD)/tests/samples/broken_kernels.so: $(BUILD)/obj/tests/samples/broken_kernels.o
	$(link-so)
