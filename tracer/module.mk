# tracer/: libhsatrace.so, built from the schema's generated providers and wrappers
# (schema/module.mk).

# --- libhsatrace.so ---
HSAT_TRACER_SO   := $(B_LIB)/libhsatrace.so
HSAT_TRACER_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tracer/*.c)) \
		    $(BUILD)/obj/$(B_GEN)/hsatrace/api_wrappers.o

# Everything is hidden but the tool interface (OnLoad, OnUnload, HSA_AMD_TOOL_PRIORITY) and
# the interposed hsa_init/hsa_shut_down.
$(HSAT_TRACER_OBJS): private EXTRA_CFLAGS += $(LTTNG_UST_CFLAGS) -fvisibility=hidden
$(HSAT_TRACER_OBJS): $(HSAT_GEN_HEADERS)

$(HSAT_TRACER_SO): $(HSAT_TRACER_OBJS) $(HSAT_SCHEMA_LIB)
	$(link-so) $(LTTNG_UST_LIBS)

PROGRAMS += $(HSAT_TRACER_SO)
INSTALL_RULES += install-tracer

.PHONY: install-tracer hsatrace-tracer
hsatrace-tracer: $(HSAT_TRACER_SO)
install-tracer: $(HSAT_TRACER_SO)
	install -d $(DESTDIR)$(PREFIX)/lib/hsatrace
	install -m 755 $(HSAT_TRACER_SO) $(DESTDIR)$(PREFIX)/lib/hsatrace/libhsatrace.so
