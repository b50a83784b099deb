/* The helpers of the families of what is drawn (family_render.h). */
#include "family_render.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int render_bones(prng *r, jw *w, int max)
{
    gen_bone bones[RENDER_MAX_BONES];
    memset(bones, 0, sizeof bones);
    int n = prng_int(r, 1, max < RENDER_MAX_BONES ? max : RENDER_MAX_BONES);
    for (int i = 0; i < n; i++) {
        gen_bone *b = &bones[i];
        snprintf(b->name, sizeof b->name, "b%d", i);
        b->parent = i == 0 ? -1 : prng_int(r, 0, i - 1);
        b->inherit = -1;
        b->skin = -1;
        if (i == 0 && prng_chance(r, 0.5)) continue; /* the root at the origin, unturned */
        if (prng_chance(r, 0.8)) bone_field(r, b, BF_X, render_coord(r, 150));
        if (prng_chance(r, 0.8)) bone_field(r, b, BF_Y, render_coord(r, 150));
        if (prng_chance(r, 0.6)) bone_field(r, b, BF_ROTATION, draw_value(r, 0));
        if (prng_chance(r, 0.3)) bone_field(r, b, BF_SCALE_X, draw_value(r, 2));
        if (prng_chance(r, 0.3)) bone_field(r, b, BF_SCALE_Y, draw_value(r, 2));
        if (prng_chance(r, 0.15)) bone_field(r, b, BF_SHEAR_X, draw_value(r, 3));
        if (prng_chance(r, 0.15)) bone_field(r, b, BF_SHEAR_Y, draw_value(r, 3));
        if (prng_chance(r, 0.5)) bone_field(r, b, BF_LENGTH, prng_int(r, 0, 80));
    }
    write_bones(w, bones, n);
    return n;
}

double render_coord(prng *r, double span)
{
    int k = prng_int(r, 0, 99);
    if (k < 45) {
        int steps = (int)(span / 10);
        int v = prng_int(r, -steps, steps);
        return v * 10.0;
    }
    double u = prng_unit(r);
    double v = (u * 2 - 1) * span;
    if (k < 60) return (double)(float)v;
    return v;
}

void render_outline(prng *r, render_shape *s, int n, double cx, double cy, double radius, int kind)
{
    if (n > RENDER_MAX_VERTICES) n = RENDER_MAX_VERTICES;
    s->n = n;
    if (kind == 1) { /* anywhere */
        for (int i = 0; i < n; i++) {
            double x = render_coord(r, radius);
            double y = render_coord(r, radius);
            s->x[i] = cx + x;
            s->y[i] = cy + y;
        }
        return;
    }
    if (kind == 3) { /* colinear, on a line through the centre, now and then repeated points */
        double dx = render_coord(r, 10), dy = render_coord(r, 10);
        for (int i = 0; i < n; i++) {
            int t = prng_int(r, -4, 4);
            s->x[i] = cx + dx * t;
            s->y[i] = cy + dy * t;
        }
        return;
    }
    /* 0: around the centre at ascending angles (convex on a circle, dented otherwise); 2: a star. The
     * directions are a table (every 15 degrees), not the C library's cos and sin, so the probes are the
     * same bytes on every machine. */
    static const double dir[24][2] = {
        { 1, 0 }, { 0.965926, 0.258819 }, { 0.866025, 0.5 }, { 0.707107, 0.707107 }, { 0.5, 0.866025 },
        { 0.258819, 0.965926 }, { 0, 1 }, { -0.258819, 0.965926 }, { -0.5, 0.866025 }, { -0.707107, 0.707107 },
        { -0.866025, 0.5 }, { -0.965926, 0.258819 }, { -1, 0 }, { -0.965926, -0.258819 }, { -0.866025, -0.5 },
        { -0.707107, -0.707107 }, { -0.5, -0.866025 }, { -0.258819, -0.965926 }, { 0, -1 },
        { 0.258819, -0.965926 }, { 0.5, -0.866025 }, { 0.707107, -0.707107 }, { 0.866025, -0.5 },
        { 0.965926, -0.258819 },
    };
    int start = prng_int(r, 0, 23);
    for (int i = 0; i < n; i++) {
        int a = (start + 24 * i / n) % 24;
        double jitter = prng_unit(r);
        double rr = radius * (kind == 2 && (i & 1) ? 0.35 + 0.2 * jitter : 0.8 + 0.2 * jitter);
        double x = cx + rr * dir[a][0], y = cy + rr * dir[a][1];
        if (prng_chance(r, 0.5)) x = round(x / 10) * 10, y = round(y / 10) * 10; /* on the grid */
        s->x[i] = x;
        s->y[i] = y;
    }
}

