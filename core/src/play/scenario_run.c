/* Running a scenario on an instance (scenario_run.h) and resolving the names its steps give
 * (scenario.h): each step is the spine-core call FORMAT.md gives it, made on the instance through the
 * instance layer. The state a run keeps is the scenario's own (oracle/scenario.mjs keeps the same): the
 * latest apply since the latest setupPose (the pose line's animation and time), each animation's
 * latest apply time since the latest setTime (an apply's default lastTime), and the events fired since
 * the latest pose. */
#include "scenario_run.h"
#include "instance/animation.h"
#include "instance/physics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Names ------------------------------------------------------------------------------------------- */

static int find_animation(const pc_skeleton_data *d, const char *name)
{
    for (int i = 0; i < d->animation_count; i++)
        if (strcmp(d->animations[i].name, name) == 0) return i;
    return -1;
}

static int find_physics(const pc_skeleton_data *d, const char *name)
{
    for (int i = 0; i < d->constraint_count; i++)
        if (d->constraints[i].kind == PC_PHYSICS && strcmp(d->constraints[i].name, name) == 0) return i;
    return -1;
}

static bool resolve_steps(pc_step *steps, int count, const pc_skeleton_data *d, char *msg, size_t size)
{
    for (int i = 0; i < count; i++) {
        pc_step *s = &steps[i];
        if (s->kind == PC_STEP_REPEAT) {
            if (!resolve_steps(s->steps, s->step_count, d, msg, size)) return false;
        } else if (s->kind == PC_STEP_APPLY || s->kind == PC_STEP_SAMPLES) {
            s->target = find_animation(d, s->name);
            if (s->target < 0) {
                snprintf(msg, size, "%s.animation: Animation not found: %s", s->path, s->name);
                return false;
            }
        } else if (s->kind == PC_STEP_RESET && s->name) {
            s->target = find_physics(d, s->name);
            if (s->target < 0) {
                snprintf(msg, size, "%s.constraint: Physics constraint not found: %s", s->path, s->name);
                return false;
            }
        }
    }
    return true;
}

bool pc_scenario_resolve(pc_scenario *sc, const pc_skeleton_data *data, char *msg, size_t size)
{
    return resolve_steps(sc->steps, sc->step_count, data, msg, size);
}

/* ---- Running ------------------------------------------------------------------------------------------ */

typedef struct runner {
    pc_skeleton *sk;
    pc_pose_fn pose;
    void *ctx;
    char *msg;
    size_t size;
    pc_fired_events events;
    double *times;          /* a samples step's times */
    double *last_times;     /* per animation: its latest apply's time since the latest setTime */
    bool *has_last;
    signed char *checked;   /* per animation: 0 not yet, 1 posed, -1 unsupported */
    int applied;            /* the latest apply's animation since the latest setupPose, -1 none */
    double applied_time;
    pc_status status;
} runner;

static bool stop(runner *r, pc_status status)
{
    r->status = status;
    return false;
}

/* The animation posed as the core poses it, or the run stops unsupported with why. */
static bool animation_posed(runner *r, int a)
{
    const pc_skeleton_data *d = r->sk->data;
    if (r->checked[a] == 0)
        r->checked[a] = pc_animation_unsupported(d, &d->animations[a], r->msg, r->size) ? -1 : 1;
    if (r->checked[a] < 0) return stop(r, PC_UNSUPPORTED); /* why: in msg, from the check */
    return true;
}

/* Room for the events one more apply of animation a can fire (twice its event keys: a wrap). */
static bool event_room(runner *r, int a)
{
    int need = r->events.count + 2 * pc_animation_event_capacity(&r->sk->data->animations[a]);
    if (need <= r->events.capacity) return true;
    int capacity = need > 2 * r->events.capacity ? need : 2 * r->events.capacity;
    const pc_event_key **grown = realloc(r->events.items, (size_t)capacity * sizeof *grown);
    if (!grown) {
        snprintf(r->msg, r->size, "out of memory");
        return stop(r, PC_INVALID);
    }
    r->events.items = grown;
    r->events.capacity = capacity;
    return true;
}

