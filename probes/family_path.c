/* Family `path`: random path constraints over every mode, setting, mix and curve (probes/README.md).
 *
 * Each probe: a root, a base bone, a chain of one to five constrained bones under it (lengths mostly 20
 * to 80, now and then 0 or below 0.00001; rotations, scales incl. negative, shears, inherit modes),
 * three bones to bind weights to, a bone for the slot, and amplifier bones 10,000 units out along each
 * axis of each constrained bone (always: a difference of 1e-10 in a matrix shows as a grid step). The
 * slot shows a path of one to four curves, open or closed, at constant speed (mostly) or off stated
 * lengths, unweighted (through its slot bone, which may be the root, a bone of its own, the base, a
 * weight bone or a constrained bone) or weighted (to one to three bones per vertex). The constraint
 * draws every mode, position and spacing to hit the rules' edges (path_draw_constraint), and every mix.
 * Now and then: a second path constraint, a skin-required constraint listed or not, an inactive slot
 * bone, a second skin with another path, another path in the slot that an attachment timeline shows
 * (then nothing); an animation keying the path timelines, bones and the path's deform. Options: the skin (none, all, one), the samples. */
#include "family_path.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROOT, BASE, W0, W1, W2, SLOT_BONE, CHAIN };
#define MAX_CHAIN 5
#define MAX_BONES ((CHAIN + MAX_CHAIN) * 3)

/* A bone's local transform: mostly plain, now and then scaled, reflected, sheared, or another inherit. */
static void draw_transform(prng *r, gen_bone *b, bool plain)
{
    if (prng_chance(r, 0.6)) bone_field(r, b, BF_X, path_draw_decimal(r, -60, 60));
    if (prng_chance(r, 0.6)) bone_field(r, b, BF_Y, path_draw_decimal(r, -60, 60));
    if (prng_chance(r, 0.7)) {
        double rotation = prng_chance(r, 0.2) ? 90.0 * prng_int(r, -2, 2) : path_draw_decimal(r, -180, 180);
        bone_field(r, b, BF_ROTATION, rotation);
    }
    if (plain) return;
    int k = prng_int(r, 0, 99);
    if (k < 10) bone_field(r, b, BF_SCALE_X, -1);
    else if (k < 30) bone_field(r, b, BF_SCALE_X, path_draw_decimal(r, 0.3, 2));
    k = prng_int(r, 0, 99);
    if (k < 10) bone_field(r, b, BF_SCALE_Y, -1);
    else if (k < 25) bone_field(r, b, BF_SCALE_Y, path_draw_decimal(r, 0.3, 2));
    if (prng_chance(r, 0.1)) bone_field(r, b, BF_SHEAR_X, path_draw_decimal(r, -30, 30));
    if (prng_chance(r, 0.1)) bone_field(r, b, BF_SHEAR_Y, path_draw_decimal(r, -30, 30));
    if (prng_chance(r, 0.08)) b->inherit = prng_int(r, 1, 4);
}

static void deform_keys(prng *r, jw *w, int values)
{
    int n = prng_int(r, 1, 3);
    double t = 0;
    jw_array(w, "deform", false);
    for (int i = 0; i < n; i++) {
        jw_object(w, NULL, false);
        if (t != 0) jw_number(w, "time", t, JW_SHORTEST);
        if (prng_chance(r, 0.85)) {
            int offset = prng_chance(r, 0.5) ? 0 : prng_int(r, 0, values - 1);
            int run = prng_int(r, 1, values - offset);
            if (offset) jw_number(w, "offset", offset, JW_SHORTEST);
            jw_array(w, "vertices", false);
            for (int v = 0; v < run; v++) {
                enum jw_spelling sp = draw_spelling(r); /* before the value */
                jw_number(w, NULL, path_draw_decimal(r, -20, 20), sp);
            }
            jw_end(w);
        }
        jw_end(w);
        t = path_decimal(t + 0.1 + 0.4 * prng_unit(r), 2);
    }
    jw_end(w);
}

