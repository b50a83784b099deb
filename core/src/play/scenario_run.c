/* Running a scenario (scenario_run.h): each step the call the oracle makes (oracle/scenario.mjs,
 * oracle/animation_state.mjs), and the `--transitions` shorthand's steps. */
#include "scenario_run.h"
#include "instance/animation.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void heard(void *user, pc_animation_state *state, pc_state_event type, pc_track_entry *entry,
                  const pc_event_key *event)
{
    (void)state;
    pc_scenario_run *run = user;
    if (run->heard_count == run->heard_capacity) {
        int cap = run->heard_capacity ? run->heard_capacity * 2 : 64;
        pc_heard *h = realloc(run->heard, (size_t)cap * sizeof *h);
        if (!h) {
            run->status = PC_INVALID;
            snprintf(run->message, sizeof run->message, "out of memory");
            return;
        }
        run->heard = h;
        run->heard_capacity = cap;
    }
    run->heard[run->heard_count++] = (pc_heard){ type, entry->track, entry->id, entry->animation, event };
}

/* A fresh AnimationStateData and AnimationState (newState), keeping the entries' numbering going. */
static bool new_state(pc_scenario_run *run, double default_mix)
{
    long next_id = run->state ? run->state->next_id : 0;
    pc_animation_state_free(run->state);
    pc_animation_state_data_free(run->state_data);
    run->state = NULL;
    run->state_data = pc_animation_state_data_new(run->data);
    if (!run->state_data) return false;
    run->state_data->default_mix = default_mix;
    run->state = pc_animation_state_new(run->state_data);
    if (!run->state) return false;
    run->state->next_id = next_id;
    pc_animation_state_set_listener(run->state, heard, run);
    run->latest = NULL;
    return true;
}

bool pc_scenario_run_init(pc_scenario_run *run, pc_skeleton *sk)
{
    memset(run, 0, sizeof *run);
    run->sk = sk;
    run->data = sk->data;
    run->wind_x = 1, run->gravity_y = 1;
    const pc_skeleton_data *d = sk->data;
    size_t constraints = (size_t)(d->constraint_count ? d->constraint_count : 1);
    size_t animations = (size_t)(d->animation_count ? d->animation_count : 1);
    run->physics_last_time = calloc(constraints, sizeof *run->physics_last_time);
    run->last_times = malloc(animations * sizeof *run->last_times);
    run->skins = malloc((size_t)(d->skin_count ? d->skin_count : 1) * sizeof *run->skins);
    run->events.capacity = 16;
    run->events.items = malloc((size_t)run->events.capacity * sizeof *run->events.items);
    if (!run->physics_last_time || !run->last_times || !run->skins || !run->events.items) return false;
    for (int a = 0; a < d->animation_count; a++) run->last_times[a] = NAN;
    for (int c = 0; c < d->constraint_count; c++) run->has_physics |= d->constraints[c].kind == PC_PHYSICS;
    return new_state(run, 0);
}

void pc_scenario_run_free(pc_scenario_run *run)
{
    pc_animation_state_free(run->state);
    pc_animation_state_data_free(run->state_data);
    free(run->physics_last_time);
    free(run->last_times);
    free(run->skins);
    free(run->events.items);
    free(run->heard);
}

static pc_status stop(pc_scenario_run *run, pc_status status, const char *fmt, ...)
{
    if (run->status != PC_OK) return run->status;
    run->status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(run->message, sizeof run->message, fmt, ap);
    va_end(ap);
    return status;
}

/* ---- Names ---------------------------------------------------------------------------------------- */

static int find_animation(const pc_skeleton_data *d, const char *name)
{
    for (int a = 0; a < d->animation_count; a++)
        if (strcmp(d->animations[a].name, name) == 0) return a;
    return -1;
}

static int find_physics(const pc_skeleton_data *d, const char *name)
{
    for (int c = 0; c < d->constraint_count; c++)
        if (d->constraints[c].kind == PC_PHYSICS && strcmp(d->constraints[c].name, name) == 0) return c;
    return -1;
}

