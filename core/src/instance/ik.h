/* The IK constraint: one bone turned to point at the target bone (and stretched or compressed toward
 * it), or a parent and child bent so that the child's tip reaches it (softness, bend direction,
 * stretch), each weighted by the mix. Measured by the population `ik` (probes/README.md). */
#ifndef POSECORE_IK_H
#define POSECORE_IK_H

#include "skeleton.h"

/* Solves IK constraint `index` (its turn in the update order). Where the runtime throws (a constrained
 * bone that must have a parent has none), sets sk->thrown. */
void pc_ik_update(pc_skeleton *sk, int index);

#endif
