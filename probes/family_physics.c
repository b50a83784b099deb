/* Family `physics`: physics constraints stepped frame after frame (probes/README.md; issue 17).
 *
 * Varies: a random tree of 3 to 12 bones (chains mostly; lengths, scales, inherit modes as congen draws
 * them); one to four physics constraints on a run of consecutive bones down a chain (a hair or a tail),
 * now and then two on one bone; every component (x, y, rotate, scaleX, shearX: absent, 0, 1, fractions,
 * above 1, negative), the scaleY modes, the limit (absent, 0, small enough to clamp, large), fps (absent
 * = 60, divisors of 60, and mostly not: 24, 25, 144, 59.94, 7, ...), inertia, strength, damping and mass
 * near their edges (0, 1, 0.999, 1e-3, above 1; a mass of 0 now and then, whose inverse is Infinity),
 * wind, gravity, mix, and the seven global flags; the document's referenceScale now and then. Zero to
 * four other constraints (IK, transform, path on a slot of its own, slider driven by its time) mixed
 * with the physics ones in random document order, so the update order interleaves them. One or two
 * animations key bones (so inertia has something to follow) and the physics timelines of each kind,
 * inertia, strength, damping, mass, wind, gravity, mix and reset, per constraint and global (the
 * constraint named "", which sets every constraint whose flag is set).
 *
 * Options: --physics update mostly (else reset, pose or none), --frames 30 to 600 (most below 90), --dt
 * a list of one to five frame times (60, 144, 30, 120, 24, 50 Hz, jittered, long frames that take
 * several steps), now and then --skeleton (moved, flipped, scaled) and --move (root motion every
 * frame), --anim for the document's own animations (a slider's is posed through the slider only).
 * Amplified: amplifiers on every bone a physics constraint moves. */
#include "congen.h"

#include <stdio.h>
#include <string.h>

enum { K_PHYSICS, K_IK, K_TRANSFORM, K_PATH, K_SLIDER, K_COUNT };
static const char *const kind_names[K_COUNT] = { "physics", "ik", "transform", "path", "slider" };

#define MAX_CONSTRAINTS 8

typedef struct pcon {
    int kind;
    char name[16];
    int bone;  /* physics, slider: the bone; ik, transform, path: the first constrained bone */
    int other; /* ik target, transform source, the path slot's bone */
} pcon;

typedef struct phys {
    cg g;
    pcon c[MAX_CONSTRAINTS];
    int count;
    int physics; /* how many of c are physics constraints */
    bool path;   /* a path constraint (and its slot) */
} phys;

/* A child of b, or -1. */
static int child_of(const phys *o, int b)
{
    for (int i = b + 1; i < o->g.n; i++)
        if (o->g.bone[i].parent == b) return i;
    return -1;
}

/* A component's strength: absent (0), 1, a fraction, above 1, 0, negative (which turns it off). */
static void component(prng *r, jw *w, const char *name, double chance)
{
    if (!prng_chance(r, chance)) return;
    int k = prng_int(r, 0, 99);
    double v = k < 45 ? 1 : k < 70 ? prng_int(r, 1, 99) / 100.0 : k < 80 ? prng_unit(r) : k < 88 ? 1 + prng_unit(r) * 2
             : k < 94 ? 0 : -prng_unit(r);
    jw_number(w, name, v, draw_spelling(r));
}

/* fps: mostly not a divisor of 60, so 60 * step is not an integer and the damping's pow is V8's; now
 * and then a few steps a second, where a stiff spring diverges (Infinity, then NaN). */
