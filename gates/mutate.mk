# `make mutate` (issue 20): one-token mutations of the core, one at a time in a copy of the tree under
# /tmp, each judged by the stored-case gate and the CI-sized populations of its file's families
# (gates/mutate.mjs); the report: reports/mutation.md. A whole-core run is long (about a minute a mutant
# on a shared machine): select files and a sample, or shard.
#   make mutate [MUTATE_FILES=core/src/instance/path*.c,...] [MUTATE_MAX=40] [MUTATE_SEED=1]
#               [MUTATE_SHARD=K/N] [MUTATE_MINUTES=M] [MUTATE_OUT=reports/mutation.md]

MUTATE_FILES ?= core/src/instance/path*.c,core/src/instance/ik.c,core/src/instance/transform.c
MUTATE_MAX   ?= 40
MUTATE_SEED  ?= 1
MUTATE_OUT   ?= reports/mutation.md

.PHONY: mutate

help::
	@echo "make mutate          one-token mutants of the core (MUTATE_FILES, MUTATE_MAX=40, MUTATE_SEED, MUTATE_SHARD=K/N,"
	@echo "                     MUTATE_MINUTES) judged by the gate and the populations: reports/mutation.md"

mutate: all
	@$(NODE) gates/mutate.mjs --files '$(MUTATE_FILES)' --max $(MUTATE_MAX) --seed $(MUTATE_SEED) \
	  $(if $(MUTATE_SHARD),--shard $(MUTATE_SHARD)) $(if $(MUTATE_MINUTES),--minutes $(MUTATE_MINUTES)) \
	  --shared $(SHARED) --out $(MUTATE_OUT)
