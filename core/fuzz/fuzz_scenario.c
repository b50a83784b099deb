/* libFuzzer target: the scenario reader (core/src/play/scenario.c), then, when a scenario is accepted,
 * its names resolved against one document and the scenario run and dumped (to /dev/null). The document
 * is FUZZ_SCENARIO_DOC, by default corpus/cases/physics-scenario-teleport.json (read once, at start;
 * the targets run from the worktree's top). A scenario of more than 10,000 poses or 100,000 steps (repeats
 * counted out) is read but not run: the format allows 1,000,000 poses, which the fuzzer found and which
 * take 27 s and a 2.5 GB dump (found at 300 s: two repeats of 1,000), work, not a fault. */
#include "posecore.h"
#include "dump/dump.h"
#include "play/scenario.h"
#include "fuzz_sink.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static pc_skeleton_data *document;

/* Steps and poses with repeats counted out (at most PC_SCENARIO_MAX_DEPTH levels: the reader's limit). */
static void count(const pc_step *steps, int n, double times, double *step_count, double *pose_count)
{
    for (int i = 0; i < n; i++) {
        *step_count += times;
        if (steps[i].kind == PC_STEP_POSE) *pose_count += times;
        if (steps[i].kind == PC_STEP_SAMPLES) *pose_count += times * (steps[i].keys ? 1000 : steps[i].samples);
        if (steps[i].kind == PC_STEP_REPEAT)
            count(steps[i].steps, steps[i].step_count, times * steps[i].times, step_count, pose_count);
    }
}

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
    double steps = 0, poses = 0;
    count(sc->steps, sc->step_count, 1, &steps, &poses);
    if (steps > 100000 || poses > 10000) {
        pc_scenario_free(sc);
        return 0;
    }
    pc_dump_options opt = { .skin = "all", .scenario_path = "fuzz.scenario", .scenario = sc };
    pc_error err;
    pc_dump_write(fuzz_sink(), "doc.json", document, &opt, &err);
    pc_scenario_free(sc);
    return 0;
}