static double draw_fps(prng *r)
{
    static const double divisors[] = { 60, 30, 20, 15, 12, 10, 6, 120, 240 };
    static const double others[] = { 24, 25, 50, 48, 72, 75, 90, 100, 144, 165, 180, 360, 7, 11, 13, 17, 29, 31,
                                     59, 61, 64, 1000, 23.976, 29.97, 59.94, 119.88 };
    static const double slow[] = { 0.5, 1, 2, 2.5, 3, 4, 5 };
    int k = prng_int(r, 0, 99);
    if (k < 20) return divisors[prng_int(r, 0, (int)(sizeof divisors / sizeof divisors[0]) - 1)];
    if (k < 75) return others[prng_int(r, 0, (int)(sizeof others / sizeof others[0]) - 1)];
    if (k < 88) return prng_int(r, 7, 240);
    if (k < 97) return prng_int(r, 700, 24000) / 100.0;
    return slow[prng_int(r, 0, (int)(sizeof slow / sizeof slow[0]) - 1)];
}

static num draw_inertia(prng *r)
{
    num m = cg_mix(r);
    if (prng_chance(r, 0.1)) m.v = prng_int(r, 0, 1);
    return m;
}

/* A strength: the edges (0, 0.001, 1, ..., 5000; 20000 now and then, stiff enough to diverge at 60 fps)
 * or a decimal up to 300. */
static num draw_strength(prng *r)
{
    static const double edges[] = { 0, 0.001, 1, 10, 100, 250, 500, 1000, 5000 };
    num n = { 0, draw_spelling(r) };
    int k = prng_int(r, 0, 99);
    n.v = k < 2 ? 20000 : k < 50 ? edges[prng_int(r, 0, 8)] : prng_int(r, 0, 3000) / 10.0;
    return n;
}

static num draw_damping(prng *r)
{
    static const double edges[] = { 0, 1, 0.999, 0.001, 0.5, 0.85, 0.9, 0.95, 0.99, 1.001 };
    num n = { 0, draw_spelling(r) };
    int k = prng_int(r, 0, 99);
    n.v = k < 45 ? edges[prng_int(r, 0, 9)] : k < 75 ? prng_int(r, 0, 100) / 100.0 : prng_unit(r);
    return n;
}

/* A mass: 1, near 0 (a large inverse), large, now and then 0 (an infinite inverse: NaN follows) or
 * 0.001 (stiff: it diverges). */
static num draw_mass(prng *r)
{
    static const double edges[] = { 1, 0.01, 0.1, 0.5, 2, 5, 100 };
    num n = { 0, draw_spelling(r) };
    int k = prng_int(r, 0, 99);
    n.v = k < 1 ? 0 : k < 3 ? 0.001 : k < 55 ? edges[prng_int(r, 0, 6)] : prng_int(r, 1, 500) / 100.0;
    return n;
}

static num draw_force(prng *r)
{
    num n = { 0, draw_spelling(r) };
    int k = prng_int(r, 0, 99);
    n.v = k < 30 ? 0 : k < 60 ? prng_int(r, -20, 20) : (prng_unit(r) - 0.5) * 200;
    return n;
}

