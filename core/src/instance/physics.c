/* The physics constraint (physics.h): its turn under the four physics modes, reset, translate and
 * rotate, every product and sum in the runtime's order (the doubles agree to the bit only so).
 *
 * The turn, as measured on the population `physics` (probes/README.md) and the rigs sack-pro and
 * snowglobe-pro over 600 frames:
 *
 * - nothing at mix 0 (-0 too; NaN moves on) nor under Physics.none; otherwise the bone's world is
 *   written directly (its local made stale, the worlds below it reset);
 * - under update (and reset, after resetting), the time since the last update, Math.max(time - last, 0)
 *   (NaN stays NaN), is added to what remains; the first update after a reset only notes where the bone
 *   is; later ones take the bone's movement since then times the inertia, limited to limit * delta
 *   times the skeleton's scale on each axis, and step the springs in fixed steps of 1 / fps while a
 *   step remains (x and y: wind and gravity times the reference scale and the skeleton's scale, the
 *   strength pulling the offset back, the velocity damped by damping ** (60 * step) after each step);
 *   the rotation and scale springs likewise, driven by the bone's movement seen from its tip, wind and
 *   gravity turned into the bone's direction; what is left of the time is carried to the next update,
 *   and the pose interpolates between the last two steps by it;
 * - under pose the last steps are only shown;
 * - then the rotation (about the bone's origin, shearX turning the x axis alone) and the scale
 *   (scaleX; scaleY as the mode says) are applied to the world, and but under pose the bone's tip noted
 *   for the next update.
 *
 * The rules with rejected readings (document/rules.c, RULES.md): physics.pow (the damping's `**` as V8
 * computes it, not the C library's pow), physics.delta (the time since the last update, not the frame's
 * dt) and physics.substep-order (in each step the velocity, then the offset, then the damping; the
 * scale step reads the angle the previous step left). */
#include "physics.h"
#include "bone_local.h"
#include "document/rules.h"
#include "js/jsmath.h"

#include <math.h>
#include <string.h>

void pc_physics_state_init(pc_physics_state *s)
{
    memset(s, 0, sizeof *s);
    s->reset = true;
}

static pc_physics_state *state_of(pc_skeleton *sk, int index)
{
    return &sk->physics_states[sk->constraints[index].physics];
}

static void reset_state(pc_physics_state *s, double time)
{
    s->remaining = 0;
    s->last_time = time;
    s->reset = true;
    s->x_offset = s->x_lag = s->x_velocity = 0;
    s->y_offset = s->y_lag = s->y_velocity = 0;
    s->rotate_offset = s->rotate_lag = s->rotate_velocity = 0;
    s->scale_offset = s->scale_lag = s->scale_velocity = 0;
}

void pc_physics_reset(pc_skeleton *sk, int index)
{
    reset_state(state_of(sk, index), sk->time);
}

static void translate(pc_physics_state *s, double x, double y)
{
    s->ux -= x;
    s->uy -= y;
    s->cx -= x;
    s->cy -= y;
}

void pc_physics_translate_all(pc_skeleton *sk, double x, double y)
{
    for (int i = 0; i < sk->physics_count; i++) translate(&sk->physics_states[i], x, y);
}

void pc_physics_rotate_all(pc_skeleton *sk, double x, double y, double degrees)
{
    const pc_readings *rules = &sk->readings;
    for (int i = 0; i < sk->physics_count; i++) {
        pc_physics_state *s = &sk->physics_states[i];
        double r = degrees * rules->deg_rad, cos = pc_cos(rules, r), sin = pc_sin(rules, r);
        double dx = s->cx - x, dy = s->cy - y;
        translate(s, dx * cos - dy * sin - dx, dx * sin + dy * cos - dy);
    }
}

/* The velocity's factor per step: damping ** (60 * step). The rule physics.pow: V8's pow (js_pow); the
 * C library's differs wherever 60 * step is not a small integer (fps off the divisors of 60). */
static double damping_factor(const pc_readings *rules, double damping, double step)
{
    return rules->physics_pow_libm ? js_libm_pow(damping, 60 * step) : js_pow(damping, 60 * step);
}

/* u limited to [-q, q] (NaN stays NaN; q NaN leaves u). */
static double limited(double u, double q)
{
    return u > q ? q : u < -q ? -q : u;
}

