/* Running a scenario on an instance (scenario_run.h) and resolving the names its steps give
 * (scenario.h): each step is the spine-core call FORMAT.md gives it, made on the instance through the
 * instance layer. The state a run keeps is the scenario's own (oracle/scenario.mjs keeps the same): the
 * latest apply since the latest setupPose (the pose line's animation and time), each animation's
 * latest apply time since the latest setTime (an apply's default lastTime), and the events fired since
 * the latest pose; and the AnimationState the state steps drive (oracle/animation_state.mjs StateRun),
 * with the entry the latest set/add step made and what its listener heard since the latest pose. */
#include "scenario_run.h"
#include "instance/animation.h"
#include "instance/physics.h"

#include <math.h>
#include <stdarg.h>
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

/* The state step's string member k names an animation: its index into num[k]. */
static bool animation_member(pc_step *s, int k, const char *member, const pc_skeleton_data *d, char *msg,
                             size_t size)
{
    int a = find_animation(d, s->str[k]);
    if (a < 0) {
        snprintf(msg, size, "%s.%s: Animation not found: %s", s->path, member, s->str[k]);
        return false;
    }
    s->num[k] = a;
    return true;
}

static bool skin_name(const char *name, const char *path, const char *member, int index, const pc_skeleton_data *d,
                      char *msg, size_t size)
{
    if (pc_find_skin(d, name) >= 0) return true;
    if (index >= 0) snprintf(msg, size, "%s.%s[%d]: Skin not found: %s", path, member, index, name);
    else snprintf(msg, size, "%s.%s: Skin not found: %s", path, member, name);
    return false;
}

/* The names of a state step, in the oracle's order (resolveNames: animations, then skins). */
static bool resolve_state_step(pc_step *s, const pc_skeleton_data *d, char *msg, size_t size)
{
    switch (s->kind) {
    case PC_STEP_SET_ANIMATION: case PC_STEP_ADD_ANIMATION:
        return animation_member(s, M_ANIMATION, "animation", d, msg, size);
    case PC_STEP_SET_MIX:
        return animation_member(s, M_MIX_FROM, "from", d, msg, size) && animation_member(s, M_MIX_TO, "to", d, msg, size);
    case PC_STEP_SET_SKIN:
        return !s->str[M_SKIN] || skin_name(s->str[M_SKIN], s->path, "skin", -1, d, msg, size);
    case PC_STEP_SET_SKINS:
        for (int k = 0; k < s->string_count; k++)
            if (!skin_name(s->strings[k], s->path, "skins", k, d, msg, size)) return false;
        return true;
    default:
        return true;
    }
}

