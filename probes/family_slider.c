/* Family `slider`: sliders (probes/README.md).
 *
 * Varies: random trees of 3 to 9 bones; one to three sliders, each applying one of the document's
 * animations, driven by its own time (0, fractions, beyond the animation, negative) or by a bone's
 * property (any of the six, local or world; from, to, scale, max), looped or not, additive or not, its
 * mix (0, 1, fractions, negative, above 1); now and then an IK or transform constraint before, between
 * or after them, reading or moving the bones the sliders key. The animations key one to three bones with
 * bone timelines, and now and then the other constraints' timelines, the sliders' own time and mix,
 * and a slider's dial bone; in about half the documents one to three slots (some with a dark color) whose
 * colors (rgba, rgb, alpha, rgba2 and rgb2, now and then on a slot without a dark color), attachments (names of nothing) and draw order
 * the animations key (a slider keying them writes the applied copies, which the dump does not show).
 * Options: the samples (2 to 9 or the key times).
 * Amplified: amplifiers on every bone. */
#include "congen.h"

#include <stdio.h>

static const char *const properties[6] = { "rotate", "x", "y", "scaleX", "scaleY", "shearY" };

static void hex_color(prng *r, char *out, int channels)
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < channels * 2; i += 2) {
        int v = prng_chance(r, 0.3) ? (prng_chance(r, 0.5) ? 0 : 255) : prng_int(r, 0, 255);
        out[i] = digits[v >> 4], out[i + 1] = digits[v & 15];
    }
    out[channels * 2] = '\0';
}

/* A slot's color timelines (rgba, rgb, alpha; rgba2 and rgb2 on a slot with a dark color) and now and
 * then an attachment timeline (names the document does not hold: none). */
static void slot_timelines(cg *g, int slot, bool dark)
{
    prng *r = g->r;
    jw *w = g->w;
    char name[16], hex[9], hex2[9];
    snprintf(name, sizeof name, "sl%d", slot);
    jw_object(w, name, false);
    int kind = prng_int(r, 0, dark || prng_chance(r, 0.15) ? 4 : 2); /* two-color without dark: throws */
    static const char *const kinds[5] = { "rgba", "rgb", "alpha", "rgba2", "rgb2" };
    double t[CG_MAX_KEYS];
    int n = cg_times(r, t, CG_MAX_KEYS);
    jw_array(w, kinds[kind], false);
    for (int i = 0; i < n; i++) {
        jw_object(w, NULL, false);
        cg_time(g, t[i]);
        if (kind == 2) {
            jw_number(w, "value", prng_chance(r, 0.1) ? 1.5 : prng_unit(r), JW_SHORTEST);
        } else if (kind <= 1) {
            hex_color(r, hex, kind == 0 ? 4 : 3);
            jw_string(w, "color", hex);
        } else {
            hex_color(r, hex, kind == 3 ? 4 : 3);
            hex_color(r, hex2, 3);
            jw_string(w, "light", hex);
            jw_string(w, "dark", hex2);
        }
        if (i + 1 < n && prng_chance(r, 0.3)) jw_string(w, "curve", "stepped");
        jw_end(w);
    }
    jw_end(w);
    if (prng_chance(r, 0.3)) {
        jw_array(w, "attachment", false);
        n = cg_times(r, t, 3);
        for (int i = 0; i < n; i++) {
            jw_object(w, NULL, false);
            cg_time(g, t[i]);
            if (prng_chance(r, 0.7)) jw_string(w, "name", "nothing");
            jw_end(w);
        }
        jw_end(w);
    }
    jw_end(w);
}

/* A draw order timeline over `slots` slots: keys of one offset each, or none (the setup order). */
static void draw_order_timeline(cg *g, int slots)
{
    prng *r = g->r;
    jw *w = g->w;
    double t[CG_MAX_KEYS];
    int n = cg_times(r, t, 4);
    jw_array(w, "drawOrder", false);
    for (int i = 0; i < n; i++) {
        jw_object(w, NULL, false);
        cg_time(g, t[i]);
        if (prng_chance(r, 0.8)) {
            int k = prng_int(r, 0, slots - 1);
            char name[16];
            snprintf(name, sizeof name, "sl%d", k);
            jw_array(w, "offsets", false);
            jw_object(w, NULL, false);
            jw_string(w, "slot", name);
            jw_number(w, "offset", prng_int(r, -k, slots - 1 - k), JW_SHORTEST);
            jw_end(w);
            jw_end(w);
        }
        jw_end(w);
    }
    jw_end(w);
}

