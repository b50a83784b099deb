# Fuzzing (issue 20): libFuzzer targets under AddressSanitizer + UndefinedBehaviorSanitizer, built with
# clang (scripts/bootstrap --fuzz installs it) into build/fuzz/:
#   skeleton  the reader, then the accepted document posed and dumped (samples, and physics frames)
#   dump      the dump reader
#   diff      the differ on two dumps (the input: a dump, a NUL byte, a dump)
#   scenario  the scenario reader, then the accepted scenario run on one document and dumped
#   atlas     the atlas reader, then one document read against the accepted atlas, posed and drawn
# Seeds (build/fuzz/seeds/): corpus/cases, the rigs of $(SHARED)/rigs, the stored dumps and scenarios;
# dictionaries: the string literals of the readers' sources (core/fuzz/seeds). What a run finds is kept in
# build/fuzz/corpus/; crashes in build/fuzz/crashes/TARGET/, and a run with any crash fails.
#   make fuzz [FUZZ_SECONDS=600]   every target for FUZZ_SECONDS each
#   make fuzz-quick                every target 60 s (make test; nightly runs `make fuzz` at 120 s)
#   make fuzz-parity               the skeleton documents and the atlases the fuzzer kept, through the oracle
#                                  and the core: verdicts agree, and dumps where both pose (gates/fuzz_parity.mjs)

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 600
FUZZ_QUICK_SECONDS ?= 60
FUZZ_B       := $(B)/fuzz
FUZZ_FLAGS   := -Wno-unknown-warning-option -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1
FUZZ_TARGETS := skeleton dump diff scenario atlas
FUZZ_BINS    := $(FUZZ_TARGETS:%=$(FUZZ_B)/bin/fuzz_%)
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(FUZZ_B)/obj/%.o)
FUZZ_CMP_OBJ := $(DUMPCMP_SRC:%.c=$(FUZZ_B)/obj/%.o)
FUZZ_DEPS    := $(B)/.bootstrapped-fuzz

.PHONY: fuzz fuzz-quick fuzz-build fuzz-seeds fuzz-parity fuzz-parity-quick fuzz-parity-full test-fuzz-parity

help::
	@echo "make fuzz [FUZZ_SECONDS=600]  each libFuzzer target (skeleton, dump, diff, scenario, atlas) under ASan+UBSan:"
	@echo "                     executions, coverage and crashes per target; fails on any crash"
	@echo "make fuzz-quick      each target 60 s (in make test; FUZZ_QUICK_SECONDS)"
	@echo "make fuzz-parity     what the skeleton and atlas fuzzers kept, through the oracle and the core: verdicts and dumps agree"
	@echo "make test-fuzz-parity  fuzz-parity goes on past an oracle that dies, and names what it could not compare (in make test)"

$(FUZZ_DEPS):
	scripts/bootstrap --fuzz

$(FUZZ_B)/obj/%.o: %.c | $(FUZZ_DEPS) $(DEPS)
	@mkdir -p $(dir $@)
	@$(FUZZ_CC) $(filter-out -flto% -O%,$(CFLAGS)) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link \
	  $$(pkg-config --cflags $(PKGS)) -MMD -MP -c $< -o $@

$(FUZZ_B)/lib/libposecore.a: $(FUZZ_LIB_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@ && ar rcs $@ $^

$(FUZZ_B)/lib/libdumpcmp.a: $(FUZZ_CMP_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@ && ar rcs $@ $^

$(FUZZ_B)/bin/fuzz_%: $(FUZZ_B)/obj/core/fuzz/fuzz_%.o $(FUZZ_B)/lib/libdumpcmp.a $(FUZZ_B)/lib/libposecore.a
	@mkdir -p $(dir $@)
	@$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $^ $$(pkg-config --libs $(PKGS)) -lm

# The targets' own objects kept (not intermediates make would delete).
.SECONDARY: $(FUZZ_TARGETS:%=$(FUZZ_B)/obj/core/fuzz/fuzz_%.o)

fuzz-build: $(FUZZ_BINS)

fuzz-seeds: | $(DEPS)
	@core/fuzz/seeds --shared $(SHARED) --out $(FUZZ_B)

fuzz: fuzz-build fuzz-seeds
	@core/fuzz/run --out $(FUZZ_B) --seconds $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-quick: fuzz-build fuzz-seeds
	@core/fuzz/run --out $(FUZZ_B) --seconds $(FUZZ_QUICK_SECONDS) $(FUZZ_TARGETS)

# In make test after fuzz-quick (what it kept; 200 at most), in make nightly after make fuzz (all).
fuzz-parity: all
	@$(NODE) gates/fuzz_parity.mjs $(if $(FUZZ_PARITY_MAX),--max $(FUZZ_PARITY_MAX))
	@$(NODE) gates/fuzz_parity.mjs --kind atlas $(if $(FUZZ_PARITY_MAX),--max $(FUZZ_PARITY_MAX))

fuzz-parity-quick: all fuzz-quick
	@$(NODE) gates/fuzz_parity.mjs --max 200
	@$(NODE) gates/fuzz_parity.mjs --kind atlas --max 200

# The oracle's worker dying (V8's heap, an array past V8's length) on three known inputs (scripts/test-fuzz-parity).
test-fuzz-parity: all
	@scripts/test-fuzz-parity

test: fuzz-quick fuzz-parity-quick test-fuzz-parity
fuzz-parity-full: all fuzz
	@$(NODE) gates/fuzz_parity.mjs
	@$(NODE) gates/fuzz_parity.mjs --kind atlas

nightly: FUZZ_SECONDS = 120
nightly: fuzz fuzz-parity-full

-include $(FUZZ_LIB_OBJ:.o=.d) $(FUZZ_CMP_OBJ:.o=.d) $(FUZZ_TARGETS:%=$(FUZZ_B)/obj/core/fuzz/fuzz_%.d)
