# posecore: a bit-exact C implementation of the Spine 4.3 pose solver, and its conformance harness.
# `make help` lists the targets.

CC      ?= cc
# -flto: the library's files optimised together (inlining across them; the same IEEE operations, so the
# same bits: every check below runs on this build). About 5% fewer instructions a pose on the rigs.
CFLAGS  ?= -O2 -flto=auto
CFLAGS  += -std=c11 -ffp-contract=off -fno-fast-math -Wall -Wextra -Wno-unused-parameter \
           -D_POSIX_C_SOURCE=200809L -Icore/include -Icore/src
PKGS    := jansson libpng
B       := build
NODE    ?= node
SHARED  ?= ../shared
N       ?= 1000000

# The bootstrap stamp: made by scripts/bootstrap once every dependency is present.
DEPS    := $(B)/.bootstrapped
# A build without link-time optimisation: for nm (make check-layers, check-globals) and make install.
NOLTO   := $(B)/nolto

# The library, layer by layer (core/README.md): JavaScript numbers and values, the document, the instance,
# the session's stepping of it (play), what a renderer draws of it, the dump writer. The dump's reader and
# differ are a library of their own that the harness links.
LAYERS  := js document instance play render dump
LIB_SRC := $(foreach l,$(LAYERS),$(wildcard core/src/$(l)/*.c))
DUMPCMP_SRC := $(wildcard core/src/dumpcmp/*.c)
DUMPCMP_OBJ := $(DUMPCMP_SRC:%.c=$(B)/obj/%.o)
LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o)
CLI_SRC := $(wildcard core/cli/*.c)
CLI_OBJ := $(CLI_SRC:%.c=$(B)/obj/%.o)
POSECORE_OBJ := $(filter-out $(B)/obj/core/cli/posediff.o,$(CLI_OBJ))
TEST_SRC := $(wildcard core/tests/test_*.c)
TESTS    := $(TEST_SRC:core/tests/%.c=$(B)/tests/%)
LIB     := $(B)/lib/libposecore.a
DUMPCMP := $(B)/lib/libdumpcmp.a
# What the harness's programs link: the dump reader and differ, then the library below them.
HARNESS_LIBS := $(DUMPCMP) $(LIB)
BINS    := $(B)/bin/posecore $(B)/bin/posediff


.PHONY: all help test nightly gate gate-physics-full gate-sensitivity refusal-parity corpus-refresh jsmath-check bench-math unit check-math-calls clean
all: $(LIB) $(BINS)

help::
	@echo "make                 build build/lib/libposecore.a, build/bin/posecore, build/bin/posediff"
	@echo "make gate            the corpus gate: stored cases vs stored dumps, then the rigs live (physics rigs"
	@echo "                     stepped GATE_PHYSICS_FRAMES=60 frames)"
	@echo "make gate-physics-full  the physics rigs stepped the full 600 frames of gates/options (nightly)"
	@echo "make test            everything CI runs (unit tests, math vectors, the gate, its sensitivity)"
	@echo "make nightly         make test plus the full populations, the full sanitizer run, jsmath-check N=10000000"
	@echo "                     [SHARD=I/N: the I-th of N shares, parts in build/nightly/; make nightly-merge]"
	@echo "make gate-sensitivity  one flipped bit in a stored dump must fail the gate, naming its field"
	@echo "make refusal-parity  bad options and scenarios: the oracle and the core refuse each, naming the same thing"
	@echo "make corpus-refresh  regenerate corpus/dumps with the oracle (FORCE=1 to replace another version's)"
	@echo "make jsmath-check N= compare js_sin/js_cos/js_atan2/js_acos/js_pow with Node on N arguments per function"
	@echo "make bench-math      throughput of the V8-exact math module against the C library"
	@echo "make clean           remove build/"

$(DEPS):
	scripts/bootstrap

$(B)/obj/%.o: %.c | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $$(pkg-config --cflags $(PKGS)) -MMD -MP -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(DUMPCMP): $(DUMPCMP_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(B)/bin/posecore: $(POSECORE_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(POSECORE_OBJ) $(LIB) $$(pkg-config --libs $(PKGS)) -lm

$(B)/bin/posediff: $(B)/obj/core/cli/posediff.o $(HARNESS_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(HARNESS_LIBS) $$(pkg-config --libs $(PKGS)) -lm

$(B)/tests/%: core/tests/%.c $(wildcard core/tests/*.h) $(HARNESS_LIBS) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $$(pkg-config --cflags $(PKGS) check) -o $@ $< $(HARNESS_LIBS) \
	  $$(pkg-config --libs $(PKGS) check) -lm

-include $(LIB_OBJ:.o=.d) $(DUMPCMP_OBJ:.o=.d) $(CLI_OBJ:.o=.d)


# Transcendental functions reach the core only through core/src/js/jsmath.c.
check-math-calls:
	@scripts/check-math-calls

unit: $(TESTS) $(BINS)
	@set -e; for t in $(TESTS); do echo "== $$t"; (cd $(CURDIR) && SHARED=$(SHARED) CK_DEFAULT_TIMEOUT=$${CK_DEFAULT_TIMEOUT:-60} $$t); done

# The physics rigs' frames in `make test`'s gate (their dumps are large: 600 frames of sack-pro are 74 MB);
# `make nightly` steps them the full 600 (gates/options).
GATE_PHYSICS_FRAMES ?= 60

gate: all
	@gates/corpus_gate --shared $(SHARED) --physics-frames $(GATE_PHYSICS_FRAMES)

# The physics rigs at the frames gates/options gives them (600).
gate-physics-full: all
	@gates/corpus_gate --shared $(SHARED) --physics-only

test: all check-math-calls unit gate gate-sensitivity refusal-parity

# The options and scenarios the dump refuses: the oracle and the core refuse each, naming the same option
# or JSON path (gates/refusal_parity.mjs, the scenarios in gates/refusals/).
refusal-parity: all
	@node gates/refusal_parity.mjs >$(B)/refusal_parity.txt || { grep -v '^agreed' $(B)/refusal_parity.txt; exit 1; }
	@tail -n 1 $(B)/refusal_parity.txt

# One flipped bit in a stored dump must fail the gate, naming its field.
gate-sensitivity: all
	@node gates/gate_sensitivity.mjs 25 1

# The full populations and every long check; CI runs the small ones through `make test`.
# SHARD=I/N: the I-th of N shares of its populations, mutants and rig/skin pairs, their parts in
# build/nightly/I-of-N/ (gates/ci.mk: make nightly-merge adds them); the share 1/N also runs the rest
# (make test, the physics rigs' full frames, the rule ledger, jsmath-check), so N jobs of a CI matrix
# run the whole nightly once.
NIGHTLY_REST := $(if $(SHARD),$(filter 1/%,$(SHARD)),all)
nightly: $(if $(NIGHTLY_REST),test gate-physics-full)
	$(if $(NIGHTLY_REST),@scripts/jsmath-check 10000000)

corpus-refresh: all
	@gates/corpus_refresh $(if $(FORCE),--force)

jsmath-check: all
	@scripts/jsmath-check $(N)

bench-math: | $(DEPS)
	@scripts/bench-math

clean:
	rm -rf $(B)/obj $(B)/lib $(B)/bin $(B)/tests

# Each part of the harness adds its own targets (and `help::` lines, and prerequisites of `test` and
# `nightly`) in a fragment beside its code.
include $(sort $(wildcard core/*.mk core/*/*.mk probes/*.mk reports/*.mk gates/*.mk oracle/*.mk))
