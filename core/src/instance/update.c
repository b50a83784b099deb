/* The update loop (update.h): the turns of one update pass, in the update order the instance computed
 * (skeleton.c). The rule bone.world-once decides whether a bone's turn recomputes a world a constraint
 * made current this pass (bone_local.h says what the population measured). */
#include "update.h"
#include "bone.h"
#include "bone_world.h"
#include "bone_local.h"
#include "constraint.h"

static inline __attribute__((always_inline)) void update_pass(pc_skeleton *sk, bool unit)
{
    /* The order, its length, the pass's stamp and the rules do not change during the pass; only a
     * constraint's turn can throw. */
    const pc_update_item *order = sk->update_order;
    const int count = sk->update_count;
    const unsigned long stamp = sk->update_stamp;
    /* A copy of the readings in a local, which no store to a pose can alias: read once, not reloaded
     * for every bone (measured under callgrind: spineboy-pro 5 % more instructions a pose without it). */
    const pc_readings rules = sk->readings;
    const bool world_once = rules.world_once;
    pc_bone *bones = sk->bones;
    for (int i = 0; i < count; i++) {
        const pc_update_item *u = &order[i];
        if (u->kind == PC_UPDATE_BONE) {
            /* pc_bone_update, its common case inlined: a world not current this pass, a fresh local. */
            pc_bone *b = &bones[u->index];
            pc_bone_pose *p = b->applied;
            if (p->world_stamp == stamp && world_once) continue;
            if (p->local_stamp == stamp) {
                pc_bone_update_world_now(sk, b);
            } else {
                p->world_stamp = stamp;
                pc_bone_world_inline(sk, &rules, b, unit);
            }
        } else if (u->kind == PC_UPDATE_CONSTRAINT) {
            pc_constraint_update(sk, u->index);
            if (sk->thrown) break;
        }
    }
}

void pc_update_pass(pc_skeleton *sk)
{
    if (sk->scale_x == 1 && sk->scale_y == 1) update_pass(sk, true);
    else update_pass(sk, false);
}
