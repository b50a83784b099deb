/* The physics constraint: its integration state between frames, its turn in the update order under the
 * four physics modes of Skeleton.updateWorldTransform(physics), and what moves the state from outside
 * (reset, translate, rotate).
 *
 * The order: its bone is ordered as a one-bone constraint orders it (skeleton.c: its parents first, the
 * bones below it re-sorted after it, its applied pose the constrained copy reset from the pose each
 * pass), which places the bones around it in the update order: the rule order.physics, whose reading
 * `nothing` (ordering no bone) misses 571 of the 1,200 probes of the population `order`.
 *
 * The turn (physics.c says how each step is measured): nothing at mix 0 or under Physics.none; under
 * reset the state is reset first and then updated; under update the time since the last update is added
 * to what remains, stepped in fixed steps of 1 / fps, and what is left carried to the next update; under
 * pose the state is only shown. The bone's world is written directly (its local made stale). */
#ifndef POSECORE_PHYSICS_H
#define POSECORE_PHYSICS_H

#include "skeleton.h"

/* A physics constraint's integration state (the runtime's PhysicsConstraint fields of these names;
 * `reset` its `_reset`: the next update starts over from the bone where it is). A new instance's state
 * is all zero with reset set. */
typedef struct pc_physics_state {
    bool reset;
    double ux, uy, cx, cy, tx, ty;
    double x_offset, x_lag, x_velocity, y_offset, y_lag, y_velocity;
    double rotate_offset, rotate_lag, rotate_velocity, scale_offset, scale_lag, scale_velocity;
    double remaining, last_time;
} pc_physics_state;

/* The state a new instance's constraint holds. */
void pc_physics_state_init(pc_physics_state *s);

/* The constraint's turn in the update order under the pass's mode (sk->physics_mode, a pc_physics_mode of posecore.h). */
void pc_physics_update(pc_skeleton *sk, int index);

/* PhysicsConstraint.reset(skeleton): what remains 0, the last time the skeleton's time, the offsets,
 * lags and velocities 0, and the next update starting over. `index` is the constraint's index. */
void pc_physics_reset(pc_skeleton *sk, int index);

/* Skeleton.physicsTranslate(x, y) and physicsRotate(x, y, degrees): every physics constraint, active
 * or not, in constraint order, as if its bone had moved that much more (around (x, y) by degrees). */
void pc_physics_translate_all(pc_skeleton *sk, double x, double y);
void pc_physics_rotate_all(pc_skeleton *sk, double x, double y, double degrees);

#endif