/* The step's string member k names an animation: its index into num[k]. */
static bool animation_member(pc_scenario_run *run, pc_step *s, int k, const char *file, const char *member)
{
    int a = find_animation(run->data, s->str[k]);
    if (a < 0) {
        stop(run, PC_INVALID, "%.100s %.100s.%s: Animation not found: %.100s", file, s->path, member, s->str[k]);
        return false;
    }
    s->num[k] = a;
    return true;
}

static bool skin_name(pc_scenario_run *run, const char *name, const char *file, const char *path)
{
    if (pc_find_skin(run->data, name) >= 0) return true;
    stop(run, PC_INVALID, "%.100s %.100s: Skin not found: %.100s", file, path, name);
    return false;
}

pc_status pc_scenario_resolve(pc_scenario_run *run, pc_step *steps, int count, const char *file)
{
    for (int i = 0; i < count && run->status == PC_OK; i++) {
        pc_step *s = &steps[i];
        switch (s->kind) {
        case PC_STEP_SET_ANIMATION: case PC_STEP_ADD_ANIMATION:
            animation_member(run, s, M_ANIMATION, file, "animation");
            break;
        case PC_STEP_SET_MIX:
            if (animation_member(run, s, M_MIX_FROM, file, "from")) animation_member(run, s, M_MIX_TO, file, "to");
            break;
        case PC_STEP_SET_SKIN:
            if (s->str[M_SKIN]) {
                char path[300];
                snprintf(path, sizeof path, "%.200s.skin", s->path);
                skin_name(run, s->str[M_SKIN], file, path);
            }
            break;
        case PC_STEP_SET_SKINS:
            for (int k = 0; k < s->string_count && run->status == PC_OK; k++) {
                char path[300];
                snprintf(path, sizeof path, "%.200s.skins[%d]", s->path, k);
                skin_name(run, s->strings[k], file, path);
            }
            break;
        case PC_STEP_REPEAT:
            pc_scenario_resolve(run, s->steps, s->step_count, file);
            break;
        case PC_STEP_APPLY:
            animation_member(run, s, M_APPLY_ANIMATION, file, "animation");
            break;
        case PC_STEP_RESET:
            if (s->present[M_RESET_CONSTRAINT]) {
                int c = find_physics(run->data, s->str[M_RESET_CONSTRAINT]);
                if (c < 0)
                    stop(run, PC_INVALID, "%.100s %.100s.constraint: Physics constraint not found: %.100s", file,
                         s->path, s->str[M_RESET_CONSTRAINT]);
                s->num[M_RESET_CONSTRAINT] = c;
            }
            break;
        default:
            break;
        }
    }
    return run->status;
}

/* ---- Running ---------------------------------------------------------------------------------------- */

/* Room for what one apply of animation a fires, after what the applies since the last pose fired. */
static bool events_room(pc_scenario_run *run, const pc_animation_data *a)
{
    int want = run->events.count + 2 * pc_animation_event_capacity(a) + 1;
    if (want <= run->events.capacity) return true;
    int cap = run->events.capacity;
    while (cap < want) cap *= 2;
    const pc_event_key **items = realloc(run->events.items, (size_t)cap * sizeof *items);
    if (!items) return false;
    run->events.items = items;
    run->events.capacity = cap;
    return true;
}

static bool set_up(const pc_scenario_run *run)
{
    return run->bones_set && run->slots_set;
}

/* A step that needs the instance to equal the runtime's: unsupported before the first setup pose. */
static bool needs_setup(pc_scenario_run *run, const pc_step *s)
{
    if (set_up(run)) return true;
    stop(run, PC_UNSUPPORTED, "%.100s: the \"%s\" step comes before the first setupPose (the core's instance is the "
         "runtime's from its first setup pose)", s->path, pc_step_name(s->kind));
    return false;
}

