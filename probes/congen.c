/* Shared by the constraint families (congen.h). */
#include "congen.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void cg_init(cg *g, prng *r, jw *w)
{
    memset(g, 0, sizeof *g);
    g->r = r;
    g->w = w;
}

void cg_begin(cg *g, const probe_params *p, const char *family, const char *shape)
{
    char note[256];
    snprintf(note, sizeof note, "probegen %s --seed %llu, probe %ld%s: %s", family, (unsigned long long)p->seed,
             p->index, p->amplify ? " (amplified)" : "", shape);
    begin_document(g->w, note);
}

void cg_bone(cg *g, int i, int parent, bool extremes)
{
    prng *r = g->r;
    gen_bone *b = &g->bone[i];
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "b%d", i);
    b->parent = parent;
    b->skin = -1;
    for (int f = 0; f < BF_COUNT; f++) {
        b->has[f] = prng_chance(r, 0.7);
        if (!b->has[f]) continue;
        bool wild = extremes && prng_chance(r, 0.1);
        switch (f) {
        case BF_X: case BF_Y: b->field[f] = draw_coord(r, wild); break;
        case BF_ROTATION: b->field[f] = draw_angle(r, wild); break;
        case BF_SCALE_X: case BF_SCALE_Y: b->field[f] = draw_scale(r, wild); break;
        case BF_SHEAR_X: case BF_SHEAR_Y: b->field[f] = prng_chance(r, 0.6) ? (num){ 0, JW_SHORTEST } : draw_shear(r, wild); break;
        default: b->field[f] = draw_length(r, wild); break;
        }
    }
    int k = prng_int(r, 0, 99);
    b->inherit = k < 45 ? -1 : k < 60 ? 0 : prng_int(r, 1, 4);
}

void cg_tree(cg *g, int n, bool extremes)
{
    g->n = n;
    for (int i = 0; i < n; i++) {
        int parent = -1;
        if (i > 0) parent = prng_chance(g->r, 0.6) ? i - 1 : prng_int(g->r, 0, i - 1);
        cg_bone(g, i, parent, extremes);
    }
}

void cg_write_bones(cg *g, const probe_params *p)
{
    g->total = g->n;
    if (p->amplify) g->total = add_amplifiers(g->bone, g->n, g->chosen);
    write_bones(g->w, g->bone, g->total);
}

num cg_mix(prng *r)
{
    num m = { 0, draw_spelling(r) };
    int k = prng_int(r, 0, 99);
    if (k < 30) m.v = 1;
    else if (k < 40) m.v = 0;
    else if (k < 70) m.v = prng_unit(r);
    else if (k < 82) m.v = prng_int(r, 1, 99) / 100.0;
    else if (k < 88) m.v = 0.5;
    else if (k < 94) m.v = -prng_unit(r);
    else m.v = 1 + prng_unit(r);
    return m;
}

int cg_times(prng *r, double *t, int max)
{
    int n = prng_int(r, 1, max);
    bool grid = prng_chance(r, 0.6);
    double at = prng_chance(r, 0.7) ? 0 : (grid ? prng_int(r, 1, 10) / 30.0 : prng_unit(r) * 0.5);
    for (int i = 0; i < n; i++) {
        t[i] = at;
        if (prng_chance(r, 0.06)) continue; /* a shared time */
        if (grid) at += prng_int(r, 1, 12) / 30.0;
        else at += prng_unit(r) * 0.6 + 0.001;
    }
    return n;
}

void cg_time(cg *g, double t)
{
    if (t == 0 && prng_chance(g->r, 0.4)) return;
    jw_number(g->w, "time", t, draw_spelling(g->r));
}

