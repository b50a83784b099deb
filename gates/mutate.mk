# `make mutate` (issue 20): one-token mutations of the core, one at a time in a copy of the tree under
# /tmp, each judged by the stored-case gate and the CI-sized populations of its file's families
# (gates/mutate.mjs); the report: reports/mutation.md. The stored cases are judged in one process
# (build/bin/casegate); MUTATE_JOBS=2 judges two mutants at once in two copies. Every verdict is kept in
# the ledger reports/mutation.tsv while its file is unchanged, and the report is written from it.
#   make mutate [MUTATE_FILES=core/src/instance/path*.c,...] [MUTATE_MAX=40|all] [MUTATE_SEED=1]
#               [MUTATE_SHARD=K/N] [MUTATE_MINUTES=M] [MUTATE_OUT=reports/mutation.md] [MUTATE_JOBS=2]
#               [MUTATE_RESUME=1: skip the sites the ledger judged] [MUTATE_GATE_ONLY=1: no populations]
#               [MUTATE_ASAN=1: a survivor of the stored cases judged again by them sanitized, as gate-asan]
# The stored cases that judge a mutant are those that enter its function (gcov's map of a --coverage
# build, made in about 2 minutes and cached in build/mutate-coverage/). The whole core is 14,900 sites,
# about 1 s each on this machine with the gate alone (a population run adds about 20 s to each survivor): `make mutate-core` judges every site the ledger lacks or holds for a
# file since changed; the nightly runs it in its shares (SHARD=I/N, a ledger part each in
# build/nightly/I-of-N/) under a time budget, and `make mutate-merge` adds the parts to the ledger.

MUTATE_FILES ?= core/src/instance/path*.c,core/src/instance/ik.c,core/src/instance/transform.c
MUTATE_MAX   ?= 40
MUTATE_SEED  ?= 1
MUTATE_OUT   ?= reports/mutation.md
MUTATE_JOBS  ?= 1
comma        := ,
# Every folder of core/src, as the report counts them.
MUTATE_CORE  := $(shell ls -d core/src/*/ | sed 's|$$|*.c|' | paste -sd, -)
# The nightly's budget for the whole core's mutants, in minutes a share.
MUTATE_NIGHTLY_MINUTES ?= 120
MUTATE_PART   = $(NIGHTLY_PARTS)/$(subst /,-of-,$(SHARD))

.PHONY: mutate mutate-core mutate-merge test-mutate casegate

# build/bin/casegate (gates/casegate.c): the stored cases of the gate (corpus_gate --no-rigs) posed in one
# process by the CLI's own cmd_dump and judged by the differ library; what a mutant is judged by first.
CASEGATE_OBJ := $(B)/obj/gates/casegate.o $(B)/obj/probes/sha256.o \
                $(filter-out $(B)/obj/core/cli/posecore.o $(B)/obj/core/cli/posediff.o,$(CLI_OBJ))
-include $(B)/obj/gates/casegate.d

$(B)/bin/casegate: $(CASEGATE_OBJ) $(HARNESS_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(CASEGATE_OBJ) $(HARNESS_LIBS) $$(pkg-config --libs $(PKGS)) -lm

# make casegate: the stored cases, as gates/corpus_gate --no-rigs judges them, in one process.
casegate: $(B)/bin/casegate
	@$(B)/bin/casegate

help::
	@echo "make mutate          one-token mutants of the core (MUTATE_FILES, MUTATE_MAX=40, MUTATE_SEED, MUTATE_SHARD=K/N,"
	@echo "                     MUTATE_MINUTES, MUTATE_JOBS=2) judged by the stored cases (build/bin/casegate) and"
	@echo "                     the populations: reports/mutation.md (the verdicts kept in reports/mutation.tsv);"
	@echo "                     MUTATE_MAX=all, MUTATE_RESUME=1 skips what the ledger judged, MUTATE_GATE_ONLY=1"
	@echo "                     MUTATE_ASAN=1 judges survivors again by the sanitized stored cases (make gate-asan)"
	@echo "make mutate-core     every site of the core the ledger lacks (nightly; SHARD=I/N a share, its ledger a part),"
	@echo "                     survivors judged by the sanitized stored cases too"
	@echo "make mutate-merge    the nightly shares' ledger parts added to reports/mutation.tsv, the report rewritten"
	@echo "make test-mutate     three mutants of known fate judged, kept and resumed as make mutate says (in make test)"
	@echo "make casegate        the stored cases of the gate (corpus_gate --no-rigs) in one process"

mutate: all $(B)/bin/casegate
	@$(NODE) gates/mutate.mjs --files '$(MUTATE_FILES)' --max $(MUTATE_MAX) --seed $(MUTATE_SEED) --jobs $(MUTATE_JOBS) \
	  $(if $(MUTATE_SHARD),--shard $(MUTATE_SHARD)) $(if $(MUTATE_MINUTES),--minutes $(MUTATE_MINUTES)) \
	  $(if $(MUTATE_RESUME),--resume) $(if $(MUTATE_GATE_ONLY),--no-populations) $(if $(MUTATE_ASAN),--asan) \
	  --shared $(SHARED) --out $(MUTATE_OUT)

mutate-core: all $(B)/bin/casegate
	@$(if $(SHARD),mkdir -p $(MUTATE_PART) &&) $(NODE) gates/mutate.mjs --files '$(MUTATE_CORE)' \
	  --max all --resume --asan --jobs $(MUTATE_JOBS) $(if $(MUTATE_MINUTES),--minutes $(MUTATE_MINUTES)) --shared $(SHARED) \
	  $(if $(SHARD),--shard $(SHARD) --ledger $(MUTATE_PART)/mutation.tsv$(comma)reports/mutation.tsv \
	  --out $(MUTATE_PART)/mutation.md,--out $(MUTATE_OUT))

nightly: MUTATE_MINUTES = $(MUTATE_NIGHTLY_MINUTES)
nightly: MUTATE_JOBS = 2
nightly: mutate-core

mutate-merge:
	@for f in $(wildcard $(NIGHTLY_PARTS)/*/mutation.tsv); do grep -v '^#' "$$f" >>reports/mutation.tsv; done
	@$(NODE) gates/mutate.mjs --report-only --out $(MUTATE_OUT)

# Three mutants of known fate (an equivalent one, one the gate kills, one only a population kills, its
# first miss kept), --resume, a stale verdict (scripts/test-mutate); about a minute.
test-mutate: all probe-tools $(B)/bin/casegate
	@scripts/test-mutate

test: test-mutate
