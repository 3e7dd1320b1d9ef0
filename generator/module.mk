# generator/: writes the Trace Compass XML views (xml-views/) from the event schema
# (tracer/schema, linked through HSAT_SCHEMA_LIB) and the lttng-modules layout.
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

# tracer/module.mk (read after this file) builds the schema library; its path is spelled
# here because prerequisites are expanded when read (see tracer/module.mk).
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
