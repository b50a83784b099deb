# reports/: the diff report for triage, the shrinker and their tests (reports/README.md).
#
#   make report [RULE=name=reading] [RIGS=0] [REPORT_ARGS="--case NAME ..."]
#   make shrink CASE=path/to/case.json [ARGS="--skin all ..."] [RULE=name=reading] [OUT=path.shrunk.json]
#   make report-test

REPORT_SHARED := files gate_options spawn oracle findings skel
REPORT_OBJ    := $(patsubst %,$(B)/obj/reports/src/%.o,posereport evaluate report html markdown reportjson \
                   picture drawn canvas font5x7 pngout $(REPORT_SHARED))
SHRINK_OBJ    := $(patsubst %,$(B)/obj/reports/src/%.o,poseshrink reduce jsonout $(REPORT_SHARED))
REPORT_TOOLS  := $(B)/bin/posereport $(B)/bin/poseshrink $(B)/bin/pngstat

.PHONY: report shrink report-tools report-test

help::
	@echo "make report          the diff report of the corpus, the rigs and the kept probe misses:"
	@echo "                     reports/latest/index.html, report.md, report.json, pictures/ [RULE= RIGS=0]"
	@echo "make shrink CASE=F   shrink a failing document to its core [ARGS=\"...\"] [RULE=] [OUT=]"
	@echo "make report-test     the report's tests: a broken core's report, picture and shrink; the page in Chromium"

report-tools: $(REPORT_TOOLS)

$(B)/bin/posereport: $(REPORT_OBJ) $(HARNESS_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(REPORT_OBJ) $(HARNESS_LIBS) $$(pkg-config --libs $(PKGS)) -lm

$(B)/bin/poseshrink: $(SHRINK_OBJ) $(HARNESS_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(SHRINK_OBJ) $(HARNESS_LIBS) $$(pkg-config --libs $(PKGS)) -lm

# The tests' PNG reader.
$(B)/bin/pngstat: $(B)/obj/reports/tests/pngstat.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $$(pkg-config --libs libpng) -lm

-include $(wildcard $(B)/obj/reports/src/*.d $(B)/obj/reports/tests/*.d)

report: all report-tools
	@$(B)/bin/posereport $(if $(filter 0,$(RIGS)),,$(if $(wildcard $(SHARED)/rigs),--rigs $(SHARED)/rigs)) \
	  $(if $(RULE),--rule $(RULE)) $(REPORT_ARGS)

shrink: all report-tools
	@test -n "$(CASE)" || { echo "make shrink: CASE=path/to/case.json is needed" >&2; exit 2; }
	@$(B)/bin/poseshrink "$(CASE)" $(if $(ARGS),--args "$(ARGS)") $(if $(RULE),--rule $(RULE)) $(if $(OUT),--out "$(OUT)")

report-test: all report-tools
	@reports/tests/run

test: report-test

# The Check test of the report's parts links them (an explicit rule wins over the Makefile's pattern).
REPORT_TEST_OBJ := $(patsubst %,$(B)/obj/reports/src/%.o,skel findings reduce jsonout picture canvas font5x7 pngout)
$(B)/tests/test_report: core/tests/test_report.c $(REPORT_TEST_OBJ) $(HARNESS_LIBS) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ireports/src $$(pkg-config --cflags $(PKGS) check) -o $@ $< $(REPORT_TEST_OBJ) $(HARNESS_LIBS) \
	  $$(pkg-config --libs $(PKGS) check) -lm