void cg_curve(cg *g, int channels, double t1, double t2, const double *v1, const double *v2)
{
    prng *r = g->r;
    int k = prng_int(r, 0, 99);
    if (k < 40) return;
    if (k < 55) {
        jw_string(g->w, "curve", "stepped");
        return;
    }
    jw_array(g->w, "curve", false);
    double span = t2 - t1;
    for (int c = 0; c < channels; c++) {
        double dv = v2[c] - v1[c];
        double x1 = t1 + span * prng_unit(r);
        double y1 = v1[c] + dv * (prng_unit(r) * 1.6 - 0.3);
        double x2 = t1 + span * prng_unit(r);
        double y2 = v1[c] + dv * (prng_unit(r) * 1.6 - 0.3);
        if (!isfinite(y1) || !isfinite(y2)) y1 = y2 = 0;
        jw_number(g->w, NULL, x1, JW_SHORTEST);
        jw_number(g->w, NULL, y1, JW_SHORTEST);
        jw_number(g->w, NULL, x2, JW_SHORTEST);
        jw_number(g->w, NULL, y2, JW_SHORTEST);
    }
    jw_end(g->w);
}

/* A curve timeline of `channels` values per key named by `keys`, values of `kind` (draw_value). */
static void values_timeline(cg *g, const char *name, int channels, const char *const *keys, int kind)
{
    prng *r = g->r;
    double t[CG_MAX_KEYS], v[CG_MAX_KEYS][2];
    int n = cg_times(r, t, CG_MAX_KEYS);
    for (int i = 0; i < n; i++)
        for (int c = 0; c < channels; c++) v[i][c] = draw_value(r, kind);
    jw_array(g->w, name, false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        cg_time(g, t[i]);
        for (int c = 0; c < channels; c++) jw_number(g->w, keys[c], v[i][c], draw_spelling(r));
        if (i + 1 < n) cg_curve(g, channels, t[i], t[i + 1], v[i], v[i + 1]);
        jw_end(g->w);
    }
    jw_end(g->w);
}

void cg_bone_timelines(cg *g, int b)
{
    static const char *const names[11] = { "rotate", "translate", "translatex", "translatey", "scale", "scalex",
                                           "scaley", "shear", "shearx", "sheary", "inherit" };
    static const int kinds[11] = { 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0 };
    static const char *const one[1] = { "value" };
    static const char *const two[2] = { "x", "y" };
    prng *r = g->r;
    bool used[11] = { false };
    int count = prng_int(r, 1, 3);
    jw_object(g->w, g->bone[b].name, false);
    for (int i = 0; i < count; i++) {
        int k = prng_int(r, 0, 10);
        if (used[k]) continue;
        used[k] = true;
        if (k == 10) {
            double t[CG_MAX_KEYS];
            int n = cg_times(r, t, 3);
            jw_array(g->w, "inherit", false);
            for (int j = 0; j < n; j++) {
                jw_object(g->w, NULL, false);
                cg_time(g, t[j]);
                jw_string(g->w, "inherit", inherit_names[prng_int(r, 0, 4)]);
                jw_end(g->w);
            }
            jw_end(g->w);
            continue;
        }
        bool pair = k == 1 || k == 4 || k == 7;
        values_timeline(g, names[k], pair ? 2 : 1, pair ? two : one, kinds[k]);
    }
    jw_end(g->w);
}

void cg_keyed_bones(cg *g, int keyed, int n)
{
    if (keyed == 0) return;
    bool done[CG_MAX_BONES] = { false };
    jw_object(g->w, "bones", true);
    for (int k = 0; k < keyed; k++) {
        int b = prng_int(g->r, 0, n - 1);
        if (done[b]) continue;
        done[b] = true;
        cg_bone_timelines(g, b);
    }
    jw_end(g->w);
}

void cg_animations(cg *g, int n, int count, double chance, const char *kind, const char *prefix,
                   void (*timeline)(cg *g, const char *name))
{
    prng *r = g->r;
    jw *w = g->w;
    int anims = prng_int(r, 0, 2);
    if (anims == 0) return;
    jw_object(w, "animations", true);
    for (int a = 0; a < anims; a++) {
        char name[16];
        snprintf(name, sizeof name, "anim%d", a);
        jw_object(w, name, true);
        cg_keyed_bones(g, prng_int(r, 0, 3), n);
        if (prng_chance(r, chance)) {
            jw_object(w, kind, true);
            for (int c = 0; c < count; c++) {
                if (c > 0 && !prng_chance(r, 0.6)) continue;
                char cname[16];
                snprintf(cname, sizeof cname, "%s%d", prefix, c);
                timeline(g, cname);
            }
            jw_end(w);
        }
        jw_end(w);
    }
    jw_end(w);
}

