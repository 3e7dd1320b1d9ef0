# analyses/unify: `hsatrace unify` (libbabeltrace2) and the babeltrace2 plugin `hsatrace`
# (filter.hsatrace.unify) built from the same objects.
UNIFY_CORE_OBJS := $(addprefix $(BUILD)/obj/analyses/unify/,job.o inputs.o pass.o \
	unify_filter.o gpu_synth.o out_trace.o ir_copy.o gpu_store.o out_stage.o copy_path.o \
	copy_meta.o copy_verify.o copy_stream.o ctf_type.o ctf_walk.o tsdl.o tsdl_layout.o) \
	$(COMMON_MAP_OBJS) $(BUILD)/obj/analyses/common/demangle.o $(COMMON_SALVAGE_OBJS) \
	$(COMMON_TRACE_CHECK_OBJS) $(COMMON_BT_OBJS) $(COMMON_MERGE_OBJS) \
	$(BUILD)/lib/libhsatrace-schema.a
UNIFY_PLUGIN := $(B_LIB)/babeltrace2/babeltrace-plugin-hsatrace.so

PROGRAMS += $(B_LIBEXEC)/hsatrace-unify $(UNIFY_PLUGIN)
INSTALL_RULES += install-unify-plugin

$(BUILD)/obj/analyses/unify/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS)

$(B_LIBEXEC)/hsatrace-unify: $(BUILD)/obj/analyses/unify/main.o \
	$(BUILD)/obj/analyses/unify/out_path.o $(BUILD)/obj/analyses/common/path_within.o \
	$(UNIFY_CORE_OBJS)
	$(link-exe) $(BT2_LIBS) -liberty

$(UNIFY_PLUGIN): $(BUILD)/obj/analyses/unify/plugin.o $(UNIFY_CORE_OBJS)
	$(link-so) $(BT2_LIBS) -liberty

.PHONY: unify install-unify-plugin
unify: $(B_LIBEXEC)/hsatrace-unify $(UNIFY_PLUGIN)

install-unify-plugin: $(UNIFY_PLUGIN)
	install -d $(DESTDIR)$(PREFIX)/lib/hsatrace/babeltrace2
	install -m 644 $(UNIFY_PLUGIN) $(DESTDIR)$(PREFIX)/lib/hsatrace/babeltrace2/
