/* Constraints in the update order (see constraint.h): the kinds solved, and the dispatch by kind. */
#include "constraint.h"
#include "transform.h"
#include "ik.h"
#include "physics.h"
#include "slider.h"
#include "path.h"

#include <stdio.h>

bool pc_constraint_kind_solved(pc_constraint_kind kind)
{
    switch (kind) {
    case PC_IK:
    case PC_TRANSFORM:
    case PC_PHYSICS:
    case PC_PATH:
    case PC_SLIDER:
        return true;
    default:
        return false;
    }
}

bool pc_constraint_unsupported(const pc_skeleton_data *d, int index, char *why, size_t size)
{
    const pc_constraint_data *c = &d->constraints[index];
    if (!pc_constraint_kind_solved(c->kind)) {
        snprintf(why, size, "%s constraints are not posed yet (constraint \"%.60s\")",
                 (unsigned)c->kind < 5 ? pc_constraint_kind_names[c->kind] : "unknown", c->name);
        return true;
    }
    return c->kind == PC_SLIDER && pc_slider_unsupported(d, index, why, size);
}

int pc_constraint_first_unsolved(const pc_skeleton *sk)
{
    for (int i = 0; i < sk->update_count; i++) {
        const pc_update_item *u = &sk->update_order[i];
        char why[8];
        if (u->kind == PC_UPDATE_CONSTRAINT && pc_constraint_unsupported(sk->data, u->index, why, sizeof why))
            return u->index;
    }
    return -1;
}

void pc_constraint_update(pc_skeleton *sk, int index)
{
    switch (sk->data->constraints[index].kind) {
    case PC_IK:
        pc_ik_update(sk, index);
        break;
    case PC_TRANSFORM:
        pc_transform_update(sk, index);
        break;
    case PC_PHYSICS:
        pc_physics_update(sk, index);
        break;
    case PC_SLIDER:
        pc_slider_update(sk, index);
        break;
    case PC_PATH:
        pc_path_update(sk, index);
        break;
    default:
        break; /* not reached: documents with unsolved kinds are not posed */
    }
}