/* How far between the last two steps the pose is: Math.max(0, 1 - left / step). */
static double between(double left, double step)
{
    return js_math_max(0, 1 - left / step);
}

/* The spring settings one update reads, once a step is due. */
typedef struct springs {
    double damp, mass, strength;
} springs;

static springs springs_of(const pc_readings *rules, const pc_constraint_pose *p, double step)
{
    springs k = { damping_factor(rules, p->damping, step), step * p->mass_inverse, p->strength };
    return k;
}

/* One step of a spring: the velocity by the force, the offset by the velocity, the velocity damped
 * (the rule physics.substep-order; its reading damp-first damps before the offset moves). */
static inline void spring_step(const pc_readings *rules, double *offset, double *velocity, double force,
                               double step, double damp)
{
    if (rules->physics_substep_order == 1) {
        *velocity += force;
        *velocity *= damp;
        *offset += *velocity * step;
        return;
    }
    *velocity += force;
    *offset += *velocity * step;
    *velocity *= damp;
}

/* The x and y springs (when either component is on): the bone's movement since the last update, then
 * the steps due; writes the offsets into the bone's world. Returns the interpolation z. */
static double step_translation(const pc_skeleton *sk, const pc_physics_data *d, const pc_constraint_pose *p,
                               pc_physics_state *s, pc_bone_pose *b, double bx, double by, double qx, double qy,
                               double mix, springs *k, bool *have_springs)
{
    const pc_readings *rules = &sk->readings;
    bool move_x = d->x > 0, move_y = d->y > 0;
    double a = s->remaining, step = d->step, inertia = p->inertia;
    if (move_x) {
        s->x_offset += limited((s->ux - bx) * inertia, qx);
        s->ux = bx;
    }
    if (move_y) {
        s->y_offset += limited((s->uy - by) * inertia, qy);
        s->uy = by;
    }
    if (a >= step) {
        double xs = s->x_offset, ys = s->y_offset;
        *k = springs_of(rules, p, step);
        *have_springs = true;
        double f = sk->data->header.reference_scale, w = f * p->wind, g = f * p->gravity;
        double ax = (w * sk->wind_x + g * sk->gravity_x) * sk->scale_x;
        double ay = (w * sk->wind_y + g * sk->gravity_y) * sk->scale_y;
        do {
            if (move_x) spring_step(rules, &s->x_offset, &s->x_velocity, (ax - s->x_offset * k->strength) * k->mass,
                                    step, k->damp);
            if (move_y) spring_step(rules, &s->y_offset, &s->y_velocity, -((ay + s->y_offset * k->strength) * k->mass),
                                    step, k->damp);
            a -= step;
        } while (a >= step);
        s->x_lag = s->x_offset - xs;
        s->y_lag = s->y_offset - ys;
    }
    double z = between(a, step);
    if (move_x) b->world_x += (s->x_offset - s->x_lag * z) * mix * d->x;
    if (move_y) b->world_y += (s->y_offset - s->y_lag * z) * mix * d->y;
    s->remaining = a;
    return z;
}

static double world_scale_x(const pc_bone_pose *b)
{
    return sqrt(b->a * b->a + b->c * b->c);
}

/* The rotation and scale springs (when rotate, shearX or scaleX is on): the bone's movement seen from
 * its tip, then the steps due. `before`: what remained before this update's time was added. Returns
 * the interpolation z. */