static void write_physics(phys *o, const pcon *c)
{
    prng *r = o->g.r;
    jw *w = o->g.w;
    jw_string(w, "bone", o->g.bone[c->bone].name);
    /* each component or not: now and then none at all (the update still runs, moving nothing) */
    component(r, w, "x", 0.5);
    component(r, w, "y", 0.5);
    component(r, w, "rotate", 0.5);
    component(r, w, "scaleX", 0.3);
    component(r, w, "shearX", 0.25);
    if (prng_chance(r, 0.3)) {
        static const char *const modes[5] = { "none", "uniform", "volume", "Uniform", "Volume" };
        jw_string(w, "scaleY", prng_chance(r, 0.02) ? "sideways" : modes[prng_int(r, 0, 4)]);
    }
    if (prng_chance(r, 0.5)) {
        static const double limits[] = { 0, 0.5, 5, 20, 50, 100, 500, 5000, 100000 };
        double v = prng_chance(r, 0.7) ? limits[prng_int(r, 0, 8)] : prng_int(r, 0, 2000) / 10.0;
        jw_number(w, "limit", v, draw_spelling(r));
    }
    if (prng_chance(r, 0.85)) jw_number(w, "fps", draw_fps(r), draw_spelling(r));
    if (prng_chance(r, 0.7)) { num v = draw_inertia(r); jw_number(w, "inertia", v.v, v.sp); }
    if (prng_chance(r, 0.7)) { num v = draw_strength(r); jw_number(w, "strength", v.v, v.sp); }
    if (prng_chance(r, 0.7)) { num v = draw_damping(r); jw_number(w, "damping", v.v, v.sp); }
    if (prng_chance(r, 0.5)) { num v = draw_mass(r); jw_number(w, "mass", v.v, v.sp); }
    if (prng_chance(r, 0.4)) { num v = draw_force(r); jw_number(w, "wind", v.v, v.sp); }
    if (prng_chance(r, 0.4)) { num v = draw_force(r); jw_number(w, "gravity", v.v, v.sp); }
    if (prng_chance(r, 0.4)) { num v = cg_mix(r); jw_number(w, "mix", v.v, v.sp); }
    static const char *const globals[7] = { "inertiaGlobal", "strengthGlobal", "dampingGlobal", "massGlobal",
                                            "windGlobal", "gravityGlobal", "mixGlobal" };
    for (int i = 0; i < 7; i++)
        if (prng_chance(r, 0.25)) jw_bool(w, globals[i], true);
}

static void write_constraint(phys *o, const pcon *c)
{
    prng *r = o->g.r;
    jw *w = o->g.w;
    const gen_bone *bone = o->g.bone;
    jw_object(w, NULL, false);
    jw_string(w, "type", kind_names[c->kind]);
    jw_string(w, "name", c->name);
    switch (c->kind) {
    case K_PHYSICS:
        write_physics(o, c);
        break;
    case K_IK: {
        jw_array(w, "bones", false);
        jw_string(w, NULL, bone[c->bone].name);
        int child = child_of(o, c->bone);
        if (child >= 0 && prng_chance(r, 0.5)) jw_string(w, NULL, bone[child].name);
        jw_end(w);
        jw_string(w, "target", bone[c->other].name);
        if (prng_chance(r, 0.5)) { num m = cg_mix(r); jw_number(w, "mix", m.v, m.sp); }
        if (prng_chance(r, 0.3)) jw_bool(w, "bendPositive", false);
        break;
    }
    case K_TRANSFORM: {
        static const char *const properties[6] = { "rotate", "x", "y", "scaleX", "scaleY", "shearY" };
        jw_array(w, "bones", false);
        jw_string(w, NULL, bone[c->bone].name);
        jw_end(w);
        jw_string(w, "source", bone[c->other].name);
        if (prng_chance(r, 0.3)) jw_bool(w, "localSource", true);
        if (prng_chance(r, 0.3)) jw_bool(w, "localTarget", true);
        jw_object(w, "properties", false);
        int p = prng_int(r, 0, 5);
        jw_object(w, properties[p], false);
        jw_object(w, "to", false);
        jw_object(w, properties[prng_int(r, 0, 5)], false);
        jw_end(w);
        jw_end(w);
        jw_end(w);
        jw_end(w);
        if (prng_chance(r, 0.5)) { num m = cg_mix(r); jw_number(w, "mixRotate", m.v, m.sp); }
        if (prng_chance(r, 0.5)) { num m = cg_mix(r); jw_number(w, "mixX", m.v, m.sp); }
        break;
    }
    case K_PATH: {
        static const char *const rotate_modes[3] = { "tangent", "chain", "chainScale" };
        jw_array(w, "bones", false);
        jw_string(w, NULL, bone[c->bone].name);
        jw_end(w);
        jw_string(w, "slot", "path");
        if (prng_chance(r, 0.5)) jw_string(w, "rotateMode", rotate_modes[prng_int(r, 0, 2)]);
        if (prng_chance(r, 0.5)) jw_number(w, "position", prng_unit(r) * 200, JW_SHORTEST);
        if (prng_chance(r, 0.5)) { num m = cg_mix(r); jw_number(w, "mixRotate", m.v, m.sp); }
        break;
    }
    default: {
        char anim[24];
        snprintf(anim, sizeof anim, "key%s", c->name);
        jw_string(w, "animation", anim);
        if (prng_chance(r, 0.3)) jw_bool(w, "loop", true);
        if (prng_chance(r, 0.5)) { num m = cg_mix(r); jw_number(w, "mix", m.v, m.sp); }
        jw_number(w, "time", prng_unit(r), JW_SHORTEST);
        break;
    }
    }
    jw_end(w);
}

