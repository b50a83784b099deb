# Allocation failure injection (scripts/test-oom):
#   make test-oom   build/oom/posecore fails its N-th allocation, for every N of a few workloads: each run
#                   exits with a one-line error or writes the very output of a run that failed nothing;
#                   never a crash
# build/oom/posecore is the command line on the library without link-time optimisation (build/nolto/),
# linked with --wrap so that malloc, calloc and realloc pass through core/tests/failalloc.c.

OOM_BIN := $(B)/oom/posecore
OOM_OBJ := $(POSECORE_OBJ:$(B)/obj/%=$(NOLTO)/obj/%) $(NOLTO)/obj/core/tests/failalloc.o

.PHONY: test-oom

help::
	@echo "make test-oom        fail each allocation in turn (core/tests/failalloc.c): a one-line error or the"
	@echo "                     same output, never a crash"

$(OOM_BIN): $(OOM_OBJ) $(NOLTO_LIB)
	@mkdir -p $(dir $@)
	@$(CC) $(filter-out -flto%,$(CFLAGS)) -o $@ $(OOM_OBJ) $(NOLTO_LIB) \
	  -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc $$(pkg-config --libs $(PKGS)) -lm

test-oom: $(OOM_BIN)
	@scripts/test-oom $(SHARED)

test: test-oom

# The nightly samples the rigs' allocations more densely.
nightly: OOM_SAMPLES = 2000
export OOM_SAMPLES
