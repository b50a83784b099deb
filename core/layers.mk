# The library's shape (core/README.md), checked on a build without link-time optimisation
# (build/nolto/: plain objects, whose symbols nm reads):
#   make check-layers   no header included from a higher layer, no circle of calls between files
#   make check-globals  no writable data symbol in libposecore.a (nothing global the library writes)

NOLTO     := $(B)/nolto
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
