# analyses/report: `hsatrace report`, on the trace reader and statistics of analyses/stats.
PROGRAMS += $(B_LIBEXEC)/hsatrace-report
INSTALL_RULES += install-report
REPORT_OBJS := $(addprefix $(BUILD)/obj/analyses/report/,report_main.o timeline.o report_html.o)

$(BUILD)/obj/analyses/report/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS)

# (analyses/stats/module.mk is read after this file: name its library by path.)
$(B_LIBEXEC)/hsatrace-report: $(REPORT_OBJS) $(BUILD)/obj/analyses/stats/libhsat-stats.a
	$(link-exe) $(BT2_LIBS) -liberty

.PHONY: install-report
install-report: $(B_LIBEXEC)/hsatrace-report
	install -d $(DESTDIR)$(PREFIX)/libexec/hsatrace
	install -m 755 $(B_LIBEXEC)/hsatrace-report $(DESTDIR)$(PREFIX)/libexec/hsatrace/
