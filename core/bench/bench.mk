# `make bench` (issue 10): the core's posing speed against spine-core under Node, side by side, on the
# same work; the core's final poses checked bit for bit against spine-core's; allocations while posing
# counted (0 wanted); the table written to reports/bench.md. The benchmark program is built with the
# library's flags and linked with a counting allocator (core/bench/bench_alloc.c).
#
#   make bench [SHARED=DIR] [BENCH_RUNS=5] [BENCH_MIN_TIME=1] [BENCH_OUT=reports/bench.md]

BENCH_RUNS     ?= 5
BENCH_MIN_TIME ?= 1
BENCH_OUT      ?= reports/bench.md
BENCH_SRC      := core/bench/bench.c core/bench/bench_alloc.c
BENCH_WRAP     := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free

.PHONY: bench

help::
	@echo "make bench           posing speed: the core against spine-core (Node), median of BENCH_RUNS=5 alternating"
	@echo "                     runs of >= BENCH_MIN_TIME=1 s per rig; poses checked bit for bit, allocations counted;"
	@echo "                     writes reports/bench.md"

BENCH_OBJ      := $(BENCH_SRC:%.c=$(B)/obj/%.nolto.o)

# The benchmark's own code is compiled without link-time optimisation: with it the optimiser, which knows
# malloc as a builtin that touches no counter, may move the program's allocations across the counting
# allocator's snapshots (measured: 3 allocations made before posing counted while posing). The library
# is optimised across its files as always.
$(B)/obj/core/bench/%.nolto.o: core/bench/%.c core/bench/bench_alloc.h core/include/posecore.h | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fno-lto $$(pkg-config --cflags jansson) -c $< -o $@

$(B)/bench/bench: $(BENCH_OBJ) $(LIB) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(BENCH_OBJ) $(LIB) $(BENCH_WRAP) $$(pkg-config --libs $(PKGS)) -lm

bench: $(B)/bench/bench $(B)/bin/posecore
	@$(NODE) oracle/bench.mjs run --core $(B)/bench/bench --posecore $(B)/bin/posecore --shared $(SHARED) \
	  --runs $(BENCH_RUNS) --min-time $(BENCH_MIN_TIME) --out $(BENCH_OUT) --cc "$(CC)" \
	  --cflags "$(filter -O% -f%,$(CFLAGS))"
