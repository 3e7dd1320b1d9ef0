# analyses/report: `hsatrace report`, on the trace reader and statistics of analyses/stats.
PROGRAMS += $(B_LIBEXEC)/hsatrace-report
INSTALL_RULES += install-report
REPORT_OBJS := $(addprefix $(BUILD)/obj/analyses/report/,report_main.o timeline.o report_html.o \
	report_data.o report_js.o report_css.o)

$(BUILD)/obj/analyses/report/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS)

# The page's script and style, as C strings.
$(B_GEN)/report/report_js.c: analyses/report/report.js analyses/report/embed_text.sh
	@mkdir -p $(@D)
	sh analyses/report/embed_text.sh report_js $< >$@.tmp && mv $@.tmp $@
$(B_GEN)/report/report_css.c: analyses/report/report.css analyses/report/embed_text.sh
	@mkdir -p $(@D)
	sh analyses/report/embed_text.sh report_css $< >$@.tmp && mv $@.tmp $@
REPORT_ASSET_OBJS := $(addprefix $(BUILD)/obj/analyses/report/,report_js.o report_css.o)
$(REPORT_ASSET_OBJS): $(BUILD)/obj/analyses/report/%.o: $(B_GEN)/report/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# (analyses/stats/module.mk is read after this file: name its library by path.)
$(B_LIBEXEC)/hsatrace-report: $(REPORT_OBJS) $(BUILD)/obj/analyses/stats/libhsat-stats.a
	$(link-exe) $(BT2_LIBS) -liberty -lm

.PHONY: install-report
install-report: $(B_LIBEXEC)/hsatrace-report
	install -d $(DESTDIR)$(PREFIX)/libexec/hsatrace
	install -m 755 $(B_LIBEXEC)/hsatrace-report $(DESTDIR)$(PREFIX)/libexec/hsatrace/