/* A reset timeline: one to three key times. */
static void reset_timeline(cg *g)
{
    double t[CG_MAX_KEYS];
    int n = cg_times(g->r, t, 3);
    jw_array(g->w, "reset", false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        cg_time(g, t[i]);
        jw_end(g->w);
    }
    jw_end(g->w);
}

/* The physics timelines of one constraint (or, named "", the global ones): one to four kinds. */
static void physics_timelines(cg *g, const char *name)
{
    static const char *const kinds[8] = { "inertia", "strength", "damping", "mass", "wind", "gravity", "mix", "reset" };
    static num (*const draws[7])(prng *) = { draw_inertia, draw_strength, draw_damping, draw_mass, draw_force,
                                             draw_force, cg_mix };
    prng *r = g->r;
    bool used[8] = { false };
    int count = prng_int(r, 1, 4);
    jw_object(g->w, name, false);
    for (int i = 0; i < count; i++) {
        int k = prng_int(r, 0, 7);
        if (used[k]) continue;
        used[k] = true;
        if (k == 7) reset_timeline(g);
        else cg_timeline1(g, kinds[k], draws[k]);
    }
    jw_end(g->w);
}

static void write_animation(phys *o, int a)
{
    prng *r = o->g.r;
    jw *w = o->g.w;
    char name[16];
    snprintf(name, sizeof name, "anim%d", a);
    jw_object(w, name, true);
    /* bones that move, the physics bones' ancestors among them */
    cg_keyed_bones(&o->g, prng_int(r, 1, 4), o->g.n);
    if (prng_chance(r, 0.7)) {
        jw_object(w, "physics", true);
        for (int i = 0; i < o->count; i++)
            if (o->c[i].kind == K_PHYSICS && prng_chance(r, 0.5)) physics_timelines(&o->g, o->c[i].name);
        if (prng_chance(r, 0.35)) physics_timelines(&o->g, "");
        jw_end(w);
    }
    jw_end(w);
}

/* The slider's animation: bone timelines on one or two bones. */
static void write_slider_animation(phys *o, const pcon *c)
{
    char name[24];
    snprintf(name, sizeof name, "key%s", c->name);
    jw_object(o->g.w, name, true);
    cg_keyed_bones(&o->g, prng_int(o->g.r, 1, 2), o->g.n);
    jw_end(o->g.w);
}

/* The options: mode, frames, frame times, now and then the skeleton's place and root motion, and the
 * document's own animations by name (the sliders' animations are posed through the sliders only). */
