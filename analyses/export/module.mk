# analyses/export: `hsatrace export`, on the trace reader of analyses/stats.
PROGRAMS += $(B_LIBEXEC)/hsatrace-export
INSTALL_RULES += install-export
EXPORT_OBJS := $(addprefix $(BUILD)/obj/analyses/export/,export_main.o export_tables.o \
	export_decode.o export_classes.o export_api.o export_activity.o export_queues.o export_path.o \
	sqlite_sink.o sqlite_batch.o sqlite_views.o csv_sink.o perfetto_sink.o perfetto_write.o \
	perfetto_gpu.o perfetto_tracks.o)
SQLITE_CFLAGS := $(call pkg,--cflags sqlite3)
SQLITE_LIBS   := $(or $(call pkg,--libs sqlite3),-lsqlite3)

$(BUILD)/obj/analyses/export/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS) $(SQLITE_CFLAGS)

# (analyses/stats/module.mk is read after this file: name its library by path.)
$(B_LIBEXEC)/hsatrace-export: $(EXPORT_OBJS) $(BUILD)/obj/analyses/stats/libhsat-stats.a
	$(link-exe) $(BT2_LIBS) $(SQLITE_LIBS) -liberty

.PHONY: install-export
install-export: $(B_LIBEXEC)/hsatrace-export
	install -d $(DESTDIR)$(PREFIX)/libexec/hsatrace
	install -m 755 $(B_LIBEXEC)/hsatrace-export $(DESTDIR)$(PREFIX)/libexec/hsatrace/
