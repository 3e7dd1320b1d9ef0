# generator/: writes the Trace Compass XML views (xml-views/) from the event schema
# (schema, linked through HSAT_SCHEMA_LIB) and the lttng-modules layout.
#
#   make views    regenerate xml-views/ (commit the result)
# The suite runs `hsatrace-generate-views --check xml-views` (tests/generator/).
GEN_TOOL := $(BUILD)/generator/hsatrace-generate-views

$(BUILD)/obj/generator/%.o: EXTRA_CFLAGS += $(XML2_CFLAGS) $(HSAT_SCHEMA_CFLAGS)
$(BUILD)/obj/tests/generator/%.o: EXTRA_CFLAGS += $(XML2_CFLAGS) $(HSAT_SCHEMA_CFLAGS)

GEN_WRITER_OBJS := $(BUILD)/obj/generator/xml_writer.o
GEN_CORE_OBJS := $(GEN_WRITER_OBJS) \
	$(patsubst %,$(BUILD)/obj/generator/%.o,catalog kernel_layout schema_import tc views \
		output view_kernel view_api view_queues view_gpu view_counters)

PROGRAMS += $(GEN_TOOL)
TEST_PROGRAMS += $(BUILD)/tests/generator/xml_writer.t

# schema/module.mk (read after this file) builds the schema library; its path is spelled
# here because prerequisites are expanded when read (see schema/module.mk).
GEN_SCHEMA_LIB := $(BUILD)/lib/libhsatrace-schema.a

$(GEN_TOOL): $(BUILD)/obj/generator/main.o $(GEN_CORE_OBJS) $(GEN_SCHEMA_LIB)
	$(link-exe) $(XML2_LIBS)

$(BUILD)/tests/generator/xml_writer.t: $(BUILD)/obj/tests/generator/xml_writer_test.o $(GEN_WRITER_OBJS)
	$(link-exe) $(XML2_LIBS)

.PHONY: views
views: $(GEN_TOOL)
	$(GEN_TOOL) --output xml-views

TEST_PROGRAMS += $(BUILD)/tests/generator/xsd.t
$(BUILD)/tests/generator/xsd.t: $(BUILD)/obj/tests/generator/xsd_test.o
	$(link-exe) $(XML2_LIBS)

TEST_PROGRAMS += $(BUILD)/tests/generator/tc.t
$(BUILD)/tests/generator/tc.t: $(BUILD)/obj/tests/generator/tc_test.o \
		$(patsubst %,$(BUILD)/obj/generator/%.o,tc catalog xml_writer)
	$(link-exe) $(XML2_LIBS)

TEST_PROGRAMS += $(BUILD)/tests/generator/coverage.t
$(BUILD)/tests/generator/coverage.t: $(BUILD)/obj/tests/generator/coverage_test.o $(GEN_SCHEMA_LIB)
	$(link-exe) $(XML2_LIBS)

# `hsatrace views`: copies the installed views next to a trace.
GEN_VIEWS_CMD := $(B_LIBEXEC)/hsatrace-views
GEN_SHARED_VIEWS := $(patsubst xml-views/%,$(B_SHARE)/xml-views/%,$(wildcard xml-views/*.xml))
PROGRAMS += $(GEN_VIEWS_CMD) $(GEN_SHARED_VIEWS)
INSTALL_RULES += install-generator

$(GEN_VIEWS_CMD): $(BUILD)/obj/generator/views_cmd.o $(BUILD)/obj/generator/output.o
	$(link-exe)

$(B_SHARE)/xml-views/%.xml: xml-views/%.xml
	@mkdir -p $(@D)
	cp $< $@

.PHONY: install-generator
install-generator: $(GEN_VIEWS_CMD) $(GEN_SHARED_VIEWS)
	install -d $(DESTDIR)$(PREFIX)/libexec/hsatrace $(DESTDIR)$(PREFIX)/share/hsatrace/xml-views
	install -m 755 $(GEN_VIEWS_CMD) $(DESTDIR)$(PREFIX)/libexec/hsatrace/
	install -m 644 $(GEN_SHARED_VIEWS) $(DESTDIR)$(PREFIX)/share/hsatrace/xml-views/
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 docs/man/hsatrace-views.1 $(DESTDIR)$(PREFIX)/share/man/man1/
