# generator/: writes the Trace Compass XML views (xml-views/) from the event schema.
GEN_CFLAGS := $(XML2_CFLAGS)
$(BUILD)/obj/generator/%.o: EXTRA_CFLAGS += $(GEN_CFLAGS)
$(BUILD)/obj/tests/generator/%.o: EXTRA_CFLAGS += $(GEN_CFLAGS)

GEN_WRITER_OBJS := $(BUILD)/obj/generator/xml_writer.o

TEST_PROGRAMS += $(BUILD)/tests/generator/xml_writer.t

$(BUILD)/tests/generator/xml_writer.t: $(BUILD)/obj/tests/generator/xml_writer_test.o $(GEN_WRITER_OBJS)
	$(link-exe) $(XML2_LIBS)