static num slider_time(prng *r)
{
    num n = { 0, draw_spelling(r) };
    int k = prng_int(r, 0, 99);
    if (k < 15) n.v = 0;
    else if (k < 60) n.v = prng_unit(r) * 1.5;
    else if (k < 80) n.v = prng_int(r, 0, 60) / 30.0;
    else if (k < 90) n.v = -prng_unit(r);
    else n.v = 2 + prng_unit(r) * 5;
    return n;
}

static num from_value(prng *r, int property)
{
    switch (property) {
    case 0: return draw_angle(r, false);
    case 1: case 2: return draw_coord(r, false);
    case 3: case 4: { num n = { prng_unit(r) * 2 - 0.5, JW_SHORTEST }; return n; }
    default: return draw_shear(r, false);
    }
}

static num slider_scale(prng *r)
{
    num n = { 1, draw_spelling(r) };
    int k = prng_int(r, 0, 99);
    if (k < 20) n.v = 1;
    else if (k < 50) n.v = prng_unit(r) * 0.05;
    else if (k < 75) n.v = prng_unit(r) * 2 - 1;
    else if (k < 85) n.v = prng_int(r, -100, 100) / 1000.0;
    else if (k < 92) n.v = 0;
    else n.v = prng_unit(r) * 20;
    return n;
}

