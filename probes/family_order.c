/* Family `order`: random update orders of path, IK, transform, physics and slider constraints around
 * shared bones (probes/README.md).
 *
 * Two kinds of probe, by index:
 *
 * - mixed (two of every three): a tree of 4 to 12 bones and two to six constraints of random kinds, in
 *   random document order (which is the update order the runtime builds from), their bones drawn from
 *   a few hub bones and their relatives so that they read and move the same bones: IK (one or two
 *   bones), transform (world or local, one to four properties), path (a slot showing a path weighted or
 *   not, open or closed, every mode), physics (its bone only; physics none), slider (by time or a bone,
 *   its animation keying the shared bones);
 * - around a weighted path with an offset (one of every three): a path constraint with a non-zero
 *   `rotation` whose path is weighted (so the runtime orders its bound bones, not its slot bone, and the
 *   offset's sign reads the slot bone's world as the order leaves it: set by an earlier constraint's
 *   ordering, or carried over from the previous pose), among one to five physics, slider, IK and
 *   transform constraints placed before and after it, some on the slot bone or above it.
 *
 * Animations key the shared bones and the constraints' timelines. Options: the samples (2 to 6 or the
 * key times). Amplified: amplifiers on every bone of the tree. */
#include "congen.h"

#include <stdio.h>
#include <string.h>

enum { K_IK, K_TRANSFORM, K_PATH, K_PHYSICS, K_SLIDER, K_COUNT };
static const char *const kind_names[K_COUNT] = { "ik", "transform", "path", "physics", "slider" };
static const char *const properties[6] = { "rotate", "x", "y", "scaleX", "scaleY", "shearY" };

#define MAX_CONSTRAINTS 7

typedef struct gcon {
    int kind;
    char name[16];
    int bones[3], bone_count; /* ik, transform, path: constrained; physics, slider: bones[0] (slider: -1 by time) */
    int other;                /* ik target, transform source, path slot index */
} gcon;

typedef struct order {
    cg g;
    int hubs[4], hub_count;
    gcon c[MAX_CONSTRAINTS];
    int count;
    int slot_bone[3];         /* the path slots' bones */
    bool weighted[3];
    int paths;
    bool path_offset;         /* the weighted-path variant */
} order;

/* A shared bone: a hub, or a relative (parent or child) of one, now and then any bone. */
static int shared_bone(order *o)
{
    prng *r = o->g.r;
    int n = o->g.n;
    int h = o->hubs[prng_int(r, 0, o->hub_count - 1)];
    int k = prng_int(r, 0, 99);
    if (k < 50) return h;
    if (k < 65 && o->g.bone[h].parent >= 0) return o->g.bone[h].parent;
    if (k < 85)
        for (int i = h + 1; i < n; i++)
            if (o->g.bone[i].parent == h) return i;
    return prng_int(r, 0, n - 1);
}

/* A child of b, or -1. */
static int child_of(const order *o, int b)
{
    for (int i = b + 1; i < o->g.n; i++)
        if (o->g.bone[i].parent == b) return i;
    return -1;
}

static void draw_constraint(order *o, int index, int kind)
{
    prng *r = o->g.r;
    gcon *c = &o->c[index];
    c->kind = kind;
    snprintf(c->name, sizeof c->name, "%c%d", kind_names[kind][0], index);
    switch (kind) {
    case K_IK: {
        int b = shared_bone(o);
        if (b == 0) b = prng_int(r, 1, o->g.n - 1);
        int child = child_of(o, b);
        c->bones[0] = b;
        c->bone_count = 1;
        if (child >= 0 && prng_chance(r, 0.5)) c->bones[c->bone_count++] = child;
        c->other = shared_bone(o);
        break;
    }
    case K_TRANSFORM:
        c->bone_count = prng_int(r, 1, 2);
        for (int k = 0; k < c->bone_count; k++) c->bones[k] = shared_bone(o);
        c->other = shared_bone(o);
        break;
    case K_PATH:
        c->bone_count = prng_int(r, 1, 3);
        for (int k = 0; k < c->bone_count; k++) c->bones[k] = shared_bone(o);
        c->other = o->paths < 3 ? o->paths++ : prng_int(r, 0, 2);
        break;
    case K_PHYSICS:
        c->bones[0] = shared_bone(o);
        c->bone_count = 1;
        break;
    default:
        c->bones[0] = prng_chance(r, 0.5) ? shared_bone(o) : -1;
        c->bone_count = 1;
        break;
    }
}

