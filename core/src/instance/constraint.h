/* Constraints in the update order: which kinds the core solves, and solving one when its turn comes.
 * Each kind lives in its own file (ik.c, transform.c, path.c, physics.c, slider.c) and joins here with
 * one line in each switch. A document whose update order holds an active constraint of a kind the core
 * does not solve yet is written as unsupported, never posed wrong. */
#ifndef POSECORE_CONSTRAINT_H
#define POSECORE_CONSTRAINT_H

#include <stdbool.h>
#include "skeleton.h"

/* True when the core solves constraints of this kind. */
bool pc_constraint_kind_solved(pc_constraint_kind kind);

/* False when the core solves constraint `index`; else true, with why not (one line) in why[0..size):
 * its kind is not solved yet, or this constraint uses what the core does not model. */
bool pc_constraint_unsupported(const pc_skeleton_data *d, int index, char *why, size_t size);

/* The first active constraint in the update order the core does not solve, or -1. */
int pc_constraint_first_unsolved(const pc_skeleton *sk);

/* A constraint's applied pose: its constrained copy when a slider keys it, else its pose. */
static inline const pc_constraint_pose *pc_constraint_applied_pose(const pc_skeleton *sk, int index)
{
    const pc_constraint_state *st = &sk->constraints[index];
    return st->constrained ? &st->constrained_pose : &st->pose;
}

/* Solves constraint `index` (its turn in the update order). */
void pc_constraint_update(pc_skeleton *sk, int index);

#endif
