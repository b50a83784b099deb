/* The pose rows every pose of a dump holds (dump.c): bone, slot, deform, drawOrder, event and the
 * constraint blocks, for the pose sequence (dump.c) and for scenarios (dump_scenario.c). `key` is
 * room of key_size bytes for a row's key (a slot's name and 16 more). */
#ifndef POSECORE_DUMP_ROWS_H
#define POSECORE_DUMP_ROWS_H

#include "dumpwrite.h"
#include "instance/timeline.h"

void pc_dump_pose_rows(dump_writer *w, const pc_skeleton *sk, const pc_fired_events *events, char *key,
                       size_t key_size);

#endif
