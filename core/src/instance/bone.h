/* A bone's world transform (bone.c): its applied local pose composed with its parent's world transform
 * under its inherit mode, and the skeleton's position and scale for a root. The lowest floor of the
 * instance: the constraints (bone_local.h, ik.c, path.c, ...) and the update loop (update.c) call it;
 * it calls nothing of theirs. */
#ifndef POSECORE_BONE_H
#define POSECORE_BONE_H

#include "skeleton.h"

/* A new bone's memo (see pc_trig_memo in skeleton.h). */
void pc_bone_memo_init(pc_trig_memo *memo);

/* Computes the world transform of one bone's applied pose from its parent's. */
void pc_bone_update_world(pc_skeleton *sk, pc_bone *bone);

#endif
