/* Bone timelines: rotate, translate, translateX/Y, scale, scaleX/Y, shear, shearX/Y and inherit set a
 * bone's pose (or its applied pose, for a slider), for active bones only, as the mix says (animation.h):
 *   - before the first key: from the setup pose, the setup value; mixing from the first key, toward the
 *     setup value by alpha; from the current pose, nothing;
 *   - rotate, translate and shear add the timeline value to the setup value (`setup + value * alpha`
 *     from the setup pose; from the current pose `current + (value + setup - current) * alpha`, or
 *     `current + value * alpha` when additive);
 *   - scale multiplies the setup value (`value * setup`, which at alpha 1 not additive replaces the
 *     pose's sign too; otherwise blended from the base, the base taking the value's sign);
 *   - inherit takes the mode of the last key at or before the time (from the current pose, nothing
 *     before the first key). */
#include "timeline.h"
#include "js/jsmath.h"

#include <math.h>

/* CurveTimeline1's value before its first key, for a mix. */
static inline double before_first(const pc_mix *m, double current, double setup)
{
    switch (m->from) {
    case PC_FROM_SETUP: return setup;
    case PC_FROM_FIRST: return current + (setup - current) * m->alpha;
    default: return current;
    }
}

/* A one-value timeline whose value is added to the setup value (getRelativeValue). */
static inline __attribute__((always_inline)) double relative(const pc_timeline *t, double time, const pc_mix *m, double current, double setup)
{
    if (time < t->frames[0]) return before_first(m, current, setup);
    double value = pc_timeline_curve_value_inline(t, time);
    if (m->from == PC_FROM_SETUP) return setup + value * m->alpha;
    return current + (m->add ? value : value + setup - current) * m->alpha;
}

/* A one-value timeline whose value scales the setup value (getScaleValue). */
static inline __attribute__((always_inline)) double scaled(const pc_timeline *t, double time, const pc_mix *m, double current, double setup)
{
    if (time < t->frames[0]) return before_first(m, current, setup);
    double value = pc_timeline_curve_value_inline(t, time) * setup;
    if (m->alpha == 1 && !m->add) return value;
    double base = m->from == PC_FROM_SETUP ? setup : current;
    if (m->add) return base + (value - setup) * m->alpha;
    if (m->out) return base + (fabs(value) * js_sign(base) - base) * m->alpha;
    base = fabs(base) * js_sign(value);
    return base + (value - base) * m->alpha;
}

/* A two-value timeline's values at time (time at or after the first key). */
static inline __attribute__((always_inline)) void values2(const pc_timeline *t, double time, double *x, double *y)
{
    int frame, i = pc_timeline_search_frame(t, time, &frame);
    *x = pc_timeline_value_at(t, time, i, frame, 1);
    *y = pc_timeline_value_at(t, time, i, frame, 2);
}

/* Before the first key of a two-value timeline: the pair (*x, *y) toward its setup values. */
static inline void before_first2(const pc_mix *m, double *x, double *y, double sx, double sy)
{
    if (m->from == PC_FROM_SETUP) {
        *x = sx;
        *y = sy;
    } else if (m->from == PC_FROM_FIRST) {
        *x += (sx - *x) * m->alpha;
        *y += (sy - *y) * m->alpha;
    }
}

/* Translate and shear: the pair's values added to the setup values. */
static inline __attribute__((always_inline)) void relative2(const pc_timeline *t, double time, const pc_mix *m, double *px, double *py, double sx, double sy)
{
    if (time < t->frames[0]) {
        before_first2(m, px, py, sx, sy);
        return;
    }
    double x, y;
    values2(t, time, &x, &y);
    if (m->from == PC_FROM_SETUP) {
        *px = sx + x * m->alpha;
        *py = sy + y * m->alpha;
    } else if (m->add) {
        *px += x * m->alpha;
        *py += y * m->alpha;
    } else {
        *px += (sx + x - *px) * m->alpha;
        *py += (sy + y - *py) * m->alpha;
    }
}

