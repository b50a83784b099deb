/* The transform constraint (transform.h).
 *
 * Its turn: nothing happens when all six mixes are 0. Otherwise, with a local source, the source's
 * local transform is first read back if a constraint wrote its world this pass. Then for each
 * constrained bone in turn: the bone is marked modified (in local space with localTarget, else in world
 * space: its local transform stale from here, bone_local.h), and for each from-property in the
 * document's order, the source's value is read afresh (a source that is also a constrained bone shows
 * what the earlier bones did to it), less the from offset; each to-property whose mix is not 0 gets
 * `to offset + value * to scale`, clamped between the to offset and the to max with `clamp`, and
 * writes it:
 *
 * - local target: rotate / x / y / shearY move toward the value by the mix (add the value times the
 *   mix with `additive`); scaleX / scaleY likewise, but a scale of 0 is left alone, and `additive`
 *   multiplies by 1 + (value - 1) * mix;
 * - world target: the bone's world matrix (under the skeleton's scale) is turned toward the value in
 *   the runtime's radians, the change brought once into [-PI, PI] with its PI = 3.1415927; x and y move
 *   the world origin; scales scale the matrix columns; shearY turns the y column.
 *
 * Every expression keeps the runtime's order of operations (the population `transform` holds each
 * branch at tolerance 0). */
#include "transform.h"
#include "bone_local.h"
#include "constraint.h"
#include "js/jsmath.h"
#include "document/rules.h"
#include "js/runtime_math.h"

#include <math.h>

enum { OFF_ROTATE, OFF_X, OFF_Y, OFF_SCALE_X, OFF_SCALE_Y, OFF_SHEAR_Y };

double pc_transform_from_value(const pc_skeleton *sk, const pc_bone_pose *s, pc_property property, bool local,
                               const double offsets[6])
{
    const pc_readings *rules = &sk->readings;
    const pc_bone_local *l = &s->local;
    double sx = sk->scale_x, sy = sk->scale_y;
    switch (property) {
    case PC_PROP_ROTATE: {
        if (local) return l->rotation + offsets[OFF_ROTATE];
        double off = (s->a * s->d - s->b * s->c) * sx * sy > 0 ? offsets[OFF_ROTATE] : -offsets[OFF_ROTATE];
        double value = pc_atan2(rules, s->c / sy, s->a / sx) * rules->rad_deg + off;
        if (value < 0) value += 360;
        return value;
    }
    case PC_PROP_X:
        if (local) return l->x + offsets[OFF_X];
        return (offsets[OFF_X] * s->a + offsets[OFF_Y] * s->b + s->world_x) / sx;
    case PC_PROP_Y:
        if (local) return l->y + offsets[OFF_Y];
        return (offsets[OFF_X] * s->c + offsets[OFF_Y] * s->d + s->world_y) / sy;
    case PC_PROP_SCALE_X: {
        if (local) return l->scale_x + offsets[OFF_SCALE_X];
        double a = s->a / sx, c = s->c / sy;
        return sqrt(a * a + c * c) + offsets[OFF_SCALE_X];
    }
    case PC_PROP_SCALE_Y: {
        if (local) return l->scale_y + offsets[OFF_SCALE_Y];
        double b = s->b / sx, d = s->d / sy;
        return sqrt(b * b + d * d) + offsets[OFF_SCALE_Y];
    }
    case PC_PROP_SHEAR_Y: {
        if (local) return l->shear_y + offsets[OFF_SHEAR_Y];
        double ix = 1 / sx, iy = 1 / sy;
        return (pc_atan2(rules, s->d * iy, s->b * ix) - pc_atan2(rules, s->c * iy, s->a * ix)) * rules->rad_deg - 90
            + offsets[OFF_SHEAR_Y];
    }
    }
    return 0;
}

static double to_mix(const pc_constraint_pose *p, pc_property property)
{
    switch (property) {
    case PC_PROP_ROTATE: return p->mix_rotate;
    case PC_PROP_X: return p->mix_x;
    case PC_PROP_Y: return p->mix_y;
    case PC_PROP_SCALE_X: return p->mix_scale_x;
    case PC_PROP_SCALE_Y: return p->mix_scale_y;
    case PC_PROP_SHEAR_Y: return p->mix_shear_y;
    }
    return 0;
}

/* The runtime's angle wrap: once into [-PI, PI] with its PI. */
static double wrap_pi(double v)
{
    if (v > PC_PI) return v - PC_PI * 2;
    if (v < -PC_PI) return v + PC_PI * 2;
    return v;
}

/* A scale to-property in local space: additive multiplies, else a nonzero scale moves toward value. */
static void to_local_scale(double *scale, double value, double mix, bool additive)
{
    if (additive) *scale *= 1 + (value - 1) * mix;
    else if (*scale != 0) *scale += (value - *scale) * mix;
}

/* A scale to-property in world space on the matrix column (x, y) (a, c or b, d); the column's length
 * is read under the skeleton's scale. */
static void to_world_scale(const pc_skeleton *sk, double *x, double *y, double value, double mix, bool additive)
{
    if (additive) {
        double s = 1 + (value - 1) * mix;
        *x *= s;
        *y *= s;
        return;
    }
    double u = *x / sk->scale_x, v = *y / sk->scale_y, s = sqrt(u * u + v * v);
    if (s != 0) {
        s = 1 + (value - s) * mix / s;
        *x *= s;
        *y *= s;
    }
}

