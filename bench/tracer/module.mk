# bench/tracer: per-call overhead of libhsatrace.so (run by bench/tracer/run).
PROGRAMS += $(BUILD)/bench/tracer/call_overhead

$(BUILD)/obj/bench/tracer/call_overhead.o: private EXTRA_CFLAGS += $(LTTNG_UST_CFLAGS)
$(BUILD)/bench/tracer/call_overhead: $(BUILD)/obj/bench/tracer/call_overhead.o
	$(link-exe) -lhsa-runtime64 $(LTTNG_UST_LIBS)
