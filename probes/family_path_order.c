/* Family `path-order`: random update orders of path constraints among the other constraints
 * (probes/README.md).
 *
 * Each probe: a tree of 7 to 10 bones under a root, and two to five constraints in random document
 * order (the update order the runtime builds from): one to three path constraints and the rest IK (one
 * or two bones), transform (one or two bones, one or two properties, local or world), physics (under
 * Physics.none: it orders its bone and moves nothing) and sliders (by time, their animation keying
 * shared bones), all on bones drawn from the same tree so that they read and move the same bones. The
 * paths: each on a slot of its own on any bone (the root too), weighted in half of them (the runtime
 * then orders the bound bones, not the slot bone, whose world the offset's sign reads as the order
 * leaves it: set by an earlier constraint's ordering, moved by a constraint, or the previous pose's),
 * with an offset rotation in 60 %, every mode and setting. Amplifier bones on every constrained bone.
 * Now and then an animation keys bones and the path timelines; sampled 2 to 5 times. The reading
 * path.slot-bone is measured here. */
#include "family_path.h"

#include <stdio.h>
#include <string.h>

#define MAX_TREE 11
#define MAX_CONS 5

enum { K_PATH, K_IK, K_TRANSFORM, K_PHYSICS, K_SLIDER };
static const char *const properties[6] = { "rotate", "x", "y", "scaleX", "scaleY", "shearY" };

typedef struct con {
    int kind;
    char name[16];
    int bones[3], bone_count;
    int other;      /* ik target, transform source, path index */
} con;

static num mix(prng *r)
{
    int k = prng_int(r, 0, 99);
    double v = k < 45 ? 1 : k < 55 ? 0 : k < 90 ? path_draw_decimal(r, 0, 1) : path_draw_decimal(r, -0.5, 1.5);
    return draw_spelled(r, v);
}

static bool is_below(const gen_bone *bones, int b, int ancestor)
{
    for (int i = b; i >= 0; i = bones[i].parent)
        if (i == ancestor) return true;
    return false;
}

/* A bone of the tree other than the root, not in `not` (count n). */
static int pick(prng *r, int tree, const int *not, int n)
{
    for (int tries = 0; tries < 50; tries++) {
        int b = prng_int(r, 1, tree - 1);
        bool in = false;
        for (int i = 0; i < n; i++) in = in || not[i] == b;
        if (!in) return b;
    }
    return -1;
}

static void write_other(prng *r, jw *w, const con *c, const gen_bone *bones)
{
    jw_object(w, NULL, false);
    static const char *const kinds[5] = { "path", "ik", "transform", "physics", "slider" };
    jw_string(w, "type", kinds[c->kind]);
    jw_string(w, "name", c->name);
    if (c->kind == K_IK || c->kind == K_TRANSFORM) {
        jw_array(w, "bones", false);
        for (int i = 0; i < c->bone_count; i++) jw_string(w, NULL, bones[c->bones[i]].name);
        jw_end(w);
    }
    num m;
    switch (c->kind) {
    case K_IK:
        jw_string(w, "target", bones[c->other].name);
        m = mix(r);
        if (prng_chance(r, 0.6)) jw_number(w, "mix", m.v, m.sp);
        if (prng_chance(r, 0.3)) jw_bool(w, "bendPositive", false);
        if (prng_chance(r, 0.2)) jw_bool(w, "stretch", true);
        if (prng_chance(r, 0.2)) jw_bool(w, "compress", true);
        if (prng_chance(r, 0.2)) jw_number(w, "softness", path_draw_decimal(r, 0, 30), JW_SHORTEST);
        break;
    case K_TRANSFORM: {
        jw_string(w, "source", bones[c->other].name);
        if (prng_chance(r, 0.25)) jw_bool(w, "localSource", true);
        if (prng_chance(r, 0.25)) jw_bool(w, "localTarget", true);
        if (prng_chance(r, 0.2)) jw_bool(w, "additive", true);
        jw_object(w, "properties", false);
        int from = prng_int(r, 1, 2), first = prng_int(r, 0, 5);
        for (int f = 0; f < from; f++) {
            jw_object(w, properties[(first + f * 3) % 6], false);
            if (prng_chance(r, 0.3)) jw_number(w, "offset", path_draw_decimal(r, -20, 20), JW_SHORTEST);
            jw_object(w, "to", false);
            jw_object(w, properties[prng_int(r, 0, 5)], false);
            if (prng_chance(r, 0.4)) jw_number(w, "scale", path_draw_decimal(r, -1.5, 1.5), JW_SHORTEST);
            if (prng_chance(r, 0.2)) jw_number(w, "offset", path_draw_decimal(r, -20, 20), JW_SHORTEST);
            jw_end(w);
            jw_end(w);
            jw_end(w);
        }
        jw_end(w);
        static const char *const mixes[6] = { "mixRotate", "mixX", "mixY", "mixScaleX", "mixScaleY", "mixShearY" };
        for (int k = 0; k < 6; k++) {
            m = mix(r);
            if (prng_chance(r, 0.3)) jw_number(w, mixes[k], m.v, m.sp);
        }
        break;
    }
    case K_PHYSICS:
        jw_string(w, "bone", bones[c->bones[0]].name);
        if (prng_chance(r, 0.5)) jw_number(w, "x", 1, JW_SHORTEST);
        if (prng_chance(r, 0.5)) jw_number(w, "rotate", 1, JW_SHORTEST);
        break;
    default: {
        char anim[24];
        snprintf(anim, sizeof anim, "k%s", c->name);
        jw_string(w, "animation", anim);
        jw_number(w, "time", path_draw_decimal(r, 0, 1), JW_SHORTEST);
        m = mix(r);
        if (prng_chance(r, 0.5)) jw_number(w, "mix", m.v, m.sp);
        if (prng_chance(r, 0.2)) jw_bool(w, "additive", true);
        break;
    }
    }
    jw_end(w);
}

