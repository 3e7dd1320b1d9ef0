# hsatrace - one plain Makefile for the whole tree.
#
#   make [all]        build everything under $(BUILD) (default: build/)
#   make check        install missing deps, build with ASan+UBSan under build/san, run the suite
#   make demo         install missing deps, build, run the demo
#   make bench        build, run the benchmarks in bench/
#   make install      install under $(DESTDIR)$(PREFIX)
#   make clean
#
# Each folder adds its targets in its own module.mk (included below); they only append to
# the lists declared here and use the canned recipes, so this file stays the one place that
# says how things are built.

BUILD    ?= build
PREFIX   ?= /usr/local
DESTDIR  ?=
SANITIZE ?= 0
CC       ?= cc

# The build tree mirrors the install tree, so programs find their siblings the same way in both.
B_BIN     := $(BUILD)/bin
B_LIBEXEC := $(BUILD)/libexec/hsatrace
B_LIB     := $(BUILD)/lib/hsatrace
B_SHARE   := $(BUILD)/share/hsatrace
B_GEN     := $(BUILD)/gen

pkg = $(shell pkg-config $(1) 2>/dev/null)
LTTNG_UST_CFLAGS := $(call pkg,--cflags lttng-ust)
LTTNG_UST_LIBS   := $(call pkg,--libs lttng-ust) -ldl
LTTNG_CTL_CFLAGS := $(call pkg,--cflags lttng-ctl)
LTTNG_CTL_LIBS   := $(call pkg,--libs lttng-ctl)
BT2_CFLAGS       := $(call pkg,--cflags babeltrace2)
BT2_LIBS         := $(call pkg,--libs babeltrace2)
XML2_CFLAGS      := $(call pkg,--cflags libxml-2.0)
XML2_LIBS        := $(call pkg,--libs libxml-2.0)

WARN_CFLAGS := -Wall -Wextra -Werror
BASE_CFLAGS := -std=c11 -D_GNU_SOURCE -fPIC -g -O2 -pthread $(WARN_CFLAGS)
BASE_LDFLAGS := -pthread
ifeq ($(SANITIZE),1)
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
BASE_CFLAGS += $(SAN_FLAGS) -O1
BASE_LDFLAGS += $(SAN_FLAGS)
endif
ALL_CFLAGS  = $(BASE_CFLAGS) -I. -Itests/lib -I$(B_GEN) $(EXTRA_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(BASE_LDFLAGS) $(LDFLAGS)

# Canned recipes: the module's extra libraries follow on the same line.
link-exe = mkdir -p $(@D) && $(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o %.a,$^)
link-so  = mkdir -p $(@D) && $(CC) -shared $(ALL_LDFLAGS) -o $@ $(filter %.o %.a,$^)

# Lists the modules append to.
PROGRAMS      :=   # user-facing binaries and libraries, part of `all`
TEST_PROGRAMS :=   # built for `check` only
INSTALL_RULES :=   # names of per-module install targets
CLEAN_FILES   :=

.PHONY: all tests check demo bench install clean deps
all:

include $(sort $(wildcard */module.mk */*/module.mk))

all: $(PROGRAMS)
tests: $(TEST_PROGRAMS)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

deps:
	@scripts/install-deps.sh

check: deps
	@$(MAKE) --no-print-directory BUILD=build/san SANITIZE=1 all tests
	HSATRACE_BUILD=$(CURDIR)/build/san HSATRACE_SRC=$(CURDIR) tests/run

demo: deps
	@$(MAKE) --no-print-directory all
	HSATRACE_BUILD=$(CURDIR)/$(BUILD) scripts/demo.sh

bench: all
	HSATRACE_BUILD=$(CURDIR)/$(BUILD) bench/run

install: all $(INSTALL_RULES)

clean:
	rm -rf build $(CLEAN_FILES)
