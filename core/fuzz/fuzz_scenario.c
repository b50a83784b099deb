/* libFuzzer target: the scenario reader (core/src/play/scenario.c), then, when a scenario is accepted,
 * its names resolved against one document and the scenario run and dumped (to /dev/null). The document
 * is FUZZ_SCENARIO_DOC, by default corpus/cases/physics-scenario-teleport.json (read once, at start;
 * the targets run from the worktree's top). A scenario of more than 10,000 poses or 100,000 steps (repeats
 * counted out) is read but not run: the format allows 1,000,000 poses, which the fuzzer found and which
 * take 27 s and a 2.5 GB dump (found at 300 s: two repeats of 1,000), work, not a fault. Likewise time:
 * a physics constraint owing more than 10,000 steps in one update is not stepped (the run stops
 * unsupported; the core's own limit, PC_PHYSICS_STEP_LIMIT, is minutes: a setTime of 1e102 once timed
 * the target out), and a scenario whose time changes (update deltas, setTime twice: there and back),
 * each counted up to 200 s, add up to more than 2,000 s is not run (1e5 updates of 100 s would step
 * for hours). */
#include "posecore.h"
#include "dump/dump.h"
#include "play/scenario.h"
#include "fuzz_sink.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static pc_skeleton_data *document;

typedef struct work {
    double steps, poses, seconds;
} work;

/* Steps, poses and time changes with repeats counted out (at most PC_SCENARIO_MAX_DEPTH levels: the
 * reader's limit). */
static void count(const pc_step *steps, int n, double times, work *w)
{
    for (int i = 0; i < n; i++) {
        w->steps += times;
        if (steps[i].kind == PC_STEP_UPDATE) w->seconds += times * fmin(fabs(steps[i].v[0]), 200);
        if (steps[i].kind == PC_STEP_SET_TIME) w->seconds += times * 2 * fmin(fabs(steps[i].v[0]), 200);
        if (steps[i].kind == PC_STEP_POSE) w->poses += times;
        if (steps[i].kind == PC_STEP_SAMPLES) w->poses += times * (steps[i].keys ? 1000 : steps[i].samples);
        if (steps[i].kind == PC_STEP_REPEAT) count(steps[i].steps, steps[i].step_count, times * steps[i].times, w);
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
    work w = { 0, 0, 0 };
    count(sc->steps, sc->step_count, 1, &w);
    if (w.steps > 100000 || w.poses > 10000 || !(w.seconds <= 2000)) {
        pc_scenario_free(sc);
        return 0;
    }
    pc_dump_options opt = { .skin = "all", .scenario_path = "fuzz.scenario", .scenario = sc,
                            .physics_step_limit = 10000 };
    pc_error err;
    pc_dump_write(fuzz_sink(), "doc.json", document, &opt, &err);
    pc_scenario_free(sc);
    return 0;
}