static bool moving_physics(pc_scenario_run *run, const pc_step *s, const char *what)
{
    if (!run->has_physics) return false;
    stop(run, PC_UNSUPPORTED, "%.100s: %s on a document with physics constraints (physics stepping, issue 17)",
         s->path, what);
    return true;
}

/* The entry a setEntry-like step names: the track's current one, else the latest one made. */
static pc_track_entry *named_entry(pc_scenario_run *run, const pc_step *s)
{
    if (s->present[M_TRACK]) {
        pc_track_entry *e = pc_animation_state_get_current(run->state, (int)s->num[M_TRACK]);
        if (!e) stop(run, PC_INVALID, "%.100s: TypeError: Cannot set properties of null (track %d has no entry)", s->path,
                     (int)s->num[M_TRACK]);
        return e;
    }
    if (!run->latest) stop(run, PC_INVALID, "%.100s: no track entry yet (setEntry before any setAnimation or addAnimation)",
                           s->path);
    return run->latest;
}

static void set_entry(pc_scenario_run *run, const pc_step *s)
{
    pc_track_entry *e = named_entry(run, s);
    if (!e) return;
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
}

/* What the state's call gave: an entry (the latest made), or where the runtime throws. */
static void made(pc_scenario_run *run, const pc_step *s, pc_track_entry *e)
{
    if (e) run->latest = e;
    else stop(run, PC_INVALID, "%.100s: %s", s->path, pc_animation_state_error(run->state));
}

/* The pose line's animation and time after applyState: the current entry of the lowest track that has
 * one, its animation's name and its animation time; else null and the skeleton's time. */
static void state_applied(pc_scenario_run *run, const char **animation, double *time)
{
    for (int i = 0; i < run->state->track_count; i++) {
        const pc_track_entry *e = run->state->tracks[i];
        if (!e) continue;
        *animation = pc_entry_animation_name(run->state_data, e);
        *time = pc_entry_animation_time(e);
        return;
    }
    *animation = NULL;
    *time = run->time;
}

typedef struct pose_state {
    bool applied;
    const char *animation;
    double time;
} pose_state;