static void write_options(phys *o, probe *out, int anims)
{
    static const double rates[] = { 60, 144, 30, 120, 24, 50, 75, 165 };
    prng *r = o->g.r;
    char dt[256], num_text[64];
    int len = 0;
    int n = prng_int(r, 1, 5);
    for (int i = 0; i < n; i++) {
        double d;
        int k = prng_int(r, 0, 99);
        if (k < 55) d = 1 / rates[prng_int(r, 0, 7)];
        else if (k < 80) d = 1 / 60.0 + (prng_unit(r) - 0.5) * 0.004; /* jittered */
        else if (k < 92) d = prng_int(r, 1, 50) / 1000.0;
        else d = prng_int(r, 5, 30) / 100.0; /* a long frame: several steps at once */
        jw_spell(d, JW_SHORTEST, num_text, sizeof num_text);
        len += snprintf(dt + len, sizeof dt - (size_t)len, "%s%s", i ? "," : "", num_text);
    }
    int k = prng_int(r, 0, 99);
    int frames = k < 60 ? prng_int(r, 30, 90) : k < 90 ? prng_int(r, 91, 240) : prng_int(r, 241, 600);
    k = prng_int(r, 0, 99);
    const char *mode = k < 80 ? "update" : k < 88 ? "pose" : k < 95 ? "reset" : "none";
    int at = snprintf(out->args, sizeof out->args, "--skin none --physics %s --frames %d --dt %s", mode, frames, dt);
    if (prng_chance(r, 0.5)) {
        static const double scales[] = { 1, -1, 2, 0.5, -0.75, 1.5 };
        double x = prng_int(r, -500, 500) + prng_int(r, 0, 9) / 10.0;
        double y = prng_int(r, -500, 500);
        double sx = scales[prng_int(r, 0, 5)];
        double sy = scales[prng_int(r, 0, 5)];
        char a[64], b[64], c[64], d[64];
        jw_spell(x, JW_SHORTEST, a, sizeof a);
        jw_spell(y, JW_SHORTEST, b, sizeof b);
        jw_spell(sx, JW_SHORTEST, c, sizeof c);
        jw_spell(sy, JW_SHORTEST, d, sizeof d);
        at += snprintf(out->args + at, sizeof out->args - (size_t)at, " --skeleton %s,%s,%s,%s", a, b, c, d);
    }
    if (prng_chance(r, 0.5)) {
        double dx = prng_int(r, -100, 100) / 10.0;
        double dy = prng_chance(r, 0.5) ? 0 : prng_int(r, -100, 100) / 10.0;
        char a[64], b[64];
        jw_spell(dx, JW_SHORTEST, a, sizeof a);
        jw_spell(dy, JW_SHORTEST, b, sizeof b);
        at += snprintf(out->args + at, sizeof out->args - (size_t)at, " --move %s,%s", a, b);
    }
    for (int a = 0; a < anims; a++) at += snprintf(out->args + at, sizeof out->args - (size_t)at, " --anim anim%d", a);
}