void cg_timeline1(cg *g, const char *name, num (*draw)(prng *))
{
    prng *r = g->r;
    double t[CG_MAX_KEYS], v[CG_MAX_KEYS];
    int n = cg_times(r, t, CG_MAX_KEYS);
    for (int i = 0; i < n; i++) v[i] = (draw ? draw(r) : cg_mix(r)).v;
    jw_array(g->w, name, false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        cg_time(g, t[i]);
        if (!prng_chance(r, 0.05)) jw_number(g->w, "value", v[i], draw_spelling(r));
        if (i + 1 < n) cg_curve(g, 1, t[i], t[i + 1], &v[i], &v[i + 1]);
        jw_end(g->w);
    }
    jw_end(g->w);
}

void cg_ik_timeline(cg *g, const char *name)
{
    prng *r = g->r;
    double t[CG_MAX_KEYS], v[CG_MAX_KEYS][2];
    int n = cg_times(r, t, CG_MAX_KEYS);
    for (int i = 0; i < n; i++) {
        v[i][0] = cg_mix(r).v;
        v[i][1] = prng_chance(r, 0.5) ? 0 : prng_unit(r) * 50;
    }
    jw_array(g->w, name, false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        cg_time(g, t[i]);
        if (prng_chance(r, 0.9)) jw_number(g->w, "mix", v[i][0], draw_spelling(r));
        if (prng_chance(r, 0.7)) jw_number(g->w, "softness", v[i][1], draw_spelling(r));
        if (prng_chance(r, 0.4)) jw_bool(g->w, "bendPositive", prng_chance(r, 0.5));
        if (prng_chance(r, 0.3)) jw_bool(g->w, "compress", prng_chance(r, 0.5));
        if (prng_chance(r, 0.3)) jw_bool(g->w, "stretch", prng_chance(r, 0.5));
        if (i + 1 < n) cg_curve(g, 2, t[i], t[i + 1], v[i], v[i + 1]);
        jw_end(g->w);
    }
    jw_end(g->w);
}

void cg_mix_timeline(cg *g, const char *name, int mixes)
{
    static const char *const keys[6] = { "mixRotate", "mixX", "mixY", "mixScaleX", "mixScaleY", "mixShearY" };
    prng *r = g->r;
    double t[CG_MAX_KEYS], v[CG_MAX_KEYS][6];
    int n = cg_times(r, t, CG_MAX_KEYS);
    for (int i = 0; i < n; i++)
        for (int c = 0; c < mixes; c++) v[i][c] = cg_mix(r).v;
    jw_array(g->w, name, false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        cg_time(g, t[i]);
        for (int c = 0; c < mixes; c++)
            if (prng_chance(r, 0.85)) jw_number(g->w, keys[c], v[i][c], draw_spelling(r));
        if (i + 1 < n) cg_curve(g, mixes, t[i], t[i + 1], v[i], v[i + 1]);
        jw_end(g->w);
    }
    jw_end(g->w);
}

void cg_options(cg *g, probe *out)
{
    if (prng_chance(g->r, 0.3)) snprintf(out->args, sizeof out->args, "--skin none --physics none --samples keys");
    else snprintf(out->args, sizeof out->args, "--skin none --physics none --samples %d", prng_int(g->r, 2, 9));
}

void cg_path_lengths(cg *g, int knots)
{
    jw_array(g->w, "lengths", false);
    double total = 0;
    for (int k = 0; k < knots; k++) {
        total += prng_int(g->r, 50, 400);
        jw_number(g->w, NULL, total, JW_SHORTEST);
    }
    jw_end(g->w);
}
