# tracer/hip/: libhsatrace-hip.so, the HIP layer: libamdhip64's exported functions interposed
# by name (LD_PRELOAD; hsatrace record preloads it for programs that need libamdhip64), built
# from the schema's generated HIP providers and wrappers (schema/module.mk). Its own library
# so that programs without HIP never register (nor pay the session daemon's round trips for)
# the HIP event classes. Built where HIP's headers are (Debian's libamdhip64-dev).
ifneq ($(wildcard /usr/include/hip/hip_runtime_api.h),)
HSAT_HIP_TRACER_SO   := $(B_LIB)/libhsatrace-hip.so
HSAT_HIP_TRACER_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tracer/hip/*.c)) \
			$(BUILD)/obj/$(B_GEN)/hsatrace/hip_wrappers.o \
			$(BUILD)/obj/tracer/map.o $(BUILD)/obj/tracer/string_arg.o \
			$(BUILD)/obj/tracer/lazy_classes.o

# Everything is hidden but the interposed HIP functions (HSAT_HIP_EXPORT).
$(HSAT_HIP_TRACER_OBJS): private EXTRA_CFLAGS += $(LTTNG_UST_CFLAGS) -fvisibility=hidden \
	-D__HIP_PLATFORM_AMD__
$(HSAT_HIP_TRACER_OBJS): $(HSAT_GEN_HEADERS)

$(HSAT_HIP_TRACER_SO): $(HSAT_HIP_TRACER_OBJS)
	$(link-so) $(LTTNG_UST_LIBS) -ldl -lm

PROGRAMS += $(HSAT_HIP_TRACER_SO)
INSTALL_RULES += install-hip-tracer

.PHONY: install-hip-tracer hsatrace-hip-tracer
hsatrace-hip-tracer: $(HSAT_HIP_TRACER_SO)
install-hip-tracer: $(HSAT_HIP_TRACER_SO)
	install -d $(DESTDIR)$(PREFIX)/lib/hsatrace
	install -m 755 $(HSAT_HIP_TRACER_SO) $(DESTDIR)$(PREFIX)/lib/hsatrace/libhsatrace-hip.so
endif
