# Numbers as text (core/src/js/numtext.c, numtext_parse.c): the long comparisons of the spelling with the
# printf/strtod reference and with Node's String(x), and of the reading with strtod
# (core/tests/numtext_check.c), and of the spelling with the double-conversion library's ECMAScript
# converter, the code V8's Number::toString descends from (core/tests/numtext_dconv.cc, C++, a test
# program only). `make test` runs a sample (numtext-check-quick, a few seconds), `make nightly` the whole
# (numtext-check: every float32, hundreds of millions of doubles and texts).

NUMTEXT_CHECK := $(B)/tests/numtext_check
NUMTEXT_DCONV := $(B)/tests/numtext_dconv
CXX ?= g++

.PHONY: numtext-check numtext-check-quick

help::
	@echo "make numtext-check   the spelling against the printf/strtod reference and Node's String(x): every float32,"
	@echo "                     windows of every double, 100,000,000 drawn doubles; the reading against strtod (long)"
	@echo "                     and every float32 against double-conversion's ECMAScript converter"

$(NUMTEXT_CHECK): core/tests/numtext_check.c core/tests/numtext_draws.h core/tests/numtext_reference.h $(LIB) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(LIB) -lm

$(NUMTEXT_DCONV): core/tests/numtext_dconv.cc core/src/js/numtext.h $(LIB) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CXX) -std=c++17 -O2 -ffp-contract=off -Wall -Wextra -Icore/src -o $@ $< $(LIB) -ldouble-conversion -lm

# The sample: a million float32 patterns and a million drawn doubles against Node, a sixteenth of that
# against the reference (a microsecond or more a number), the windows 1,024 wide, a million texts.
numtext-check-quick: $(NUMTEXT_CHECK) $(NUMTEXT_DCONV)
	@$(NUMTEXT_CHECK) float32 --step 4099 --node --jobs 2
	@$(NUMTEXT_CHECK) float32 --step 65537 --reference --jobs 2
	@$(NUMTEXT_CHECK) ranges --width 1024 --around 4 --reference --node --jobs 2
	@$(NUMTEXT_CHECK) random --count 1000000 --seed 1 --node --jobs 2
	@$(NUMTEXT_CHECK) random --count 64000 --seed 2 --reference --jobs 2
	@$(NUMTEXT_CHECK) parse --count 1000000 --seed 1 --jobs 2
	@$(NUMTEXT_DCONV) float32 --step 1021 --jobs 2
	@$(NUMTEXT_DCONV) random --count 4000000 --seed 1 --jobs 2

# The whole: every float32 and 1,000,000,000 random bit patterns against double-conversion (about
# 0.2 us a number: 15 minutes of CPU); 100,000,000 drawn doubles (12,500,000 of each class) against the
# reference and Node; the windows 4,194,304 wide against both; 100,000,000 texts against strtod; every
# 61st float32 against the reference and Node. (Node's String(x) of every float32 would take about 2 CPU
# hours here, at 0.8-2 us a number: the converter Node descends from checks them all instead.)
numtext-check: $(NUMTEXT_CHECK) $(NUMTEXT_DCONV)
	@$(NUMTEXT_DCONV) float32 --step 1 --jobs 2
	@$(NUMTEXT_DCONV) random --count 1000000000 --seed 1 --jobs 2
	@$(NUMTEXT_CHECK) random --count 100000000 --seed 1 --reference --node --jobs 2
	@$(NUMTEXT_CHECK) ranges --width 4194304 --reference --node --jobs 2
	@$(NUMTEXT_CHECK) parse --count 100000000 --seed 1 --jobs 2
	@$(NUMTEXT_CHECK) float32 --step 61 --reference --node --jobs 2

test: numtext-check-quick
nightly: numtext-check
