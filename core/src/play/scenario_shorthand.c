/* The shorthand options as a scenario (scenario.h; oracle/FORMAT.md "The pose sequence"): the setup
 * pose, then per animation its samples (one samples step, run by scenario_run.c) or its frames. The
 * frames are one repeat of the dt list's full cycles and then the frames of the cycle left over, so a
 * long sequence takes a handful of steps; every step's path is "(options)". */
#include "scenario.h"

#include <stdlib.h>
#include <string.h>

typedef struct builder {
    pc_step *steps;
    int count, capacity;
    bool failed;
} builder;

static pc_step *add(builder *b, pc_step_kind kind)
{
    if (b->failed) return NULL;
    if (b->count == b->capacity) {
        int capacity = b->capacity ? 2 * b->capacity : 16;
        pc_step *grown = realloc(b->steps, (size_t)capacity * sizeof *grown);
        if (!grown) {
            b->failed = true;
            return NULL;
        }
        b->steps = grown;
        b->capacity = capacity;
    }
    pc_step *s = &b->steps[b->count++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->target = -1;
    s->loop = true;
    s->alpha = 1;
    s->from = PC_APPLY_FROM_SETUP;
    s->path = strdup("(options)");
    if (!s->path) b->failed = true;
    return s;
}

static void add2(builder *b, pc_step_kind kind, double x, double y)
{
    pc_step *s = add(b, kind);
    if (s) s->v[0] = x, s->v[1] = y;
}

static void add_named(builder *b, pc_step_kind kind, const char *name, int target)
{
    pc_step *s = add(b, kind);
    if (!s) return;
    s->name = strdup(name);
    s->target = target;
    if (!s->name) b->failed = true;
}

/* Frames first .. first + count - 1 of an animation: update, move, apply (looped, at skeleton.time),
 * updateWorldTransform, pose, each frame with its dt. */
static void add_frames(builder *b, const pc_shorthand *o, int a, int count)
{
    for (int k = 0; k < count; k++) {
        pc_step *s = add(b, PC_STEP_UPDATE);
        if (s) s->v[0] = o->dt[k % o->dt_count];
        if (o->move) add2(b, PC_STEP_MOVE, o->move[0], o->move[1]);
        add_named(b, PC_STEP_APPLY, o->anim_names[a], o->anims[a]);
        s = add(b, PC_STEP_UPDATE_WORLD);
        if (s) s->physics = o->physics;
        add(b, PC_STEP_POSE);
    }
}

static pc_scenario *finish(builder *b)
{
    pc_scenario *sc = b->failed ? NULL : calloc(1, sizeof *sc);
    if (!sc) {
        pc_steps_free(b->steps, b->count);
        return NULL;
    }
    sc->steps = b->steps;
    sc->step_count = b->count;
    return sc;
}

pc_scenario *pc_scenario_shorthand(const pc_shorthand *o)
{
    builder b = { NULL, 0, 0, false };
    if (o->skeleton) {
        add2(&b, PC_STEP_SET_POSITION, o->skeleton[0], o->skeleton[1]);
        add2(&b, PC_STEP_SET_SCALE, o->skeleton[2], o->skeleton[3]);
    }
    add(&b, PC_STEP_SETUP_POSE);
    pc_step *s = add(&b, PC_STEP_UPDATE_WORLD);
    if (s) s->physics = o->physics;
    add(&b, PC_STEP_POSE);
    for (int a = 0; a < o->anim_count; a++) {
        if (o->frames == 0) {
            add_named(&b, PC_STEP_SAMPLES, o->anim_names[a], o->anims[a]);
            if (!b.failed) {
                s = &b.steps[b.count - 1];
                s->samples = o->samples;
                s->keys = o->keys;
                s->physics = o->physics;
            }
            continue;
        }
        /* Every animation starts from the same place and time, its physics reset. */
        add2(&b, PC_STEP_SET_POSITION, o->skeleton ? o->skeleton[0] : 0, o->skeleton ? o->skeleton[1] : 0);
        add2(&b, PC_STEP_SET_SCALE, o->skeleton ? o->skeleton[2] : 1, o->skeleton ? o->skeleton[3] : 1);
        add(&b, PC_STEP_SETUP_POSE);
        s = add(&b, PC_STEP_SET_TIME);
        if (s) s->v[0] = 0;
        add(&b, PC_STEP_RESET);
        int cycles = o->frames / o->dt_count, rest = o->frames % o->dt_count;
        if (cycles > 0) {
            builder inner = { NULL, 0, 0, false };
            add_frames(&inner, o, a, o->dt_count);
            s = add(&b, PC_STEP_REPEAT);
            if (s && !inner.failed) {
                s->times = cycles;
                s->steps = inner.steps;
                s->step_count = inner.count;
            } else {
                pc_steps_free(inner.steps, inner.count);
                b.failed = true;
            }
        }
        add_frames(&b, o, a, rest);
    }
    return finish(&b);
}
