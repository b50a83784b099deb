/* The AnimationState's pose blocks, `track` and `listener` (dump_state.c), written by dump.c after the
 * blocks of time of each pose of a timed sequence. */
#ifndef POSECORE_DUMP_STATE_H
#define POSECORE_DUMP_STATE_H

#include "dumpwrite.h"
#include "play/scenario_run.h"

void pc_dump_state_rows(dump_writer *w, const pc_skeleton_data *data, const pc_play *play);

#endif
