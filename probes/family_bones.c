/* Family `bones`: the setup pose of random bone trees (probes/README.md).
 *
 * Varies: tree shapes (small trees, wide trees, deep chains up to 100, several roots, a parent named
 * later or unknown), every inherit mode (now and then capitalised), each local field present or left to
 * its default and drawn to hit the edges (zero and -0, exact multiples of 90° and 45°, decimals that are
 * not float32, float32 values, tiny and subnormal, huge up to the largest double, large angles, negative
 * and zero scales, shears), number spellings, names that need escapes, skin-required bones with skins
 * that list them and slots with region attachments, and the skin chosen (none, all, one). */
#include "probegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BONES 100

/* Odd names now and then: quotes, backslashes, control characters, non-ASCII. */
static void bone_name(prng *r, int i, char *out, size_t size)
{
    static const char *const odd[] = { "b\"%d\"", "b\\%d", "b\t%d", "b\xc3\xa9%d", "\xe9\xaa\xa8%d", "b %d",
                                       "b\x01%d", "%d" };
    if (prng_chance(r, 0.03)) snprintf(out, size, odd[prng_int(r, 0, 7)], i);
    else snprintf(out, size, "b%d", i);
}

bool probe_bones(const probe_params *p, probe *out)
{
    prng r = prng_stream(p->seed, prng_hash("bones"), (uint64_t)p->index);
    gen_bone *bones = calloc(MAX_BONES * 3, sizeof *bones);
    bool *chosen = calloc(MAX_BONES, sizeof *chosen);
    if (!bones || !chosen) {
        free(bones);
        free(chosen);
        return false;
    }

    /* The shape. */
    const char *shape;
    int n, shape_kind = prng_int(&r, 0, 99);
    if (shape_kind < 10) { shape = "deep chain"; n = prng_int(&r, 20, MAX_BONES); }
    else if (shape_kind < 20) { shape = "one or two bones"; n = prng_int(&r, 1, 2); }
    else if (shape_kind < 55) { shape = "chain"; n = prng_int(&r, 3, 12); }
    else { shape = "tree"; n = prng_int(&r, 3, 16); }
    bool with_skins = prng_chance(&r, 0.4);
    double p_skin_required = with_skins ? 0.25 : 0.03;
    double p_field = prng_chance(&r, 0.2) ? 0.3 : 0.8; /* some documents leave most fields to defaults */
    bool odd_parents = prng_chance(&r, 0.02);
    bool extremes = prng_chance(&r, 0.25);

    for (int i = 0; i < n; i++) {
        gen_bone *b = &bones[i];
        bone_name(&r, i, b->name, sizeof b->name);
        if (i == 0) b->parent = -1;
        else if (shape_kind < 55) b->parent = prng_chance(&r, 0.9) ? i - 1 : prng_int(&r, 0, i - 1);
        else {
            int k = prng_int(&r, 0, 99);
            b->parent = k < 40 ? i - 1 : k < 95 ? prng_int(&r, 0, i - 1) : -1;
        }
        if (odd_parents && i > 0 && prng_chance(&r, 0.2))
            b->parent_name = prng_chance(&r, 0.5) ? "no-such-bone" : NULL; /* unknown: the reader makes a root */
        for (int f = 0; f < BF_COUNT; f++) {
            b->has[f] = prng_chance(&r, p_field);
            if (!b->has[f]) continue;
            switch (f) {
            case BF_X: case BF_Y: b->field[f] = draw_coord(&r, extremes); break;
            case BF_ROTATION: b->field[f] = draw_angle(&r, extremes); break;
            case BF_SCALE_X: case BF_SCALE_Y: b->field[f] = draw_scale(&r, extremes); break;
            case BF_SHEAR_X: case BF_SHEAR_Y: b->field[f] = draw_shear(&r, extremes); break;
            default: b->field[f] = draw_length(&r, extremes); break;
            }
        }
        int k = prng_int(&r, 0, 99);
        b->inherit = k < 20 ? -1 : k < 40 ? 0 : prng_int(&r, 1, 4);
        b->inherit_capital = b->inherit >= 0 && prng_chance(&r, 0.05);
        b->skin = i > 0 && prng_chance(&r, p_skin_required) ? 1 : (prng_chance(&r, 0.05) ? 0 : -1);
    }
    /* A parent defined later than its child (the reader makes the child a root). */
    if (odd_parents && n > 2) {
        int i = prng_int(&r, 1, n - 2);
        bones[i].parent_name = bones[prng_int(&r, i + 1, n - 1)].name;
    }

    int total = n;
    if (p->amplify) {
        prng ra = prng_stream(p->seed, prng_hash("bones amplify"), (uint64_t)p->index);
        double pick = n <= 16 ? 1.0 : 16.0 / n;
        for (int i = 0; i < n; i++) chosen[i] = prng_chance(&ra, pick);
        total = add_amplifiers(bones, n, chosen);
    }

    /* Skins, slots and region attachments. */
    int skin_count = with_skins ? prng_int(&r, 1, 3) : 0;
    int slot_count = with_skins ? prng_int(&r, 1, 4) : prng_int(&r, 0, 1);
    bool first_default = prng_chance(&r, 0.5);
    char skin_names[3][16];
    for (int s = 0; s < skin_count; s++)
        snprintf(skin_names[s], sizeof skin_names[s], s == 0 && first_default ? "default" : "skin%d", s);

    jw *w = &out->doc;
    char note[256];
    snprintf(note, sizeof note, "probegen bones --seed %llu, probe %ld%s: %s of %d bones%s, %d skins, %d slots",
             (unsigned long long)p->seed, p->index, p->amplify ? " (amplified)" : "", shape, n, extremes ? " (tiny and huge numbers)" : "", skin_count,
             slot_count);
    begin_document(w, note);

    write_bones(w, bones, total);

    int slot_bone[4];
    if (slot_count > 0) {
        jw_array(w, "slots", true);
        for (int s = 0; s < slot_count; s++) {
            char name[16], att[16];
            slot_bone[s] = prng_int(&r, 0, n - 1);
            snprintf(name, sizeof name, "slot%d", s);
            snprintf(att, sizeof att, "att%d", s);
            jw_object(w, NULL, false);
            jw_string(w, "name", name);
            jw_string(w, "bone", bones[slot_bone[s]].name);
            if (prng_chance(&r, 0.8)) jw_string(w, "attachment", att);
            jw_end(w);
        }
        jw_end(w);
    }
    if (skin_count > 0) {
        jw_array(w, "skins", true);
        for (int s = 0; s < skin_count; s++) {
            jw_object(w, NULL, false);
            jw_string(w, "name", skin_names[s]);
            /* The bones a skin lists: mostly skin-required ones, some not. */
            int listed = 0;
            for (int i = 0; i < n; i++) {
                double p_list = bones[i].skin == 1 ? 0.5 : 0.05;
                if (!prng_chance(&r, p_list)) continue;
                if (listed++ == 0) jw_array(w, "bones", false);
                jw_string(w, NULL, bones[i].name);
            }
            if (listed) jw_end(w);
            jw_object(w, "attachments", false);
            for (int sl = 0; sl < slot_count; sl++) {
                if (!prng_chance(&r, 0.6)) continue;
                char name[16], att[16];
                snprintf(name, sizeof name, "slot%d", sl);
                snprintf(att, sizeof att, "att%d", sl);
                jw_object(w, name, false);
                jw_object(w, att, false);
                jw_number(w, "width", prng_int(&r, 1, 100), JW_SHORTEST);
                jw_number(w, "height", prng_int(&r, 1, 100), JW_SHORTEST);
                jw_end(w);
                jw_end(w);
            }
            jw_end(w);
            jw_end(w);
        }
        jw_end(w);
    }
    jw_end(w);

    /* The options: no skin, every skin, or one. */
    int k = prng_int(&r, 0, 99);
    const char *skin = k < 30 || (k >= 70 && skin_count == 0) ? "none" : k < 70 ? "all" : NULL;
    if (!skin) skin = skin_names[prng_int(&r, 0, skin_count - 1)];
    snprintf(out->args, sizeof out->args, "--skin %s --physics none --samples 5", skin);

    free(bones);
    free(chosen);
    return !w->failed;
}
