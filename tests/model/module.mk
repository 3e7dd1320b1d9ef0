# tests/model: the MVA solver's unit test.
TEST_PROGRAMS += $(BUILD)/tests/model/mva.t

$(BUILD)/tests/model/mva.t: $(BUILD)/obj/tests/model/mva_test.o \
		$(BUILD)/obj/analyses/model/libhsat-model.a
	$(link-exe) -lm

# The model built from a scenario of known numbers, fed event by event (events.c, shared
# with shared.t).
TEST_PROGRAMS += $(BUILD)/tests/model/build.t

# (libxml2 validates the LQN file against ../shared's lqn.xsd when present.)
$(BUILD)/obj/tests/model/build_test.o: EXTRA_CFLAGS += $(XML2_CFLAGS)

$(BUILD)/tests/model/build.t: $(BUILD)/obj/tests/model/build_test.o \
		$(BUILD)/obj/tests/model/events.o \
		$(BUILD)/obj/analyses/model/libhsat-model.a $(BUILD)/obj/analyses/stats/libhsat-stats.a
	$(link-exe) $(BT2_LIBS) $(XML2_LIBS) -liberty -lm

# The CPU runtime's one-processor model (model_share_cpus) on scenarios of known numbers.
TEST_PROGRAMS += $(BUILD)/tests/model/shared.t

$(BUILD)/tests/model/shared.t: $(BUILD)/obj/tests/model/shared_test.o \
		$(BUILD)/obj/tests/model/events.o \
		$(BUILD)/obj/analyses/model/libhsat-model.a $(BUILD)/obj/analyses/stats/libhsat-stats.a
	$(link-exe) $(BT2_LIBS) -liberty -lm

# The solver on a network given on the command line (02-octave.t compares it with Octave's).
TEST_PROGRAMS += $(BUILD)/tests/model/mva_solve

$(BUILD)/tests/model/mva_solve: $(BUILD)/obj/tests/model/mva_solve.o \
		$(BUILD)/obj/analyses/model/libhsat-model.a
	$(link-exe) -lm
