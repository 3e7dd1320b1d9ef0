# bench/model: a closed system of known service times (sleep_threads, kernels that sleep) for
# validating `hsatrace model` (bench/model/run).
BENCH_MODEL_DIR := $(BUILD)/bench/model
PROGRAMS += $(BENCH_MODEL_DIR)/sleep_threads $(BENCH_MODEL_DIR)/sleep_kernels.so

$(BENCH_MODEL_DIR)/sleep_threads: $(BUILD)/obj/bench/model/sleep_threads.o \
		$(BUILD)/obj/traces-samples/apps/sample_util.o
	$(link-exe) -lhsa-runtime64

$(BENCH_MODEL_DIR)/sleep_kernels.so: $(BUILD)/obj/bench/model/sleep_kernels.o
	$(link-so)
