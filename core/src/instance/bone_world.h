/* A bone's world transform, inline (bone.h declares the functions that wrap it): its applied local pose
 * composed with its parent's world transform under its inherit mode, in the order of operations the
 * runtime uses (every product and sum in the same order, so the doubles agree to the bit; the corpus'
 * inherit cases hold each branch). Included by bone.c, which makes the functions of bone.h of it, and
 * by update.c, whose update pass inlines it for the bones of the order (measured under callgrind: a call
 * a bone costs spineboy-pro 5 % more instructions a pose). Not for other files. */
#ifndef POSECORE_BONE_WORLD_H
#define POSECORE_BONE_WORLD_H

#include "skeleton.h"
#include "js/runtime_math.h"
#include "document/rules.h"

#include <math.h>
#include <string.h>

/* Scalar code here: GCC's straight-line vectorizer pairs some of a pose's fields into 16-byte loads and
 * stores, not always the same ones, and a child's 16-byte load of what its parent stored 8 bytes at a time
 * cannot be forwarded from the stores (measured: 38% slower on a chain of bones). The same operations on
 * the same values either way. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-slp-vectorize")
#endif

/* The local axes: the x axis turned by rx degrees scaled by sx, the y axis by ry degrees scaled by sy,
 * as the matrix [la lb; lc ld]. */
typedef struct axes { double la, lb, lc, ld; } axes;

static inline axes local_axes(const pc_readings *rules, pc_trig_memo *memo, double rx_deg, double ry_deg, double sx, double sy)
{
    double rx = rx_deg * rules->deg_rad, ry = ry_deg * rules->deg_rad;
    uint64_t rx_bits, ry_bits;
    memcpy(&rx_bits, &rx, sizeof rx_bits);
    memcpy(&ry_bits, &ry, sizeof ry_bits);
    double cos_x, sin_x, cos_y, sin_y;
    if (memo->rx_bits == rx_bits && memo->ry_bits == ry_bits) {
        cos_x = memo->cos_x;
        sin_x = memo->sin_x;
        cos_y = memo->cos_y;
        sin_y = memo->sin_y;
    } else {
        /* Into locals first: the products below do not wait on the memo's stores. */
        pc_sincos(rules, rx, &sin_x, &cos_x);
        pc_sincos(rules, ry, &sin_y, &cos_y);
        memo->rx_bits = rx_bits;
        memo->ry_bits = ry_bits;
        memo->cos_x = cos_x;
        memo->sin_x = sin_x;
        memo->cos_y = cos_y;
        memo->sin_y = sin_y;
    }
    axes m = { cos_x * sx, cos_y * sy, sin_x * sx, sin_y * sy };
    return m;
}


/* atan2(y, x) through the bone's auxiliary memo: the last arguments' bits give the last result. */
static inline double memo_atan2(const pc_readings *rules, pc_aux_memo *aux, double y, double x)
{
    uint64_t y_bits, x_bits;
    memcpy(&y_bits, &y, sizeof y_bits);
    memcpy(&x_bits, &x, sizeof x_bits);
    if (aux->kind != PC_AUX_ATAN2 || aux->a_bits != y_bits || aux->b_bits != x_bits) {
        aux->kind = PC_AUX_ATAN2;
        aux->a_bits = y_bits;
        aux->b_bits = x_bits;
        aux->v1 = pc_atan2(rules, y, x);
    }
    return aux->v1;
}

/* sin(x) and cos(x) through the bone's auxiliary memo. */
static inline void memo_sincos(const pc_readings *rules, pc_aux_memo *aux, double x, double *sin, double *cos)
{
    uint64_t x_bits;
    memcpy(&x_bits, &x, sizeof x_bits);
    if (aux->kind == PC_AUX_SINCOS && aux->a_bits == x_bits) {
        *sin = aux->v1;
        *cos = aux->v2;
        return;
    }
    pc_sincos(rules, x, sin, cos);
    aux->kind = PC_AUX_SINCOS;
    aux->a_bits = x_bits;
    aux->v1 = *sin;
    aux->v2 = *cos;
}

/* v times the skeleton's scale s, or v itself when the pass knows the scale is 1 (`unit`): v * 1 is v,
 * bit for bit (-0 and infinities included; a NaN stays NaN). The skeleton is almost always unscaled,
 * and these products sit on the chain from parent to child. */
static inline double scaled(double v, double s, bool unit)
{
    return unit ? v : v * s;
}

static inline void update_root(const pc_skeleton *sk, const pc_readings *rules, pc_trig_memo *memo, pc_bone_pose *p)
{
    const pc_bone_local *l = &p->local;
    axes m = local_axes(rules, memo, l->rotation + l->shear_x, l->rotation + 90 + l->shear_y, l->scale_x, l->scale_y);
    p->a = m.la * sk->scale_x;
    p->b = m.lb * sk->scale_x;
    p->c = m.lc * sk->scale_y;
    p->d = m.ld * sk->scale_y;
    p->world_x = l->x * sk->scale_x + sk->x;
    p->world_y = l->y * sk->scale_y + sk->y;
}

