# The library's shape (core/README.md), checked on a build without link-time optimisation
# (build/nolto/: plain objects, whose symbols nm reads):
#   make check-layers   no header included from a higher layer, no circle of calls between files
#   make check-globals  no writable data symbol in libposecore.a (nothing global the library writes)


NOLTO_OBJ := $(LIB_SRC:%.c=$(NOLTO)/obj/%.o) $(DUMPCMP_SRC:%.c=$(NOLTO)/obj/%.o)

.PHONY: check-layers check-globals

help::
	@echo "make check-layers    the layers hold: no include upwards, no circle of calls between the library's files"
	@echo "make check-globals   nm finds no writable data symbol in the library (a build without LTO)"

$(NOLTO)/obj/%.o: %.c | $(DEPS)
	@mkdir -p $(dir $@)
	@$(CC) $(filter-out -flto%,$(CFLAGS)) $$(pkg-config --cflags $(PKGS)) -MMD -MP -c $< -o $@

check-layers: $(NOLTO_OBJ)
	@scripts/check-layers $(NOLTO)/obj/core/src

check-globals: $(NOLTO_OBJ)
	@bad=$$(nm -o --defined-only $(NOLTO_OBJ) | awk '$$2 ~ /^[BbCcDdGgSsVv]$$/'); \
	if [ -n "$$bad" ]; then echo "check-globals: writable data in the library:"; echo "$$bad"; exit 1; fi; \
	echo "check-globals: no writable data symbol in $(words $(NOLTO_OBJ)) objects of the library"

test: check-layers check-globals

-include $(NOLTO_OBJ:.o=.d)

# Four threads posing the rigs at once (two under rule readings), under ThreadSanitizer: every dump equal
# to the single-threaded one (core/tests/threads.c). The library and the dump writer built with
# -fsanitize=thread into build/tsan/.
TSAN_FLAGS := -fsanitize=thread -g -O1
TSAN_OBJ   := $(LIB_SRC:%.c=$(B)/tsan/obj/%.o)

.PHONY: test-threads
help::
	@echo "make test-threads    four threads pose the rigs at once under ThreadSanitizer; dumps equal to one thread's"

$(B)/tsan/obj/%.o: %.c | $(DEPS)
	@mkdir -p $(dir $@)
	@$(CC) $(filter-out -flto%,$(CFLAGS)) $(TSAN_FLAGS) $$(pkg-config --cflags $(PKGS)) -MMD -MP -c $< -o $@

$(B)/tsan/threads: core/tests/threads.c $(TSAN_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -flto%,$(CFLAGS)) $(TSAN_FLAGS) -o $@ $< $(TSAN_OBJ) $$(pkg-config --libs $(PKGS)) -lm -lpthread

test-threads: $(B)/tsan/threads
	@if [ -d $(SHARED)/rigs ]; then TSAN_OPTIONS=halt_on_error=1:exitcode=66 $(B)/tsan/threads $(SHARED)/rigs/*.json; \
	else echo "test-threads: no rigs in $(SHARED)/rigs"; exit 1; fi

test: test-threads

-include $(TSAN_OBJ:.o=.d)
