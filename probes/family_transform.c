/* Family `transform`: 4.3 transform constraints (probes/README.md).
 *
 * Varies: random trees of 3 to 10 bones (every inherit mode, negative, zero and non-uniform scales,
 * shears), one to three transform constraints, each a source bone anywhere (now and then one of its own
 * constrained bones) and one to three constrained bones; the `properties` map: one to four from
 * properties of the six in random order, each with or without an offset and one to three to properties
 * (now and then none, which drops the from property) with or without offset, max and scale; the six
 * offsets (rotation, x, y, scaleX, scaleY, shearY), the six mixes (absent, 0, 1, fractions, negative,
 * above 1), localSource, localTarget, additive, clamp; animations keying the transform timelines and
 * bone timelines; the samples (2 to 9 or the key times). Amplified: amplifiers on the constrained
 * bones and the sources. */
#include "congen.h"

#include <stdio.h>

static const char *const properties[6] = { "rotate", "x", "y", "scaleX", "scaleY", "shearY" };
static const char *const offset_names[6] = { "rotation", "x", "y", "scaleX", "scaleY", "shearY" };
static const char *const mix_names[6] = { "mixRotate", "mixX", "mixY", "mixScaleX", "mixScaleY", "mixShearY" };

/* A value in the units of property k (angle, coordinate, scale, shear). */
static num property_value(prng *r, int k)
{
    switch (k) {
    case 0: return draw_angle(r, false);
    case 1: case 2: return draw_coord(r, false);
    case 3: case 4: {
        num n = { 0, JW_SHORTEST };
        int c = prng_int(r, 0, 3);
        n.v = c == 0 ? prng_int(r, -2, 2) : c == 1 ? prng_unit(r) * 2 - 1 : c == 2 ? prng_int(r, -20, 20) / 10.0 : 0.5;
        return n;
    }
    default: return draw_shear(r, false);
    }
}

/* A to property's scale: 1, 0, -1, fractions, decimals, large. */
static num to_scale(prng *r)
{
    num n = { 1, draw_spelling(r) };
    int k = prng_int(r, 0, 99);
    if (k < 25) n.v = 1;
    else if (k < 32) n.v = 0;
    else if (k < 40) n.v = -1;
    else if (k < 70) n.v = prng_unit(r) * 4 - 2;
    else if (k < 90) n.v = prng_int(r, -300, 300) / 100.0;
    else n.v = prng_unit(r) * 200 - 100;
    return n;
}

/* A permutation of 0..5, the first `count` used. */
static void pick(prng *r, int *out)
{
    for (int i = 0; i < 6; i++) out[i] = i;
    for (int i = 5; i > 0; i--) {
        int j = prng_int(r, 0, i);
        int t = out[i];
        out[i] = out[j];
        out[j] = t;
    }
}

static void write_constraint(cg *g, int c, int source, const int *bones, int bone_count)
{
    prng *r = g->r;
    jw *w = g->w;
    char name[16];
    snprintf(name, sizeof name, "t%d", c);
    jw_object(w, NULL, true);
    jw_string(w, "type", "transform");
    jw_string(w, "name", name);
    jw_array(w, "bones", false);
    for (int k = 0; k < bone_count; k++) jw_string(w, NULL, g->bone[bones[k]].name);
    jw_end(w);
    jw_string(w, "source", g->bone[source].name);
    if (prng_chance(r, 0.35)) jw_bool(w, "localSource", prng_chance(r, 0.8));
    if (prng_chance(r, 0.35)) jw_bool(w, "localTarget", prng_chance(r, 0.8));
    if (prng_chance(r, 0.3)) jw_bool(w, "additive", prng_chance(r, 0.8));
    if (prng_chance(r, 0.3)) jw_bool(w, "clamp", prng_chance(r, 0.8));
    int from[6], to[6];
    pick(r, from);
    int from_count = prng_int(r, 1, 4);
    jw_object(w, "properties", true);
    for (int f = 0; f < from_count; f++) {
        jw_object(w, properties[from[f]], false);
        if (prng_chance(r, 0.4)) {
            num o = property_value(r, from[f]);
            jw_number(w, "offset", o.v, o.sp);
        }
        int to_count = prng_chance(r, 0.05) ? 0 : prng_int(r, 1, 3);
        pick(r, to);
        jw_object(w, "to", false);
        for (int k = 0; k < to_count; k++) {
            jw_object(w, properties[to[k]], false);
            if (prng_chance(r, 0.5)) {
                num o = property_value(r, to[k]);
                jw_number(w, "offset", o.v, o.sp);
            }
            if (prng_chance(r, 0.5)) {
                num m = property_value(r, to[k]);
                jw_number(w, "max", m.v, m.sp);
            }
            if (prng_chance(r, 0.7)) {
                num s = to_scale(r);
                jw_number(w, "scale", s.v, s.sp);
            }
            jw_end(w);
        }
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);
    for (int k = 0; k < 6; k++)
        if (prng_chance(r, 0.4)) {
            num o = property_value(r, k);
            jw_number(w, offset_names[k], o.v, o.sp);
        }
    for (int k = 0; k < 6; k++)
        if (prng_chance(r, 0.6)) {
            num m = cg_mix(r);
            jw_number(w, mix_names[k], m.v, m.sp);
        }
    jw_end(w);
}

/* A transform constraint's timeline: its six mixes. */
static void transform_timeline(cg *g, const char *name)
{
    cg_mix_timeline(g, name, 6);
}

bool probe_transform(const probe_params *p, probe *out)
{
    prng r = prng_stream(p->seed, prng_hash("transform"), (uint64_t)p->index);
    static cg g;
    cg_init(&g, &r, &out->doc);
    int n = prng_int(&r, 3, 10);
    cg_tree(&g, n, prng_chance(&r, 0.1));

    int count = prng_int(&r, 1, 3);
    int source[3], bones[3][3], bone_count[3];
    for (int c = 0; c < count; c++) {
        source[c] = prng_int(&r, 0, n - 1);
        bone_count[c] = prng_int(&r, 1, 3);
        for (int k = 0; k < bone_count[c]; k++) {
            int b = prng_int(&r, 0, n - 1);
            if (b == source[c] && !prng_chance(&r, 0.3)) b = (b + 1) % n;
            bones[c][k] = b;
            g.chosen[b] = true;
        }
        g.chosen[source[c]] = true;
    }

    char shape[96];
    snprintf(shape, sizeof shape, "%d bones, %d transform constraints", n, count);
    cg_begin(&g, p, "transform", shape);
    cg_write_bones(&g, p);
    jw *w = g.w;
    jw_array(w, "constraints", true);
    for (int c = 0; c < count; c++) write_constraint(&g, c, source[c], bones[c], bone_count[c]);
    jw_end(w);

    cg_animations(&g, n, count, 0.7, "transform", "t", transform_timeline);
    jw_end(w);
    cg_options(&g, out);
    return !w->failed;
}
