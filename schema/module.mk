# schema/: the hsatrace event schema (single source of truth: events, fields, the API table
# with its slots, the version), its library and the code generator run at build time.

# --- the schema library others link ---
# module.mk files are read in alphabetical order and prerequisites are expanded when read, so a
# module that sorts before schema/ (analyses/, generator/, runtime/...) must spell the path,
# $(BUILD)/lib/libhsatrace-schema.a, in its prerequisites; $(HSAT_SCHEMA_LIB) and
# $(HSAT_SCHEMA_CFLAGS) work anywhere in recipes and in target-specific variables.
HSAT_SCHEMA_LIB    := $(BUILD)/lib/libhsatrace-schema.a
HSAT_SCHEMA_CFLAGS := -I.
HSAT_SCHEMA_OBJS   := $(BUILD)/obj/schema/hsatrace_schema.o \
		      $(BUILD)/obj/schema/hsatrace_events_def.o \
		      $(BUILD)/obj/schema/hsa_api_def.o \
		      $(BUILD)/obj/schema/hip_api_def.o

$(HSAT_SCHEMA_LIB): $(HSAT_SCHEMA_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# --- the generator, run at build time ---
HSAT_SCHEMAGEN := $(BUILD)/tools/hsatrace-schemagen
HSAT_SCHEMAGEN_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard schema/gen/*.c))

$(HSAT_SCHEMAGEN): $(HSAT_SCHEMAGEN_OBJS) $(HSAT_SCHEMA_LIB)
	$(link-exe)

HSAT_HIP_TP_PROVIDERS := hip_api_entry hip_api_exit hip_hot_entry hip_hot_exit
HSAT_TP_PROVIDERS := hsa_api_entry hsa_api_exit hsa_hot_entry hsa_hot_exit hsa_activity hsa_meta \
		     $(HSAT_HIP_TP_PROVIDERS)
HSAT_GEN_HEADERS  := $(patsubst %,$(B_GEN)/hsatrace/tp_%.h,$(HSAT_TP_PROVIDERS)) \
		     $(B_GEN)/hsatrace/tp_args.h $(B_GEN)/hsatrace/api_tables.h \
		     $(B_GEN)/hsatrace/api_slots.h

# A static pattern: only the schema's providers have a rule, so a header of a provider that is
# gone (schema 1.x's tp_hsa_api.h, still named by old dependency files) is not regenerated.
$(patsubst %,$(B_GEN)/hsatrace/tp_%.h,$(HSAT_TP_PROVIDERS)): $(B_GEN)/hsatrace/tp_%.h: $(HSAT_SCHEMAGEN)
	@mkdir -p $(@D)
	$(HSAT_SCHEMAGEN) tp $* $@
$(B_GEN)/hsatrace/tp_args.h: $(HSAT_SCHEMAGEN)
	@mkdir -p $(@D)
	$(HSAT_SCHEMAGEN) args $@
$(B_GEN)/hsatrace/api_tables.h: $(HSAT_SCHEMAGEN)
	@mkdir -p $(@D)
	$(HSAT_SCHEMAGEN) tables $@
$(B_GEN)/hsatrace/api_slots.h: $(HSAT_SCHEMAGEN)
	@mkdir -p $(@D)
	$(HSAT_SCHEMAGEN) slot-lists $@
$(B_GEN)/hsatrace/api_wrappers.c: $(HSAT_SCHEMAGEN)
	@mkdir -p $(@D)
	$(HSAT_SCHEMAGEN) wrappers $@
$(B_GEN)/hsatrace/hip_wrappers.c: $(HSAT_SCHEMAGEN)
	@mkdir -p $(@D)
	$(HSAT_SCHEMAGEN) hip-wrappers $@
$(B_GEN)/hsatrace/schema.md: $(HSAT_SCHEMAGEN) schema/schema-notes.md
	@mkdir -p $(@D)
	$(HSAT_SCHEMAGEN) doc schema/schema-notes.md $@

# Every field name an analysis reads by a string literal must be in the schema: renaming a
# field fails the build until the analyses follow (schema/gen/check_fields.c).
HSAT_FIELD_USERS := $(wildcard analyses/*/*.c)
$(B_GEN)/hsatrace/fields-checked.stamp: $(HSAT_SCHEMAGEN) $(HSAT_FIELD_USERS)
	@mkdir -p $(@D)
	$(HSAT_SCHEMAGEN) check-fields $@ $(HSAT_FIELD_USERS)
PROGRAMS += $(B_GEN)/hsatrace/fields-checked.stamp

# Regenerate the committed documentation: `make docs/schema.md`.
docs/schema.md: $(B_GEN)/hsatrace/schema.md
	cp $< $@

.PHONY: hsatrace-schema
hsatrace-schema: $(HSAT_SCHEMA_LIB) $(HSAT_GEN_HEADERS) $(B_GEN)/hsatrace/schema.md
PROGRAMS += $(HSAT_SCHEMA_LIB) $(HSAT_GEN_HEADERS) $(B_GEN)/hsatrace/schema.md