bool probe_path(const probe_params *p, probe *out)
{
    prng rs = prng_stream(p->seed, prng_hash("path"), (uint64_t)p->index);
    prng *r = &rs;
    gen_bone bones[MAX_BONES];
    memset(bones, 0, sizeof bones);
    static const char *const names[CHAIN] = { "root", "base", "w0", "w1", "w2", "s" };
    int chain = prng_int(r, 1, MAX_CHAIN);
    int n = CHAIN + chain;
    for (int i = 0; i < n; i++) {
        gen_bone *b = &bones[i];
        if (i < CHAIN) snprintf(b->name, sizeof b->name, "%s", names[i]);
        else snprintf(b->name, sizeof b->name, "c%d", i - CHAIN);
        b->inherit = -1;
        b->skin = -1;
        b->parent = i == ROOT ? -1 : ROOT;
    }
    if (prng_chance(r, 0.4)) draw_transform(r, &bones[ROOT], prng_chance(r, 0.5));
    draw_transform(r, &bones[BASE], false);
    for (int i = W0; i <= W2; i++) draw_transform(r, &bones[i], false);
    draw_transform(r, &bones[SLOT_BONE], false);
    if (prng_chance(r, 0.2)) bones[SLOT_BONE].parent = prng_int(r, BASE, W2);
    for (int i = CHAIN; i < n; i++) {
        gen_bone *b = &bones[i];
        b->parent = i == CHAIN ? BASE : prng_chance(r, 0.85) ? i - 1 : prng_int(r, ROOT, i - 1);
        draw_transform(r, b, prng_chance(r, 0.6));
        int k = prng_int(r, 0, 99);
        if (k < 8) bone_field(r, b, BF_LENGTH, 0);
        else if (k < 12) bone_field(r, b, BF_LENGTH, path_decimal(0.000001 * prng_int(r, 1, 9), 6));
        else if (k < 95) bone_field(r, b, BF_LENGTH, path_draw_decimal(r, 20, 80));
        if (b->parent >= CHAIN && prng_chance(r, 0.7)) {
            /* At the parent's tip. */
            const gen_bone *pb = &bones[b->parent];
            b->has[BF_X] = true;
            b->field[BF_X] = pb->has[BF_LENGTH] ? pb->field[BF_LENGTH] : draw_spelled(r, 0);
            b->has[BF_Y] = false;
        }
    }
    /* Inactive bones now and then: the slot bone (the constraint is then inactive) or a constrained one. */
    bool skins = prng_chance(r, 0.15);
    if (skins && prng_chance(r, 0.5)) bones[SLOT_BONE].skin = 1;
    if (skins && prng_chance(r, 0.3)) bones[CHAIN + prng_int(r, 0, chain - 1)].skin = 1;
    bool chosen[MAX_BONES] = { false };
    for (int i = CHAIN; i < n; i++) chosen[i] = true;
    int total = add_amplifiers(bones, n, chosen);

    /* The path. */
    int slot_kind = prng_int(r, 0, 99);
    int slot_bone = slot_kind < 30 ? ROOT : slot_kind < 60 ? SLOT_BONE : slot_kind < 72 ? BASE : slot_kind < 84 ? W0
                    : slot_kind < 92 ? W1 : CHAIN + prng_int(r, 0, chain - 1);
    path_att path;
    int curves = prng_int(r, 1, 4);
    bool closed = prng_chance(r, 0.3);
    /* The shape's draws last first: step, angle, y, x (curves and closed before them here, after them in
     * path_draw_shape). */
    double step = path_draw_decimal(r, 50, 200);
    double angle = 45.0 * prng_int(r, 0, 7);
    double y = path_draw_decimal(r, -50, 50);
    double x = path_draw_decimal(r, -50, 50);
    path_shape(r, &path, curves, closed, x, y, angle, step);
    path.constant_speed = prng_chance(r, 0.85);
    path.write_closed = prng_chance(r, 0.3);
    path.write_speed = prng_chance(r, 0.3);
    path_state_lengths(&path, path.constant_speed ? 1 : path_draw_decimal(r, 0.7, 1.3), 2);
    bool weighted = prng_chance(r, 0.35);
    if (weighted) {
        int pool[8], pool_count = 0;
        pool[pool_count++] = W0;
        pool[pool_count++] = W1;
        pool[pool_count++] = W2;
        if (prng_chance(r, 0.3)) pool[pool_count++] = ROOT;
        if (prng_chance(r, 0.2)) pool[pool_count++] = BASE;
        if (prng_chance(r, 0.15)) pool[pool_count++] = CHAIN + prng_int(r, 0, chain - 1);
        path_weigh(r, &path, pool, pool_count);
    }

    /* The constraints. */
    path_con cons[2];
    int con_count = prng_chance(r, 0.15) ? 2 : 1;
    memset(cons, 0, sizeof cons);
    for (int c = 0; c < con_count; c++) {
        path_con *pc = &cons[c];
        snprintf(pc->name, sizeof pc->name, "pc%d", c);
        snprintf(pc->slot, sizeof pc->slot, "ps");
        if (c == 0) {
            pc->bone_count = chain;
            for (int i = 0; i < chain; i++) pc->bones[i] = CHAIN + i;
            if (chain > 1 && prng_chance(r, 0.1)) { /* out of chain order */
                int t = pc->bones[0];
                pc->bones[0] = pc->bones[chain - 1];
                pc->bones[chain - 1] = t;
            }
        } else {
            pc->bone_count = 1;
            pc->bones[0] = prng_chance(r, 0.5) ? CHAIN + prng_int(r, 0, chain - 1) : W2;
        }
        path_draw_constraint(r, pc, bones);
        pc->skin_required = skins && prng_chance(r, 0.4);
    }
    bool listed = prng_chance(r, 0.5);

    jw *w = &out->doc;
    char note[512];
    snprintf(note, sizeof note,
             "probegen path --seed %llu, probe %ld: %d constrained bones, %s %s path of %d curves%s, slot bone %s, %d "
             "constraints",
             (unsigned long long)p->seed, p->index, chain, weighted ? "weighted" : "unweighted", closed ? "closed" : "open",
             curves, path.constant_speed ? "" : " off stated lengths", slot_bone < CHAIN ? names[slot_bone] : "a constrained bone", con_count);
    begin_document(w, note);
    write_bones(w, bones, total);
    jw_array(w, "slots", true);
    jw_object(w, NULL, false);
    jw_string(w, "name", "ps");
    jw_string(w, "bone", bones[slot_bone].name);
    if (prng_chance(r, 0.95)) jw_string(w, "attachment", "p");
    jw_end(w);
    jw_end(w);

    /* Skins: the default with the path; sometimes a second with another path under the same name. */
    bool second = prng_chance(r, 0.1);
    path_att other;
    if (second) {
        path_draw_shape(r, &other, 3, 50, 200, 50);
        path_state_lengths(&other, 1, 2);
    }
    /* Another path under another name in the same slot, which an attachment timeline shows. */
    bool swap = prng_chance(r, 0.15);
    path_att swapped;
    if (swap) {
        path_draw_shape(r, &swapped, 3, 50, 200, 50);
        path_state_lengths(&swapped, 1, 2);
        swapped.constant_speed = prng_chance(r, 0.8);
        if (prng_chance(r, 0.4)) {
            int pool[3] = { W0, W1, W2 };
            path_weigh(r, &swapped, pool, 3);
        }
    }
    jw_array(w, "skins", true);
    jw_object(w, NULL, false);
    jw_string(w, "name", "default");
    if (skins) {
        if (bones[SLOT_BONE].skin == 1 && prng_chance(r, 0.5)) {
            jw_array(w, "bones", false);
            jw_string(w, NULL, "s");
            jw_end(w);
        }
        if (listed) {
            jw_array(w, "path", false);
            for (int c = 0; c < con_count; c++)
                if (cons[c].skin_required) jw_string(w, NULL, cons[c].name);
            jw_end(w);
        }
    }
    jw_object(w, "attachments", false);
    jw_object(w, "ps", false);
    path_write(w, "p", &path);
    if (swap) path_write(w, "q", &swapped);
    jw_end(w);
    jw_end(w);
    jw_end(w);
    if (second) {
        jw_object(w, NULL, false);
        jw_string(w, "name", "alt");
        jw_object(w, "attachments", false);
        jw_object(w, "ps", false);
        path_write(w, "p", &other);
        jw_end(w);
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);

    jw_array(w, "constraints", true);
    for (int c = 0; c < con_count; c++) path_write_constraint(w, &cons[c], bones);
    jw_end(w);

    /* An animation now and then: path timelines, bone timelines, the path's deform. */
    bool animated = swap || prng_chance(r, 0.45);
    if (animated) {
        jw_object(w, "animations", true);
        jw_object(w, "a", false);
        if (prng_chance(r, 0.5)) {
            jw_object(w, "bones", false);
            int targets[3] = { BASE, slot_bone, W0 };
            int used = 0;
            for (int t = 0; t < 3; t++) {
                bool dup = false;
                for (int j = 0; j < t; j++) dup = dup || targets[j] == targets[t];
                if (dup || !prng_chance(r, 0.6)) continue;
                used++;
                path_rotate_timeline(r, w, bones[targets[t]].name, 90);
            }
            (void)used;
            jw_end(w);
        }
        if (prng_chance(r, 0.8)) path_write_timelines(r, w, cons, con_count);
        if (swap) {
            /* p, then q, then now and then nothing. */
            jw_object(w, "slots", false);
            jw_object(w, "ps", false);
            jw_array(w, "attachment", false);
            jw_object(w, NULL, false);
            jw_number(w, "time", path_decimal(0.2 + 0.3 * prng_unit(r), 2), JW_SHORTEST);
            jw_string(w, "name", "q");
            jw_end(w);
            if (prng_chance(r, 0.3)) {
                jw_object(w, NULL, false);
                jw_number(w, "time", 0.9, JW_SHORTEST);
                jw_raw(w, "name", "null");
                jw_end(w);
            }
            jw_end(w);
            jw_end(w);
            jw_end(w);
        }
        if (prng_chance(r, 0.25)) {
            int values = 0;
            for (int v = 0; v < path.vertex_count; v++) values += weighted ? 2 * path.weight_count[v] : 2;
            jw_object(w, "attachments", false);
            jw_object(w, "default", false);
            jw_object(w, "ps", false);
            jw_object(w, "p", false);
            deform_keys(r, w, values);
            jw_end(w);
            jw_end(w);
            jw_end(w);
            jw_end(w);
        }
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);

    int k = prng_int(r, 0, 99);
    const char *skin = second ? (k < 50 ? "alt" : k < 80 ? "all" : "default") : k < 50 ? "none" : k < 80 ? "all" : "default";
    char samples[16];
    if (animated && prng_chance(r, 0.3)) snprintf(samples, sizeof samples, "keys");
    else snprintf(samples, sizeof samples, "%d", animated ? prng_int(r, 2, 7) : 2);
    snprintf(out->args, sizeof out->args, "--skin %s --physics none --samples %s", skin, samples);
    return !w->failed;
}
