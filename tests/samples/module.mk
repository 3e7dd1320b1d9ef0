# tests/samples: a deliberately wrong code object, to show the samples' checks catch errors.
TEST_PROGRAMS += $(BUILD)/tests/samples/broken_kernels.so

$(BUILD)/tests/samples/broken_kernels.so: $(BUILD)/obj/tests/samples/broken_kernels.o
	$(link-so)

# ThreadSanitizer run of the samples on the CPU runtime, in build/tsan (not part of `make check`):
#   make check-samples-tsan
.PHONY: check-samples-tsan
check-samples-tsan:
	@$(MAKE) --no-print-directory BUILD=build/tsan CFLAGS="-fsanitize=thread -O1" \
		LDFLAGS=-fsanitize=thread runtime samples build/tsan/tests/samples/broken_kernels.so
	HSATRACE_BUILD=$(CURDIR)/build/tsan TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
		tests/run tests/samples/01-cpu-runtime.t tests/samples/02-failures.t \
		tests/samples/04-error-path.t
