/* Constraint timelines: ik, transform, path position, spacing and mix, the physics settings and reset,
 * slider time and mix. They set an active constraint's pose (or its applied pose, for a slider), as the
 * mix says (animation.h):
 *   - before the first key: from the setup pose, the setup values; mixing from the first key, toward
 *     the setup values by alpha (ik's bend direction, compress and stretch: the setup's); from the
 *     current pose, nothing;
 *   - a value `v` of the keys is blended from the base (the setup value from the setup pose, else the
 *     current one) as `base + (v - base) * alpha`, which is not always v in doubles at alpha 1, or added
 *     as `base + v * alpha` when additive (transform and path mixes, path position, slider time and
 *     mix, physics wind and gravity: the other physics settings, path spacing and ik are never added);
 *   - ik's bend direction, compress and stretch are the last key's at or before the time, as they are
 *     (the bend direction is a float32 key value, compress and stretch are keys other than 0);
 *   - physics mass keys are masses: the pose keeps the inverse, so the values blended are 1 / the
 *     massInverse and the pose gets 1 / the blend (also before the first key);
 *   - a physics timeline of every constraint (target -1) sets each active physics constraint that takes
 *     that setting from global timelines;
 *   - the reset timeline changes no value of a pose: it resets the physics simulation of its constraint
 *     (active), or of every active physics constraint, when a key lies in (lastTime, time], or past
 *     lastTime and to the end when a looped apply wraps (lastTime > time), then up to time. */
#include "timeline.h"
#include "physics.h"

#include <float.h>
#include <math.h>

/* CurveTimeline1's value before the first key. */
static double before_first(const pc_mix *m, double current, double setup)
{
    switch (m->from) {
    case PC_FROM_SETUP: return setup;
    case PC_FROM_FIRST: return current + (setup - current) * m->alpha;
    default: return current;
    }
}

/* `base + (value - base) * alpha`, or `base + value * alpha` when added; base the setup value from the
 * setup pose, else the current one. */
static double blend(const pc_mix *m, bool add, double current, double setup, double value)
{
    double base = m->from == PC_FROM_SETUP ? setup : current;
    return base + (add ? value : value - base) * m->alpha;
}

/* getAbsoluteValue of a one-value timeline. */
static double absolute(const pc_timeline *t, double time, const pc_mix *m, bool add, double current, double setup)
{
    if (time < t->frames[0]) return before_first(m, current, setup);
    return blend(m, add, current, setup, pc_timeline_curve_value(t, time));
}

/* Before the first key of a multi-value timeline: one field toward its setup value. */
static void before_first_field(const pc_mix *m, double *field, double setup)
{
    *field = before_first(m, *field, setup);
}

static void apply_ik(const pc_timeline *t, double time, const pc_mix *m, pc_constraint_pose *p, const pc_ik_data *setup)
{
    if (time < t->frames[0]) {
        if (m->from == PC_FROM_CURRENT) return;
        before_first_field(m, &p->mix, setup->mix);
        before_first_field(m, &p->softness, setup->softness);
        p->bend_direction = setup->bend_direction;
        p->compress = setup->compress, p->stretch = setup->stretch;
        return;
    }
    int i = pc_timeline_search(t, time);
    p->mix = blend(m, false, p->mix, setup->mix, pc_timeline_value(t, time, i, 1));
    p->softness = blend(m, false, p->softness, setup->softness, pc_timeline_value(t, time, i, 2));
    if (m->out) {
        if (m->from == PC_FROM_SETUP) {
            p->bend_direction = setup->bend_direction;
            p->compress = setup->compress, p->stretch = setup->stretch;
        }
    } else {
        p->bend_direction = t->frames[i + 3];
        p->compress = t->frames[i + 4] != 0;
        p->stretch = t->frames[i + 5] != 0;
    }
}