static bool resolve_steps(pc_step *steps, int count, const pc_skeleton_data *d, char *msg, size_t size)
{
    for (int i = 0; i < count; i++) {
        pc_step *s = &steps[i];
        if (!resolve_state_step(s, d, msg, size)) return false;
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
    bool has_applied;       /* an apply or applyState since the latest setupPose */
    const char *applied_name; /* its animation's name (NULL: an applyState with no entry) */
    double applied_time;
    pc_status status;
    /* the AnimationState (newState makes a fresh one; one with default mix 0 from the start) */
    pc_animation_state_data *state_data;
    pc_animation_state *state;
    pc_track_entry *latest;  /* the entry the latest set/add step made */
    pc_heard *heard;         /* what the listener heard since the latest pose */
    int heard_count, heard_capacity;
    bool bones_set, slots_set; /* setupPoseBones and setupPoseSlots have run (setupPose runs both) */
    int *skins;              /* setSkins' indices */
} runner;

static bool stop(runner *r, pc_status status)
{
    r->status = status;
    return false;
}

/* Stops the run with the message (what and where). */
static bool stop_with(runner *r, pc_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, r->size, fmt, ap);
    va_end(ap);
    return stop(r, status);
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

static bool apply(runner *r, int a, double last_time, double time, bool loop, const pc_mix *m)
{
    if (!animation_posed(r, a) || !event_room(r, a)) return false;
    const pc_animation_data *anim = &r->sk->data->animations[a];
    const char *thrown = pc_animation_apply_mix(r->sk, anim, last_time, time, loop, &r->events, m);
    if (thrown) {
        snprintf(r->msg, r->size, "animation \"%.100s\" at %.17g: %s", anim->name, time, thrown);
        return stop(r, PC_INVALID);
    }
    r->last_times[a] = time;
    r->has_last[a] = true;
    r->applied = a;
    r->has_applied = true;
    r->applied_name = anim->name;
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
    int late = r->sk->physics_overdue; /* before any throw: the pass stops at the throw */
    if (late >= 0) {
        const pc_skeleton *sk = r->sk;
        const pc_physics_data *p = &sk->data->constraints[late].u.physics;
        double owed = sk->physics_states[sk->constraints[late].physics].remaining / p->step;
        snprintf(r->msg, r->size, "physics constraint \"%.100s\" owes %.17g steps of %.17g s in one update, more "
                 "than %.17g: the runtime steps it for minutes, or forever", sk->data->constraints[late].name, owed,
                 p->step, sk->physics_step_limit);
        return stop(r, PC_UNSUPPORTED);
    }
    if (!r->sk->thrown) return true;
    if (r->has_applied && r->applied_name)
        snprintf(r->msg, r->size, "animation \"%.100s\" at %.17g: %s", r->applied_name, r->applied_time, r->sk->thrown);
    else snprintf(r->msg, r->size, "the setup pose: %s", r->sk->thrown);
    return stop(r, PC_INVALID);
}

static bool pose(runner *r)
{
    const pc_skeleton *sk = r->sk;
    pc_play play = { r->state_data, r->state, r->heard, r->heard_count };
    bool ok = r->has_applied ? r->pose(r->ctx, sk, r->applied_name, r->applied_time, &r->events, &play)
                             : r->pose(r->ctx, sk, NULL, sk->time, &r->events, &play);
    r->events.count = 0;
    r->heard_count = 0;
    if (ok) return true;
    snprintf(r->msg, r->size, "cannot write the pose");
    return stop(r, PC_INVALID);
}

static void setup_pose(runner *r)
{
    pc_skeleton_setup_pose(r->sk);
    r->applied = -1;
    r->has_applied = false;
    r->bones_set = r->slots_set = true;
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
        if (!apply(r, s->target, last_time, r->times[i], false, &pc_mix_setup) || !update_world(r, s->physics)
            || !pose(r))
            return false;
        last_time = r->times[i];
    }
    return true;
}

/* ---- The AnimationState steps ---------------------------------------------------------------------- */

static void heard(void *user, pc_animation_state *state, pc_state_event type, pc_track_entry *entry,
                  const pc_event_key *event)
{
    (void)state;
    runner *r = user;
    if (r->heard_count == r->heard_capacity) {
        int capacity = r->heard_capacity ? 2 * r->heard_capacity : 64;
        pc_heard *grown = realloc(r->heard, (size_t)capacity * sizeof *grown);
        if (!grown) {
            stop_with(r, PC_INVALID, "out of memory");
            return;
        }
        r->heard = grown;
        r->heard_capacity = capacity;
    }
    r->heard[r->heard_count++] = (pc_heard){ type, entry->track, entry->id, entry->animation, event };
}

/* A fresh AnimationStateData and AnimationState (newState), the entries' numbering going on. */
static bool new_state(runner *r, double default_mix)
{
    long next_id = r->state ? r->state->next_id : 0;
    pc_animation_state_free(r->state);
    pc_animation_state_data_free(r->state_data);
    r->state = NULL;
    r->latest = NULL;
    r->state_data = pc_animation_state_data_new(r->sk->data);
    if (r->state_data) {
        r->state_data->default_mix = default_mix;
        r->state = pc_animation_state_new(r->state_data);
    }
    if (!r->state) return stop_with(r, PC_INVALID, "out of memory");
    r->state->next_id = next_id;
    pc_animation_state_set_listener(r->state, heard, r);
    return true;
}