void render_color(prng *r, char *out, bool alpha)
{
    static const char *const hex = "0123456789abcdef";
    int n = alpha ? 8 : 6;
    for (int i = 0; i < n; i++) {
        int k = prng_int(r, 0, 99);
        out[i] = k < 30 ? 'f' : k < 45 ? '0' : hex[prng_int(r, 0, 15)];
    }
    out[n] = '\0';
}

const char *render_blend(prng *r)
{
    int k = prng_int(r, 0, 99);
    if (k < 55) return NULL;
    if (k < 70) return "additive";
    if (k < 80) return "multiply";
    if (k < 90) return "screen";
    if (k < 95) return "normal";
    return "Additive"; /* capitalised: enumValue upper-cases the first letter, so the runtime knows it */
}

void render_vertices(jw *w, const render_shape *s)
{
    jw_array(w, "vertices", false);
    for (int i = 0; i < s->n; i++) {
        jw_number(w, NULL, s->x[i], JW_SHORTEST);
        jw_number(w, NULL, s->y[i], JW_SHORTEST);
    }
    jw_end(w);
}

void render_mesh(prng *r, jw *w, const render_shape *s, int used, int bones, bool weighted, int *deform)
{
    jw_array(w, "uvs", false);
    for (int i = 0; i < 2 * s->n; i++) {
        int k = prng_int(r, 0, 99);
        double u = k < 30 ? prng_int(r, 0, 4) / 4.0 : prng_unit(r);
        jw_number(w, NULL, u, JW_SHORTEST);
    }
    jw_end(w);
    jw_array(w, "triangles", false);
    int kind = prng_int(r, 0, 99);
    if (kind < 60 || used < 4) { /* a fan from vertex 0 */
        for (int i = 1; i + 1 < used; i++) {
            jw_number(w, NULL, 0, JW_SHORTEST);
            jw_number(w, NULL, i, JW_SHORTEST);
            jw_number(w, NULL, i + 1, JW_SHORTEST);
        }
    }
    if (kind >= 40) { /* random triples (overlapping, reversed, degenerate with a repeated vertex) */
        int t = prng_int(r, 1, 2 * used);
        for (int i = 0; i < 3 * t; i++) jw_number(w, NULL, prng_int(r, 0, used - 1), JW_SHORTEST);
    }
    jw_end(w);
    if (!weighted) {
        render_vertices(w, s);
        *deform = 2 * s->n;
    } else {
        int weights = 0;
        jw_array(w, "vertices", false);
        for (int i = 0; i < s->n; i++) {
            int count = prng_int(r, 1, bones < 3 ? bones : 3);
            jw_number(w, NULL, count, JW_SHORTEST);
            double left = 1;
            for (int k = 0; k < count; k++) {
                int bone = prng_int(r, 0, bones - 1);
                jw_number(w, NULL, bone, JW_SHORTEST);
                double dx = render_coord(r, 40);
                double dy = render_coord(r, 40);
                jw_number(w, NULL, s->x[i] + dx, JW_SHORTEST);
                jw_number(w, NULL, s->y[i] + dy, JW_SHORTEST);
                double u = prng_unit(r);
                double weight = k + 1 == count ? left : (double)(float)(left * u);
                left -= weight;
                jw_number(w, NULL, weight, JW_SHORTEST);
                weights++;
            }
        }
        jw_end(w);
        *deform = 2 * weights;
    }
    int hull = prng_int(r, 0, s->n + 1); /* odd and out-of-range hulls: the runtime keeps them as they are */
    jw_number(w, "hull", hull, JW_SHORTEST);
}

void render_deform_keys(prng *r, jw *w, const char *key, int values)
{
    int keys = prng_int(r, 1, 4);
    double t = prng_chance(r, 0.5) ? 0 : prng_int(r, 1, 6) / 30.0;
    jw_array(w, key, false);
    for (int k = 0; k < keys; k++) {
        jw_object(w, NULL, false);
        if (t != 0) jw_number(w, "time", t, JW_SHORTEST);
        double step = prng_int(r, 1, 12) / 30.0;
        t += step;
        if (prng_chance(r, 0.85) && values > 0) {
            int offset = prng_int(r, 0, values - 1);
            int n = prng_int(r, 1, values - offset);
            if (offset > 0) jw_number(w, "offset", offset, JW_SHORTEST);
            jw_array(w, "vertices", false);
            for (int i = 0; i < n; i++) jw_number(w, NULL, render_coord(r, 30), JW_SHORTEST);
            jw_end(w);
        }
        if (prng_chance(r, 0.2)) jw_string(w, "curve", "stepped");
        jw_end(w);
    }
    jw_end(w);
}