static void run_list(pc_scenario_run *run, const pc_step *steps, int count, pc_pose_writer pose, void *user,
                     pose_state *ps)
{
    pc_skeleton *sk = run->sk;
    for (int i = 0; i < count && run->status == PC_OK; i++) {
        const pc_step *s = &steps[i];
        const double *v = s->num;
        switch (s->kind) {
        case PC_STEP_UPDATE: run->time += v[M_UPDATE_DELTA]; break;
        case PC_STEP_SET_TIME:
            run->time = v[M_SET_TIME_TIME];
            for (int a = 0; a < run->data->animation_count; a++) run->last_times[a] = NAN;
            break;
        case PC_STEP_SET_POSITION: sk->x = v[M_X], sk->y = v[M_Y]; break;
        case PC_STEP_SET_SCALE: sk->scale_x = v[M_SCALE_X], sk->scale_y = v[M_SCALE_Y]; break;
        case PC_STEP_MOVE: sk->x += v[M_X], sk->y += v[M_Y]; break;
        case PC_STEP_SET_WIND: run->wind_x = v[M_X], run->wind_y = v[M_Y]; break;
        case PC_STEP_SET_GRAVITY: run->gravity_x = v[M_X], run->gravity_y = v[M_Y]; break;
        case PC_STEP_PHYSICS_TRANSLATE: moving_physics(run, s, "physicsTranslate"); break;
        case PC_STEP_PHYSICS_ROTATE: moving_physics(run, s, "physicsRotate"); break;
        case PC_STEP_RESET:
            /* Under Physics.none a reset only sets lastTime (every other field of the state stays 0, and
             * `_reset` true). */
            if (s->present[M_RESET_CONSTRAINT]) {
                run->physics_last_time[(int)v[M_RESET_CONSTRAINT]] = run->time;
            } else {
                for (int c = 0; c < run->data->constraint_count; c++)
                    if (run->data->constraints[c].kind == PC_PHYSICS) run->physics_last_time[c] = run->time;
            }
            break;
        case PC_STEP_SETUP_POSE:
            pc_skeleton_setup_pose(sk);
            run->bones_set = run->slots_set = true;
            ps->applied = false;
            break;
        case PC_STEP_SETUP_POSE_BONES: pc_skeleton_setup_pose_bones(sk); run->bones_set = true; break;
        case PC_STEP_SETUP_POSE_SLOTS: pc_skeleton_setup_pose_slots(sk); run->slots_set = true; break;
        case PC_STEP_APPLY: {
            if (!needs_setup(run, s)) break;
            int a = (int)v[M_APPLY_ANIMATION];
            const pc_animation_data *anim = &run->data->animations[a];
            char why[200];
            if (pc_animation_unsupported(run->data, anim, why, sizeof why)) {
                stop(run, PC_UNSUPPORTED, "%.100s: %.200s", s->path, why);
                break;
            }
            double time = s->present[M_APPLY_TIME] ? v[M_APPLY_TIME] : run->time;
            double last = s->present[M_APPLY_LAST_TIME] ? v[M_APPLY_LAST_TIME]
                          : isnan(run->last_times[a]) ? -1 : run->last_times[a];
            if (!events_room(run, anim)) {
                stop(run, PC_INVALID, "out of memory");
                break;
            }
            pc_mix m = { v[M_APPLY_ALPHA], (pc_mix_from)(int)v[M_APPLY_FROM], v[M_APPLY_ADD] != 0,
                         v[M_APPLY_OUT] != 0, v[M_APPLY_APPLIED] != 0 };
            const char *thrown = pc_animation_apply_mix(sk, anim, last, time, v[M_APPLY_LOOP] != 0, &run->events, &m);
            if (thrown) {
                stop(run, PC_INVALID, "%.100s: animation \"%.100s\" at %.17g: %s", s->path, anim->name, time, thrown);
                break;
            }
            run->last_times[a] = time;
            ps->applied = true;
            ps->animation = anim->name;
            ps->time = time;
            break;
        }
        case PC_STEP_UPDATE_WORLD:
            if (!needs_setup(run, s)) break;
            if ((int)v[M_UPDATE_WORLD_PHYSICS] != PC_PHYSICS_NONE && moving_physics(run, s, "a physics mode other than none"))
                break;
            pc_skeleton_update_world_transform(sk);
            if (sk->thrown) stop(run, PC_INVALID, "%.100s: updateWorldTransform: %s", s->path, sk->thrown);
            break;
        case PC_STEP_POSE:
            if (!needs_setup(run, s)) break;
            if (!pose(user, run, ps->applied ? ps->animation : NULL, ps->applied ? ps->time : run->time)) {
                stop(run, PC_INVALID, "cannot write the pose");
                break;
            }
            run->events.count = 0;
            run->heard_count = 0;
            break;
        case PC_STEP_REPEAT:
            for (long k = 0; k < (long)v[M_REPEAT_TIMES] && run->status == PC_OK; k++)
                run_list(run, s->steps, s->step_count, pose, user, ps);
            break;
        case PC_STEP_NEW_STATE:
            if (!new_state(run, v[M_NEW_STATE_DEFAULT_MIX])) stop(run, PC_INVALID, "out of memory");
            break;
        case PC_STEP_SET_DEFAULT_MIX: run->state_data->default_mix = v[M_DURATION]; break;
        case PC_STEP_SET_MIX:
            if (pc_animation_state_data_set_mix(run->state_data, s->str[M_MIX_FROM], s->str[M_MIX_TO], v[M_MIX_DURATION]) != 0)
                stop(run, PC_INVALID, "out of memory");
            break;
        case PC_STEP_SET_TIME_SCALE: run->state->time_scale = v[M_TIME_SCALE]; break;
        case PC_STEP_SET_ANIMATION:
            made(run, s, pc_animation_state_set_animation(run->state, (int)v[M_TRACK], (int)v[M_ANIMATION], v[M_LOOP] != 0));
            break;
        case PC_STEP_ADD_ANIMATION:
            made(run, s, pc_animation_state_add_animation(run->state, (int)v[M_TRACK], (int)v[M_ANIMATION], v[M_LOOP] != 0,
                                                          v[M_DELAY]));
            break;
        case PC_STEP_SET_EMPTY_ANIMATION:
            made(run, s, pc_animation_state_set_empty_animation(run->state, (int)v[M_TRACK], v[M_EMPTY_MIX]));
            break;
        case PC_STEP_ADD_EMPTY_ANIMATION:
            made(run, s, pc_animation_state_add_empty_animation(run->state, (int)v[M_TRACK], v[M_EMPTY_MIX],
                                                                v[M_EMPTY_DELAY]));
            break;
        case PC_STEP_SET_EMPTY_ANIMATIONS: pc_animation_state_set_empty_animations(run->state, v[M_EMPTIES_MIX]); break;
        case PC_STEP_CLEAR_TRACK:
            if (pc_animation_state_clear_track(run->state, (int)v[M_TRACK]) != 0)
                stop(run, PC_INVALID, "%.100s: %s", s->path, pc_animation_state_error(run->state));
            break;
        case PC_STEP_CLEAR_TRACKS: pc_animation_state_clear_tracks(run->state); break;
        case PC_STEP_SET_ENTRY: set_entry(run, s); break;
        case PC_STEP_SET_MIX_DURATION: {
            pc_track_entry *e = named_entry(run, s);
            if (e)
                pc_track_entry_set_mix_duration(e, v[M_MIX_DURATION_VALUE], s->present[M_MIX_DURATION_DELAY],
                                                v[M_MIX_DURATION_DELAY]);
            break;
        }
        case PC_STEP_RESET_ROTATION_DIRECTIONS: {
            pc_track_entry *e = named_entry(run, s);
            if (e) pc_track_entry_reset_rotation_directions(e);
            break;
        }
        case PC_STEP_UPDATE_STATE: pc_animation_state_update(run->state, v[M_UPDATE_DELTA]); break;
        case PC_STEP_APPLY_STATE: {
            if (!needs_setup(run, s)) break;
            for (int t = 0; t < run->state->track_count; t++)
                for (const pc_track_entry *e = run->state->tracks[t]; e; e = e->mixing_from) {
                    char why[200];
                    if (e->anim && pc_animation_unsupported(run->data, e->anim, why, sizeof why))
                        stop(run, PC_UNSUPPORTED, "%.100s: %.200s", s->path, why);
                }
            if (run->status != PC_OK) break;
            const char *thrown = pc_animation_state_apply(run->state, sk);
            if (thrown) {
                stop(run, PC_INVALID, "%.100s: AnimationState.apply: %s", s->path, thrown);
                break;
            }
            ps->applied = true;
            state_applied(run, &ps->animation, &ps->time);
            break;
        }
        case PC_STEP_SET_SKIN: case PC_STEP_SET_SKINS: {
            if (!needs_setup(run, s)) break;
            bool list = s->kind == PC_STEP_SET_SKINS;
            int n = 0;
            if (list)
                for (int k = 0; k < s->string_count; k++) run->skins[n++] = pc_find_skin(run->data, s->strings[k]);
            else if (s->str[M_SKIN])
                run->skins[n++] = pc_find_skin(run->data, s->str[M_SKIN]);
            if (!pc_skeleton_change_skin(sk, run->skins, n, list)) stop(run, PC_INVALID, "out of memory");
            else if (sk->fault[0]) stop(run, PC_INVALID, "%.100s: setSkin: %.200s", s->path, sk->fault);
            break;
        }
        default:
            stop(run, PC_UNSUPPORTED, "%.100s: the \"%s\" step", s->path, pc_step_name(s->kind));
            break;
        }
    }
}

