# tests/lib: what the tests share. ctf_source.o (a test's babeltrace2 source into
# sink.ctf.fs) is linked by the programs that write unusual traces (tests/damaged/overlap_trace,
# tests/unify/ooo_trace), named there in full: this file is read after theirs.
$(BUILD)/obj/tests/lib/ctf_source.o: EXTRA_CFLAGS += $(BT2_CFLAGS)