static void write_path_attachment(order *o, int s)
{
    prng *r = o->g.r;
    jw *w = o->g.w;
    bool closed = prng_chance(r, 0.3);
    int knots = prng_int(r, 2, 4);
    int vertex_count = knots * 3;
    jw_object(w, "path", false);
    jw_string(w, "type", "path");
    if (closed) jw_bool(w, "closed", true);
    if (prng_chance(r, 0.25)) jw_bool(w, "constantSpeed", false);
    jw_number(w, "vertexCount", vertex_count, JW_SHORTEST);
    jw_array(w, "vertices", false);
    for (int v = 0; v < vertex_count; v++) {
        int x_int = prng_int(r, -300, 300);
        double x = x_int + prng_int(r, 0, 99) / 100.0;
        int y_int = prng_int(r, -300, 300);
        double y = y_int + prng_int(r, 0, 99) / 100.0;
        if (!o->weighted[s]) {
            jw_number(w, NULL, x, JW_SHORTEST);
            jw_number(w, NULL, y, JW_SHORTEST);
            continue;
        }
        int bones = prng_int(r, 1, 2);
        jw_number(w, NULL, bones, JW_SHORTEST);
        for (int k = 0; k < bones; k++) {
            int b = shared_bone(o);
            jw_number(w, NULL, b, JW_SHORTEST);
            jw_number(w, NULL, x + k * 7, JW_SHORTEST);
            jw_number(w, NULL, y - k * 5, JW_SHORTEST);
            jw_number(w, NULL, bones == 1 ? 1 : k == 0 ? 0.25 : 0.75, JW_SHORTEST);
        }
    }
    jw_end(w);
    cg_path_lengths(&o->g, knots);
    jw_end(w);
}

static void write_constraint(order *o, const gcon *c)
{
    static const char *const position_modes[2] = { "fixed", "percent" };
    static const char *const spacing_modes[4] = { "length", "fixed", "percent", "proportional" };
    static const char *const rotate_modes[3] = { "tangent", "chain", "chainScale" };
    prng *r = o->g.r;
    jw *w = o->g.w;
    const gen_bone *bone = o->g.bone;
    jw_object(w, NULL, false);
    jw_string(w, "type", kind_names[c->kind]);
    jw_string(w, "name", c->name);
    if (c->kind == K_IK || c->kind == K_TRANSFORM || c->kind == K_PATH) {
        jw_array(w, "bones", false);
        for (int k = 0; k < c->bone_count; k++) jw_string(w, NULL, bone[c->bones[k]].name);
        jw_end(w);
    }
    switch (c->kind) {
    case K_IK:
        jw_string(w, "target", bone[c->other].name);
        if (prng_chance(r, 0.6)) {
            num m = cg_mix(r);
            jw_number(w, "mix", m.v, m.sp);
        }
        if (prng_chance(r, 0.3)) jw_bool(w, "bendPositive", false);
        if (prng_chance(r, 0.3)) jw_bool(w, "stretch", true);
        if (prng_chance(r, 0.3)) jw_number(w, "softness", prng_int(r, 0, 40), JW_SHORTEST);
        break;
    case K_TRANSFORM: {
        jw_string(w, "source", bone[c->other].name);
        if (prng_chance(r, 0.3)) jw_bool(w, "localSource", true);
        if (prng_chance(r, 0.3)) jw_bool(w, "localTarget", true);
        if (prng_chance(r, 0.2)) jw_bool(w, "additive", true);
        jw_object(w, "properties", false);
        int from = prng_int(r, 1, 3);
        bool used[6] = { false };
        for (int f = 0; f < from; f++) {
            int p = prng_int(r, 0, 5);
            if (used[p]) continue;
            used[p] = true;
            jw_object(w, properties[p], false);
            jw_object(w, "to", false);
            jw_object(w, properties[prng_int(r, 0, 5)], false);
            if (prng_chance(r, 0.4)) jw_number(w, "scale", prng_int(r, -20, 20) / 10.0, JW_SHORTEST);
            jw_end(w);
            jw_end(w);
            jw_end(w);
        }
        jw_end(w);
        if (prng_chance(r, 0.3)) jw_number(w, "rotation", prng_int(r, -180, 180), JW_SHORTEST);
        if (prng_chance(r, 0.3)) jw_number(w, "x", prng_int(r, -50, 50), JW_SHORTEST);
        for (int k = 0; k < 2; k++)
            if (prng_chance(r, 0.4)) {
                num m = cg_mix(r);
                jw_number(w, k == 0 ? "mixRotate" : "mixX", m.v, m.sp);
            }
        break;
    }
    case K_PATH: {
        char slot[16];
        snprintf(slot, sizeof slot, "path%d", c->other);
        jw_string(w, "slot", slot);
        int pm = prng_int(r, 0, 1), sm = prng_int(r, 0, 3), rm = prng_int(r, 0, 2);
        if (prng_chance(r, 0.7)) jw_string(w, "positionMode", position_modes[pm]);
        if (prng_chance(r, 0.7)) jw_string(w, "spacingMode", spacing_modes[sm]);
        if (prng_chance(r, 0.7)) jw_string(w, "rotateMode", rotate_modes[rm]);
        bool offset = o->path_offset || prng_chance(r, 0.4);
        if (offset) {
            int degrees = prng_int(r, 1, 179);
            int sign = prng_chance(r, 0.5) ? -1 : 1;
            double rot = degrees * sign + prng_int(r, 0, 9) / 10.0;
            jw_number(w, "rotation", rot, JW_SHORTEST);
        }
        if (prng_chance(r, 0.6)) jw_number(w, "position", prng_unit(r) * (pm ? 1 : 300), JW_SHORTEST);
        if (prng_chance(r, 0.6)) jw_number(w, "spacing", prng_unit(r) * (sm >= 2 ? 0.5 : 40), JW_SHORTEST);
        for (int k = 0; k < 3; k++)
            if (prng_chance(r, 0.4)) {
                static const char *const mixes[3] = { "mixRotate", "mixX", "mixY" };
                num m = cg_mix(r);
                jw_number(w, mixes[k], m.v, m.sp);
            }
        break;
    }
    case K_PHYSICS:
        jw_string(w, "bone", bone[c->bones[0]].name);
        if (prng_chance(r, 0.5)) jw_number(w, "x", 1, JW_SHORTEST);
        if (prng_chance(r, 0.5)) jw_number(w, "rotate", 1, JW_SHORTEST);
        if (prng_chance(r, 0.3)) {
            num m = cg_mix(r);
            jw_number(w, "mix", m.v, m.sp);
        }
        break;
    default: {
        char anim[16];
        snprintf(anim, sizeof anim, "key%s", c->name);
        jw_string(w, "animation", anim);
        if (prng_chance(r, 0.3)) jw_bool(w, "additive", true);
        if (prng_chance(r, 0.3)) jw_bool(w, "loop", true);
        if (prng_chance(r, 0.5)) {
            num m = cg_mix(r);
            jw_number(w, "mix", m.v, m.sp);
        }
        if (c->bones[0] >= 0) {
            jw_string(w, "bone", bone[c->bones[0]].name);
            jw_string(w, "property", properties[prng_int(r, 0, 5)]);
            jw_number(w, "scale", prng_unit(r) * 0.02, JW_SHORTEST);
            if (prng_chance(r, 0.4)) jw_bool(w, "local", true);
        } else {
            jw_number(w, "time", prng_unit(r), JW_SHORTEST);
        }
        break;
    }
    }
    jw_end(w);
}