bool probe_physics(const probe_params *p, probe *out)
{
    prng r = prng_stream(p->seed, prng_hash("physics"), (uint64_t)p->index);
    static phys o;
    memset(&o, 0, sizeof o);
    cg_init(&o.g, &r, &out->doc);
    int n = prng_int(&r, 3, 12);
    cg_tree(&o.g, n, false);
    /* A zero scale makes the world NaN from pose 0 on (a bone that inherits no scale divides by it),
     * which would leave nothing for physics to measure: mostly made 1 here (other families keep them). */
    for (int i = 0; i < n; i++)
        for (int f = BF_SCALE_X; f <= BF_SCALE_Y; f++)
            if (o.g.bone[i].has[f] && o.g.bone[i].field[f].v == 0 && prng_chance(&r, 0.9)) bone_field(&r, &o.g.bone[i], f, 1);

    /* the physics constraints: down a chain from a start bone, now and then two on one bone */
    int physics = prng_int(&r, 1, 4);
    int b = prng_int(&r, 0, n - 1);
    for (int i = 0; i < physics; i++) {
        pcon *c = &o.c[o.count++];
        c->kind = K_PHYSICS;
        snprintf(c->name, sizeof c->name, "phys%d", i);
        c->bone = b;
        o.g.chosen[b] = true;
        int child = child_of(&o, b);
        if (child >= 0 && !prng_chance(&r, 0.1)) b = child;
        else if (prng_chance(&r, 0.5)) b = prng_int(&r, 0, n - 1);
    }
    o.physics = physics;
    int others = prng_int(&r, 0, 4);
    for (int i = 0; i < others; i++) {
        pcon *c = &o.c[o.count++];
        c->kind = prng_int(&r, K_IK, K_SLIDER);
        if (c->kind == K_PATH) {
            if (o.path) c->kind = K_TRANSFORM;
            o.path = o.path || c->kind == K_PATH;
        }
        snprintf(c->name, sizeof c->name, "%c%d", kind_names[c->kind][0], i);
        c->bone = prng_int(&r, c->kind == K_IK ? 1 : 0, n - 1);
        if (c->kind == K_IK && n < 2) c->bone = 0;
        c->other = prng_int(&r, 0, n - 1);
    }
    /* random document order */
    for (int i = o.count - 1; i > 0; i--) {
        int j = prng_int(&r, 0, i);
        pcon t = o.c[i];
        o.c[i] = o.c[j];
        o.c[j] = t;
    }

    char shape[160];
    int len = snprintf(shape, sizeof shape, "%d bones, %d physics, order:", n, physics);
    for (int i = 0; i < o.count && len < (int)sizeof shape - 16; i++)
        len += snprintf(shape + len, sizeof shape - (size_t)len, " %s", o.c[i].name);
    char note[256];
    snprintf(note, sizeof note, "probegen physics --seed %llu, probe %ld%s: %s", (unsigned long long)p->seed,
             p->index, p->amplify ? " (amplified)" : "", shape);
    /* the header as begin_document writes it, with the reference scale wind, gravity and rotation use */
    jw *w = o.g.w;
    jw_object(w, NULL, true);
    jw_object(w, "skeleton", false);
    jw_string(w, "hash", "probe");
    jw_string(w, "spine", "4.3.13");
    jw_string(w, "note", note);
    if (prng_chance(&r, 0.3)) {
        static const double scales[] = { 1, 50, 200, 1000, 0.5 };
        jw_number(w, "referenceScale", scales[prng_int(&r, 0, 4)], JW_SHORTEST);
    }
    jw_end(w);
    cg_write_bones(&o.g, p);

    if (o.path) {
        int sb = 0;
        for (int i = 0; i < o.count; i++)
            if (o.c[i].kind == K_PATH) sb = o.c[i].other;
        jw_array(w, "slots", true);
        jw_object(w, NULL, false);
        jw_string(w, "name", "path");
        jw_string(w, "bone", o.g.bone[sb].name);
        jw_string(w, "attachment", "path");
        jw_end(w);
        jw_end(w);
    }
    jw_array(w, "constraints", true);
    for (int i = 0; i < o.count; i++) write_constraint(&o, &o.c[i]);
    jw_end(w);
    if (o.path) {
        jw_array(w, "skins", true);
        jw_object(w, NULL, true);
        jw_string(w, "name", "default");
        jw_object(w, "attachments", true);
        jw_object(w, "path", false);
        jw_object(w, "path", false);
        jw_string(w, "type", "path");
        int knots = prng_int(&r, 2, 3);
        jw_number(w, "vertexCount", knots * 3, JW_SHORTEST);
        jw_array(w, "vertices", false);
        for (int v = 0; v < knots * 6; v++) {
            int whole = prng_int(&r, -200, 200);
            jw_number(w, NULL, whole + prng_int(&r, 0, 9) / 10.0, JW_SHORTEST);
        }
        jw_end(w);
        cg_path_lengths(&o.g, knots);
        jw_end(w);
        jw_end(w);
        jw_end(w);
        jw_end(w);
        jw_end(w);
    }
    jw_object(w, "animations", true);
    for (int i = 0; i < o.count; i++)
        if (o.c[i].kind == K_SLIDER) write_slider_animation(&o, &o.c[i]);
    int anims = prng_chance(&r, 0.6) ? 1 : 2;
    for (int a = 0; a < anims; a++) write_animation(&o, a);
    jw_end(w);
    jw_end(w);
    write_options(&o, out, anims);
    return !w->failed;
}
