/* Family `path-stated`: path constraints off stated `lengths` spelled with decimals that are not
 * float32 (probes/README.md).
 *
 * Each probe has one or two path constraints, each on its own slot and path. The first path is walked
 * off its stated lengths (constantSpeed false) in 70 % of the probes, the second (when there is one)
 * at constant speed: both state lengths, the measured running length of each curve stretched by 0.6 to
 * 1.4 (so the stated numbers disagree with the geometry), now and then one entry moved out of order,
 * every entry with one to three decimals (0.1 is not a float32). The constraints draw every mode and
 * setting (path_draw_constraint), one to three constrained bones each with their amplifier bones; paths
 * unweighted on the root or a bone of their own, or weighted; an animation keying the path timelines
 * now and then. The stated lengths decide where the bones stand off constant speed, the measured ones
 * at constant speed: the readings path.stated-lengths, path.stated-table and
 * path.constant-speed-total are measured here. */
#include "family_path.h"

#include <stdio.h>
#include <string.h>

#define MAX_BONES 40

static int add_bone(gen_bone *bones, int *n, const char *name, int parent)
{
    gen_bone *b = &bones[*n];
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->parent = parent;
    b->inherit = -1;
    b->skin = -1;
    return (*n)++;
}

bool probe_path_stated(const probe_params *p, probe *out)
{
    prng rs = prng_stream(p->seed, prng_hash("path-stated"), (uint64_t)p->index);
    prng *r = &rs;
    gen_bone bones[MAX_BONES];
    int n = 0;
    int root = add_bone(bones, &n, "root", -1);
    if (prng_chance(r, 0.5)) bone_field(r, &bones[root], BF_ROTATION, path_draw_decimal(r, -180, 180));
    if (prng_chance(r, 0.3)) bone_field(r, &bones[root], BF_SCALE_X, path_draw_decimal(r, 0.5, 1.5));
    int paths = prng_chance(r, 0.5) ? 2 : 1;
    int slot_bone[2], chain_start[2], chain_len[2];
    path_att att[2];
    path_con con[2];
    memset(con, 0, sizeof con);
    for (int k = 0; k < paths; k++) {
        char name[16];
        snprintf(name, sizeof name, "s%d", k);
        slot_bone[k] = prng_chance(r, 0.4) ? root : add_bone(bones, &n, name, root);
        if (slot_bone[k] != root) {
            bone_field(r, &bones[slot_bone[k]], BF_X, path_draw_decimal(r, -50, 50));
            bone_field(r, &bones[slot_bone[k]], BF_ROTATION, path_draw_decimal(r, -180, 180));
            if (prng_chance(r, 0.2)) bone_field(r, &bones[slot_bone[k]], BF_SCALE_Y, -1);
        }
        snprintf(name, sizeof name, "base%d", k);
        int base = add_bone(bones, &n, name, root);
        bone_field(r, &bones[base], BF_ROTATION, path_draw_decimal(r, -180, 180));
        chain_start[k] = n;
        chain_len[k] = prng_int(r, 1, 3);
        for (int i = 0; i < chain_len[k]; i++) {
            snprintf(name, sizeof name, "c%d_%d", k, i);
            int b = add_bone(bones, &n, name, i == 0 ? base : n - 1);
            bone_field(r, &bones[b], BF_LENGTH, prng_chance(r, 0.05) ? 0 : path_draw_decimal(r, 20, 70));
            if (i > 0) bones[b].field[BF_X] = bones[b - 1].field[BF_LENGTH], bones[b].has[BF_X] = true;
            if (prng_chance(r, 0.6)) bone_field(r, &bones[b], BF_ROTATION, path_draw_decimal(r, -60, 60));
        }
        /* The path: off stated lengths (the first, mostly) or at constant speed (the second). */
        path_draw_shape(r, &att[k], 4, 60, 180, 50);
        att[k].constant_speed = k == 0 ? prng_chance(r, 0.3) : true;
        att[k].write_speed = prng_chance(r, 0.3);
        int digits = prng_int(r, 1, 3); /* before the stretch */
        double stretch = path_draw_decimal(r, 0.6, 1.4);
        path_state_lengths(&att[k], stretch, digits);
        att[k].lengths_sp = draw_spelling(r);
        if (prng_chance(r, 0.1) && att[k].lengths_count > 1) { /* one entry out of order */
            int i = prng_int(r, 0, att[k].lengths_count - 2);
            double t = att[k].lengths[i];
            att[k].lengths[i] = att[k].lengths[i + 1];
            att[k].lengths[i + 1] = t;
        }
        path_con *c = &con[k];
        snprintf(c->name, sizeof c->name, "pc%d", k);
        snprintf(c->slot, sizeof c->slot, "ps%d", k);
        c->bone_count = chain_len[k];
        for (int i = 0; i < chain_len[k]; i++) c->bones[i] = chain_start[k] + i;
    }
    /* Weights after every bone is made (bound to the root, the bases and the slot bones). */
    for (int k = 0; k < paths; k++) {
        if (!prng_chance(r, 0.25)) continue;
        int pool[6], count = 0;
        pool[count++] = root;
        for (int i = 0; i < n; i++)
            if (count < 6 && (strncmp(bones[i].name, "base", 4) == 0 || bones[i].name[0] == 's')) pool[count++] = i;
        path_weigh(r, &att[k], pool, count);
    }
    for (int k = 0; k < paths; k++) path_draw_constraint(r, &con[k], bones);
    bool chosen[MAX_BONES] = { false };
    for (int k = 0; k < paths; k++)
        for (int i = 0; i < chain_len[k]; i++) chosen[chain_start[k] + i] = true;
    gen_bone all[MAX_BONES * 3];
    memcpy(all, bones, (size_t)n * sizeof *bones);
    int total = add_amplifiers(all, n, chosen);

    jw *w = &out->doc;
    char note[256];
    snprintf(note, sizeof note, "probegen path-stated --seed %llu, probe %ld: %d path constraint%s, the first %s",
             (unsigned long long)p->seed, p->index, paths, paths > 1 ? "s" : "",
             att[0].constant_speed ? "at constant speed" : "off its stated lengths");
    begin_document(w, note);
    write_bones(w, all, total);
    char slot_names[2][16];
    const char *slot[2], *bone[2];
    for (int k = 0; k < paths; k++) {
        snprintf(slot_names[k], sizeof slot_names[k], "ps%d", k);
        slot[k] = slot_names[k];
        bone[k] = all[slot_bone[k]].name;
    }
    path_write_slots_and_skin(w, paths, slot, bone, att);
    jw_array(w, "constraints", true);
    for (int k = 0; k < paths; k++) path_write_constraint(w, &con[k], all);
    jw_end(w);
    bool animated = prng_chance(r, 0.3);
    if (animated) {
        jw_object(w, "animations", true);
        jw_object(w, "a", false);
        path_write_timelines(r, w, con, paths);
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);
    snprintf(out->args, sizeof out->args, "--skin none --physics none --samples %d", animated ? prng_int(r, 2, 5) : 2);
    return !w->failed;
}