pc_status pc_scenario_run_steps(pc_scenario_run *run, const pc_step *steps, int count, pc_pose_writer pose, void *user)
{
    pose_state ps = { false, NULL, 0 };
    run_list(run, steps, count, pose, user, &ps);
    return run->status;
}

/* ---- The --transitions shorthand -------------------------------------------------------------------- */

typedef struct builder {
    pc_step *steps;
    int count, capacity;
    bool failed;
} builder;

static pc_step *add(builder *b, pc_step_kind kind)
{
    if (b->failed) return NULL;
    if (b->count == b->capacity) {
        int cap = b->capacity ? b->capacity * 2 : 256;
        pc_step *s = realloc(b->steps, (size_t)cap * sizeof *s);
        if (!s) {
            b->failed = true;
            return NULL;
        }
        b->steps = s;
        b->capacity = cap;
    }
    pc_step *s = &b->steps[b->count++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->path = malloc(sizeof "(options)");
    if (!s->path) {
        b->failed = true;
        return s;
    }
    memcpy(s->path, "(options)", sizeof "(options)");
    return s;
}

static void add2(builder *b, pc_step_kind kind, double x, double y)
{
    pc_step *s = add(b, kind);
    if (!s) return;
    s->num[0] = x, s->num[1] = y;
    s->present[0] = s->present[1] = true;
}

static void add1(builder *b, pc_step_kind kind, double x)
{
    pc_step *s = add(b, kind);
    if (!s) return;
    s->num[0] = x;
    s->present[0] = true;
}

static void place(builder *b, const double *p)
{
    static const double home[4] = { 0, 0, 1, 1 };
    if (!p) p = home;
    add2(b, PC_STEP_SET_POSITION, p[0], p[1]);
    add2(b, PC_STEP_SET_SCALE, p[2], p[3]);
}

pc_scenario *pc_scenario_transitions(const pc_skeleton_data *d, const int *animations, int count, int frames,
                                     const double *dt, int dt_count, double mix, int physics,
                                     const double *where, const double *move)
{
    builder b = { 0 };
    if (where) place(&b, where);
    add(&b, PC_STEP_SETUP_POSE);
    add1(&b, PC_STEP_UPDATE_WORLD, physics);
    add(&b, PC_STEP_POSE);
    for (int i = 0; i < count; i++)
        for (int j = 0; j < count; j++) {
            if (i == j) continue;
            add1(&b, PC_STEP_NEW_STATE, mix);
            place(&b, where);
            add(&b, PC_STEP_SETUP_POSE);
            add1(&b, PC_STEP_SET_TIME, 0);
            add(&b, PC_STEP_RESET); /* every physics constraint */
            long k = 0;
            int pair[2] = { animations[i], animations[j] };
            for (int p = 0; p < 2; p++) {
                pc_step *s = add(&b, PC_STEP_SET_ANIMATION);
                if (s) {
                    s->num[M_TRACK] = 0, s->num[M_ANIMATION] = pair[p], s->num[M_LOOP] = 1;
                    s->present[M_TRACK] = s->present[M_ANIMATION] = s->present[M_LOOP] = true;
                }
                for (int f = 0; f < frames; f++, k++) {
                    double delta = dt[k % dt_count];
                    add1(&b, PC_STEP_UPDATE_STATE, delta);
                    add(&b, PC_STEP_APPLY_STATE);
                    add1(&b, PC_STEP_UPDATE, delta);
                    if (move) add2(&b, PC_STEP_MOVE, move[0], move[1]);
                    add1(&b, PC_STEP_UPDATE_WORLD, physics);
                    add(&b, PC_STEP_POSE);
                }
            }
        }
    (void)d;
    pc_scenario *sc = calloc(1, sizeof *sc);
    if (b.failed || !sc) {
        free(sc);
        sc = calloc(1, sizeof *sc);
        if (sc) {
            sc->steps = b.steps;
            sc->step_count = b.count;
            pc_scenario_free(sc);
        }
        return NULL;
    }
    sc->steps = b.steps;
    sc->step_count = b.count;
    return sc;
}