static bool apply(runner *r, int a, double last_time, double time, bool loop)
{
    if (!animation_posed(r, a) || !event_room(r, a)) return false;
    const pc_animation_data *anim = &r->sk->data->animations[a];
    const char *thrown = pc_animation_apply(r->sk, anim, last_time, time, loop, &r->events);
    if (thrown) {
        snprintf(r->msg, r->size, "animation \"%.100s\" at %.17g: %s", anim->name, time, thrown);
        return stop(r, PC_INVALID);
    }
    r->last_times[a] = time;
    r->has_last[a] = true;
    r->applied = a;
    r->applied_time = time;
    return true;
}

/* Under Physics.update a physics constraint whose step (1 / fps) is not above 0 steps forever in the
 * runtime once it has something to step (a component on): the core does not pose that. */
static bool steps_forever(runner *r, pc_physics_mode mode)
{
    if (mode != PC_PHYSICS_UPDATE) return false;
    const pc_skeleton *sk = r->sk;
    for (int i = 0; i < sk->physics_count; i++) {
        int c = sk->physics_constraints[i];
        const pc_physics_data *p = &sk->data->constraints[c].u.physics;
        bool on = p->x > 0 || p->y > 0 || p->rotate > 0 || p->shear_x > 0 || p->scale_x > 0;
        if (sk->constraints[c].active && on && p->step <= 0) {
            snprintf(r->msg, r->size, "physics constraint \"%.100s\" steps by %.17g (its fps): the runtime steps "
                     "it forever", sk->data->constraints[c].name, p->step);
            return true;
        }
    }
    return false;
}

static bool update_world(runner *r, pc_physics_mode mode)
{
    if (steps_forever(r, mode)) return stop(r, PC_UNSUPPORTED);
    pc_skeleton_update_world_transform_physics(r->sk, mode);
    if (!r->sk->thrown) return true;
    if (r->applied >= 0)
        snprintf(r->msg, r->size, "animation \"%.100s\" at %.17g: %s", r->sk->data->animations[r->applied].name,
                 r->applied_time, r->sk->thrown);
    else snprintf(r->msg, r->size, "the setup pose: %s", r->sk->thrown);
    return stop(r, PC_INVALID);
}

static bool pose(runner *r)
{
    const pc_skeleton *sk = r->sk;
    bool ok = r->applied >= 0 ? r->pose(r->ctx, sk, sk->data->animations[r->applied].name, r->applied_time, &r->events)
                              : r->pose(r->ctx, sk, NULL, sk->time, &r->events);
    r->events.count = 0;
    if (ok) return true;
    snprintf(r->msg, r->size, "cannot write the pose");
    return stop(r, PC_INVALID);
}

static void setup_pose(runner *r)
{
    pc_skeleton_setup_pose(r->sk);
    r->applied = -1;
}

/* The samples of one animation: per time, setupPose, apply (not looped, from the previous sample's
 * time, -1 at the first), updateWorldTransform, pose. */
static bool samples(runner *r, const pc_step *s)
{
    const pc_animation_data *anim = &r->sk->data->animations[s->target];
    if (!animation_posed(r, s->target)) return false;
    int n;
    if (s->keys) n = pc_animation_key_times(anim, r->times);
    else if (s->samples == 1) r->times[0] = 0, n = 1;
    else {
        for (int i = 0; i < s->samples; i++) r->times[i] = anim->duration * i / (s->samples - 1);
        n = s->samples;
    }
    double last_time = -1;
    for (int i = 0; i < n; i++) {
        setup_pose(r);
        if (!apply(r, s->target, last_time, r->times[i], false) || !update_world(r, s->physics) || !pose(r))
            return false;
        last_time = r->times[i];
    }
    return true;
}

