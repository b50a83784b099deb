/* Constraints in the update order (see constraint.h): the kinds solved, and the dispatch by kind. */
#include "constraint.h"
#include "transform.h"
#include "ik.h"
#include "physics.h"
#include "path.h"

bool pc_constraint_kind_solved(pc_constraint_kind kind)
{
    switch (kind) {
    case PC_IK:
    case PC_TRANSFORM:
    case PC_PHYSICS:
    case PC_PATH:
        return true;
    default:
        return false;
    }
}

int pc_constraint_first_unsolved(const pc_skeleton *sk)
{
    for (int i = 0; i < sk->update_count; i++) {
        const pc_update_item *u = &sk->update_order[i];
        if (u->kind == PC_UPDATE_CONSTRAINT && !pc_constraint_kind_solved(sk->data->constraints[u->index].kind))
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
    case PC_PATH:
        pc_path_update(sk, index);
        break;
    default:
        break; /* not reached: documents with unsolved kinds are not posed */
    }
}
