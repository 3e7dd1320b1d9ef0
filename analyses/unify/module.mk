# analyses/unify: `hsatrace unify` (libbabeltrace2).
UNIFY_OBJS := $(addprefix $(BUILD)/obj/analyses/unify/,main.o job.o inputs.o salvage.o pass.o unify_filter.o \
	out_trace.o ir_copy.o gpu_store.o) $(BUILD)/obj/analyses/common/ptrmap.o \
	$(BUILD)/obj/analyses/common/strtab.o

PROGRAMS += $(B_LIBEXEC)/hsatrace-unify

$(BUILD)/obj/analyses/unify/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS)

$(B_LIBEXEC)/hsatrace-unify: $(UNIFY_OBJS)
	$(link-exe) $(BT2_LIBS)

.PHONY: unify
unify: $(B_LIBEXEC)/hsatrace-unify
