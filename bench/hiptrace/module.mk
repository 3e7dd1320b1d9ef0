# bench/hiptrace: per-call overhead of libhsatrace-hip.so (run by bench/hiptrace/run). A C
# program on HIP's C API (no hipcc needed), built where HIP's headers are.
ifneq ($(wildcard /usr/include/hip/hip_runtime_api.h),)
PROGRAMS += $(BUILD)/bench/hiptrace/hip_call_overhead

$(BUILD)/obj/bench/hiptrace/call_overhead.o: private EXTRA_CFLAGS += $(LTTNG_UST_CFLAGS) \
	-D__HIP_PLATFORM_AMD__
$(BUILD)/bench/hiptrace/hip_call_overhead: $(BUILD)/obj/bench/hiptrace/call_overhead.o
	$(link-exe) -lamdhip64 $(LTTNG_UST_LIBS)
endif