/* A step the core poses only once the instance equals the runtime's: from its first setup pose. */
static bool needs_setup(runner *r, const pc_step *s)
{
    if (r->bones_set && r->slots_set) return true;
    return stop_with(r, PC_UNSUPPORTED, "%.200s: the \"%s\" step comes before the first setupPose (the core's instance "
                     "is the runtime's from its first setup pose)", s->path, pc_step_name(s->kind));
}

/* The entry a setEntry-like step names: the track's current one, else the latest one made. */
static pc_track_entry *named_entry(runner *r, const pc_step *s)
{
    if (s->present[M_TRACK]) {
        pc_track_entry *e = pc_animation_state_get_current(r->state, (int)s->num[M_TRACK]);
        if (!e)
            stop_with(r, PC_INVALID, "%.200s: TypeError: Cannot set properties of null (track %d has no entry)", s->path,
                      (int)s->num[M_TRACK]);
        return e;
    }
    if (!r->latest)
        stop_with(r, PC_INVALID, "%.200s: no track entry yet (setEntry before any setAnimation or addAnimation)",
                  s->path);
    return r->latest;
}

static bool set_entry(runner *r, const pc_step *s)
{
    pc_track_entry *e = named_entry(r, s);
    if (!e) return false;
    /* In the order of the table (scenario.h's M_ENTRY_*), as the oracle sets them. */
    static const signed char fields[M_ENTRY_FIELD_END] = {
        [M_ENTRY_LOOP] = PC_ENTRY_LOOP, [M_ENTRY_ADDITIVE] = PC_ENTRY_ADDITIVE, [M_ENTRY_REVERSE] = PC_ENTRY_REVERSE,
        [M_ENTRY_SHORTEST_ROTATION] = PC_ENTRY_SHORTEST_ROTATION, [M_ENTRY_KEEP_HOLD] = PC_ENTRY_KEEP_HOLD,
        [M_ENTRY_ALPHA] = PC_ENTRY_ALPHA, [M_ENTRY_TIME_SCALE] = PC_ENTRY_TIME_SCALE, [M_ENTRY_DELAY] = PC_ENTRY_DELAY,
        [M_ENTRY_TRACK_TIME] = PC_ENTRY_TRACK_TIME, [M_ENTRY_TRACK_END] = PC_ENTRY_TRACK_END,
        [M_ENTRY_ANIMATION_START] = PC_ENTRY_ANIMATION_START, [M_ENTRY_ANIMATION_END] = PC_ENTRY_ANIMATION_END,
        [M_ENTRY_ANIMATION_LAST] = PC_ENTRY_ANIMATION_LAST, [M_ENTRY_MIX_DURATION] = PC_ENTRY_MIX_DURATION,
        [M_ENTRY_MIX_TIME] = PC_ENTRY_MIX_TIME, [M_ENTRY_EVENT_THRESHOLD] = PC_ENTRY_EVENT_THRESHOLD,
        [M_ENTRY_MIX_ATTACHMENT_THRESHOLD] = PC_ENTRY_MIX_ATTACHMENT_THRESHOLD,
        [M_ENTRY_ALPHA_ATTACHMENT_THRESHOLD] = PC_ENTRY_ALPHA_ATTACHMENT_THRESHOLD,
        [M_ENTRY_MIX_DRAW_ORDER_THRESHOLD] = PC_ENTRY_MIX_DRAW_ORDER_THRESHOLD,
    };
    for (int k = M_ENTRY_LOOP; k < M_ENTRY_MIX_INTERPOLATION; k++)
        if (s->present[k]) pc_track_entry_set(e, (pc_entry_field)fields[k], s->num[k]);
    if (s->present[M_ENTRY_MIX_INTERPOLATION])
        pc_track_entry_set_mix_interpolation(e, (int)s->num[M_ENTRY_MIX_INTERPOLATION], s->num[M_ENTRY_POWER]);
    return true;
}

/* What a set/add step's call gave: an entry (the latest made), or where the runtime throws. */
static bool made(runner *r, const pc_step *s, pc_track_entry *e)
{
    if (e) {
        r->latest = e;
        return true;
    }
    return stop_with(r, PC_INVALID, "%.200s: %s", s->path, pc_animation_state_error(r->state));
}

