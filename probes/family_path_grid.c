/* Family `path-grid`: one bone on a path, on a fixed grid of 976 probes (probes/README.md).
 *
 * Sixteen paths: two and three curves, open and closed, at constant speed or off stated lengths (the
 * measured running lengths, 2 decimals), walked by position mode percent or fixed; each at 61 positions,
 * -10 % to 110 % of the path in steps of 2 % (fixed: of its stated length), so every probe lands on a
 * curve, past an end, or (closed) wraps. The path is unweighted on a root that is moved, turned and
 * scaled (its world points are not the vertex numbers); the bone, 50 long, follows in tangent mode with
 * every mix 1, and has its amplifier bones. The shape of each of the sixteen paths is drawn once (from
 * the seed and the path's number), so the 61 probes of a path differ only in the position. */
#include "family_path.h"

#include <stdio.h>
#include <string.h>

#define GRID_STEPS 61

bool probe_path_grid(const probe_params *p, probe *out)
{
    long combo = p->index / GRID_STEPS % 16, step = p->index % GRID_STEPS;
    int curves = combo & 1 ? 3 : 2;
    bool closed = (combo & 2) != 0;
    bool constant_speed = (combo & 4) == 0;
    bool percent = (combo & 8) == 0;
    prng rs = prng_stream(p->seed, prng_hash("path-grid"), (uint64_t)(combo & 3));
    prng *r = &rs;

    path_att path;
    int stride = 120 + prng_int(r, 0, 80); /* before the angle: the order the files were drawn in */
    double angle = 45.0 * prng_int(r, 0, 7);
    path_shape(r, &path, curves, closed, 0, 0, angle, stride);
    path.constant_speed = constant_speed;
    path_state_lengths(&path, 1, 2);
    double stated_total = path.lengths[closed ? path.lengths_count - 1 : path.lengths_count - 2];
    double fraction = path_decimal(-0.1 + 0.02 * (double)step, 2);
    double position = percent ? fraction : path_decimal(fraction * stated_total, 2);

    gen_bone bones[3];
    memset(bones, 0, sizeof bones);
    snprintf(bones[0].name, sizeof bones[0].name, "root");
    bones[0].parent = -1;
    bones[0].inherit = -1;
    bones[0].skin = -1;
    num v;
    v.sp = JW_SHORTEST;
    static const int root_fields[4] = { BF_X, BF_Y, BF_ROTATION, BF_SCALE_X };
    static const double root_values[4] = { 12.5, -7.25, 17.5, 1.1 };
    for (int i = 0; i < 4; i++) {
        bones[0].has[root_fields[i]] = true;
        v.v = root_values[i];
        bones[0].field[root_fields[i]] = v;
    }
    snprintf(bones[1].name, sizeof bones[1].name, "b");
    bones[1].parent = 0;
    bones[1].inherit = -1;
    bones[1].skin = -1;
    bones[1].has[BF_LENGTH] = true;
    v.v = 50;
    bones[1].field[BF_LENGTH] = v;
    gen_bone all[6];
    memcpy(all, bones, sizeof bones);
    bool chosen[2] = { false, true };
    int total = add_amplifiers(all, 2, chosen);

    jw *w = &out->doc;
    char note[256];
    snprintf(note, sizeof note,
             "probegen path-grid --seed %llu, probe %ld: one bone on %s path of %d curves, %s, position %s %.17g",
             (unsigned long long)p->seed, p->index, closed ? "a closed" : "an open", curves,
             constant_speed ? "constant speed" : "off stated lengths", percent ? "percent" : "fixed", position);
    begin_document(w, note);
    write_bones(w, all, total);
    const char *slot = "ps", *slot_bone = "root";
    path_write_slots_and_skin(w, 1, &slot, &slot_bone, &path);
    jw_array(w, "constraints", true);
    jw_object(w, NULL, false);
    jw_string(w, "type", "path");
    jw_string(w, "name", "pc");
    jw_array(w, "bones", false);
    jw_string(w, NULL, "b");
    jw_end(w);
    jw_string(w, "slot", "ps");
    jw_string(w, "positionMode", percent ? "percent" : "fixed");
    jw_number(w, "position", position, JW_SHORTEST);
    jw_end(w);
    jw_end(w);
    jw_end(w);
    snprintf(out->args, sizeof out->args, "--skin none --physics none --samples 2");
    return !w->failed;
}