static void apply_transform(const pc_timeline *t, double time, const pc_mix *m, pc_constraint_pose *p,
                            const pc_transform_data *s)
{
    double *fields[6] = { &p->mix_rotate, &p->mix_x, &p->mix_y, &p->mix_scale_x, &p->mix_scale_y, &p->mix_shear_y };
    const double setup[6] = { s->mix_rotate, s->mix_x, s->mix_y, s->mix_scale_x, s->mix_scale_y, s->mix_shear_y };
    if (time < t->frames[0]) {
        for (int k = 0; k < 6; k++) before_first_field(m, fields[k], setup[k]);
        return;
    }
    int i = pc_timeline_search(t, time);
    for (int k = 0; k < 6; k++) *fields[k] = blend(m, m->add, *fields[k], setup[k], pc_timeline_value(t, time, i, k + 1));
}

static void apply_path_mix(const pc_timeline *t, double time, const pc_mix *m, pc_constraint_pose *p,
                           const pc_path_data *s)
{
    double *fields[3] = { &p->mix_rotate, &p->mix_x, &p->mix_y };
    const double setup[3] = { s->mix_rotate, s->mix_x, s->mix_y };
    if (time < t->frames[0]) {
        for (int k = 0; k < 3; k++) before_first_field(m, fields[k], setup[k]);
        return;
    }
    int i = pc_timeline_search(t, time);
    for (int k = 0; k < 3; k++) *fields[k] = blend(m, m->add, *fields[k], setup[k], pc_timeline_value(t, time, i, k + 1));
}

/* The physics setting a timeline kind sets. */
static double *physics_field(pc_timeline_kind kind, pc_constraint_pose *p)
{
    switch (kind) {
    case PC_TL_PHYSICS_INERTIA: return &p->inertia;
    case PC_TL_PHYSICS_STRENGTH: return &p->strength;
    case PC_TL_PHYSICS_DAMPING: return &p->damping;
    case PC_TL_PHYSICS_MASS: return &p->mass_inverse;
    case PC_TL_PHYSICS_WIND: return &p->wind;
    case PC_TL_PHYSICS_GRAVITY: return &p->gravity;
    default: return &p->mix;
    }
}

/* The setting's setup value as the timeline reads it (the mass, not its inverse). */
static double physics_setup(pc_timeline_kind kind, const pc_physics_data *s)
{
    switch (kind) {
    case PC_TL_PHYSICS_INERTIA: return s->inertia;
    case PC_TL_PHYSICS_STRENGTH: return s->strength;
    case PC_TL_PHYSICS_DAMPING: return s->damping;
    case PC_TL_PHYSICS_MASS: return 1 / s->mass_inverse;
    case PC_TL_PHYSICS_WIND: return s->wind;
    case PC_TL_PHYSICS_GRAVITY: return s->gravity;
    default: return s->mix;
    }
}

/* Sets one physics constraint's setting from `value` (the timeline's at time, when at or after the first
 * key). Only wind and gravity are added. */
static void set_physics(const pc_timeline *t, double time, const pc_mix *m, double value, pc_constraint_pose *p,
                        const pc_physics_data *s)
{
    bool mass = t->kind == PC_TL_PHYSICS_MASS;
    bool add = m->add && (t->kind == PC_TL_PHYSICS_WIND || t->kind == PC_TL_PHYSICS_GRAVITY);
    double *field = physics_field(t->kind, p);
    double current = mass ? 1 / *field : *field, setup = physics_setup(t->kind, s);
    double v = time < t->frames[0] ? before_first(m, current, setup) : blend(m, add, current, setup, value);
    *field = mass ? 1 / v : v;
}

/* The pose a timeline sets: the pose, or the applied pose (a slider's). */
static pc_constraint_pose *target_pose(pc_skeleton *sk, int index, const pc_mix *m)
{
    pc_constraint_state *st = &sk->constraints[index];
    return m->applied && st->constrained ? &st->constrained_pose : &st->pose;
}

