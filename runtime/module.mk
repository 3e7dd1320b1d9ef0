# runtime/: the CPU HSA runtime, a drop-in libhsa-runtime64.so.1 with ROCr 5.2.3's ABI.
# Programs linked against Debian's ROCr run on it with
#   LD_LIBRARY_PATH=$(B_LIB)/cpu-runtime program ...
RUNTIME_LIB := $(B_LIB)/cpu-runtime/libhsa-runtime64.so.1
RUNTIME_SRCS := $(wildcard runtime/*.c)
RUNTIME_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(RUNTIME_SRCS))

PROGRAMS += $(RUNTIME_LIB)
INSTALL_RULES += install-runtime

# Only the hsa_* trampolines (top-level asm) are exported; the map gives them ROCR_1.
$(BUILD)/obj/runtime/%.o: EXTRA_CFLAGS += -fvisibility=hidden

# The API table's slot lists are generated from the schema (schema/module.mk, read later).
$(RUNTIME_OBJS): $(B_GEN)/hsatrace/api_slots.h

$(RUNTIME_LIB): $(RUNTIME_OBJS) runtime/libhsa-runtime64.map
	$(link-so) -Wl,-soname,libhsa-runtime64.so.1 \
		-Wl,--version-script=runtime/libhsa-runtime64.map -Wl,-z,defs -ldl

.PHONY: runtime install-runtime
runtime: $(RUNTIME_LIB)

# The public headers: the code-object ABI (to write kernels), the API table, the counters.
install-runtime: $(RUNTIME_LIB)
	install -d $(DESTDIR)$(PREFIX)/lib/hsatrace/cpu-runtime $(DESTDIR)$(PREFIX)/include/hsatrace
	install -m 644 $(RUNTIME_LIB) $(DESTDIR)$(PREFIX)/lib/hsatrace/cpu-runtime/
	install -m 644 runtime/include/*.h schema/hsat_counters.h $(B_GEN)/hsatrace/api_slots.h \
		$(DESTDIR)$(PREFIX)/include/hsatrace/