/* The animation a slider applies: bone timelines on one to three shared bones. */
static void write_slider_animation(order *o, const gcon *c)
{
    jw *w = o->g.w;
    char name[24];
    snprintf(name, sizeof name, "key%s", c->name);
    jw_object(w, name, true);
    jw_object(w, "bones", true);
    bool done[CG_MAX_BONES] = { false };
    int keyed = prng_int(o->g.r, 1, 3);
    for (int k = 0; k < keyed; k++) {
        int b = shared_bone(o);
        if (done[b]) continue;
        done[b] = true;
        cg_bone_timelines(&o->g, b);
    }
    jw_end(w);
    jw_end(w);
}

/* A sampled animation: shared bones and the constraints' timelines. */
static void write_animation(order *o, int a)
{
    prng *r = o->g.r;
    jw *w = o->g.w;
    char name[16];
    snprintf(name, sizeof name, "anim%d", a);
    jw_object(w, name, true);
    jw_object(w, "bones", true);
    bool done[CG_MAX_BONES] = { false };
    int keyed = prng_int(r, 1, 3);
    for (int k = 0; k < keyed; k++) {
        int b = prng_chance(r, 0.3) && o->paths ? o->slot_bone[0] : shared_bone(o);
        if (done[b]) continue;
        done[b] = true;
        cg_bone_timelines(&o->g, b);
    }
    jw_end(w);
    for (int kind = 0; kind < K_COUNT; kind++) {
        bool open = false;
        for (int i = 0; i < o->count; i++) {
            const gcon *c = &o->c[i];
            if (c->kind != kind || !prng_chance(r, 0.3)) continue;
            if (!open) jw_object(w, kind_names[kind], true);
            open = true;
            switch (kind) {
            case K_IK: cg_ik_timeline(&o->g, c->name); break;
            case K_TRANSFORM: cg_mix_timeline(&o->g, c->name, 6); break;
            case K_PATH:
                jw_object(w, c->name, false);
                if (prng_chance(r, 0.5)) cg_mix_timeline(&o->g, "mix", 3);
                else cg_timeline1(&o->g, "spacing", NULL);
                jw_end(w);
                break;
            case K_PHYSICS:
                jw_object(w, c->name, false);
                cg_timeline1(&o->g, "mix", NULL);
                jw_end(w);
                break;
            default:
                jw_object(w, c->name, false);
                cg_timeline1(&o->g, prng_chance(r, 0.5) ? "mix" : "time", NULL);
                jw_end(w);
                break;
            }
        }
        if (open) jw_end(w);
    }
    jw_end(w);
}

