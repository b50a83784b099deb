/* The physics constraint under Physics.none, the only physics the dumps pose (oracle/FORMAT.md:
 * `updateWorldTransform(Physics.none)`): it moves nothing. Its bone is still ordered as a one-bone
 * constraint orders it (skeleton.c: its parents first, the bones below it re-sorted after it, its
 * applied pose the constrained copy reset from the pose each pass), which is what places the bones
 * around it in the update order: the rule order.physics, whose reading `nothing` (ordering no bone)
 * misses 571 of the 1,200 probes of the population `order`. Measured on sack-pro, snowglobe-pro and
 * `order`. */
#ifndef POSECORE_PHYSICS_H
#define POSECORE_PHYSICS_H

#include "skeleton.h"

/* The physics constraint's turn in the update order under Physics.none: nothing (at any mix). */
void pc_physics_update(pc_skeleton *sk, int index);

#endif
