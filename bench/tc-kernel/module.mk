# bench/tc-kernel: scale-trace, a larger real-shaped trace made from a real one (its packets
# repeated, times moved), for bench/tc-kernel/run; unify's TSDL parser and event walk.
BENCH_SCALE_TRACE := $(BUILD)/bench/tc-kernel/scale-trace
PROGRAMS += $(BENCH_SCALE_TRACE)

$(BENCH_SCALE_TRACE): $(BUILD)/obj/bench/tc-kernel/scale_trace.o \
	$(addprefix $(BUILD)/obj/analyses/unify/,copy_meta.o ctf_type.o ctf_walk.o tsdl.o \
	tsdl_layout.o) $(BUILD)/obj/analyses/common/ctf_clock.o
	$(link-exe)
