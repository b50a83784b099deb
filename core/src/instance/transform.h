/* The transform constraint (4.3): each constrained bone takes values read from the source bone
 * (`properties`: from a property of the source, to properties of the bone, each with its offset,
 * scale and max), in world space or local space on either side, set or added, clamped or not, each
 * weighted by its mix. Measured by the population `transform` (probes/README.md). */
#ifndef POSECORE_TRANSFORM_H
#define POSECORE_TRANSFORM_H

#include "skeleton.h"

/* Solves transform constraint `index` (its turn in the update order). */
void pc_transform_update(pc_skeleton *sk, int index);

/* The value a from-property reads off a bone's applied pose: its local value when `local` (the local
 * transform as it stands), else the value its world transform shows under the skeleton's scale; each
 * plus its offset (offsets: rotation, x, y, scaleX, scaleY, shearY). Sliders read their bone with
 * this, offsets all 0. */
double pc_transform_from_value(const pc_skeleton *sk, const pc_bone_pose *source, pc_property property, bool local,
                               const double offsets[6]);

#endif