/* AnimationState.apply; the pose line's animation and time after it: the current entry of the lowest
 * track that has one, its animation's name and animation time; else null and the skeleton's time. */
static bool apply_state(runner *r, const pc_step *s)
{
    if (!needs_setup(r, s)) return false;
    for (int t = 0; t < r->state->track_count; t++)
        for (const pc_track_entry *e = r->state->tracks[t]; e; e = e->mixing_from) {
            char why[200];
            if (e->anim && pc_animation_unsupported(r->sk->data, e->anim, why, sizeof why))
                return stop_with(r, PC_UNSUPPORTED, "%.200s: %.200s", s->path, why);
        }
    const char *thrown = pc_animation_state_apply(r->state, r->sk);
    if (thrown) return stop_with(r, PC_INVALID, "%.200s: AnimationState.apply: %s", s->path, thrown);
    r->has_applied = true;
    r->applied = -1;
    r->applied_name = NULL;
    r->applied_time = r->sk->time;
    for (int t = 0; t < r->state->track_count; t++) {
        const pc_track_entry *e = r->state->tracks[t];
        if (!e) continue;
        r->applied_name = pc_entry_animation_name(r->state_data, e);
        r->applied_time = pc_entry_animation_time(e);
        break;
    }
    return true;
}

/* setSkin (a skin of the document or null) and setSkins (a skin made at run time by addSkin). */
static bool change_skin(runner *r, const pc_step *s)
{
    if (!needs_setup(r, s)) return false;
    const pc_skeleton_data *d = r->sk->data;
    bool list = s->kind == PC_STEP_SET_SKINS;
    int n = 0;
    if (list)
        for (int k = 0; k < s->string_count; k++) r->skins[n++] = pc_find_skin(d, s->strings[k]);
    else if (s->str[M_SKIN]) r->skins[n++] = pc_find_skin(d, s->str[M_SKIN]);
    if (!pc_skeleton_change_skin(r->sk, r->skins, n, list)) return stop_with(r, PC_INVALID, "out of memory");
    if (r->sk->fault[0]) return stop_with(r, PC_INVALID, "%.200s: setSkin: %.200s", s->path, r->sk->fault);
    return true;
}

