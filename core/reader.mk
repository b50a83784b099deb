# The reader's targets (issue 4): error parity measured on mutated documents, and the same mutants
# through an AddressSanitizer + UndefinedBehaviorSanitizer build of the core (build/asan/).

ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1
ASAN_OBJ   := $(LIB_SRC:%.c=$(B)/asan/obj/%.o) \
              $(filter-out $(B)/asan/obj/core/cli/posediff.o,$(CLI_SRC:%.c=$(B)/asan/obj/%.o))
MUTANTS    ?= 2400

.PHONY: mutants mutants-small mutant-poses mutant-poses-small test-asan test-asan-small rig-skins gate-asan

help::
	@echo "make mutants         error parity: MUTANTS= (default 2400) broken documents from the corpus and the rigs;"
	@echo "                     prints how many verdicts of posecore check agree with spine-core's"
	@echo "make test-asan       the mutants (check, and dump --skin all) through an ASan+UBSan core in build/asan/"
	@echo "make mutant-poses    MUTANTS= mutants both sides accept, posed by both (--samples 3) and compared: 0 differences"
	@echo "make gate-asan       the stored cases (casegate --unsupported-fails) through the ASan+UBSan core: a read past"
	@echo "                     an array or a leak that leaves the poses equal still fails (issue 20's memory-error mutants)"
	@echo "make rig-skins       every rig under --skin none, all and each of its skins: data rows and update order"

$(B)/asan/obj/%.o: %.c | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ASAN_FLAGS) $$(pkg-config --cflags $(PKGS)) -MMD -MP -c $< -o $@

$(B)/asan/bin/posecore: $(ASAN_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ASAN_FLAGS) -o $@ $(ASAN_OBJ) $$(pkg-config --libs $(PKGS)) -lm

# build/asan/bin/casegate: gates/casegate.c over the ASan+UBSan library, dump reader and differ.
ASAN_CASEGATE_OBJ := $(LIB_SRC:%.c=$(B)/asan/obj/%.o) $(DUMPCMP_SRC:%.c=$(B)/asan/obj/%.o) \
                     $(B)/asan/obj/gates/casegate.o $(B)/asan/obj/probes/sha256.o \
                     $(filter-out $(B)/asan/obj/core/cli/posecore.o $(B)/asan/obj/core/cli/posediff.o,$(CLI_SRC:%.c=$(B)/asan/obj/%.o))

$(B)/asan/bin/casegate: $(ASAN_CASEGATE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ASAN_FLAGS) -o $@ $(ASAN_CASEGATE_OBJ) $$(pkg-config --libs $(PKGS)) -lm

# Every stored case posed by the sanitized core, judged as make mutate judges (unsupported-* cases may
# stay unsupported): a sanitizer's report ends its case with a failing exit, so the case fails, and so
# does memory a pose leaves unreachable (LeakSanitizer asked in each case's child before it exits).
gate-asan: $(B)/asan/bin/casegate
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(B)/asan/bin/casegate --unsupported-fails --quiet

mutants: all
	@$(NODE) gates/mutants.mjs --core $(B)/bin/posecore --shared $(SHARED) --count $(MUTANTS) --quiet

# A small run for `make test` (a few seconds).
mutants-small: all
	@$(NODE) gates/mutants.mjs --core $(B)/bin/posecore --shared $(SHARED) --count 300 --seed 7 --quiet \
	  --out $(B)/mutants-small

# The mutants both sides accept are documents no one wrote by hand: each is posed by the oracle and the
# core and compared at tolerance 0 (a seed of its own, so other documents than the parity run's).
mutant-poses: all
	@$(NODE) gates/mutants.mjs --core $(B)/bin/posecore --shared $(SHARED) --count $(MUTANTS) --seed 5 --diff \
	  --quiet --out $(B)/mutant-poses $(call NIGHTLY_PART,b-mutant-poses.json)

mutant-poses-small: all
	@$(NODE) gates/mutants.mjs --core $(B)/bin/posecore --shared $(SHARED) --count 300 --seed 9 --diff --quiet \
	  --out $(B)/mutant-poses-small

test-asan: $(B)/asan/bin/posecore
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  $(NODE) gates/mutants.mjs --core $(B)/asan/bin/posecore --shared $(SHARED) --count $(MUTANTS) --dump \
	  --quiet --out $(B)/asan/mutants $(call NIGHTLY_PART,a-mutants-asan.json)

# A small sanitizer run for `make test` (the full one is in `make nightly`).
test-asan-small: $(B)/asan/bin/posecore
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  $(NODE) gates/mutants.mjs --core $(B)/asan/bin/posecore --shared $(SHARED) --count 400 --seed 11 --dump \
	  --quiet --out $(B)/asan/mutants-small

rig-skins: all
	@gates/rig_skins --shared $(SHARED) $(call NIGHTLY_PART,c-rig-skins.tsv)

test: mutants-small mutant-poses-small test-asan-small gate-asan

nightly: test-asan mutant-poses rig-skins

-include $(ASAN_OBJ:.o=.d)
