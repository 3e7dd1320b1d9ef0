# analyses/record: `hsatrace record` (liblttng-ctl).
RECORD_OBJS := $(addprefix $(BUILD)/obj/analyses/record/,main.o buffers.o session.o sessiond.o child.o tracking.o stale.o discarded.o progress.o hsa_check.o lost.o follow_server.o hip_needed.o)

RECORD_FOLLOW_SO := $(B_LIB)/libhsatrace-follow.so

PROGRAMS += $(B_LIBEXEC)/hsatrace-record $(RECORD_FOLLOW_SO)
INSTALL_RULES += install-record

$(BUILD)/obj/analyses/record/%.o: EXTRA_CFLAGS += $(LTTNG_CTL_CFLAGS) $(BT2_CFLAGS)

# The merging sink of analyses/common (trace_merge.c) reads the recording in event-time order.
RECORD_READ_OBJS := $(addprefix $(BUILD)/obj/analyses/common/,trace_merge.o trace_event.o \
	field_cache.o bt_error_text.o) $(COMMON_MERGE_OBJS)

$(B_LIBEXEC)/hsatrace-record: $(RECORD_OBJS) $(RECORD_READ_OBJS)
	$(link-exe) $(LTTNG_CTL_LIBS) $(BT2_LIBS)

# Preloaded into every process of the recorded program (see follow.c); never sanitized, as it
# would bring ASan into programs that are not (ASan takes their SIGSEGV, changes their status).
$(BUILD)/obj/analyses/record/follow.o: BASE_CFLAGS := -std=c11 -D_GNU_SOURCE -fPIC -g -O2 \
	-pthread $(WARN_CFLAGS)
$(RECORD_FOLLOW_SO): BASE_LDFLAGS := -pthread
$(RECORD_FOLLOW_SO): $(BUILD)/obj/analyses/record/follow.o
	$(link-so)

.PHONY: record install-record
record: $(B_LIBEXEC)/hsatrace-record $(RECORD_FOLLOW_SO)
install-record: $(RECORD_FOLLOW_SO)
	install -d $(DESTDIR)$(PREFIX)/lib/hsatrace
	install -m 755 $(RECORD_FOLLOW_SO) $(DESTDIR)$(PREFIX)/lib/hsatrace/libhsatrace-follow.so
