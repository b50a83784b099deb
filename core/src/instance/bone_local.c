/* The bone machinery the constraints share (bone_local.h): the update stamps and the local transform
 * read back from the world transform.
 *
 * The read back decomposes the bone's world matrix relative to its parent's as the runtime does, in
 * its order of operations: translation through the parent's inverse, then, per inherit mode, the
 * matrix left for the bone's own rotation, scales and shears; shearX always comes back 0 except under
 * noScale / noScaleOrReflection, where the rotation is found first and the rest comes back as shears.
 * Measured through the constraints that use it (populations `ik`, `transform`, `slider`: every local
 * row of every constrained bone at tolerance 0). */
#include "bone_local.h"
#include "bone.h"
#include "js/jsmath.h"
#include "document/rules.h"
#include "js/runtime_math.h"

#include <math.h>

static double atan2_deg(const pc_readings *rules, double y, double x)
{
    return pc_atan2(rules, y, x) * rules->rad_deg;
}

/* Folds a shearY into (-180, 180]. */
static double fold_shear(double s)
{
    if (s > 180) return s - 360;
    if (s <= -180) return s + 360;
    return s;
}

/* The local matrix [ra rb; rc rd] as rotation (+ ro), scales and shearY; shearX 0. */
static void decompose_rotation(const pc_readings *rules, pc_bone_local *l, double ra, double rb, double rc, double rd, double ro)
{
    l->shear_x = 0;
    double x = ra * ra + rc * rc, y = rb * rb + rd * rd;
    if (x > PC_EPSILON2) {
        double r = atan2_deg(rules, rc, ra);
        l->rotation = r + ro;
        l->scale_x = sqrt(x);
        l->scale_y = sqrt(y);
        if (y > PC_EPSILON2) {
            double s = atan2_deg(rules, rd, rb);
            if (ra * rd - rb * rc < 0) {
                l->scale_y = -l->scale_y;
                s += 90 - r;
            } else {
                s -= 90 + r;
            }
            l->shear_y = fold_shear(s);
        } else {
            l->shear_y = 0;
        }
    } else {
        l->scale_x = 0;
        l->scale_y = sqrt(y);
        l->shear_y = 0;
        l->rotation = y > PC_EPSILON2 ? atan2_deg(rules, rd, rb) - 90 + ro : ro;
    }
}

/* The local matrix [ra rb; rc rd] after the rotation is known: scales, shearX and shearY. */
static void decompose_shears(const pc_readings *rules, pc_bone_local *l, double ra, double rb, double rc, double rd)
{
    double x = ra * ra + rc * rc, y = rb * rb + rd * rd;
    if (x > PC_EPSILON2) {
        l->shear_x = atan2_deg(rules, rc, ra);
        l->scale_x = sqrt(x);
    } else {
        l->shear_x = 0;
        l->scale_x = 0;
    }
    l->scale_y = sqrt(y);
    if (y > PC_EPSILON2) {
        double s = atan2_deg(rules, rd, rb);
        if (ra * rd - rb * rc < 0) {
            l->scale_y = -l->scale_y;
            s += 90;
        } else {
            s -= 90;
        }
        l->shear_y = fold_shear(s);
    } else {
        l->shear_y = 0;
    }
}

