# bench/runtime: the CPU runtime's dispatch and signal benchmarks (run by bench/runtime/run).
BENCH_RUNTIME_DIR := $(BUILD)/bench/runtime
BENCH_RUNTIME_PROGRAMS := $(BENCH_RUNTIME_DIR)/dispatch_rate $(BENCH_RUNTIME_DIR)/signal_latency

PROGRAMS += $(BENCH_RUNTIME_PROGRAMS) $(BENCH_RUNTIME_DIR)/bench_kernels.so

$(BENCH_RUNTIME_PROGRAMS): $(BENCH_RUNTIME_DIR)/%: $(BUILD)/obj/bench/runtime/%.o \
		$(BUILD)/obj/traces-samples/apps/sample_util.o
	$(link-exe) -lhsa-runtime64

$(BENCH_RUNTIME_DIR)/bench_kernels.so: $(BUILD)/obj/bench/runtime/bench_kernels.o
	$(link-so)
