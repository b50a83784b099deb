# `make stress` (issue 20): time and peak memory of the core on large generated documents (build/stress/):
# 1,000,000 bones, a 10,000-deep chain, 100,000 keys in one timeline, a 200 MB document, each at two
# sizes with the ratio that says how it grows (core/bench/stress.mjs). In `make nightly`;
# `make test` runs it at a fiftieth (stress-small, a few seconds).

STRESS_SCALE ?= 1

.PHONY: stress stress-small

help::
	@echo "make stress          time and peak memory on 1,000,000 bones, a 10,000-deep chain, 100,000 keys, 200 MB"
	@echo "                     (two sizes each, and how each grows); STRESS_SCALE=F scales the sizes"

stress: all
	@$(NODE) core/bench/stress.mjs --scale $(STRESS_SCALE)

stress-small: all
	@$(NODE) core/bench/stress.mjs --scale 0.02

test: stress-small
nightly: stress
