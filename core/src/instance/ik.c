/* The IK constraint (ik.h). Nothing happens at mix 0; one bone or two bones by the constraint's bone
 * count (a third bone is carried but never moved). The target is its applied world position.
 *
 * One bone: its local rotation turns toward the target, seen from the parent's world (under
 * onlyTranslation straight from the bone's own world origin, with the skeleton's scale signs; under
 * noRotationOrReflection through the parent's matrix without its rotation), a mirrored bone (scaleX
 * < 0) pointing the other way, the change folded into (-180, 180] and weighted by the mix. Then, with
 * compress or stretch, a bone longer than the runtime's epsilon scales x by how far the target is (in
 * world units under noScale and noScaleOrReflection), y with it (uniform) or inversely (volume, below
 * 0.7 along 0.25 + 0.642857 s). A root bone throws (the runtime reads its parent).
 *
 * Two bones: only when both inherit normally. The parent's and child's local rotations solve the
 * triangle in the grandparent's space: the law of cosines when the parent scales uniformly, else the
 * ellipse the non-uniform parent makes of the child's reach (the quadratic's root, or the nearest of its
 * extremes when no root lies on it). Softness eases the reach over its last stretch; stretch scales the
 * parent when the target is out of reach. The runtime's PI (3.1415927) and Math.PI both appear, each
 * where the runtime uses it: Math.PI for a fully bent child, its PI for the ellipse's minimum angle.
 * Math.max and Math.min keep NaN as JavaScript's do. */
#include "ik.h"
#include "bone_local.h"
#include "constraint.h"
#include "js/jsmath.h"
#include "document/rules.h"
#include "js/runtime_math.h"

#include <math.h>

static double atan2_deg(const pc_readings *rules, double y, double x)
{
    return pc_atan2(rules, y, x) * rules->rad_deg;
}

/* Math.max(a, b) and Math.min(a, b) for the operands used here (NaN in either gives NaN). */
static double js_max(double a, double b)
{
    if (isnan(a) || isnan(b)) return NAN;
    return a > b ? a : b;
}

static double js_min(double a, double b)
{
    if (isnan(a) || isnan(b)) return NAN;
    return a < b ? a : b;
}

/* MathUtils.signum: 1, -1, or 0 (for 0, -0 and NaN). */
static double signum(double v)
{
    return v > 0 ? 1 : v < 0 ? -1 : 0;
}

static double fold_degrees(double r)
{
    if (r > 180) return r - 360;
    if (r <= -180) return r + 360;
    return r;
}

/* A scale factor s applied to y as the scaleY mode says. */
static void scale_y_by(const pc_readings *rules, double *scale_y, pc_scale_y_mode mode, double s)
{
    /* The rule ik.volume: dividing by s everywhere (reading `divide`) misses on the population ik. */
    if (mode == PC_SCALE_Y_UNIFORM) *scale_y *= s;
    else if (mode == PC_SCALE_Y_VOLUME) *scale_y /= s < 0.7 && rules->ik_volume_floor ? 0.25 + 0.642857 * s : s;
}

static const char root_bone_thrown[] = "TypeError: Cannot read properties of null (reading 'appliedPose')";
/* IkConstraintData keeps a scaleY name that is no mode (undefined); its getter throws when an update reads it. */
static const char scale_y_mode_thrown[] = "scaleYMode cannot be null.";