void pc_bone_update_local(pc_skeleton *sk, pc_bone *bone)
{
    const pc_readings *rules = &sk->readings;
    pc_bone_pose *p = bone->applied;
    pc_bone_local *l = &p->local;
    p->local_stamp = 0;
    p->world_stamp = sk->update_stamp;
    double sx = sk->scale_x, sy = sk->scale_y;
    if (!bone->parent) {
        double sxi = 1 / sx, syi = 1 / sy;
        l->x = (p->world_x - sk->x) * sxi;
        l->y = (p->world_y - sk->y) * syi;
        decompose_rotation(rules, l, p->a * sxi, p->b * sxi, p->c * syi, p->d * syi, 0);
        return;
    }
    const pc_bone_pose *parent = bone->parent->applied;
    double pa = parent->a, pb = parent->b, pc = parent->c, pd = parent->d;
    double pad = pa * pd - pb * pc, pid = 1 / (pa * pd - pb * pc);
    double ia = pd * pid, ib = pb * pid, ic = pc * pid, id = pa * pid;
    double dx = p->world_x - parent->world_x, dy = p->world_y - parent->world_y;
    l->x = dx * ia - dy * ib;
    l->y = dy * id - dx * ic;
    switch (l->inherit) {
    case PC_INHERIT_NORMAL:
        decompose_rotation(rules, l, ia * p->a - ib * p->c, ia * p->b - ib * p->d, id * p->c - ic * p->a,
                           id * p->d - ic * p->b, 0);
        break;
    case PC_INHERIT_ONLY_TRANSLATION: {
        double sxi = 1 / sx, syi = 1 / sy;
        decompose_rotation(rules, l, p->a * sxi, p->b * sxi, p->c * syi, p->d * syi, 0);
        break;
    }
    case PC_INHERIT_NO_ROTATION_OR_REFLECTION: {
        double sxi = 1 / sx, syi = 1 / sy;
        pa *= sxi;
        pc *= syi;
        double wa = p->a * sxi, wb = p->b * sxi, wc = p->c * syi, wd = p->d * syi;
        double s = 1 / (pa * pa + pc * pc), det = 1 / fabs(pad * sxi * syi);
        decompose_rotation(rules, l, (pa * wa + pc * wc) * s, (pa * wb + pc * wd) * s, (pa * wc - pc * wa) * det,
                           (pa * wd - pc * wb) * det, atan2_deg(rules, pc, pa));
        break;
    }
    case PC_INHERIT_NO_SCALE:
    case PC_INHERIT_NO_SCALE_OR_REFLECTION: {
        double sxi = 1 / sx, syi = 1 / sy;
        double wa = p->a * sxi, wb = p->b * sxi, wc = p->c * syi, wd = p->d * syi;
        double tx = pd * p->a - pb * p->c, ty = pa * p->c - pc * p->a;
        if (pad < 0) {
            tx = -tx;
            ty = -ty;
        }
        double r = atan2_deg(rules, ty, tx);
        l->rotation = r;
        r *= rules->deg_rad;
        double cos = pc_cos(rules, r), sin = pc_sin(rules, r);
        double za = (pa * cos + pb * sin) * sxi;
        double zc = (pc * cos + pd * sin) * syi;
        double s = 1 / sqrt(za * za + zc * zc);
        za *= s;
        zc *= s;
        double si = l->inherit == PC_INHERIT_NO_SCALE && (pad < 0) != ((sx < 0) != (sy < 0)) ? -1 : 1;
        decompose_shears(rules, l, za * wa + zc * wc, za * wb + zc * wd, (za * wc - zc * wa) * si, (za * wd - zc * wb) * si);
        break;
    }
    }
}

/* A local transform stale this pass (a constraint wrote the world). The rule bone.local-readback: its
 * reading `stale` never reads it back (the population transform tells them apart). */
static bool stale(const pc_skeleton *sk, const pc_bone_pose *p)
{
    const pc_readings *rules = &sk->readings;
    return rules->local_readback && p->local_stamp == sk->update_stamp;
}

void pc_bone_update_world_now(pc_skeleton *sk, pc_bone *bone)
{
    pc_bone_pose *p = bone->applied;
    if (stale(sk, p)) pc_bone_update_local(sk, bone);
    else p->world_stamp = sk->update_stamp;
    pc_bone_update_world(sk, bone);
}

/* The rule bone.world-once: its reading `always` recomputes the world at every turn, which misses where
 * a constraint wrote a bone's world and a later constraint re-sorted the bone without changing it (a
 * mix of 0): the turn then reads the local back and recomputes, a rounding away (population order). */
void pc_bone_update(pc_skeleton *sk, pc_bone *bone)
{
    const pc_readings *rules = &sk->readings;
    if (!rules->world_once || bone->applied->world_stamp != sk->update_stamp) pc_bone_update_world_now(sk, bone);
}

void pc_bone_validate_local(pc_skeleton *sk, pc_bone *bone)
{
    if (stale(sk, bone->applied)) pc_bone_update_local(sk, bone);
}

/* The bones below whose world was current this pass: no longer (stale locals read back first). */
static void reset_world(pc_skeleton *sk, pc_bone *bone)
{
    unsigned long stamp = sk->update_stamp;
    for (int i = 0; i < bone->child_count; i++) {
        pc_bone *child = &sk->bones[bone->children[i]];
        pc_bone_pose *cp = child->applied;
        if (cp->world_stamp != stamp) continue;
        if (stale(sk, cp)) pc_bone_update_local(sk, child);
        cp->world_stamp = 0;
        reset_world(sk, child);
    }
}

void pc_bone_modify_local(pc_skeleton *sk, pc_bone *bone)
{
    pc_bone_pose *p = bone->applied;
    if (stale(sk, p)) pc_bone_update_local(sk, bone);
    p->world_stamp = 0;
    reset_world(sk, bone);
}

void pc_bone_modify_world(pc_skeleton *sk, pc_bone *bone)
{
    pc_bone_pose *p = bone->applied;
    p->local_stamp = sk->update_stamp;
    p->world_stamp = sk->update_stamp;
    reset_world(sk, bone);
}
