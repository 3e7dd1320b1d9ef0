# tests/model: the MVA solver's unit test.
TEST_PROGRAMS += $(BUILD)/tests/model/mva.t

$(BUILD)/tests/model/mva.t: $(BUILD)/obj/tests/model/mva_test.o \
		$(BUILD)/obj/analyses/model/libhsat-model.a
	$(link-exe) -lm