void pc_apply_constraint_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m)
{
    const pc_skeleton_data *d = sk->data;
    if (t->kind == PC_TL_PHYSICS_RESET) return;
    if (t->target < 0) {
        /* Every physics constraint taking this setting from global timelines. */
        double value = time >= t->frames[0] ? pc_timeline_curve_value(t, time) : 0;
        int setting = t->kind - PC_TL_PHYSICS_INERTIA;
        for (int c = 0; c < d->constraint_count; c++) {
            const pc_constraint_data *cd = &d->constraints[c];
            if (cd->kind != PC_PHYSICS || !sk->constraints[c].active || !cd->u.physics.global[setting]) continue;
            set_physics(t, time, m, value, target_pose(sk, c, m), &cd->u.physics);
        }
        return;
    }
    pc_constraint_state *st = &sk->constraints[t->target];
    if (!st->active) return;
    const pc_constraint_data *cd = &d->constraints[t->target];
    pc_constraint_pose *p = target_pose(sk, t->target, m);
    switch (t->kind) {
    case PC_TL_IK:
        apply_ik(t, time, m, p, &cd->u.ik);
        break;
    case PC_TL_TRANSFORM:
        apply_transform(t, time, m, p, &cd->u.transform);
        break;
    case PC_TL_PATH_POSITION:
        p->position = absolute(t, time, m, m->add, p->position, cd->u.path.position);
        break;
    case PC_TL_PATH_SPACING:
        p->spacing = absolute(t, time, m, false, p->spacing, cd->u.path.spacing);
        break;
    case PC_TL_PATH_MIX:
        apply_path_mix(t, time, m, p, &cd->u.path);
        break;
    case PC_TL_SLIDER_TIME:
        p->time = absolute(t, time, m, m->add, p->time, cd->u.slider.time);
        break;
    case PC_TL_SLIDER_MIX:
        p->mix = absolute(t, time, m, m->add, p->mix, cd->u.slider.mix);
        break;
    default:
        /* One physics constraint's setting. */
        set_physics(t, time, m, time < t->frames[0] ? 0 : pc_timeline_curve_value(t, time), p, &cd->u.physics);
        break;
    }
}

/* ---- The physics reset timeline ---------------------------------------------------------------------- */

/* frames[i], or NaN past either end (JavaScript's undefined, which no comparison holds for). */
static double reset_key(const pc_timeline *t, int i)
{
    return i >= 0 && i < t->frames_count ? (double)t->frames[i] : NAN;
}

/* Timeline.search: the last key at or before time (the first key when none is). */
static int reset_search(const pc_timeline *t, double time)
{
    for (int i = 1; i < t->frames_count; i++)
        if (t->frames[i] > time) return i - 1;
    return t->frames_count - 1;
}

static void reset_constraints(pc_skeleton *sk, const pc_timeline *t)
{
    if (t->target >= 0) {
        pc_physics_reset(sk, t->target);
        return;
    }
    for (int i = 0; i < sk->physics_count; i++)
        if (sk->constraints[sk->physics_constraints[i]].active) pc_physics_reset(sk, sk->physics_constraints[i]);
}

/* A key in (last_time, time] resets; `after_wrap`: the second half of a wrapped apply, which does not
 * return early for a last time past the last key. */
static void reset_between(pc_skeleton *sk, const pc_timeline *t, double last_time, double time, bool after_wrap)
{
    if (!after_wrap && last_time >= reset_key(t, t->frames_count - 1)) return;
    if (time < reset_key(t, 0)) return;
    if (last_time < reset_key(t, 0) || time >= reset_key(t, reset_search(t, last_time) + 1)) reset_constraints(sk, t);
}

void pc_apply_physics_reset_timeline(pc_skeleton *sk, const pc_timeline *t, double last_time, double time)
{
    if (t->target >= 0 && !sk->constraints[t->target].active) return;
    if (last_time > time) {
        reset_between(sk, t, last_time, DBL_MAX, false); /* Number.MAX_VALUE */
        reset_between(sk, t, -1, time, true);
        return;
    }
    reset_between(sk, t, last_time, time, false);
}