/* noRotationOrReflection: the parent's rotation and reflection are dropped, its scale and shear kept. */
static inline __attribute__((always_inline)) void update_no_rotation(const pc_skeleton *sk, const pc_readings *rules, pc_trig_memo *memo,
                                                                     pc_aux_memo *aux, const pc_bone_pose *parent,
                                                                     pc_bone_pose *p, bool unit)
{
    const pc_bone_local *l = &p->local;
    double sx = sk->scale_x, sy = sk->scale_y, sxi = unit ? 1 : 1 / sx, syi = unit ? 1 : 1 / sy;
    double pa = scaled(parent->a, sxi, unit), pb = parent->b, pc = scaled(parent->c, syi, unit), pd = parent->d;
    double s = pa * pa + pc * pc, r;
    if (s > PC_EPSILON2) {
        s = fabs(scaled(pa * pd, syi, unit) - scaled(pb, sxi, unit) * pc) / s;
        pb = pc * s;
        pd = pa * s;
        r = l->rotation - memo_atan2(rules, aux, pc, pa) * rules->rad_deg;
    } else {
        pa = 0;
        pc = 0;
        r = l->rotation - 90 + memo_atan2(rules, aux, pd, pb) * rules->rad_deg;
    }
    axes m = local_axes(rules, memo, r + l->shear_x, r + l->shear_y + 90, l->scale_x, l->scale_y);
    p->a = scaled(pa * m.la - pb * m.lc, sx, unit);
    p->b = scaled(pa * m.lb - pb * m.ld, sx, unit);
    p->c = scaled(pc * m.la + pd * m.lc, sy, unit);
    p->d = scaled(pc * m.lb + pd * m.ld, sy, unit);
}

/* noScale and noScaleOrReflection: the parent's rotation kept through a unit-length x axis; noScale
 * also keeps its reflection. */
static inline __attribute__((always_inline)) void update_no_scale(const pc_skeleton *sk, const pc_readings *rules, pc_trig_memo *memo,
                                                                  pc_aux_memo *aux, const pc_bone_pose *parent,
                                                                  pc_bone_pose *p, bool unit)
{
    const pc_bone_local *l = &p->local;
    double sx = sk->scale_x, sy = sk->scale_y, sxi = unit ? 1 : 1 / sx, syi = unit ? 1 : 1 / sy;
    double pa = parent->a, pb = parent->b, pc = parent->c, pd = parent->d;
    double cos, sin;
    memo_sincos(rules, aux, l->rotation * rules->deg_rad, &sin, &cos);
    double za = scaled(pa * cos + pb * sin, sxi, unit);
    double zc = scaled(pc * cos + pd * sin, syi, unit);
    double s = 1 / sqrt(za * za + zc * zc);
    za *= s;
    zc *= s;
    double zb = -zc, zd = za;
    bool parent_reflects = pa * pd - pb * pc < 0;
    bool skeleton_reflects = !unit && (sx < 0) != (sy < 0);
    if (l->inherit == PC_INHERIT_NO_SCALE && parent_reflects != skeleton_reflects) {
        zb = -zb;
        zd = -zd;
    }
    axes m = local_axes(rules, memo, l->shear_x, 90 + l->shear_y, l->scale_x, l->scale_y);
    p->a = scaled(za * m.la + zb * m.lc, sx, unit);
    p->b = scaled(za * m.lb + zb * m.ld, sx, unit);
    p->c = scaled(zc * m.la + zd * m.lc, sy, unit);
    p->d = scaled(zc * m.lb + zd * m.ld, sy, unit);
}

/* The world transform of one bone under `rules` (the instance's readings, or a copy of them the caller
 * keeps in a local: its fields then need no reloading after each store to a pose); `unit`: the
 * skeleton's scale is 1 on both axes (the caller checked). */
static inline __attribute__((always_inline)) void pc_bone_world_inline(pc_skeleton *sk, const pc_readings *rules, pc_bone *bone,
                                                                    bool unit)
{
    pc_bone_pose *p = bone->applied;
    pc_trig_memo *memo = &bone->axes_memo;
    if (!bone->parent) {
        update_root(sk, rules, memo, p);
        return;
    }
    const pc_bone_pose *parent = bone->parent->applied;
    const pc_bone_local *l = &p->local;
    p->world_x = parent->a * l->x + parent->b * l->y + parent->world_x;
    p->world_y = parent->c * l->x + parent->d * l->y + parent->world_y;
    if (l->inherit == PC_INHERIT_NORMAL) { /* most bones: a test, not the switch's jump table */
        axes m = local_axes(rules, memo, l->rotation + l->shear_x, l->rotation + 90 + l->shear_y, l->scale_x, l->scale_y);
        p->a = parent->a * m.la + parent->b * m.lc;
        p->b = parent->a * m.lb + parent->b * m.ld;
        p->c = parent->c * m.la + parent->d * m.lc;
        p->d = parent->c * m.lb + parent->d * m.ld;
        return;
    }
    switch (l->inherit) {
    case PC_INHERIT_NORMAL:
        break;
    case PC_INHERIT_ONLY_TRANSLATION: {
        axes m = local_axes(rules, memo, l->rotation + l->shear_x, l->rotation + 90 + l->shear_y, l->scale_x, l->scale_y);
        p->a = scaled(m.la, sk->scale_x, unit);
        p->b = scaled(m.lb, sk->scale_x, unit);
        p->c = scaled(m.lc, sk->scale_y, unit);
        p->d = scaled(m.ld, sk->scale_y, unit);
        break;
    }
    case PC_INHERIT_NO_ROTATION_OR_REFLECTION:
        update_no_rotation(sk, rules, memo, &bone->aux_memo, parent, p, unit);
        break;
    case PC_INHERIT_NO_SCALE:
    case PC_INHERIT_NO_SCALE_OR_REFLECTION:
        update_no_scale(sk, rules, memo, &bone->aux_memo, parent, p, unit);
        break;
    }
}

#endif