static void to_apply(const pc_skeleton *sk, const pc_constraint_pose *p, pc_bone_pose *bone, pc_property property,
                     double value, bool local, bool additive)
{
    const pc_readings *rules = &sk->readings;
    pc_bone_local *l = &bone->local;
    double sx = sk->scale_x, sy = sk->scale_y;
    switch (property) {
    case PC_PROP_ROTATE:
        if (local) {
            l->rotation += (additive ? value : value - l->rotation) * p->mix_rotate;
        } else {
            double ix = 1 / sx, iy = 1 / sy;
            double a = bone->a * ix, b = bone->b * ix, c = bone->c * iy, d = bone->d * iy;
            value *= rules->deg_rad;
            if (!additive) value -= pc_atan2(rules, c, a);
            value = wrap_pi(value);
            value *= p->mix_rotate;
            double cos = pc_cos(rules, value), sin = pc_sin(rules, value);
            bone->a = (cos * a - sin * c) * sx;
            bone->b = (cos * b - sin * d) * sx;
            bone->c = (sin * a + cos * c) * sy;
            bone->d = (sin * b + cos * d) * sy;
        }
        break;
    case PC_PROP_X:
        if (local) {
            l->x += (additive ? value : value - l->x) * p->mix_x;
        } else {
            if (!additive) value -= bone->world_x / sx;
            bone->world_x += value * p->mix_x * sx;
        }
        break;
    case PC_PROP_Y:
        if (local) {
            l->y += (additive ? value : value - l->y) * p->mix_y;
        } else {
            if (!additive) value -= bone->world_y / sy;
            bone->world_y += value * p->mix_y * sy;
        }
        break;
    case PC_PROP_SCALE_X:
        if (local) to_local_scale(&l->scale_x, value, p->mix_scale_x, additive);
        else to_world_scale(sk, &bone->a, &bone->c, value, p->mix_scale_x, additive);
        break;
    case PC_PROP_SCALE_Y:
        if (local) to_local_scale(&l->scale_y, value, p->mix_scale_y, additive);
        else to_world_scale(sk, &bone->b, &bone->d, value, p->mix_scale_y, additive);
        break;
    case PC_PROP_SHEAR_Y:
        if (local) {
            if (!additive) value -= l->shear_y;
            l->shear_y += value * p->mix_shear_y;
        } else {
            double b = bone->b / sx, d = bone->d / sy, by = pc_atan2(rules, d, b);
            value = (value + 90) * rules->deg_rad;
            if (additive) {
                value -= PC_PI / 2;
            } else {
                value -= by - pc_atan2(rules, bone->c / sy, bone->a / sx);
                value = wrap_pi(value);
            }
            value = by + value * p->mix_shear_y;
            double s = sqrt(b * b + d * d);
            bone->b = pc_cos(rules, value) * s * sx;
            bone->d = pc_sin(rules, value) * s * sy;
        }
        break;
    }
}

/* MathUtils.clamp: below min gives min, above max gives max, else the value (NaN stays). */
static double clamp(double v, double min, double max)
{
    if (v < min) return min;
    if (v > max) return max;
    return v;
}

void pc_transform_update(pc_skeleton *sk, int index)
{
    const pc_readings *rules = &sk->readings;
    const pc_constraint_data *c = &sk->data->constraints[index];
    const pc_transform_data *t = &c->u.transform;
    const pc_constraint_pose *p = pc_constraint_applied_pose(sk, index);
    if (p->mix_rotate == 0 && p->mix_x == 0 && p->mix_y == 0 && p->mix_scale_x == 0 && p->mix_scale_y == 0
        && p->mix_shear_y == 0)
        return;
    pc_bone *source = &sk->bones[t->source];
    if (t->local_source) pc_bone_validate_local(sk, source);
    /* The rule transform.source-per-bone: reading the source once for every bone (`once`) misses where
     * the source is one of the constrained bones (population transform). */
    double first[6] = { 0 };
    for (int i = 0; i < c->bone_count; i++) {
        pc_bone *bone = &sk->bones[c->bones[i]];
        if (t->local_target) pc_bone_modify_local(sk, bone);
        else pc_bone_modify_world(sk, bone);
        for (int f = 0; f < t->property_count; f++) {
            const pc_from_property *from = &t->properties[f];
            double value;
            if (rules->transform_source_per_bone || i == 0 || f >= 6) {
                value = pc_transform_from_value(sk, source->applied, from->property, t->local_source, t->offsets)
                    - from->offset;
                if (f < 6) first[f] = value;
            } else {
                value = first[f];
            }
            for (int k = 0; k < from->to_count; k++) {
                const pc_to_property *to = &from->to[k];
                if (to_mix(p, to->property) == 0) continue;
                double clamped = to->offset + value * to->scale;
                if (t->clamp) {
                    if (to->offset < to->max) clamped = clamp(clamped, to->offset, to->max);
                    else clamped = clamp(clamped, to->max, to->offset);
                }
                to_apply(sk, p, bone->applied, to->property, clamped, t->local_target, t->additive);
            }
        }
    }
}
