# analyses/record: `hsatrace record` (liblttng-ctl).
RECORD_OBJS := $(addprefix $(BUILD)/obj/analyses/record/,main.o session.o sessiond.o child.o tracking.o stale.o discarded.o progress.o hsa_check.o lost.o)

PROGRAMS += $(B_LIBEXEC)/hsatrace-record

$(BUILD)/obj/analyses/record/%.o: EXTRA_CFLAGS += $(LTTNG_CTL_CFLAGS) $(BT2_CFLAGS)

$(B_LIBEXEC)/hsatrace-record: $(RECORD_OBJS)
	$(link-exe) $(LTTNG_CTL_LIBS) $(BT2_LIBS)

.PHONY: record
record: $(B_LIBEXEC)/hsatrace-record