bool probe_order(const probe_params *p, probe *out)
{
    prng r = prng_stream(p->seed, prng_hash("order"), (uint64_t)p->index);
    static order o;
    memset(&o, 0, sizeof o);
    o.g.r = &r;
    o.g.w = &out->doc;
    o.path_offset = p->index % 3 == 2;
    int n = prng_int(&r, 4, 12);
    cg_tree(&o.g, n, false);
    for (int i = 0; i < n; i++) o.g.chosen[i] = true;
    o.hub_count = prng_int(&r, 1, 3);
    for (int h = 0; h < o.hub_count; h++) o.hubs[h] = prng_int(&r, 0, n - 1);

    if (o.path_offset) {
        /* The weighted path with an offset, and one to five others around it. */
        int others = prng_int(&r, 1, 5);
        int at = prng_int(&r, 0, others);
        o.count = others + 1;
        for (int i = 0; i < o.count; i++) {
            int kind = K_PATH;
            if (i != at) {
                static const int around[4] = { K_PHYSICS, K_SLIDER, K_IK, K_TRANSFORM };
                kind = around[prng_int(&r, 0, 3)];
            }
            draw_constraint(&o, i, kind);
        }
    } else {
        o.count = prng_int(&r, 2, 6);
        for (int i = 0; i < o.count; i++) draw_constraint(&o, i, prng_int(&r, 0, K_COUNT - 1));
    }
    for (int s = 0; s < o.paths; s++) {
        o.weighted[s] = o.path_offset || prng_chance(&r, 0.5);
        /* The slot bone: a shared bone, or one a constraint moves (its world read as the order leaves it). */
        o.slot_bone[s] = prng_chance(&r, 0.5) ? shared_bone(&o) : prng_int(&r, 0, n - 1);
    }

    char shape[160];
    int len = snprintf(shape, sizeof shape, "%s, %d bones:", o.path_offset ? "around a weighted path with an offset" : "mixed", n);
    for (int i = 0; i < o.count && len < (int)sizeof shape - 16; i++)
        len += snprintf(shape + len, sizeof shape - (size_t)len, " %s", kind_names[o.c[i].kind]);
    cg_begin(&o.g, p, "order", shape);
    cg_write_bones(&o.g, p);
    jw *w = o.g.w;

    if (o.paths > 0) {
        jw_array(w, "slots", true);
        for (int s = 0; s < o.paths; s++) {
            char name[16];
            snprintf(name, sizeof name, "path%d", s);
            jw_object(w, NULL, false);
            jw_string(w, "name", name);
            jw_string(w, "bone", o.g.bone[o.slot_bone[s]].name);
            jw_string(w, "attachment", "path");
            jw_end(w);
        }
        jw_end(w);
    }
    jw_array(w, "constraints", true);
    for (int i = 0; i < o.count; i++) write_constraint(&o, &o.c[i]);
    jw_end(w);
    if (o.paths > 0) {
        jw_array(w, "skins", true);
        jw_object(w, NULL, true);
        jw_string(w, "name", "default");
        jw_object(w, "attachments", true);
        for (int s = 0; s < o.paths; s++) {
            char name[16];
            snprintf(name, sizeof name, "path%d", s);
            jw_object(w, name, false);
            write_path_attachment(&o, s);
            jw_end(w);
        }
        jw_end(w);
        jw_end(w);
        jw_end(w);
    }
    jw_object(w, "animations", true);
    for (int i = 0; i < o.count; i++)
        if (o.c[i].kind == K_SLIDER) write_slider_animation(&o, &o.c[i]);
    int anims = prng_int(&r, 1, 2);
    for (int a = 0; a < anims; a++) write_animation(&o, a);
    jw_end(w);
    jw_end(w);
    if (prng_chance(&r, 0.3)) snprintf(out->args, sizeof out->args, "--skin none --physics none --samples keys");
    else snprintf(out->args, sizeof out->args, "--skin none --physics none --samples %d", prng_int(&r, 2, 6));
    return !w->failed;
}
