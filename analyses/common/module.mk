# analyses/common: what the commands' trace readers share (linked into each command's objects).
COMMON_TRACE_CHECK_OBJS := $(addprefix $(BUILD)/obj/analyses/common/,trace_check.o ctf_index.o \
	ctf_clock.o stream_file.o metadata_check.o)
COMMON_BT_OBJS := $(BUILD)/obj/analyses/common/bt_error_text.o
# The hash map (keymap) and its typed faces (ptrmap, strtab).
COMMON_MAP_OBJS := $(addprefix $(BUILD)/obj/analyses/common/,keymap.o ptrmap.o strtab.o)
# Reading a trace source.ctf.fs refuses whole, stream file by stream file (unify, stats, report).
COMMON_SALVAGE_OBJS := $(addprefix $(BUILD)/obj/analyses/common/,salvage.o packet_walk.o bt_probe.o fs_tree.o)

$(BUILD)/obj/analyses/common/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS)
