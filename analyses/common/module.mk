# analyses/common: what the commands' trace readers share (linked into each command's objects).
COMMON_TRACE_CHECK_OBJS := $(addprefix $(BUILD)/obj/analyses/common/,trace_check.o ctf_index.o \
	ctf_clock.o stream_file.o metadata_check.o)
COMMON_BT_OBJS := $(BUILD)/obj/analyses/common/bt_error_text.o
# Reading a trace source.ctf.fs refuses whole, stream file by stream file (unify, stats, report).
COMMON_SALVAGE_OBJS := $(addprefix $(BUILD)/obj/analyses/common/,salvage.o packet_walk.o bt_probe.o fs_tree.o)

$(BUILD)/obj/analyses/common/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS)
# The one reading layer (trace_read.h): trace folders, salvage, the event-time merge, the
# event view; stats, report, export and analyze read traces through it, unify its merge.
COMMON_MERGE_OBJS := $(BUILD)/obj/analyses/common/msg_merge.o
COMMON_READ_OBJS := $(addprefix $(BUILD)/obj/analyses/common/,trace_read.o trace_dirs.o \
	trace_merge.o trace_salvage.o trace_event.o field_cache.o) $(COMMON_MERGE_OBJS) \
	$(COMMON_TRACE_CHECK_OBJS) $(COMMON_BT_OBJS) $(COMMON_SALVAGE_OBJS)
