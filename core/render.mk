# What a renderer draws (core/src/render, issue 18): `posecore bounds` checked against spine-core.
#   make bounds-check   the setup pose's and each animation's bounds of a few rigs (with and without
#                       their atlas) against the oracle's getBounds, bit for bit

.PHONY: bounds-check

help::
	@echo "make bounds-check    posecore bounds of a few rigs against spine-core's getBounds (scripts/bounds-check)"

# Rigs with clipping (coin-pro, spineboy-pro), linked meshes (goblins-pro) and one without an atlas.
BOUNDS_RIGS := coin-pro:coin spineboy-pro:spineboy goblins-pro:goblins spinosaurus-ess:-
bounds-check: all
	@if [ -d $(SHARED)/rigs ]; then scripts/bounds-check --samples 5 \
	  $(foreach r,$(BOUNDS_RIGS),$(SHARED)/rigs/$(word 1,$(subst :, ,$(r))).json \
	    $(if $(filter -,$(word 2,$(subst :, ,$(r)))),-,$(SHARED)/atlases/$(word 2,$(subst :, ,$(r))).atlas)); \
	else echo "bounds-check: $(SHARED)/rigs not found: skipped"; fi

test: bounds-check

# test_render also counts allocations while drawing: linked with the benchmark's counting allocator as
# the benchmark is (core/bench/bench.mk: its own object without link-time optimisation, so no allocation
# moves across a snapshot; --wrap); an explicit rule wins over the Makefile's pattern rule for tests.
$(B)/obj/core/tests/test_render.nolto.o: core/tests/test_render.c core/bench/bench_alloc.h $(wildcard core/tests/*.h) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fno-lto $$(pkg-config --cflags $(PKGS) check) -c $< -o $@

$(B)/tests/test_render: $(B)/obj/core/tests/test_render.nolto.o $(B)/obj/core/bench/bench_alloc.nolto.o $(HARNESS_LIBS) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(B)/obj/core/tests/test_render.nolto.o $(B)/obj/core/bench/bench_alloc.nolto.o \
	  $(HARNESS_LIBS) $(BENCH_WRAP) $$(pkg-config --libs $(PKGS) check) -lm