static bool run_steps(runner *r, const pc_step *steps, int count)
{
    pc_skeleton *sk = r->sk;
    for (int i = 0; i < count; i++) {
        const pc_step *s = &steps[i];
        switch (s->kind) {
        case PC_STEP_UPDATE: pc_skeleton_update(sk, s->v[0]); break;
        case PC_STEP_SET_TIME:
            sk->time = s->v[0];
            memset(r->has_last, 0, (size_t)sk->data->animation_count * sizeof *r->has_last);
            break;
        case PC_STEP_SET_POSITION: sk->x = s->v[0], sk->y = s->v[1]; break;
        case PC_STEP_SET_SCALE: sk->scale_x = s->v[0], sk->scale_y = s->v[1]; break;
        case PC_STEP_MOVE:
            sk->x += s->v[0];
            sk->y += s->v[1];
            break;
        case PC_STEP_SET_WIND: sk->wind_x = s->v[0], sk->wind_y = s->v[1]; break;
        case PC_STEP_SET_GRAVITY: sk->gravity_x = s->v[0], sk->gravity_y = s->v[1]; break;
        case PC_STEP_PHYSICS_TRANSLATE: pc_physics_translate_all(sk, s->v[0], s->v[1]); break;
        case PC_STEP_PHYSICS_ROTATE: pc_physics_rotate_all(sk, s->v[0], s->v[1], s->v[2]); break;
        case PC_STEP_RESET:
            if (s->target >= 0) pc_physics_reset(sk, s->target);
            else
                for (int k = 0; k < sk->physics_count; k++) pc_physics_reset(sk, sk->physics_constraints[k]);
            break;
        case PC_STEP_SETUP_POSE: setup_pose(r); break;
        case PC_STEP_APPLY: {
            if (!(s->alpha == 1 && s->from == PC_APPLY_FROM_SETUP && !s->add && !s->out && !s->applied_pose)) {
                snprintf(r->msg, r->size, "%.200s: an apply other than at alpha 1 from the setup pose, not added, "
                         "not out, onto the poses (the core does not mix yet)", s->path);
                return stop(r, PC_UNSUPPORTED);
            }
            double time = s->has_time ? s->time : sk->time;
            double last = s->has_last_time ? s->last_time : r->has_last[s->target] ? r->last_times[s->target] : -1;
            if (!apply(r, s->target, last, time, s->loop)) return false;
            break;
        }
        case PC_STEP_UPDATE_WORLD:
            if (!update_world(r, s->physics)) return false;
            break;
        case PC_STEP_POSE:
            if (!pose(r)) return false;
            break;
        case PC_STEP_REPEAT:
            for (int k = 0; k < s->times; k++)
                if (!run_steps(r, s->steps, s->step_count)) return false;
            break;
        case PC_STEP_SAMPLES:
            if (!samples(r, s)) return false;
            break;
        }
    }
    return true;
}

/* The most sample times any samples step needs. */
static int time_capacity(const pc_skeleton_data *d, const pc_step *steps, int count)
{
    int most = 1;
    for (int i = 0; i < count; i++) {
        const pc_step *s = &steps[i];
        int n = 0;
        if (s->kind == PC_STEP_REPEAT) n = time_capacity(d, s->steps, s->step_count);
        else if (s->kind == PC_STEP_SAMPLES)
            n = s->keys ? pc_animation_key_time_capacity(&d->animations[s->target]) : s->samples;
        if (n > most) most = n;
    }
    return most;
}

pc_status pc_scenario_run(pc_skeleton *sk, const pc_scenario *sc, pc_pose_fn pose_fn, void *ctx, char *msg,
                          size_t size)
{
    const pc_skeleton_data *d = sk->data;
    size_t animations = (size_t)(d->animation_count ? d->animation_count : 1);
    int events = 1;
    for (int a = 0; a < d->animation_count; a++) {
        int n = 2 * pc_animation_event_capacity(&d->animations[a]);
        if (n > events) events = n;
    }
    runner r = { sk, pose_fn, ctx, msg, size, { NULL, 0, events }, NULL, NULL, NULL, NULL, -1, 0, PC_OK };
    r.events.items = malloc((size_t)events * sizeof *r.events.items);
    r.times = malloc((size_t)time_capacity(d, sc->steps, sc->step_count) * sizeof *r.times);
    r.last_times = calloc(animations, sizeof *r.last_times);
    r.has_last = calloc(animations, sizeof *r.has_last);
    r.checked = calloc(animations, sizeof *r.checked);
    if (!r.events.items || !r.times || !r.last_times || !r.has_last || !r.checked) {
        snprintf(msg, size, "out of memory");
        r.status = PC_INVALID;
    } else {
        msg[0] = '\0';
        run_steps(&r, sc->steps, sc->step_count);
    }
    free(r.events.items);
    free(r.times);
    free(r.last_times);
    free(r.has_last);
    free(r.checked);
    return r.status;
}