static bool run_state_step(runner *r, const pc_step *s)
{
    pc_animation_state *st = r->state;
    const double *v = s->num;
    switch (s->kind) {
    case PC_STEP_NEW_STATE: return new_state(r, v[M_NEW_STATE_DEFAULT_MIX]);
    case PC_STEP_SET_DEFAULT_MIX: r->state_data->default_mix = v[M_DURATION]; return true;
    case PC_STEP_SET_MIX:
        if (pc_animation_state_data_set_mix(r->state_data, s->str[M_MIX_FROM], s->str[M_MIX_TO], v[M_MIX_DURATION]) != 0)
            return stop_with(r, PC_INVALID, "out of memory");
        return true;
    case PC_STEP_SET_TIME_SCALE: st->time_scale = v[M_TIME_SCALE]; return true;
    case PC_STEP_SET_ANIMATION:
        return made(r, s, pc_animation_state_set_animation(st, (int)v[M_TRACK], (int)v[M_ANIMATION], v[M_LOOP] != 0));
    case PC_STEP_ADD_ANIMATION:
        return made(r, s, pc_animation_state_add_animation(st, (int)v[M_TRACK], (int)v[M_ANIMATION], v[M_LOOP] != 0,
                                                           v[M_DELAY]));
    case PC_STEP_SET_EMPTY_ANIMATION:
        return made(r, s, pc_animation_state_set_empty_animation(st, (int)v[M_TRACK], v[M_EMPTY_MIX]));
    case PC_STEP_ADD_EMPTY_ANIMATION:
        return made(r, s, pc_animation_state_add_empty_animation(st, (int)v[M_TRACK], v[M_EMPTY_MIX], v[M_EMPTY_DELAY]));
    case PC_STEP_SET_EMPTY_ANIMATIONS: pc_animation_state_set_empty_animations(st, v[M_EMPTIES_MIX]); return true;
    case PC_STEP_CLEAR_TRACK:
        if (pc_animation_state_clear_track(st, (int)v[M_TRACK]) != 0)
            return stop_with(r, PC_INVALID, "%.200s: %s", s->path, pc_animation_state_error(st));
        return true;
    case PC_STEP_CLEAR_TRACKS: pc_animation_state_clear_tracks(st); return true;
    case PC_STEP_SET_ENTRY: return set_entry(r, s);
    case PC_STEP_SET_MIX_DURATION: {
        pc_track_entry *e = named_entry(r, s);
        if (!e) return false;
        pc_track_entry_set_mix_duration(e, v[M_MIX_DURATION_VALUE], s->present[M_MIX_DURATION_DELAY],
                                        v[M_MIX_DURATION_DELAY]);
        return true;
    }
    case PC_STEP_RESET_ROTATION_DIRECTIONS: {
        pc_track_entry *e = named_entry(r, s);
        if (!e) return false;
        pc_track_entry_reset_rotation_directions(e);
        return true;
    }
    case PC_STEP_UPDATE_STATE: pc_animation_state_update(st, v[M_STATE_DELTA]); return r->status == PC_OK;
    case PC_STEP_APPLY_STATE: return apply_state(r, s) && r->status == PC_OK;
    case PC_STEP_SET_SKIN: case PC_STEP_SET_SKINS: return change_skin(r, s);
    case PC_STEP_SETUP_POSE_BONES: pc_skeleton_setup_pose_bones(r->sk); r->bones_set = true; return true;
    case PC_STEP_SETUP_POSE_SLOTS: pc_skeleton_setup_pose_slots(r->sk); r->slots_set = true; return true;
    default:
        return stop_with(r, PC_UNSUPPORTED, "%.200s: the \"%s\" step", s->path, pc_step_name(s->kind));
    }
}

/* ---- Running the steps ------------------------------------------------------------------------------ */

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
            static const pc_mix_from froms[3] = { PC_FROM_SETUP, PC_FROM_CURRENT, PC_FROM_FIRST }; /* by pc_apply_from */
            pc_mix m = { s->alpha, froms[s->from], s->add, s->out, s->applied_pose };
            double time = s->has_time ? s->time : sk->time;
            double last = s->has_last_time ? s->last_time : r->has_last[s->target] ? r->last_times[s->target] : -1;
            if (!apply(r, s->target, last, time, s->loop, &m)) return false;
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
        default:
            if (!run_state_step(r, s)) return false;
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
    runner r = { sk, pose_fn, ctx, msg, size, { NULL, 0, events }, NULL, NULL, NULL, NULL, -1, false, NULL, 0, PC_OK,
                 NULL, NULL, NULL, NULL, 0, 0, false, false, NULL };
    r.events.items = malloc((size_t)events * sizeof *r.events.items);
    r.skins = malloc((size_t)(d->skin_count ? d->skin_count : 1) * sizeof *r.skins);
    r.times = malloc((size_t)time_capacity(d, sc->steps, sc->step_count) * sizeof *r.times);
    r.last_times = calloc(animations, sizeof *r.last_times);
    r.has_last = calloc(animations, sizeof *r.has_last);
    r.checked = calloc(animations, sizeof *r.checked);
    if (!r.events.items || !r.times || !r.last_times || !r.has_last || !r.checked || !r.skins) {
        snprintf(msg, size, "out of memory");
        r.status = PC_INVALID;
    } else {
        msg[0] = '\0';
        if (new_state(&r, 0)) run_steps(&r, sc->steps, sc->step_count);
    }
    pc_animation_state_free(r.state);
    pc_animation_state_data_free(r.state_data);
    free(r.heard);
    free(r.skins);
    free(r.events.items);
    free(r.times);
    free(r.last_times);
    free(r.has_last);
    free(r.checked);
    return r.status;
}
