# probes/: the probe generator, the probe runner and the rule ledger's measurements (probes/README.md).
#
#   make probe FAMILY=bones POP=2000 [SEED=1] [RULE="rule=reading ..."] [AMPLIFY=1]
#   make rules [POP=300]
#   make adopt PROBE=reports/probes/FAMILY-SEED/NAME
#   make bench-loop [BASELINE=DIR]

# Every probes/family_*.c is linked in; families.c lists which of them are generated.
PROBE_TOOL_OBJ := $(B)/obj/probes/families.o $(B)/obj/probes/draw.o $(B)/obj/probes/emit.o $(B)/obj/probes/jw.o \
                  $(B)/obj/probes/congen.o \
                  $(patsubst %.c,$(B)/obj/%.o,$(wildcard probes/family_*.c))
PROBE_TOOLS    := $(B)/bin/probegen $(B)/bin/probediff $(B)/bin/probecore
# probecore runs the CLI's own `posecore dump` (cmd_dump and the verbs it may call), without its main.
PROBE_CLI_OBJ  := $(filter-out $(B)/obj/core/cli/posecore.o $(B)/obj/core/cli/posediff.o,$(CLI_OBJ))

.PHONY: probe probe-tools rules rules-check adopt probe-ci probe-nightly bench-loop

help::
	@echo "make probe FAMILY=bones POP=2000 [SEED=1] [RULE=rule=reading] [AMPLIFY=1]"
	@echo "                     draw a population, pose it with the oracle (cached) and the core, diff, count"
	@echo "make rules [POP=300] measure every reading of every rule on its population; write RULES.md"
	@echo "make adopt PROBE=reports/probes/FAMILY-SEED/NAME   copy a kept miss into corpus/ as probe-NAME"
	@echo "make bench-loop [BASELINE=DIR]   time every stage of make probe (path, timeline, bones; cold, warm) and"
	@echo "                     make rules; write reports/loop.md (BASELINE: another built checkout beside)"

probe-tools: $(PROBE_TOOLS)

$(B)/bin/probegen: $(B)/obj/probes/probegen.o $(PROBE_TOOL_OBJ) $(HARNESS_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(B)/obj/probes/probegen.o $(PROBE_TOOL_OBJ) $(HARNESS_LIBS) $$(pkg-config --libs $(PKGS)) -lm

$(B)/bin/probediff: $(B)/obj/probes/probediff.o $(B)/obj/probes/sha256.o $(HARNESS_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(B)/obj/probes/probediff.o $(B)/obj/probes/sha256.o $(HARNESS_LIBS) $$(pkg-config --libs $(PKGS)) -lm

$(B)/bin/probecore: $(B)/obj/probes/probecore.o $(PROBE_CLI_OBJ) $(HARNESS_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(B)/obj/probes/probecore.o $(PROBE_CLI_OBJ) $(HARNESS_LIBS) $$(pkg-config --libs $(PKGS)) -lm

# The generator's unit test links the generator's objects (an explicit rule wins over the pattern rule
# of the Makefile) and runs build/bin/probegen.
$(B)/tests/test_probegen: core/tests/test_probegen.c $(PROBE_TOOL_OBJ) $(HARNESS_LIBS) $(B)/bin/probegen | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iprobes $$(pkg-config --cflags $(PKGS) check) -o $@ $< $(PROBE_TOOL_OBJ) $(HARNESS_LIBS) \
	  $$(pkg-config --libs $(PKGS) check) -lm

# The probe loop's test runs probegen, probecore, probediff and posecore.
$(B)/tests/test_probeloop: core/tests/test_probeloop.c $(wildcard core/tests/*.h) $(PROBE_TOOLS) $(B)/bin/posecore | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $$(pkg-config --cflags check) -o $@ $< $$(pkg-config --libs check)

-include $(wildcard $(B)/obj/probes/*.d)

probe: all probe-tools
	@probes/run --family $(or $(FAMILY),bones) --pop $(or $(POP),2000) --seed $(or $(SEED),1) \
	  $(foreach r,$(RULE),--rule $(r)) $(if $(AMPLIFY),--amplify) $(PROBE_BEYOND)

rules: all probe-tools
	@probes/rules --pop $(or $(POP),300) --seed $(or $(SEED),1)

# RULES.md measured again (300, seed 1) into build/: fails when a reading's count differs from the ledger's.
rules-check: all probe-tools
	@probes/rules --pop 300 --seed 1 --out $(B)/probes/RULES-check.md --check RULES.md

adopt:
	@probes/adopt $(PROBE)

bench-loop: all probe-tools
	@probes/bench-loop $(if $(BASELINE),--baseline $(BASELINE))

# CI: a small population of every generated family, failing on any miss; the ledger measured again at its
# own population (300), failing on any count that differs from RULES.md. Nightly: the full populations.
PROBE_FAMILIES = $(shell $(B)/bin/probegen --list 2>/dev/null | awk '$$2 == "generated" {print $$1}')

probe-ci: all probe-tools
	@set -e; for f in $(PROBE_FAMILIES); do probes/run --family $$f --pop 200 --seed 1 --fail-on-miss; done
	@probes/rules --pop 300 --seed 1 --out $(B)/probes/RULES-ci.md --check RULES.md

# Every family runs, then the target fails if one missed; SHARD=I/N (gates/ci.mk): the I-th N-th of each.
probe-nightly: all probe-tools
	@st=0; i=10; for f in $(PROBE_FAMILIES); do probes/run --family $$f --pop 2000 --seed 1 --fail-on-miss \
	  $(call NIGHTLY_PART,d-probe-$$i-$$f) || st=1; i=$$((i + 1)); done; exit $$st
	@probes/run --family bones --pop 2000 --seed 1 --amplify --fail-on-miss $(call NIGHTLY_PART,e-probe-bones-amp)
	$(if $(NIGHTLY_REST),@probes/rules --pop 2000 --seed 1 --out $(B)/probes/RULES-nightly.md)

test: probe-ci
nightly: probe-nightly