bool probe_path_order(const probe_params *p, probe *out)
{
    prng rs = prng_stream(p->seed, prng_hash("path-order"), (uint64_t)p->index);
    prng *r = &rs;
    gen_bone bones[MAX_TREE * 3];
    memset(bones, 0, sizeof bones);
    int tree = prng_int(r, 8, MAX_TREE);
    for (int i = 0; i < tree; i++) {
        gen_bone *b = &bones[i];
        snprintf(b->name, sizeof b->name, i == 0 ? "root" : "b%d", i);
        b->parent = i == 0 ? -1 : prng_chance(r, 0.5) ? i - 1 : prng_int(r, 0, i - 1);
        b->inherit = -1;
        b->skin = -1;
        if (i == 0 && prng_chance(r, 0.7)) continue;
        b->has[BF_X] = prng_chance(r, 0.7);
        b->field[BF_X] = draw_spelled(r, path_draw_decimal(r, -60, 60));
        b->has[BF_Y] = prng_chance(r, 0.5);
        b->field[BF_Y] = draw_spelled(r, path_draw_decimal(r, -60, 60));
        b->has[BF_ROTATION] = prng_chance(r, 0.8);
        b->field[BF_ROTATION] = draw_spelled(r, path_draw_decimal(r, -180, 180));
        b->has[BF_LENGTH] = prng_chance(r, 0.9);
        b->field[BF_LENGTH] = draw_spelled(r, path_draw_decimal(r, 15, 60));
        if (prng_chance(r, 0.12)) {
            b->has[prng_chance(r, 0.5) ? BF_SCALE_X : BF_SCALE_Y] = true;
            b->field[b->has[BF_SCALE_X] ? BF_SCALE_X : BF_SCALE_Y] = draw_spelled(r, -1);
        } else if (prng_chance(r, 0.15)) {
            b->has[BF_SCALE_X] = true;
            b->field[BF_SCALE_X] = draw_spelled(r, path_draw_decimal(r, 0.5, 1.5));
        }
    }

    /* The constraints, drawn then shuffled into the document's (update) order. */
    int count = prng_int(r, 2, MAX_CONS);
    int paths = prng_int(r, 1, count < 3 ? count : 3);
    con cons[MAX_CONS];
    memset(cons, 0, sizeof cons);
    path_con pcs[3];
    path_att atts[3];
    int slot_bone[3];
    memset(pcs, 0, sizeof pcs);
    bool chosen[MAX_TREE * 3] = { false };
    int sliders = 0;
    for (int i = 0; i < count; i++) {
        con *c = &cons[i];
        c->kind = i < paths ? K_PATH : prng_int(r, K_IK, K_SLIDER);
        snprintf(c->name, sizeof c->name, "c%d", i);
        switch (c->kind) {
        case K_PATH: {
            int k = i;
            c->other = k;
            c->bone_count = prng_int(r, 1, 3);
            for (int j = 0; j < c->bone_count; j++) c->bones[j] = pick(r, tree, c->bones, j);
            path_con *pc = &pcs[k];
            snprintf(pc->name, sizeof pc->name, "%s", c->name);
            snprintf(pc->slot, sizeof pc->slot, "path%d", k);
            pc->bone_count = c->bone_count;
            for (int j = 0; j < c->bone_count; j++) pc->bones[j] = c->bones[j];
            path_draw_constraint(r, pc, bones);
            if (prng_chance(r, 0.6)) {
                pc->has_rotation = true;
                pc->rotation = draw_spelled(r, path_draw_decimal(r, -179, 179));
                if (pc->rotation.v == 0) pc->rotation.v = 33.3;
            }
            slot_bone[k] = prng_int(r, 0, tree - 1);
            path_draw_shape(r, &atts[k], 3, 60, 160, 60);
            atts[k].constant_speed = prng_chance(r, 0.85);
            path_state_lengths(&atts[k], 1, 2);
            if (prng_chance(r, 0.5)) {
                int pool[MAX_TREE];
                for (int j = 0; j < tree; j++) pool[j] = j;
                path_weigh(r, &atts[k], pool, tree);
            }
            break;
        }
        case K_IK: {
            int b = pick(r, tree, NULL, 0), child = -1;
            for (int j = b + 1; j < tree && child < 0; j++)
                if (bones[j].parent == b && prng_chance(r, 0.6)) child = j;
            c->bones[0] = b;
            c->bone_count = 1;
            if (child >= 0) c->bones[c->bone_count++] = child;
            int target = -1;
            for (int tries = 0; tries < 50 && target < 0; tries++) {
                int t = prng_int(r, 0, tree - 1);
                if (!is_below(bones, t, b)) target = t;
            }
            if (target < 0) target = 0;
            c->other = target;
            break;
        }
        case K_TRANSFORM:
            c->bone_count = prng_int(r, 1, 2);
            for (int j = 0; j < c->bone_count; j++) c->bones[j] = pick(r, tree, c->bones, j);
            c->other = pick(r, tree, c->bones, c->bone_count);
            if (c->other < 0) c->other = 0;
            break;
        case K_PHYSICS:
            c->bones[0] = pick(r, tree, NULL, 0);
            c->bone_count = 1;
            break;
        default:
            c->bone_count = prng_int(r, 1, 2);
            for (int j = 0; j < c->bone_count; j++) c->bones[j] = pick(r, tree, c->bones, j);
            sliders++;
            break;
        }
        for (int j = 0; j < c->bone_count; j++)
            if (c->bones[j] >= 0 && c->kind != K_SLIDER) chosen[c->bones[j]] = true;
    }
    for (int i = count - 1; i > 0; i--) {
        int j = prng_int(r, 0, i);
        con t = cons[i];
        cons[i] = cons[j];
        cons[j] = t;
    }
    int total = add_amplifiers(bones, tree, chosen);

    jw *w = &out->doc;
    char note[256];
    snprintf(note, sizeof note, "probegen path-order --seed %llu, probe %ld: %d constraints (%d paths), %d bones",
             (unsigned long long)p->seed, p->index, count, paths, tree);
    begin_document(w, note);
    write_bones(w, bones, total);
    const char *slot[3], *slot_bone_name[3];
    for (int k = 0; k < paths; k++) {
        slot[k] = pcs[k].slot;
        slot_bone_name[k] = bones[slot_bone[k]].name;
    }
    path_write_slots_and_skin(w, paths, slot, slot_bone_name, atts);
    jw_array(w, "constraints", true);
    for (int i = 0; i < count; i++) {
        if (cons[i].kind == K_PATH) path_write_constraint(w, &pcs[cons[i].other], bones);
        else write_other(r, w, &cons[i], bones);
    }
    jw_end(w);
    bool animated = prng_chance(r, 0.4);
    if (animated || sliders) {
        jw_object(w, "animations", true);
        for (int i = 0; i < count; i++) {
            if (cons[i].kind != K_SLIDER) continue;
            char anim[24];
            snprintf(anim, sizeof anim, "k%s", cons[i].name);
            jw_object(w, anim, false);
            jw_object(w, "bones", false);
            for (int j = 0; j < cons[i].bone_count; j++)
                if (cons[i].bones[j] >= 0) path_rotate_timeline(r, w, bones[cons[i].bones[j]].name, 60);
            jw_end(w);
            jw_end(w);
        }
        if (animated) {
            jw_object(w, "a", false);
            jw_object(w, "bones", false);
            int keyed = prng_int(r, 1, 2), done[2] = { -1, -1 };
            for (int j = 0; j < keyed; j++) {
                int b = pick(r, tree, done, j);
                if (b < 0) continue;
                done[j] = b;
                path_rotate_timeline(r, w, bones[b].name, 60);
            }
            jw_end(w);
            if (prng_chance(r, 0.6)) path_write_timelines(r, w, pcs, paths);
            jw_end(w);
        }
        jw_end(w);
    }
    jw_end(w);
    snprintf(out->args, sizeof out->args, "--skin none --physics none --samples %d", prng_int(r, 2, 5));
    return !w->failed;
}
