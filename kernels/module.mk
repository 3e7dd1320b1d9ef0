# kernels/: `hsatrace kernels`, CPU builds of the kernels of HIP sources (docs/kernels.md):
# the command, the device header it compiles them with (copied into the build tree where the
# install tree has it, share/hsatrace/kernels/include) and the device library linked into
# every CPU build (libhsat-device.a: workgroups as fibers, __syncthreads, the kernel table).
KERNELS_CMD := $(B_LIBEXEC)/hsatrace-kernels
KERNELS_CMD_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard kernels/*.c))
DEVICE_LIB := $(B_LIB)/libhsat-device.a
DEVICE_SRCS := $(wildcard kernels/device/*.c)
# Never sanitized: the library goes into the users' CPU builds, which are not.
DEVICE_OBJS := $(patsubst %.c,$(BUILD)/obj/device-lib/%.o,$(DEVICE_SRCS))
DEVICE_INCLUDE := $(B_SHARE)/kernels/include
DEVICE_HEADERS := $(DEVICE_INCLUDE)/hip/hip_runtime.h $(DEVICE_INCLUDE)/hsat_device.h \
	$(DEVICE_INCLUDE)/hsat_cpu_kernel.h

PROGRAMS += $(KERNELS_CMD) $(DEVICE_LIB) $(DEVICE_HEADERS)
INSTALL_RULES += install-kernels

$(KERNELS_CMD): $(KERNELS_CMD_OBJS)
	$(link-exe)

$(BUILD)/obj/device-lib/%.o: %.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -D_GNU_SOURCE -fPIC -g -O2 -pthread $(WARN_CFLAGS) -I. -Iruntime/include \
		-fvisibility=hidden -MMD -MP -c -o $@ $<

$(DEVICE_LIB): $(DEVICE_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(DEVICE_INCLUDE)/hip/%.h: kernels/include/hip/%.h
	@mkdir -p $(@D)
	cp $< $@
$(DEVICE_INCLUDE)/hsat_device.h: kernels/include/hsat_device.h
	@mkdir -p $(@D)
	cp $< $@
$(DEVICE_INCLUDE)/hsat_cpu_kernel.h: runtime/include/hsat_cpu_kernel.h
	@mkdir -p $(@D)
	cp $< $@

.PHONY: install-kernels
install-kernels: $(KERNELS_CMD) $(DEVICE_LIB) $(DEVICE_HEADERS)
	install -d $(DESTDIR)$(PREFIX)/libexec/hsatrace $(DESTDIR)$(PREFIX)/lib/hsatrace \
		$(DESTDIR)$(PREFIX)/share/hsatrace/kernels/include/hip
	install -m 755 $(KERNELS_CMD) $(DESTDIR)$(PREFIX)/libexec/hsatrace/
	install -m 644 $(DEVICE_LIB) $(DESTDIR)$(PREFIX)/lib/hsatrace/
	install -m 644 $(DEVICE_INCLUDE)/hip/hip_runtime.h \
		$(DESTDIR)$(PREFIX)/share/hsatrace/kernels/include/hip/
	install -m 644 $(DEVICE_INCLUDE)/hsat_device.h $(DEVICE_INCLUDE)/hsat_cpu_kernel.h \
		$(DESTDIR)$(PREFIX)/share/hsatrace/kernels/include/
