# analyses/engine: the headless Trace Compass XML engine (`hsatrace analyze`).
ENGINE_SRCS := value strmap statesys load xml_limits compile compile_view event exec engine pattern trace_stub trace_ctf \
	output interval_text view trace_type jregex schema_rules schema_check
ENGINE_LIB := $(BUILD)/lib/libhsat-engine.a
ENGINE_OBJS := $(patsubst %,$(BUILD)/obj/analyses/engine/%.o,$(ENGINE_SRCS)) \
	$(addprefix $(BUILD)/obj/analyses/common/,utf8.o json_string.o json_writer.o csv_field.o out_file.o path_within.o) \
	$(COMMON_MAP_OBJS) $(COMMON_READ_OBJS)
ENGINE_LIBS := $(BT2_LIBS) $(XML2_LIBS) -lpcre2-8 -lm

PROGRAMS += $(B_LIBEXEC)/hsatrace-analyze
INSTALL_RULES += install-engine

$(BUILD)/obj/analyses/engine/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS) $(XML2_CFLAGS)

$(ENGINE_LIB): $(ENGINE_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(B_LIBEXEC)/hsatrace-analyze: $(BUILD)/obj/analyses/engine/main.o $(ENGINE_LIB)
	$(link-exe) $(ENGINE_LIBS)

.PHONY: install-engine engine
engine: $(B_LIBEXEC)/hsatrace-analyze
install-engine: $(B_LIBEXEC)/hsatrace-analyze
	install -d $(DESTDIR)$(PREFIX)/libexec/hsatrace
	install -m 755 $(B_LIBEXEC)/hsatrace-analyze $(DESTDIR)$(PREFIX)/libexec/hsatrace/
