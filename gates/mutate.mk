# `make mutate` (issue 20): one-token mutations of the core, one at a time in a copy of the tree under
# /tmp, each judged by the stored-case gate and the CI-sized populations of its file's families
# (gates/mutate.mjs); the report: reports/mutation.md. The stored cases are judged in one process
# (build/bin/casegate); MUTATE_JOBS=2 judges two mutants at once in two copies. A whole-core run is still
# long (14,070 sites at a few seconds each): select files and a sample, or shard.
#   make mutate [MUTATE_FILES=core/src/instance/path*.c,...] [MUTATE_MAX=40] [MUTATE_SEED=1]
#               [MUTATE_SHARD=K/N] [MUTATE_MINUTES=M] [MUTATE_OUT=reports/mutation.md] [MUTATE_JOBS=2]

MUTATE_FILES ?= core/src/instance/path*.c,core/src/instance/ik.c,core/src/instance/transform.c
MUTATE_MAX   ?= 40
MUTATE_SEED  ?= 1
MUTATE_OUT   ?= reports/mutation.md
MUTATE_JOBS  ?= 1

.PHONY: mutate casegate

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
	@echo "                     the populations: reports/mutation.md"
	@echo "make casegate        the stored cases of the gate (corpus_gate --no-rigs) in one process"

mutate: all $(B)/bin/casegate
	@$(NODE) gates/mutate.mjs --files '$(MUTATE_FILES)' --max $(MUTATE_MAX) --seed $(MUTATE_SEED) --jobs $(MUTATE_JOBS) \
	  $(if $(MUTATE_SHARD),--shard $(MUTATE_SHARD)) $(if $(MUTATE_MINUTES),--minutes $(MUTATE_MINUTES)) \
	  --shared $(SHARED) --out $(MUTATE_OUT)