/* One bone. False (sk->thrown set) where the runtime throws. */
static bool apply_one(pc_skeleton *sk, pc_bone *bone, double target_x, double target_y, bool compress, bool stretch,
                      pc_scale_y_mode scale_y_mode, double mix)
{
    const pc_readings *rules = &sk->readings;
    pc_bone_modify_local(sk, bone);
    if (!bone->parent) {
        sk->thrown = root_bone_thrown;
        return false;
    }
    pc_bone_pose *bp = bone->applied;
    pc_bone_local *l = &bp->local;
    const pc_bone_pose *p = bone->parent->applied;
    double pa = p->a, pb = p->b, pc = p->c, pd = p->d;
    double rotation_ik = -l->shear_x - l->rotation, tx, ty;
    if (l->inherit == PC_INHERIT_ONLY_TRANSLATION) {
        tx = (target_x - bp->world_x) * signum(sk->scale_x);
        ty = (target_y - bp->world_y) * signum(sk->scale_y);
    } else {
        if (l->inherit == PC_INHERIT_NO_ROTATION_OR_REFLECTION) {
            double s = fabs(pa * pd - pb * pc) / js_max(PC_EPSILON, pa * pa + pc * pc);
            double sa = pa / sk->scale_x;
            double sc = pc / sk->scale_y;
            pb = -sc * s * sk->scale_x;
            pd = sa * s * sk->scale_y;
            rotation_ik += atan2_deg(rules, sc, sa);
        }
        double x = target_x - p->world_x, y = target_y - p->world_y;
        double d = pa * pd - pb * pc;
        if (fabs(d) <= PC_EPSILON) {
            tx = 0;
            ty = 0;
        } else {
            tx = (x * pd - y * pb) / d - l->x;
            ty = (y * pa - x * pc) / d - l->y;
        }
    }
    rotation_ik += atan2_deg(rules, ty, tx);
    if (l->scale_x < 0) rotation_ik += 180;
    rotation_ik = fold_degrees(rotation_ik);
    l->rotation += rotation_ik * mix;
    if (compress || stretch) {
        if (l->inherit == PC_INHERIT_NO_SCALE || l->inherit == PC_INHERIT_NO_SCALE_OR_REFLECTION) {
            tx = target_x - bp->world_x;
            ty = target_y - bp->world_y;
        }
        double b = bone->data->length * l->scale_x;
        if (b > PC_EPSILON) {
            double dd = tx * tx + ty * ty;
            if ((compress && dd < b * b) || (stretch && dd > b * b)) {
                double s = (sqrt(dd) / b - 1) * mix + 1;
                l->scale_x *= s;
                scale_y_by(rules, &l->scale_y, scale_y_mode, s);
            }
        }
    }
    return true;
}

