# analyses/model: `hsatrace model`, a queueing model of a trace solved by mean value analysis.
# The solver (mva.c) and the model are a library the unit tests link too; the trace is read
# through analyses/common's reader (model_read.c only).
MODEL_LIB_SRCS := mva.c model_trace.c model_slices.c model_read.c model_device.c model_build.c \
	model_pcpu.c model_loaddemand.c model_lastwait.c model_shared.c model_workers.c model_solve.c model_whatif.c model_write.c model_lqn.c
MODEL_LIB := $(BUILD)/obj/analyses/model/libhsat-model.a
MODEL_LIB_OBJS := $(addprefix $(BUILD)/obj/analyses/model/,$(MODEL_LIB_SRCS:.c=.o))

PROGRAMS += $(B_LIBEXEC)/hsatrace-model
INSTALL_RULES += install-model

$(BUILD)/obj/analyses/model/%.o: EXTRA_CFLAGS += $(BT2_CFLAGS)

$(MODEL_LIB): $(MODEL_LIB_OBJS)
	rm -f $@ && $(AR) rcs $@ $^

# (analyses/stats/module.mk is read after this file: name its library by path.)
$(B_LIBEXEC)/hsatrace-model: $(BUILD)/obj/analyses/model/model_main.o $(MODEL_LIB) \
		$(BUILD)/obj/analyses/stats/libhsat-stats.a
	$(link-exe) $(BT2_LIBS) -liberty -lm

.PHONY: install-model
install-model: $(B_LIBEXEC)/hsatrace-model
	install -d $(DESTDIR)$(PREFIX)/libexec/hsatrace
	install -m 755 $(B_LIBEXEC)/hsatrace-model $(DESTDIR)$(PREFIX)/libexec/hsatrace/