bool probe_slider(const probe_params *p, probe *out)
{
    prng r = prng_stream(p->seed, prng_hash("slider"), (uint64_t)p->index);
    static cg g;
    cg_init(&g, &r, &out->doc);
    int n = prng_int(&r, 3, 9);
    cg_tree(&g, n, prng_chance(&r, 0.05));
    for (int i = 0; i < n; i++) g.chosen[i] = true;

    int sliders = prng_int(&r, 1, 3);
    int anims = prng_int(&r, 1, 3);
    /* Other constraints: 0 none, 1 ik, 2 transform; placed at a position among the sliders. */
    int other = prng_chance(&r, 0.4) ? prng_int(&r, 1, 2) : 0;
    int other_at = prng_int(&r, 0, sliders);
    int total = sliders + (other ? 1 : 0);

    char shape[96];
    snprintf(shape, sizeof shape, "%d bones, %d sliders, %d animations%s", n, sliders, anims,
             other == 1 ? ", an IK constraint" : other == 2 ? ", a transform constraint" : "");
    cg_begin(&g, p, "slider", shape);
    cg_write_bones(&g, p);
    jw *w = g.w;

    /* Slots for the animations' slot and draw order timelines (none in about half the documents). */
    int slots = prng_chance(&r, 0.5) ? prng_int(&r, 1, 3) : 0;
    bool dark[3] = { false, false, false };
    if (slots) {
        jw_array(w, "slots", true);
        for (int i = 0; i < slots; i++) {
            char name[16], hex[9];
            snprintf(name, sizeof name, "sl%d", i);
            jw_object(w, NULL, false);
            jw_string(w, "name", name);
            jw_string(w, "bone", g.bone[prng_int(&r, 0, n - 1)].name);
            if (prng_chance(&r, 0.4)) {
                hex_color(&r, hex, 4);
                jw_string(w, "color", hex);
            }
            if ((dark[i] = prng_chance(&r, 0.4))) {
                hex_color(&r, hex, 3);
                jw_string(w, "dark", hex);
            }
            jw_end(w);
        }
        jw_end(w);
    }

    jw_array(w, "constraints", true);
    for (int c = 0, s = 0; c < total; c++) {
        jw_object(w, NULL, false);
        if (other && c == other_at) {
            int b = prng_int(&r, 1, n - 1);
            int t = prng_int(&r, 0, n - 1);
            if (other == 1) {
                jw_string(w, "type", "ik");
                jw_string(w, "name", "ik");
                jw_array(w, "bones", false);
                jw_string(w, NULL, g.bone[b].name);
                jw_end(w);
                jw_string(w, "target", g.bone[t].name);
                if (prng_chance(&r, 0.5)) {
                    num m = cg_mix(&r);
                    jw_number(w, "mix", m.v, m.sp);
                }
            } else {
                jw_string(w, "type", "transform");
                jw_string(w, "name", "tc");
                jw_array(w, "bones", false);
                jw_string(w, NULL, g.bone[b].name);
                jw_end(w);
                jw_string(w, "source", g.bone[t].name);
                if (prng_chance(&r, 0.4)) jw_bool(w, "localSource", true);
                if (prng_chance(&r, 0.4)) jw_bool(w, "localTarget", true);
                jw_object(w, "properties", false);
                jw_object(w, properties[prng_int(&r, 0, 5)], false);
                jw_object(w, "to", false);
                jw_object(w, properties[prng_int(&r, 0, 5)], false);
                jw_end(w);
                jw_end(w);
                jw_end(w);
                jw_end(w);
            }
            jw_end(w);
            continue;
        }
        char name[16], anim[16];
        snprintf(name, sizeof name, "s%d", s++);
        snprintf(anim, sizeof anim, "anim%d", prng_int(&r, 0, anims - 1));
        jw_string(w, "type", "slider");
        jw_string(w, "name", name);
        if (prng_chance(&r, 0.98)) jw_string(w, "animation", anim);
        if (prng_chance(&r, 0.3)) jw_bool(w, "loop", prng_chance(&r, 0.8));
        if (prng_chance(&r, 0.3)) jw_bool(w, "additive", prng_chance(&r, 0.8));
        if (prng_chance(&r, 0.6)) {
            num m = cg_mix(&r);
            jw_number(w, "mix", m.v, m.sp);
        }
        if (prng_chance(&r, 0.5)) {
            int property = prng_int(&r, 0, 5);
            jw_string(w, "bone", g.bone[prng_int(&r, 0, n - 1)].name);
            jw_string(w, "property", properties[property]);
            if (prng_chance(&r, 0.6)) {
                num f = from_value(&r, property);
                jw_number(w, "from", f.v, f.sp);
            }
            if (prng_chance(&r, 0.6)) {
                num t = slider_time(&r);
                jw_number(w, "to", t.v, t.sp);
            }
            if (prng_chance(&r, 0.8)) {
                num s2 = slider_scale(&r);
                jw_number(w, "scale", s2.v, s2.sp);
            }
            if (prng_chance(&r, 0.2)) jw_number(w, "max", prng_int(&r, 0, 100), JW_SHORTEST);
            if (prng_chance(&r, 0.4)) jw_bool(w, "local", prng_chance(&r, 0.8));
        } else if (prng_chance(&r, 0.8)) {
            num t = slider_time(&r);
            jw_number(w, "time", t.v, t.sp);
        }
        jw_end(w);
    }
    jw_end(w);

    jw_object(w, "animations", true);
    for (int a = 0; a < anims; a++) {
        char name[16];
        snprintf(name, sizeof name, "anim%d", a);
        jw_object(w, name, true);
        cg_keyed_bones(&g, prng_int(&r, a == 0 ? 1 : 0, 3), n);
        if (other == 1 && prng_chance(&r, 0.3)) {
            jw_object(w, "ik", true);
            cg_ik_timeline(&g, "ik");
            jw_end(w);
        }
        if (other == 2 && prng_chance(&r, 0.3)) {
            jw_object(w, "transform", true);
            cg_mix_timeline(&g, "tc", 6);
            jw_end(w);
        }
        if (slots && prng_chance(&r, 0.5)) {
            jw_object(w, "slots", true);
            for (int i = 0; i < slots; i++)
                if (prng_chance(&r, 0.6)) slot_timelines(&g, i, dark[i]);
            jw_end(w);
        }
        if (slots && prng_chance(&r, 0.3)) draw_order_timeline(&g, slots);
        if (prng_chance(&r, 0.35)) {
            jw_object(w, "slider", true);
            int s = prng_int(&r, 0, sliders - 1);
            char sname[16];
            snprintf(sname, sizeof sname, "s%d", s);
            jw_object(w, sname, false);
            if (prng_chance(&r, 0.6)) cg_timeline1(&g, "time", slider_time);
            if (prng_chance(&r, 0.6)) cg_timeline1(&g, "mix", NULL);
            jw_end(w);
            jw_end(w);
        }
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
    cg_options(&g, out);
    return !w->failed;
}
