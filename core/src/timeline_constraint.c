/* Constraint timelines: ik, transform, path position, spacing and mix, the physics settings and reset,
 * slider time and mix. They set an active constraint's pose (not its applied pose). At alpha 1 from the
 * setup pose:
 *   - before the first key, the setup values;
 *   - a value `v` of the keys is blended from the setup value as `setup + (v - setup) * 1`, which is not
 *     always v in doubles (the runtime writes it so for every alpha);
 *   - ik's bend direction, compress and stretch are the last key's at or before the time, as they are
 *     (the bend direction is a float32 key value, compress and stretch are keys other than 0);
 *   - physics mass keys are masses: the pose keeps the inverse, so the setup value blended from is
 *     1 / setup massInverse and the pose gets 1 / the blend (also before the first key);
 *   - a physics timeline of every constraint (target -1) sets each active physics constraint that takes
 *     that setting from global timelines;
 *   - the reset timeline changes no value of a pose (it resets the physics simulation). */
#include "timeline.h"

/* `setup + (value - setup) * alpha` at alpha 1. */
static double blend(double setup, double value)
{
    return setup + (value - setup) * 1;
}

/* getAbsoluteValue of a one-value timeline: the setup value before the first key, else the blend. */
static double absolute(const pc_timeline *t, double time, double setup)
{
    if (time < t->frames[0]) return setup;
    return blend(setup, pc_timeline_curve_value(t, time));
}

static void apply_ik(const pc_timeline *t, double time, pc_constraint_pose *p, const pc_ik_data *setup)
{
    if (time < t->frames[0]) {
        p->mix = setup->mix, p->softness = setup->softness, p->bend_direction = setup->bend_direction;
        p->compress = setup->compress, p->stretch = setup->stretch;
        return;
    }
    int i = pc_timeline_search(t, time);
    p->mix = blend(setup->mix, pc_timeline_value(t, time, i, 1));
    p->softness = blend(setup->softness, pc_timeline_value(t, time, i, 2));
    p->bend_direction = t->frames[i + 3];
    p->compress = t->frames[i + 4] != 0;
    p->stretch = t->frames[i + 5] != 0;
}

static void apply_transform(const pc_timeline *t, double time, pc_constraint_pose *p, const pc_transform_data *s)
{
    if (time < t->frames[0]) {
        p->mix_rotate = s->mix_rotate, p->mix_x = s->mix_x, p->mix_y = s->mix_y;
        p->mix_scale_x = s->mix_scale_x, p->mix_scale_y = s->mix_scale_y, p->mix_shear_y = s->mix_shear_y;
        return;
    }
    int i = pc_timeline_search(t, time);
    p->mix_rotate = blend(s->mix_rotate, pc_timeline_value(t, time, i, 1));
    p->mix_x = blend(s->mix_x, pc_timeline_value(t, time, i, 2));
    p->mix_y = blend(s->mix_y, pc_timeline_value(t, time, i, 3));
    p->mix_scale_x = blend(s->mix_scale_x, pc_timeline_value(t, time, i, 4));
    p->mix_scale_y = blend(s->mix_scale_y, pc_timeline_value(t, time, i, 5));
    p->mix_shear_y = blend(s->mix_shear_y, pc_timeline_value(t, time, i, 6));
}

static void apply_path_mix(const pc_timeline *t, double time, pc_constraint_pose *p, const pc_path_data *s)
{
    if (time < t->frames[0]) {
        p->mix_rotate = s->mix_rotate, p->mix_x = s->mix_x, p->mix_y = s->mix_y;
        return;
    }
    int i = pc_timeline_search(t, time);
    p->mix_rotate = blend(s->mix_rotate, pc_timeline_value(t, time, i, 1));
    p->mix_x = blend(s->mix_x, pc_timeline_value(t, time, i, 2));
    p->mix_y = blend(s->mix_y, pc_timeline_value(t, time, i, 3));
}

/* The physics setting a timeline kind sets, and whether it is the mass (kept inverted). */
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

/* Sets one physics constraint's setting to the blend of `value` (the timeline's at time). */
static void set_physics(const pc_timeline *t, double time, double value, pc_constraint_pose *p, const pc_physics_data *s)
{
    double setup = physics_setup(t->kind, s);
    double v = time < t->frames[0] ? setup : blend(setup, value);
    *physics_field(t->kind, p) = t->kind == PC_TL_PHYSICS_MASS ? 1 / v : v;
}

void pc_apply_constraint_timeline(pc_skeleton *sk, const pc_timeline *t, double time)
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
            set_physics(t, time, value, &sk->constraints[c].pose, &cd->u.physics);
        }
        return;
    }
    pc_constraint_state *st = &sk->constraints[t->target];
    if (!st->active) return;
    const pc_constraint_data *cd = &d->constraints[t->target];
    pc_constraint_pose *p = &st->pose;
    switch (t->kind) {
    case PC_TL_IK:
        apply_ik(t, time, p, &cd->u.ik);
        break;
    case PC_TL_TRANSFORM:
        apply_transform(t, time, p, &cd->u.transform);
        break;
    case PC_TL_PATH_POSITION:
        p->position = absolute(t, time, cd->u.path.position);
        break;
    case PC_TL_PATH_SPACING:
        p->spacing = absolute(t, time, cd->u.path.spacing);
        break;
    case PC_TL_PATH_MIX:
        apply_path_mix(t, time, p, &cd->u.path);
        break;
    case PC_TL_SLIDER_TIME:
        p->time = absolute(t, time, cd->u.slider.time);
        break;
    case PC_TL_SLIDER_MIX:
        p->mix = absolute(t, time, cd->u.slider.mix);
        break;
    default:
        /* One physics constraint's setting. */
        if (time < t->frames[0]) set_physics(t, time, 0, p, &cd->u.physics);
        else set_physics(t, time, pc_timeline_curve_value(t, time), p, &cd->u.physics);
        break;
    }
}
