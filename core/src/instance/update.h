/* The update loop: one update pass over the instance's update order (Skeleton.updateWorldTransform after
 * the constrained copies' reset; update.c). It sits above every constraint: a bone's turn computes its
 * world (bone.h) unless a constraint made it current this pass, a constraint's turn solves it
 * (constraint.h); nothing below calls back up into it. */
#ifndef POSECORE_UPDATE_H
#define POSECORE_UPDATE_H

#include "skeleton.h"

/* One update pass's turns; stops where a constraint throws (sk->thrown). */
void pc_update_pass(pc_skeleton *sk);

#endif