static double step_rotation(const pc_skeleton *sk, const pc_physics_data *d, const pc_constraint_pose *p,
                            pc_physics_state *s, const pc_bone_pose *b, double length, double before, double qx,
                            double qy, double mix, springs *k, bool have_springs)
{
    const pc_readings *rules = &sk->readings;
    bool turn = d->rotate > 0 || d->shear_x > 0, stretch = d->scale_x > 0;
    double step = d->step, inertia = p->inertia;
    double ca = pc_atan2(rules, b->c, b->a), c = 0, sn = 0, mr = 0;
    double dx = s->cx - b->world_x, dy = s->cy - b->world_y;
    if (dx > qx) dx = qx;
    else if (dx < -qx) dx = -qx;
    if (dy > qy) dy = qy;
    else if (dy < -qy) dy = -qy;
    double a = s->remaining;
    if (turn) {
        mr = (d->rotate + d->shear_x) * mix;
        double lag = s->rotate_lag * between(before, step);
        double r = pc_atan2(rules, dy + s->ty, dx + s->tx) - ca - (s->rotate_offset - lag) * mr;
        s->rotate_offset += (r - js_ceil(r * JS_SPINE_INV_PI2 - 0.5) * JS_SPINE_PI2) * inertia;
        r = (s->rotate_offset - lag) * mr + ca;
        c = pc_cos(rules, r);
        sn = pc_sin(rules, r);
        if (stretch) {
            r = length * world_scale_x(b);
            if (r > 0) s->scale_offset += (dx * c + dy * sn) * inertia / r;
        }
    } else {
        c = pc_cos(rules, ca);
        sn = pc_sin(rules, ca);
        double r = length * world_scale_x(b) - s->scale_lag * between(before, step);
        if (r > 0) s->scale_offset += (dx * c + dy * sn) * inertia / r;
    }
    if (a >= step) {
        if (!have_springs) *k = springs_of(rules, p, step);
        /* Skeleton.yDir is 1 (y up): the runtime's product by it leaves ay as it is. */
        double ax = p->wind * sk->wind_x + p->gravity * sk->gravity_x;
        double ay = p->wind * sk->wind_y + p->gravity * sk->gravity_y;
        double rs = s->rotate_offset, ss = s->scale_offset, h = length / sk->data->header.reference_scale;
        bool fresh_angle = rules->physics_substep_order == 2;
        for (;;) {
            a -= step;
            if (stretch && !fresh_angle)
                spring_step(rules, &s->scale_offset, &s->scale_velocity,
                            (ax * c - ay * sn - s->scale_offset * k->strength) * k->mass, step, k->damp);
            if (turn) {
                spring_step(rules, &s->rotate_offset, &s->rotate_velocity,
                            -(((ax * sn + ay * c) * h + s->rotate_offset * k->strength) * k->mass), step, k->damp);
                if (fresh_angle) {
                    double r = s->rotate_offset * mr + ca;
                    c = pc_cos(rules, r);
                    sn = pc_sin(rules, r);
                }
            }
            if (stretch && fresh_angle)
                spring_step(rules, &s->scale_offset, &s->scale_velocity,
                            (ax * c - ay * sn - s->scale_offset * k->strength) * k->mass, step, k->damp);
            if (a < step) break;
            if (turn && !fresh_angle) {
                double r = s->rotate_offset * mr + ca;
                c = pc_cos(rules, r);
                sn = pc_sin(rules, r);
            }
        }
        s->rotate_lag = s->rotate_offset - rs;
        s->scale_lag = s->scale_offset - ss;
    }
    s->remaining = a;
    return between(a, step);
}

/* Physics.update (and reset, after resetting): returns the interpolation z the pose is shown at. */
static double update_state(pc_skeleton *sk, int index, const pc_physics_data *d, const pc_constraint_pose *p,
                           pc_physics_state *s, pc_bone_pose *b, double length, double mix)
{
    const pc_readings *rules = &sk->readings;
    /* The rule physics.delta: the time since the last update; its reading `dt` takes the last frame's
     * delta (Skeleton.update's argument) instead. */
    double delta = js_math_max(rules->physics_delta_dt ? sk->last_delta : sk->time - s->last_time, 0);
    double before = s->remaining, z = 0;
    s->remaining += delta;
    s->last_time = sk->time;
    double bx = b->world_x, by = b->world_y;
    if (s->reset) {
        s->reset = false;
        s->ux = bx;
        s->uy = by;
    } else {
        double qx = d->limit * delta, qy = qx * fabs(sk->scale_y);
        qx *= fabs(sk->scale_x);
        springs k = { 0, 0, 0 };
        bool have_springs = false;
        double a = s->remaining;
        /* Owing more steps than the limit (posecore.h), nothing is stepped: the runtime would loop for
         * minutes, or forever where a - step == a (a step not above 0 too). An infinite step is stepped
         * once (a - step is NaN: corpus mut-js-pow-one-infinity). The update goes on; the runner says
         * unsupported. */
        bool on = d->x > 0 || d->y > 0 || d->rotate > 0 || d->shear_x > 0 || d->scale_x > 0;
        if (on && a >= d->step && (d->step <= 0 || a / d->step > sk->physics_step_limit)) {
            sk->physics_overdue = index;
        } else {
            if (d->x > 0 || d->y > 0) z = step_translation(sk, d, p, s, b, bx, by, qx, qy, mix, &k, &have_springs);
            if (d->rotate > 0 || d->shear_x > 0 || d->scale_x > 0) {
                s->remaining = a; /* both springs step from the same time */
                z = step_rotation(sk, d, p, s, b, length, before, qx, qy, mix, &k, have_springs);
            }
        }
    }
    s->cx = b->world_x;
    s->cy = b->world_y;
    return z;
}

