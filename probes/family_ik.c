/* Family `ik`: one- and two-bone IK constraints (probes/README.md).
 *
 * Varies: random trees of 3 to 10 bones (every inherit mode, negative, zero and non-uniform scales,
 * shears, lengths 0), one to three IK constraints of one bone or a parent and one of its children
 * (now and then the root, which the runtime cannot solve and throws on), targets anywhere in the tree
 * (below the constrained bones too, at a constrained bone's origin, far beyond reach, within a
 * fraction of its length: compress below 0.7, a folded two-bone child); mix (0, 1,
 * fractions, negative, above 1), softness, bendPositive, compress, stretch, the scaleY modes (absent,
 * none, uniform, volume, capitalised); animations keying the IK timelines and bone timelines; the
 * samples (2 to 9 or the key times). Amplified: amplifiers on the constrained bones. */
#include "congen.h"

#include <stdio.h>

static const char *const scale_y_modes[6] = { "none", "uniform", "volume", "Uniform", "Volume", "volume" };

/* A child of bone `b` among the first n, or -1. */
static int child_of(const cg *g, int b)
{
    for (int i = b + 1; i < g->n; i++)
        if (g->bone[i].parent == b) return i;
    return -1;
}

bool probe_ik(const probe_params *p, probe *out)
{
    prng r = prng_stream(p->seed, prng_hash("ik"), (uint64_t)p->index);
    static cg g;
    cg_init(&g, &r, &out->doc);
    int n = prng_int(&r, 3, 10);
    cg_tree(&g, n, prng_chance(&r, 0.1));

    int count = prng_int(&r, 1, 3);
    int bones[3][2], bone_count[3], target[3];
    bool near[3] = { false, false, false };
    for (int c = 0; c < count; c++) {
        int b = prng_chance(&r, 0.02) ? 0 : prng_int(&r, 1, n - 1);
        int child = child_of(&g, b);
        bool two = child >= 0 && prng_chance(&r, 0.6);
        bones[c][0] = b;
        bones[c][1] = child;
        bone_count[c] = two ? 2 : 1;
        target[c] = prng_int(&r, 0, n - 1);
        /* A target near the bone's origin, within its reach: a new child of the bone a fraction of its
         * length out (compress below 0.7, a two-bone child folded past the inner reach). */
        if (prng_chance(&r, 0.2)) {
            int t = g.n++;
            cg_bone(&g, t, b, false);
            snprintf(g.bone[t].name, sizeof g.bone[t].name, "near%d", c);
            double len = g.bone[b].has[BF_LENGTH] ? g.bone[b].field[BF_LENGTH].v : 0;
            g.bone[t].has[BF_X] = true;
            g.bone[t].field[BF_X].v = (len != len || len == 0 ? 10 : len) * prng_unit(&r) * 0.7;
            g.bone[t].field[BF_X].sp = JW_SHORTEST;
            g.bone[t].has[BF_Y] = true;
            g.bone[t].field[BF_Y].v = prng_unit(&r) * 4 - 2;
            g.bone[t].field[BF_Y].sp = JW_SHORTEST;
            target[c] = t;
            near[c] = true;
        }
        /* A target at the constrained bone's origin: a sibling at the same place. */
        if (b > 0 && target[c] != b && prng_chance(&r, 0.08)) {
            gen_bone *t = &g.bone[target[c]], *s = &g.bone[b];
            if (target[c] > 0 && t->parent < target[c] && s->parent < target[c]) {
                t->parent = s->parent;
                t->has[BF_X] = s->has[BF_X];
                t->field[BF_X] = s->field[BF_X];
                t->has[BF_Y] = s->has[BF_Y];
                t->field[BF_Y] = s->field[BF_Y];
                t->inherit = s->inherit;
            }
        }
        g.chosen[b] = true;
        if (two) g.chosen[child] = true;
    }

    char shape[96];
    snprintf(shape, sizeof shape, "%d bones, %d IK constraints", n, count);
    cg_begin(&g, p, "ik", shape);
    cg_write_bones(&g, p);

    jw *w = g.w;
    jw_array(w, "constraints", true);
    for (int c = 0; c < count; c++) {
        char name[16];
        snprintf(name, sizeof name, "ik%d", c);
        jw_object(w, NULL, false);
        jw_string(w, "type", "ik");
        jw_string(w, "name", name);
        jw_array(w, "bones", false);
        for (int k = 0; k < bone_count[c]; k++) jw_string(w, NULL, g.bone[bones[c][k]].name);
        jw_end(w);
        jw_string(w, "target", g.bone[target[c]].name);
        if (prng_chance(&r, 0.8)) {
            num m = cg_mix(&r);
            jw_number(w, "mix", m.v, m.sp);
        }
        if (prng_chance(&r, 0.4)) {
            double s = prng_chance(&r, 0.3) ? prng_int(&r, 0, 20) : prng_unit(&r) * 200;
            jw_number(w, "softness", s, draw_spelling(&r));
        }
        if (prng_chance(&r, 0.5)) jw_bool(w, "bendPositive", prng_chance(&r, 0.5));
        if (near[c] ? prng_chance(&r, 0.8) : prng_chance(&r, 0.5)) jw_bool(w, "compress", prng_chance(&r, 0.7));
        if (prng_chance(&r, 0.4)) jw_bool(w, "stretch", prng_chance(&r, 0.6));
        if (near[c] && prng_chance(&r, 0.4)) jw_string(w, "scaleY", "volume");
        else if (prng_chance(&r, 0.6)) jw_string(w, "scaleY", scale_y_modes[prng_int(&r, 0, 5)]);
        jw_end(w);
    }
    jw_end(w);

    cg_animations(&g, n, count, 0.8, "ik", "ik", cg_ik_timeline);
    jw_end(w);
    cg_options(&g, out);
    return !w->failed;
}
