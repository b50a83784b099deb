/* The bone machinery the constraints share: reading a bone's local transform back from its world
 * transform (every inherit mode), and the update stamps that say, within one update pass, whether a
 * bone's world transform is current and whether its local transform is stale.
 *
 * Each pass (pc_skeleton_update_world_transform) takes the next value of the skeleton's counter
 * (sk->update_stamp, the runtime's `_update`, starting at 1). A bone pose carries two stamps:
 *
 * - world == the pass: the world transform is current this pass; the update order's turn of the bone
 *   (pc_bone_update) does not recompute it;
 * - local == the pass: a constraint wrote the world transform directly, and the local transform has
 *   not been read back from it yet (it is, lazily, when something needs the local values).
 *
 * A stamp from an earlier pass never equals the current one, so nothing needs clearing between passes.
 * Every function acts on the bone's applied pose (bone->applied): constraints only ever move applied
 * poses. Measured with the populations `ik`, `transform`, `slider` and `order` (probes/README.md). */
#ifndef POSECORE_BONE_LOCAL_H
#define POSECORE_BONE_LOCAL_H

#include "skeleton.h"

/* The update order's turn of a bone: computes its world transform unless it is current this pass. */
void pc_bone_update(pc_skeleton *sk, pc_bone *bone);

/* Computes the world transform now (whatever its stamp), first reading the local transform back when
 * it is stale; stamps the world current. */
void pc_bone_update_world_now(pc_skeleton *sk, pc_bone *bone);

/* Reads the local transform (x, y, rotation, scales, shears; not the inherit mode) back from the world
 * transform, relative to the parent's applied world transform, under the bone's inherit mode. The
 * local transform is then fresh, the world current. */
void pc_bone_update_local(pc_skeleton *sk, pc_bone *bone);

/* Reads the local transform back if it is stale (a constraint wrote the world this pass). */
void pc_bone_validate_local(pc_skeleton *sk, pc_bone *bone);

/* Before a constraint changes the local transform: read it back if stale, mark the world not
 * current, and the world of every bone below that was current this pass too (their stale locals read
 * back first), so that their turns in the update order recompute them. */
void pc_bone_modify_local(pc_skeleton *sk, pc_bone *bone);

/* Before a constraint changes the world transform directly: the local transform is stale from now,
 * the world current, and the bones below as in pc_bone_modify_local. */
void pc_bone_modify_world(pc_skeleton *sk, pc_bone *bone);

#endif