/* The rotation and scale shown on the bone's world at interpolation z. */
static void apply_to_world(const pc_readings *rules, const pc_physics_data *d, const pc_physics_state *s,
                           pc_bone_pose *b, double z, double mix)
{
    if (d->rotate > 0 || d->shear_x > 0) {
        double o = (s->rotate_offset - s->rotate_lag * z) * mix, sn, c, a;
        if (d->shear_x > 0) {
            double r = 0;
            if (d->rotate > 0) {
                r = o * d->rotate;
                sn = pc_sin(rules, r);
                c = pc_cos(rules, r);
                a = b->b;
                b->b = c * a - sn * b->d;
                b->d = sn * a + c * b->d;
            }
            r += o * d->shear_x; /* from +0: a turn of -0 becomes +0 */
            sn = pc_sin(rules, r);
            c = pc_cos(rules, r);
            a = b->a;
            b->a = c * a - sn * b->c;
            b->c = sn * a + c * b->c;
        } else {
            o *= d->rotate;
            sn = pc_sin(rules, o);
            c = pc_cos(rules, o);
            a = b->a;
            b->a = c * a - sn * b->c;
            b->c = sn * a + c * b->c;
            a = b->b;
            b->b = c * a - sn * b->d;
            b->d = sn * a + c * b->d;
        }
    }
    if (d->scale_x > 0) {
        double sc = 1 + (s->scale_offset - s->scale_lag * z) * mix * d->scale_x;
        b->a *= sc;
        b->c *= sc;
        if (d->scale_y_mode == PC_SCALE_Y_UNIFORM) {
            b->b *= sc;
            b->d *= sc;
        } else if (d->scale_y_mode == PC_SCALE_Y_VOLUME) {
            sc = fabs(sc);
            sc = sc >= 0.7 ? 1 / sc : 4 - 3.67347 * sc;
            b->b *= sc;
            b->d *= sc;
        }
    }
}

void pc_physics_update(pc_skeleton *sk, int index)
{
    const pc_constraint_state *st = &sk->constraints[index];
    const pc_constraint_pose *p = st->constrained ? &st->constrained_pose : &st->pose;
    const double mix = p->mix;
    if (mix == 0) return;
    const pc_physics_mode mode = (pc_physics_mode)sk->physics_mode;
    if (mode == PC_PHYSICS_NONE) return;
    const pc_physics_data *d = &sk->data->constraints[index].u.physics;
    pc_bone *bone = &sk->bones[d->bone];
    /* The runtime's constraint holds the bone's constrained pose, which the update order made its
     * applied pose. */
    pc_bone_pose *b = &bone->constrained;
    const double length = bone->data->length;
    pc_physics_state *s = state_of(sk, index);
    pc_bone_modify_world(sk, bone);
    double z;
    if (mode == PC_PHYSICS_POSE) {
        z = between(s->remaining, d->step);
        if (d->x > 0) b->world_x += (s->x_offset - s->x_lag * z) * mix * d->x;
        if (d->y > 0) b->world_y += (s->y_offset - s->y_lag * z) * mix * d->y;
    } else {
        if (mode == PC_PHYSICS_RESET) reset_state(s, sk->time);
        z = update_state(sk, index, d, p, s, b, length, mix);
    }
    apply_to_world(&sk->readings, d, s, b, z, mix);
    if (mode != PC_PHYSICS_POSE) {
        s->tx = length * b->a;
        s->ty = length * b->c;
    }
}