/* Scale: the pair's values times the setup values. */
static inline __attribute__((always_inline)) void scaled2(const pc_timeline *t, double time, const pc_mix *m, double *px, double *py, double sx, double sy)
{
    if (time < t->frames[0]) {
        before_first2(m, px, py, sx, sy);
        return;
    }
    double x, y;
    values2(t, time, &x, &y);
    x *= sx;
    y *= sy;
    if (m->alpha == 1 && !m->add) {
        *px = x;
        *py = y;
        return;
    }
    double bx, by;
    if (m->from == PC_FROM_SETUP) {
        bx = sx;
        by = sy;
    } else {
        bx = *px;
        by = *py;
    }
    if (m->add) {
        *px = bx + (x - sx) * m->alpha;
        *py = by + (y - sy) * m->alpha;
    } else if (m->out) {
        *px = bx + (fabs(x) * js_sign(bx) - bx) * m->alpha;
        *py = by + (fabs(y) * js_sign(by) - by) * m->alpha;
    } else {
        bx = fabs(bx) * js_sign(x);
        by = fabs(by) * js_sign(y);
        *px = bx + (x - bx) * m->alpha;
        *py = by + (y - by) * m->alpha;
    }
}

/* Both entry points below: with a mix known at compile time the helpers above fold it away. */
static inline __attribute__((always_inline)) void apply(pc_skeleton *sk, const pc_timeline *t, double time,
                                                        const pc_mix *m)
{
    pc_bone *bone = &sk->bones[t->target];
    if (!bone->active) return;
    pc_bone_local *pose = m->applied ? &bone->applied->local : &bone->pose.local;
    const pc_bone_local *setup = &bone->data->setup;
    switch (t->kind) {
    case PC_TL_ROTATE:
        pose->rotation = relative(t, time, m, pose->rotation, setup->rotation);
        break;
    case PC_TL_TRANSLATE_X:
        pose->x = relative(t, time, m, pose->x, setup->x);
        break;
    case PC_TL_TRANSLATE_Y:
        pose->y = relative(t, time, m, pose->y, setup->y);
        break;
    case PC_TL_SCALE_X:
        pose->scale_x = scaled(t, time, m, pose->scale_x, setup->scale_x);
        break;
    case PC_TL_SCALE_Y:
        pose->scale_y = scaled(t, time, m, pose->scale_y, setup->scale_y);
        break;
    case PC_TL_SHEAR_X:
        pose->shear_x = relative(t, time, m, pose->shear_x, setup->shear_x);
        break;
    case PC_TL_SHEAR_Y:
        pose->shear_y = relative(t, time, m, pose->shear_y, setup->shear_y);
        break;
    case PC_TL_TRANSLATE:
        relative2(t, time, m, &pose->x, &pose->y, setup->x, setup->y);
        break;
    case PC_TL_SCALE:
        scaled2(t, time, m, &pose->scale_x, &pose->scale_y, setup->scale_x, setup->scale_y);
        break;
    case PC_TL_SHEAR:
        relative2(t, time, m, &pose->shear_x, &pose->shear_y, setup->shear_x, setup->shear_y);
        break;
    case PC_TL_INHERIT:
        /* The keys' modes are 0..4 (pc_animation_unsupported refuses others). */
        if (m->out || time < t->frames[0]) {
            if (m->from != PC_FROM_CURRENT) pose->inherit = setup->inherit;
        } else {
            pose->inherit = (pc_inherit)(int)t->frames[pc_timeline_search(t, time) + 1];
        }
        break;
    default:
        break;
    }
}

void pc_apply_bone_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m)
{
    apply(sk, t, time, m);
}

/* pc_mix_setup's values, seen by the compiler here. */
static const pc_mix setup_mix = { 1, PC_FROM_SETUP, false, false, false };

void pc_apply_bone_timeline_setup(pc_skeleton *sk, const pc_timeline *t, double time)
{
    apply(sk, t, time, &setup_mix);
}
