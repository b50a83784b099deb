/* libFuzzer target: the scenario reader (core/src/play/scenario.c), then, when a scenario is accepted,
 * its names resolved against one document and the scenario run and dumped (to /dev/null). The document
 * is FUZZ_SCENARIO_DOC, by default corpus/cases/physics-scenario-teleport.json (read once, at start;
 * the targets run from the worktree's top). */
#include "posecore.h"
#include "dump/dump.h"
#include "play/scenario.h"
#include "fuzz_sink.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static pc_skeleton_data *document;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *path = getenv("FUZZ_SCENARIO_DOC");
    if (!path) path = "corpus/cases/physics-scenario-teleport.json";
    pc_error err;
    document = pc_read_file(path, NULL, &err);
    if (!document) {
        fprintf(stderr, "fuzz_scenario: %s\n", err.message);
        exit(2);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t len)
{
    char msg[600];
    pc_scenario *sc = pc_scenario_parse((const char *)bytes, len, msg, sizeof msg);
    if (!sc) return 0;
    pc_dump_options opt = { "all", 0, false, NULL, 0, PC_PHYSICS_NONE, 0, NULL, 0, NULL, NULL, "fuzz.scenario", sc };
    pc_error err;
    pc_dump_write(fuzz_sink(), "doc.json", document, &opt, &err);
    pc_scenario_free(sc);
    return 0;
}
