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
