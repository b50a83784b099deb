# Installing the library for programs that embed it (README.md, "Embedding the core"):
#   make install PREFIX=DIR   DIR/lib/libposecore.a, DIR/include/posecore.h, DIR/lib/pkgconfig/posecore.pc
#   make test-install         installs into a temporary prefix, builds core/examples/bone_world.c against
#                             it with pkg-config alone, and checks its bone positions against the oracle's
#                             stored dumps (tolerance 0)
# The installed library is built without link-time optimisation (build/nolto/), so that any C toolchain
# links it; its operations are the same IEEE operations, its results the same bits.

PREFIX ?= /usr/local
NOLTO_LIB := $(NOLTO)/lib/libposecore.a

.PHONY: install test-install

help::
	@echo "make install PREFIX=DIR  the library, its header and posecore.pc (pkg-config) under DIR (default /usr/local)"
	@echo "make test-install    install into a temp prefix, build the README's example with pkg-config, check it"

$(NOLTO_LIB): $(LIB_SRC:%.c=$(NOLTO)/obj/%.o)
	@mkdir -p $(dir $@)
	@rm -f $@ && ar rcs $@ $^

install: $(NOLTO_LIB)
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include
	install -m 644 $(NOLTO_LIB) $(DESTDIR)$(PREFIX)/lib/libposecore.a
	install -m 644 core/include/posecore.h $(DESTDIR)$(PREFIX)/include/posecore.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(shell sed -n 's/^#define POSECORE_VERSION "\(.*\)"/\1/p' core/include/posecore.h)|' \
	  core/posecore.pc.in >$(DESTDIR)$(PREFIX)/lib/pkgconfig/posecore.pc

test-install: | $(DEPS)
	@scripts/test-install
test: test-install
