/* The path constraint: its bones follow the path attachment its slot shows, as spine-core 4.3.13's
 * PathConstraint moves them, bit for bit. Three files:
 *
 * - path.c: the constraint's turn in the update order: the spaces between the bones (spacingMode), the
 *   positions along the path (path_walk.c), the bones moved in world space (rotateMode, the offset,
 *   the mixes), and the buffers each instance holds for it;
 * - path_walk.c: where each space falls on the path (computeWorldPositions): the curve table, the
 *   curve search, the ten segments, constant speed or the stated `lengths`, past the ends;
 * - path_curve.c: the curve arithmetic both use (tables of lengths, the point and its tangent).
 *
 * Every rule that is not the obvious reading is in the rule ledger (rules.c, `path.*`), its rejected
 * readings selectable with `--rule` and measured on the path populations (probes/README.md). */
#ifndef POSECORE_PATH_H
#define POSECORE_PATH_H

#include <math.h>
#include <stdbool.h>
#include "skeleton.h"

/* The buffers of one path constraint, sized when the instance is made. The runtime keeps them on the
 * constraint between updates, and a few of their values carry over (a position's rotation that this
 * update does not compute, the world points of a degenerate path): so do these. */
typedef struct pc_path_buffers {
    int spaces_count;      /* bones + 1 (tangent: bones) */
    double *spaces;
    double *positions;     /* 3 per space (x, y, rotation) + 2 */
    double *lengths;       /* per bone, chainScale */
    double *world;         /* the world points; world[-2], world[-1] exist (the runtime's writes there
                              are lost) */
    int world_len, world_cap; /* the runtime's `world.length`; reads at or past it are undefined (NaN) */
    double *curves;        /* the curve table */
    int curves_len, curves_cap;
    double segments[10];
    double *alt_world, *alt_curves; /* rejected readings only (measured off the geometry) */
} pc_path_buffers;

/* Every path constraint's buffers of an instance (indexed by constraint), and scratch for the rejected
 * reading that recomputes the slot bone's world. */
typedef struct pc_path_state {
    pc_path_buffers *constraints; /* constraint_count entries; used for paths only */
    pc_bone_pose *saved;          /* bone_count */
    int *chain;                   /* bone_count */
} pc_path_state;

pc_path_state *pc_path_state_new(const pc_skeleton_data *data);
void pc_path_state_free(pc_path_state *state, const pc_skeleton_data *data);

/* The constraint's turn in the update order (PathConstraint.update). */
void pc_path_update(pc_skeleton *sk, int index);

/* ---- The walk (path_walk.c) ------------------------------------------------------------------- */

/* computeWorldPositions: fills b->positions for b->spaces_count spaces (b->spaces) along `path` as
 * shown in the constraint's slot. Sets sk->thrown where the runtime throws: a constant-speed path whose
 * vertex count is not a multiple of 3, or an open one of no vertices (an invalid array length), or a
 * weighted vertex naming no bone. */
void pc_path_positions(pc_skeleton *sk, const pc_constraint_data *c, const pc_constraint_pose *pose,
                       const pc_attachment *path, pc_path_buffers *b, bool tangents);

/* ---- The curve arithmetic (path_curve.c) ------------------------------------------------------ */

/* A reader of world points: world[i], NaN at or past `len` (JavaScript's undefined). */
typedef struct pc_points {
    const double *v;
    int len;
} pc_points;

static inline double pc_point(pc_points w, int i)
{
    return i >= 0 && i < w.len ? w.v[i] : NAN;
}

/* The table of the curves' lengths: `curve_count` curves off the chain knot, handle, handle, knot, ...
 * (x, y each), each four forward-difference steps, the running total carried: out[i] is the length up
 * to the end of curve i. The runtime walks with it at constant speed; `posecore lengths` prints it. */
void pc_path_curve_lengths(pc_points chain, int curve_count, double *out);

/* The rejected reading of the table: ten steps of 1/10 per curve. */
void pc_path_curve_lengths_ten(pc_points chain, int curve_count, double *out);

/* The ten segments of one curve (x1 y1 cx1 cy1 cx2 cy2 x2 y2): segments[i] the length to the end of
 * segment i; returns the curve's ten-step length (segments[9]). */
double pc_path_segments(const double c[8], double segments[10]);

/* addCurvePosition: the point at parameter p of the curve c, and when `tangents`, its direction
 * (below p 0.001, the first handle's), into out[0..2]. p 0 and NaN: the first knot and the first
 * handle's direction. */
void pc_path_curve_point(const pc_readings *rules, double p, const double c[8], double *out, bool tangents);

/* addBeforePosition / addAfterPosition: p along the line from (x1, y1) through (x2, y2) starting at
 * the first point (before), or from (x2, y2) on (after). */
void pc_path_line_before(const pc_readings *rules, double p, double x1, double y1, double x2, double y2, double *out);
void pc_path_line_after(const pc_readings *rules, double p, double x1, double y1, double x2, double y2, double *out);

/* The rejected reading "the parameter at the exact arc length": the parameter at which a 2,000-piece
 * polyline of the curve reaches `fraction` of its length. */
double pc_path_arc_parameter(const double c[8], double fraction);

#endif
