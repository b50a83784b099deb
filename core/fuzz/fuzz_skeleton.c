/* libFuzzer target: a skeleton document read by the core, then, when it is accepted, posed and dumped
 * twice: every skin at 3 samples of every animation without physics, and 4 frames stepped under
 * Physics.update (the dump writer's whole pose sequence, written to /dev/null). A physics constraint
 * owing more than 10,000 steps in one frame (an fps of 1e9) is not stepped (the dump is unsupported):
 * work, not a fault, and the core's own limit (PC_PHYSICS_STEP_LIMIT) is minutes. */
#include "posecore.h"
#include "dump/dump.h"
#include "fuzz_sink.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t len)
{
    pc_error err;
    pc_skeleton_data *data = pc_read_text((const char *)bytes, len, "fuzz.json", NULL, &err);
    if (!data) return 0;
    static const double dt[2] = { 1.0 / 60, 0.05 };
    pc_dump_options samples = { .skin = "all", .samples = 3, .physics = PC_PHYSICS_NONE };
    pc_dump_options frames = { .skin = "all", .physics = PC_PHYSICS_UPDATE, .frames = 4, .dt = dt, .dt_count = 2,
                               .physics_step_limit = 10000 };
    pc_dump_write(fuzz_sink(), "fuzz.json", data, &samples, &err);
    pc_dump_write(fuzz_sink(), "fuzz.json", data, &frames, &err);
    pc_skeleton_data_free(data);
    return 0;
}
