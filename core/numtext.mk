# Numbers as text (core/src/js/numtext.c, numtext_parse.c): the long comparisons of the spelling with the
# printf/strtod reference and with Node's String(x), and of the reading with strtod
# (core/tests/numtext_check.c). `make test` runs a sample (numtext-check-quick, a few seconds), `make
# nightly` the whole (numtext-check: every float32, hundreds of millions of doubles and texts).

NUMTEXT_CHECK := $(B)/tests/numtext_check

.PHONY: numtext-check numtext-check-quick

help::
	@echo "make numtext-check   the spelling against the printf/strtod reference and Node's String(x): every float32,"
	@echo "                     windows of every double, 100,000,000 drawn doubles; the reading against strtod (long)"

$(NUMTEXT_CHECK): core/tests/numtext_check.c core/tests/numtext_draws.h core/tests/numtext_reference.h $(LIB) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(LIB) -lm

# The sample: a million float32 patterns and a million drawn doubles against Node, a sixteenth of that
# against the reference (a microsecond or more a number), the windows 1,024 wide, a million texts.
numtext-check-quick: $(NUMTEXT_CHECK)
	@$(NUMTEXT_CHECK) float32 --step 4099 --node --jobs 2
	@$(NUMTEXT_CHECK) float32 --step 65537 --reference --jobs 2
	@$(NUMTEXT_CHECK) ranges --width 1024 --around 4 --reference --node --jobs 2
	@$(NUMTEXT_CHECK) random --count 1000000 --seed 1 --node --jobs 2
	@$(NUMTEXT_CHECK) random --count 64000 --seed 2 --reference --jobs 2
	@$(NUMTEXT_CHECK) parse --count 1000000 --seed 1 --jobs 2

# The whole: every float32 against Node and every 61st against the reference; the windows 4,194,304
# wide against both; 100,000,000 drawn doubles (12,500,000 of each class) against both; 100,000,000
# texts against strtod.
numtext-check: $(NUMTEXT_CHECK)
	@$(NUMTEXT_CHECK) float32 --step 1 --node --jobs 2
	@$(NUMTEXT_CHECK) float32 --step 61 --reference --jobs 2
	@$(NUMTEXT_CHECK) ranges --width 4194304 --reference --node --jobs 2
	@$(NUMTEXT_CHECK) random --count 100000000 --seed 1 --reference --node --jobs 2
	@$(NUMTEXT_CHECK) parse --count 100000000 --seed 1 --jobs 2

test: numtext-check-quick
nightly: numtext-check