/* Two bones: parent and child. */
static void apply_two(pc_skeleton *sk, pc_bone *parent_bone, pc_bone *child_bone, double target_x, double target_y,
                      double bend_dir, bool stretch, pc_scale_y_mode scale_y_mode, double softness, double mix)
{
    const pc_readings *rules = &sk->readings;
    pc_bone_pose *parent = parent_bone->applied, *child = child_bone->applied;
    pc_bone_local *pl = &parent->local, *cl = &child->local;
    if (pl->inherit != PC_INHERIT_NORMAL || cl->inherit != PC_INHERIT_NORMAL) return;
    pc_bone_modify_local(sk, parent_bone);
    pc_bone_modify_local(sk, child_bone);
    double px = pl->x, py = pl->y, psx = pl->scale_x, psy = pl->scale_y, csx = cl->scale_x;
    double os1, os2, s2;
    if (psx < 0) {
        psx = -psx;
        os1 = 180;
        s2 = -1;
    } else {
        os1 = 0;
        s2 = 1;
    }
    if (psy < 0) {
        psy = -psy;
        s2 = -s2;
    }
    if (csx < 0) {
        csx = -csx;
        os2 = 180;
    } else {
        os2 = 0;
    }
    double cwx, cwy, a = parent->a, b = parent->b, c = parent->c, d = parent->d;
    bool u = fabs(psx - psy) <= PC_EPSILON;
    if (!u || stretch) {
        cl->y = 0;
        cwx = a * cl->x + parent->world_x;
        cwy = c * cl->x + parent->world_y;
    } else {
        cwx = a * cl->x + b * cl->y + parent->world_x;
        cwy = c * cl->x + d * cl->y + parent->world_y;
    }
    if (!parent_bone->parent) {
        sk->thrown = root_bone_thrown;
        return;
    }
    const pc_bone_pose *pp = parent_bone->parent->applied;
    a = pp->a;
    b = pp->b;
    c = pp->c;
    d = pp->d;
    double id = a * d - b * c, x = cwx - pp->world_x, y = cwy - pp->world_y;
    id = fabs(id) <= PC_EPSILON ? 0 : 1 / id;
    double dx = (x * d - y * b) * id - px, dy = (y * a - x * c) * id - py;
    double l1 = sqrt(dx * dx + dy * dy), l2 = child_bone->data->length * csx, a1, a2;
    if (l1 < PC_EPSILON) {
        if (apply_one(sk, parent_bone, target_x, target_y, false, stretch, PC_SCALE_Y_NONE, mix)) cl->rotation = 0;
        return;
    }
    x = target_x - pp->world_x;
    y = target_y - pp->world_y;
    double tx = (x * d - y * b) * id - px, ty = (y * a - x * c) * id - py;
    double dd = tx * tx + ty * ty;
    if (softness != 0) {
        softness *= psx * (csx + 1) * 0.5;
        double td = sqrt(dd), sd = td - l1 - l2 * psx + softness;
        if (sd > 0) {
            double p = js_min(1, sd / (softness * 2)) - 1;
            p = (sd - softness * (1 - p * p)) / td;
            tx -= p * tx;
            ty -= p * ty;
            dd = tx * tx + ty * ty;
        }
    }
    if (u) {
        l2 *= psx;
        double cos = (dd - l1 * l1 - l2 * l2) / (2 * l1 * l2);
        if (cos < -1) {
            cos = -1;
            a2 = rules->ik_bend_pi * bend_dir; /* Math.PI (rule ik.bend-pi) */
        } else if (cos > 1) {
            cos = 1;
            a2 = 0;
            if (stretch) {
                a = (sqrt(dd) / (l1 + l2) - 1) * mix + 1;
                pl->scale_x *= a;
                scale_y_by(rules, &pl->scale_y, scale_y_mode, a);
            }
        } else {
            a2 = js_acos(cos) * bend_dir;
        }
        a = l1 + l2 * cos;
        b = l2 * pc_sin(rules, a2);
        a1 = pc_atan2(rules, ty * a - tx * b, tx * a + ty * b);
    } else {
        a = psx * l2;
        b = psy * l2;
        double aa = a * a, bb = b * b, ta = pc_atan2(rules, ty, tx);
        c = bb * l1 * l1 + aa * dd - aa * bb;
        double c1 = -2 * bb * l1, c2 = bb - aa;
        d = c1 * c1 - 4 * c2 * c;
        if (d >= 0) {
            double q = sqrt(d);
            if (c1 < 0) q = -q;
            q = -(c1 + q) * 0.5;
            double r0 = q / c2, r1 = c / q;
            double r = fabs(r0) < fabs(r1) ? r0 : r1;
            r0 = dd - r * r;
            if (r0 >= 0) {
                y = sqrt(r0) * bend_dir;
                a1 = ta - pc_atan2(rules, y, r);
                a2 = pc_atan2(rules, y / psy, (r - l1) / psx);
                goto solved;
            }
        }
        double min_angle = PC_PI, min_x = l1 - a, min_dist = min_x * min_x, min_y = 0;
        double max_angle = 0, max_x = l1 + a, max_dist = max_x * max_x, max_y = 0;
        c = -a * l1 / (aa - bb);
        if (c >= -1 && c <= 1) {
            c = js_acos(c);
            x = a * pc_cos(rules, c) + l1;
            y = b * pc_sin(rules, c);
            d = x * x + y * y;
            if (d < min_dist) {
                min_angle = c;
                min_dist = d;
                min_x = x;
                min_y = y;
            }
            if (d > max_dist) {
                max_angle = c;
                max_dist = d;
                max_x = x;
                max_y = y;
            }
        }
        if (dd <= (min_dist + max_dist) * 0.5) {
            a1 = ta - pc_atan2(rules, min_y * bend_dir, min_x);
            a2 = min_angle * bend_dir;
        } else {
            a1 = ta - pc_atan2(rules, max_y * bend_dir, max_x);
            a2 = max_angle * bend_dir;
        }
    }
solved:;
    double os = pc_atan2(rules, cl->y, cl->x) * s2;
    a1 = (a1 - os) * rules->rad_deg + os1 - pl->rotation;
    a1 = fold_degrees(a1);
    pl->rotation += a1 * mix;
    a2 = ((a2 + os) * rules->rad_deg - cl->shear_x) * s2 + os2 - cl->rotation;
    a2 = fold_degrees(a2);
    cl->rotation += a2 * mix;
}

void pc_ik_update(pc_skeleton *sk, int index)
{
    const pc_constraint_data *c = &sk->data->constraints[index];
    const pc_ik_data *ik = &c->u.ik;
    const pc_constraint_pose *p = pc_constraint_applied_pose(sk, index);
    if (p->mix == 0) return;
    const pc_bone_pose *target = sk->bones[ik->target].applied;
    if (ik->scale_y_mode == PC_SCALE_Y_UNKNOWN && (c->bone_count == 1 || c->bone_count == 2)) {
        sk->thrown = scale_y_mode_thrown;
        return;
    }
    if (c->bone_count == 1)
        apply_one(sk, &sk->bones[c->bones[0]], target->world_x, target->world_y, p->compress, p->stretch,
                  ik->scale_y_mode, p->mix);
    else if (c->bone_count == 2)
        apply_two(sk, &sk->bones[c->bones[0]], &sk->bones[c->bones[1]], target->world_x, target->world_y,
                  p->bend_direction, p->stretch, ik->scale_y_mode, p->softness, p->mix);
}
