# analyses/stats: `hsatrace stats`, and the trace-reading and statistics library that
# `hsatrace report` links too.
STATS_LIB_SRCS := stats_model.c stats_finish.c stats_table.c stats_write.c
STATS_LIB := $(BUILD)/obj/analyses/stats/libhsat-stats.a
STATS_LIB_OBJS := $(addprefix $(BUILD)/obj/analyses/stats/,$(STATS_LIB_SRCS:.c=.o)) \
	$(addprefix $(BUILD)/obj/analyses/common/,utf8.o vec.o json_string.o json_writer.o csv_field.o out_file.o path_within.o demangle.o \
	api_event.o schema_version.o) \
	$(COMMON_MAP_OBJS) $(COMMON_READ_OBJS)

PROGRAMS += $(B_LIBEXEC)/hsatrace-stats
INSTALL_RULES += install-stats

$(BUILD)/obj/analyses/stats/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS)

$(STATS_LIB): $(STATS_LIB_OBJS)
	rm -f $@ && $(AR) rcs $@ $^

# libiberty (static) demangles C++ kernel names.
STATS_LIBS := $(BT2_LIBS) -liberty

$(B_LIBEXEC)/hsatrace-stats: $(BUILD)/obj/analyses/stats/stats_main.o $(STATS_LIB)
	$(link-exe) $(STATS_LIBS)

.PHONY: install-stats
install-stats: $(B_LIBEXEC)/hsatrace-stats
	install -d $(DESTDIR)$(PREFIX)/libexec/hsatrace
	install -m 755 $(B_LIBEXEC)/hsatrace-stats $(DESTDIR)$(PREFIX)/libexec/hsatrace/
