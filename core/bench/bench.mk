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

$(B)/bench/bench: $(BENCH_SRC) core/bench/bench_alloc.h core/include/posecore.h $(LIB) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $$(pkg-config --cflags jansson) -o $@ $(BENCH_SRC) $(LIB) $(BENCH_WRAP) \
	  $$(pkg-config --libs $(PKGS)) -lm

bench: $(B)/bench/bench $(B)/bin/posecore
	@$(NODE) oracle/bench.mjs run --core $(B)/bench/bench --posecore $(B)/bin/posecore --shared $(SHARED) \
	  --runs $(BENCH_RUNS) --min-time $(BENCH_MIN_TIME) --out $(BENCH_OUT) --cc "$(CC)"
