/* Family `timeline`: random animations with every kind of timeline the core applies (issue 7).
 *
 * Varies: small bone trees (every inherit mode, skin-required bones), slots with and without a setup
 * attachment, colors and dark colors; regions, regions with sequences, unweighted and weighted meshes,
 * linked meshes inheriting timelines or not, in their source's slot or another, a second skin; events with payloads and audio. One to
 * three animations, each with random timelines: rotate, translate, translatex/y, scale, scalex/y,
 * shear, shearx/y, inherit; attachment, rgba, rgb, alpha, rgba2, rgb2; deform (sparse runs with
 * offsets, keys without vertices), sequence (all seven modes, delays inherited, 0 and negative, indices
 * beyond the count and negative); draw order and draw order folders; events. Keys: one to seven (one
 * timeline in twenty: 17 to 96, past the key search's scan limit, animation.h), first
 * key at 0 or later, times on a 1/30 grid (not float32) or random, shared times, float32 neighbours,
 * now and then negative or out of order; curves linear, stepped or bezier with handles inside the
 * segment, beyond it in time and far beyond in value. Options: the skin (none, all, one) and the
 * samples (`keys`, 200, or 2 to 60). */
#include "probegen.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

bool probe_timeline(const probe_params *p, probe *out);

#define MAX_BONES 6
#define MAX_SLOTS 6
#define MAX_KEYS 96  /* keys a timeline holds at most (a long one); most hold up to 4, 5 or 7 */
#define LONG_KEYS 17 /* a long timeline's fewest keys: more than PC_KEY_SCAN_MAX (core/src/animation.h) */

enum { ATT_NONE, ATT_REGION, ATT_SEQUENCE, ATT_MESH, ATT_WEIGHTED };

typedef struct gen_slot {
    int bone;
    int kind;          /* the attachment kind of the slot's attachments (ATT_*) */
    bool setup;        /* has a setup attachment */
    bool dark;
    int vertices;      /* mesh: deform length (unweighted: 2 per vertex; weighted: 2 per weight) */
    int regions;       /* sequence: region count */
    bool linked;       /* a linked mesh `l` of `a` in the same slot */
} gen_slot;

typedef struct gen {
    prng *r;
    jw *w;
    int bones, slots, events;
    gen_bone bone[MAX_BONES];
    gen_slot slot[MAX_SLOTS];
    bool constraints;  /* the mixing documents: a constraint of each kind and their timelines */
    bool slider;       /* and a slider */
} gen;

static double f32_next(double x)
{
    return nextafterf((float)x, INFINITY);
}

/* Key times: ascending, first at 0 or later; a 1/30 grid or random decimals; shared times, float32
 * neighbours; rarely negative or out of order. */
static int draw_times(prng *r, double *t, int max)
{
    int n = prng_chance(r, 0.05) ? prng_int(r, LONG_KEYS, MAX_KEYS) : prng_int(r, 1, max);
    bool grid = prng_chance(r, 0.5);
    double at = prng_chance(r, 0.6) ? 0 : (grid ? prng_int(r, 1, 10) / 30.0 : prng_unit(r) * 0.5);
    if (prng_chance(r, 0.04)) at = -prng_unit(r);
    for (int i = 0; i < n; i++) {
        t[i] = at;
        int k = prng_int(r, 0, 99);
        if (k < 8) {
            /* a shared time: at stays */
        } else if (k < 14) {
            at = f32_next(at); /* the next float32 */
        } else if (grid) {
            at += prng_int(r, 1, 12) / 30.0;
        } else {
            at += prng_unit(r) * 0.6 + 0.001;
        }
    }
    if (n > 2 && prng_chance(r, 0.03)) {
        int i = prng_int(r, 0, n - 2);
        double s = t[i];
        t[i] = t[i + 1] + 0.1;
        t[i + 1] = s;
    }
    return n;
}

static void time_member(gen *g, double t)
{
    if (t == 0 && !signbit(t) && prng_chance(g->r, 0.5)) return; /* omitted: 0 */
    jw_number(g->w, "time", t, draw_spelling(g->r));
}

/* A key's curve to the next key: none (linear), stepped, or a bezier per channel (cx1 cy1 cx2 cy2 as
 * times and values), handles mostly inside the segment, now and then beyond it. */
static void curve_member(gen *g, int channels, double t1, double t2, const double *v1, const double *v2)
{
    prng *r = g->r;
    int k = prng_int(r, 0, 99);
    if (k < 35) return;
    if (k < 50) {
        jw_string(g->w, "curve", "stepped");
        return;
    }
    jw_array(g->w, "curve", false);
    double span = t2 - t1;
    for (int c = 0; c < channels; c++) {
        double dv = v2[c] - v1[c];
        bool wild = prng_chance(r, 0.12);
        double x1 = t1 + span * (wild ? prng_unit(r) * 3 - 1 : prng_unit(r));
        double y1 = v1[c] + dv * (wild ? prng_unit(r) * 8 - 4 : prng_unit(r) * 1.6 - 0.3);
        double x2 = t1 + span * (wild ? prng_unit(r) * 3 - 1 : prng_unit(r));
        double y2 = v1[c] + dv * (wild ? prng_unit(r) * 8 - 4 : prng_unit(r) * 1.6 - 0.3);
        if (prng_chance(r, 0.1)) y1 = v1[c], y2 = v2[c];
        if (!isfinite(y1)) y1 = v1[c]; /* far beyond huge values overflows: JSON cannot spell it */
        if (!isfinite(y2)) y2 = v2[c];
        if (!isfinite(y1) || !isfinite(y2)) y1 = y2 = 0;
        jw_number(g->w, NULL, x1, JW_SHORTEST);
        jw_number(g->w, NULL, y1, JW_SHORTEST);
        jw_number(g->w, NULL, x2, JW_SHORTEST);
        jw_number(g->w, NULL, y2, JW_SHORTEST);
    }
    jw_end(g->w);
}

/* A curve timeline of one or two values per key (names: "value", or "x" and "y"), values of `kind`. */
static void curve_timeline(gen *g, const char *name, int channels, int kind, bool omit_values)
{
    prng *r = g->r;
    double t[MAX_KEYS], v[MAX_KEYS][4];
    int n = draw_times(r, t, 7);
    for (int i = 0; i < n; i++)
        for (int c = 0; c < channels; c++) v[i][c] = draw_value(r, kind);
    jw_array(g->w, name, false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        time_member(g, t[i]);
        for (int c = 0; c < channels; c++) {
            const char *key = channels == 1 ? "value" : c == 0 ? "x" : "y";
            if (omit_values && prng_chance(r, 0.1)) continue; /* the default */
            jw_number(g->w, key, v[i][c], draw_spelling(r));
        }
        if (i + 1 < n) curve_member(g, channels, t[i], t[i + 1], v[i], v[i + 1]);
        jw_end(g->w);
    }
    jw_end(g->w);
}

static void bone_timelines(gen *g)
{
    prng *r = g->r;
    static const char *const names[] = { "rotate", "translate", "translatex", "translatey", "scale", "scalex",
                                         "scaley", "shear", "shearx", "sheary", "inherit" };
    static const int channels[] = { 1, 2, 1, 1, 2, 1, 1, 2, 1, 1, 0 };
    static const int kinds[] = { 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0 };
    jw_object(g->w, "bones", false);
    for (int b = 0; b < g->bones; b++) {
        if (!prng_chance(r, 0.6)) continue;
        jw_object(g->w, g->bone[b].name, false);
        int used = 0;
        for (int k = 0; k < 11; k++) {
            if (!prng_chance(r, used == 0 && k == 10 ? 0.5 : 0.25)) continue;
            used++;
            if (k == 10) {
                double t[MAX_KEYS];
                int n = draw_times(r, t, 4);
                jw_array(g->w, "inherit", false);
                for (int i = 0; i < n; i++) {
                    jw_object(g->w, NULL, false);
                    time_member(g, t[i]);
                    if (prng_chance(r, 0.85)) jw_string(g->w, "inherit", inherit_names[prng_int(r, 0, 4)]);
                    jw_end(g->w);
                }
                jw_end(g->w);
            } else {
                curve_timeline(g, names[k], channels[k], kinds[k], true);
            }
        }
        jw_end(g->w);
    }
    jw_end(g->w);
}

static void color_text(prng *r, char *out, bool alpha)
{
    static const char *const hex = "0123456789abcdef";
    int n = alpha ? 8 : 6;
    for (int i = 0; i < n; i++) {
        int k = prng_int(r, 0, 99);
        out[i] = k < 25 ? 'f' : k < 40 ? '0' : hex[prng_int(r, 0, 15)];
    }
    out[n] = '\0';
}

/* A color value 0..1 as the reader makes it from two hex digits. */
static double hex_value(const char *s)
{
    int v = 0;
    for (int i = 0; i < 2; i++) v = v * 16 + (s[i] <= '9' ? s[i] - '0' : s[i] - 'a' + 10);
    return v / 255.0;
}

/* rgba, rgb, rgba2, rgb2: keys of colors ("color", or "light" and "dark"), a bezier per channel. */
static void color_timeline(gen *g, const char *name, bool alpha, bool two)
{
    prng *r = g->r;
    double t[MAX_KEYS];
    char light[MAX_KEYS][9], dark[MAX_KEYS][9];
    int n = draw_times(r, t, 5);
    for (int i = 0; i < n; i++) {
        color_text(r, light[i], alpha);
        color_text(r, dark[i], false);
    }
    jw_array(g->w, name, false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        time_member(g, t[i]);
        jw_string(g->w, two ? "light" : "color", light[i]);
        if (two) jw_string(g->w, "dark", dark[i]);
        if (i + 1 < n) {
            double v1[7], v2[7];
            int c = 0;
            for (int k = 0; k < (alpha ? 4 : 3); k++, c++) v1[c] = hex_value(light[i] + 2 * k), v2[c] = hex_value(light[i + 1] + 2 * k);
            for (int k = 0; two && k < 3; k++, c++) v1[c] = hex_value(dark[i] + 2 * k), v2[c] = hex_value(dark[i + 1] + 2 * k);
            curve_member(g, c, t[i], t[i + 1], v1, v2);
        }
        jw_end(g->w);
    }
    jw_end(g->w);
}

static void alpha_timeline(gen *g)
{
    prng *r = g->r;
    double t[MAX_KEYS], v[MAX_KEYS][1];
    int n = draw_times(r, t, 5);
    for (int i = 0; i < n; i++) v[i][0] = prng_chance(r, 0.2) ? prng_unit(r) * 3 - 1 : prng_unit(r);
    jw_array(g->w, "alpha", false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        time_member(g, t[i]);
        jw_number(g->w, "value", v[i][0], JW_SHORTEST);
        if (i + 1 < n) curve_member(g, 1, t[i], t[i + 1], v[i], v[i + 1]);
        jw_end(g->w);
    }
    jw_end(g->w);
}

/* The names an attachment key may give a slot: its own attachments, another slot's, none, unknown. */
static void attachment_timeline(gen *g, int s)
{
    prng *r = g->r;
    double t[MAX_KEYS];
    int n = draw_times(r, t, 5);
    jw_array(g->w, "attachment", false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        time_member(g, t[i]);
        int k = prng_int(r, 0, 99);
        if (k < 35) jw_string(g->w, "name", "a");
        else if (k < 55) jw_string(g->w, "name", "b");
        else if (k < 65 && g->slot[s].linked) jw_string(g->w, "name", "l");
        else if (k < 75) jw_raw(g->w, "name", "null");
        else if (k < 85) jw_string(g->w, "name", "missing");
        /* else: no name (none) */
        jw_end(g->w);
    }
    jw_end(g->w);
}

static void slot_timelines(gen *g)
{
    prng *r = g->r;
    jw_object(g->w, "slots", false);
    for (int s = 0; s < g->slots; s++) {
        if (!prng_chance(r, 0.6)) continue;
        char name[16];
        snprintf(name, sizeof name, "s%d", s);
        jw_object(g->w, name, false);
        if (prng_chance(r, 0.4)) attachment_timeline(g, s);
        if (prng_chance(r, 0.25)) color_timeline(g, "rgba", true, false);
        if (prng_chance(r, 0.2)) color_timeline(g, "rgb", false, false);
        if (prng_chance(r, 0.2)) alpha_timeline(g);
        /* Two-color timelines on a slot without a dark color make the runtime throw: rarely. */
        if (prng_chance(r, g->slot[s].dark ? 0.3 : 0.01)) color_timeline(g, "rgba2", true, true);
        if (prng_chance(r, g->slot[s].dark ? 0.2 : 0.005)) color_timeline(g, "rgb2", false, true);
        jw_end(g->w);
    }
    jw_end(g->w);
}

static void deform_timeline(gen *g, int s)
{
    prng *r = g->r;
    double t[MAX_KEYS];
    int n = draw_times(r, t, 5), len = g->slot[s].vertices;
    jw_array(g->w, "deform", false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        time_member(g, t[i]);
        if (prng_chance(r, 0.85)) {
            int offset = prng_chance(r, 0.4) ? 0 : prng_int(r, 0, len - 1);
            int run = prng_int(r, 1, len - offset);
            if (offset > 0 || prng_chance(r, 0.3)) jw_number(g->w, "offset", offset, JW_SHORTEST);
            jw_array(g->w, "vertices", false);
            for (int v = 0; v < run; v++) {
                double value = draw_coord(r, false).v;
                jw_number(g->w, NULL, value, draw_spelling(r));
            }
            jw_end(g->w);
        }
        static const double zero[1] = { 0 }, one[1] = { 1 };
        if (i + 1 < n) curve_member(g, 1, t[i], t[i + 1], zero, one);
        jw_end(g->w);
    }
    jw_end(g->w);
}

static const char *const sequence_modes[7] = { "hold", "once", "loop", "pingpong", "onceReverse", "loopReverse",
                                                "pingpongReverse" };

static void sequence_timeline(gen *g)
{
    prng *r = g->r;
    double t[MAX_KEYS];
    int n = draw_times(r, t, 4);
    jw_array(g->w, "sequence", false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        time_member(g, t[i]);
        if (prng_chance(r, 0.9)) jw_string(g->w, "mode", sequence_modes[prng_int(r, 0, 6)]);
        if (prng_chance(r, 0.7)) jw_number(g->w, "index", prng_int(r, -2, 8), JW_SHORTEST);
        if (prng_chance(r, 0.8)) {
            int k = prng_int(r, 0, 99);
            double delay = k < 5 ? 0 : k < 10 ? -0.1 : prng_int(r, 1, 30) / 60.0;
            jw_number(g->w, "delay", delay, JW_SHORTEST);
        }
        jw_end(g->w);
    }
    jw_end(g->w);
}

static void attachment_timelines(gen *g)
{
    prng *r = g->r;
    bool any = false;
    for (int s = 0; s < g->slots; s++) {
        const gen_slot *sl = &g->slot[s];
        bool deform = (sl->kind == ATT_MESH || sl->kind == ATT_WEIGHTED) && prng_chance(r, 0.6);
        bool sequence = sl->kind == ATT_SEQUENCE && prng_chance(r, 0.7);
        if (!deform && !sequence) continue;
        if (!any) {
            jw_object(g->w, "attachments", false);
            jw_object(g->w, "default", false);
            any = true;
        }
        char name[16];
        snprintf(name, sizeof name, "s%d", s);
        jw_object(g->w, name, false);
        jw_object(g->w, prng_chance(r, 0.8) ? "a" : "b", false);
        if (deform) deform_timeline(g, s);
        if (sequence) sequence_timeline(g);
        jw_end(g->w);
        jw_end(g->w);
    }
    if (any) {
        jw_end(g->w);
        jw_end(g->w);
    }
}

/* Offsets moving k slots (ascending) of `names` to k distinct positions: always a valid order. */
static void offsets(gen *g, const int *slots, int n)
{
    prng *r = g->r;
    int pos[MAX_SLOTS], moved[MAX_SLOTS], k = 0;
    for (int i = 0; i < n; i++) pos[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = prng_int(r, 0, i), s = pos[i];
        pos[i] = pos[j], pos[j] = s;
    }
    for (int i = 0; i < n; i++)
        if (prng_chance(r, 0.5)) moved[k++] = i;
    jw_array(g->w, "offsets", false);
    for (int m = 0; m < k; m++) {
        char name[16];
        snprintf(name, sizeof name, "s%d", slots[moved[m]]);
        jw_object(g->w, NULL, false);
        jw_string(g->w, "slot", name);
        jw_number(g->w, "offset", pos[m] - moved[m], JW_SHORTEST);
        jw_end(g->w);
    }
    jw_end(g->w);
}

static void draw_order_keys(gen *g, const int *slots, int n)
{
    prng *r = g->r;
    double t[MAX_KEYS];
    int keys = draw_times(r, t, 4);
    for (int i = 0; i < keys; i++) {
        jw_object(g->w, NULL, false);
        time_member(g, t[i]);
        if (prng_chance(r, 0.8)) offsets(g, slots, n);
        jw_end(g->w);
    }
}

static void draw_order_timelines(gen *g)
{
    prng *r = g->r;
    if (g->slots < 2) return;
    int all[MAX_SLOTS];
    for (int i = 0; i < g->slots; i++) all[i] = i;
    if (prng_chance(r, 0.3)) {
        jw_array(g->w, "drawOrder", false);
        draw_order_keys(g, all, g->slots);
        jw_end(g->w);
    }
    if (prng_chance(r, 0.25)) {
        jw_array(g->w, "drawOrderFolder", false);
        int folders = prng_int(r, 1, 2);
        for (int f = 0; f < folders; f++) {
            int in[MAX_SLOTS], n = 0;
            for (int i = 0; i < g->slots; i++)
                if (prng_chance(r, 0.5)) in[n++] = i;
            if (n == 0) in[n++] = prng_int(r, 0, g->slots - 1);
            jw_object(g->w, NULL, false);
            jw_array(g->w, "slots", false);
            for (int i = 0; i < n; i++) {
                char name[16];
                snprintf(name, sizeof name, "s%d", in[i]);
                jw_string(g->w, NULL, name);
            }
            jw_end(g->w);
            jw_array(g->w, "keys", false);
            draw_order_keys(g, in, n);
            jw_end(g->w);
            jw_end(g->w);
        }
        jw_end(g->w);
    }
}

static void event_timeline(gen *g)
{
    prng *r = g->r;
    if (g->events == 0 || !prng_chance(r, 0.4)) return;
    double t[MAX_KEYS];
    int n = draw_times(r, t, 7);
    jw_array(g->w, "events", false);
    for (int i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "e%d", prng_int(r, 0, g->events - 1));
        jw_object(g->w, NULL, false);
        time_member(g, t[i]);
        jw_string(g->w, "name", name);
        if (prng_chance(r, 0.3)) jw_number(g->w, "int", prng_int(r, -5, 5), JW_SHORTEST);
        if (prng_chance(r, 0.3)) jw_number(g->w, "float", draw_coord(r, false).v, JW_SHORTEST);
        if (prng_chance(r, 0.2)) jw_string(g->w, "string", prng_chance(r, 0.5) ? "" : "key");
        if (prng_chance(r, 0.2)) jw_number(g->w, "volume", prng_unit(r), JW_SHORTEST);
        if (prng_chance(r, 0.2)) jw_number(g->w, "balance", prng_unit(r) * 2 - 1, JW_SHORTEST);
        jw_end(g->w);
    }
    jw_end(g->w);
}

static void write_mesh(gen *g, const gen_slot *sl, bool weighted)
{
    prng *r = g->r;
    jw_string(g->w, "type", "mesh");
    jw_raw(g->w, "uvs", "[ 0, 0, 1, 0, 1, 1, 0, 1 ]");
    jw_raw(g->w, "triangles", "[ 0, 1, 2, 2, 3, 0 ]");
    jw_array(g->w, "vertices", false);
    if (!weighted) {
        for (int v = 0; v < 8; v++) jw_number(g->w, NULL, draw_coord(r, false).v, JW_SHORTEST);
    } else {
        /* 4 vertices with one or two weights: sl->vertices / 2 weights in all (4 to 8). */
        int extra = sl->vertices / 2 - 4;
        for (int v = 0; v < 4; v++) {
            int count = v < extra ? 2 : 1;
            jw_number(g->w, NULL, count, JW_SHORTEST);
            for (int k = 0; k < count; k++) {
                jw_number(g->w, NULL, prng_int(r, 0, g->bones - 1), JW_SHORTEST);
                jw_number(g->w, NULL, draw_coord(r, false).v, JW_SHORTEST);
                jw_number(g->w, NULL, draw_coord(r, false).v, JW_SHORTEST);
                jw_number(g->w, NULL, count == 1 ? 1 : 0.5, JW_SHORTEST);
            }
        }
    }
    jw_end(g->w);
    jw_number(g->w, "hull", 4, JW_SHORTEST);
}

static void write_attachment(gen *g, const gen_slot *sl, const char *name, int variant)
{
    prng *r = g->r;
    jw_object(g->w, name, false);
    switch (sl->kind) {
    case ATT_REGION: case ATT_SEQUENCE:
        jw_number(g->w, "width", prng_int(r, 1, 50), JW_SHORTEST);
        jw_number(g->w, "height", prng_int(r, 1, 50), JW_SHORTEST);
        if (sl->kind == ATT_SEQUENCE) {
            jw_object(g->w, "sequence", false);
            jw_number(g->w, "count", sl->regions + (variant ? 1 : 0), JW_SHORTEST);
            if (prng_chance(r, 0.5)) jw_number(g->w, "setup", prng_int(r, 0, sl->regions - 1), JW_SHORTEST);
            jw_end(g->w);
        }
        break;
    case ATT_MESH: case ATT_WEIGHTED:
        write_mesh(g, sl, sl->kind == ATT_WEIGHTED);
        break;
    default:
        break;
    }
    jw_end(g->w);
}

/* ---- The constraints of the mixing documents (family_apply.c, family_mixing.c) ---------------------- */

static num mix_value(prng *r)
{
    int k = prng_int(r, 0, 99);
    num m = { 1, JW_SHORTEST };
    if (k < 25) m.v = 1;
    else if (k < 35) m.v = 0;
    else if (k < 90) m.v = prng_int(r, 0, 100) / 100.0;
    else m.v = prng_int(r, -50, 150) / 100.0;
    return m;
}

/* ik0 (one bone toward another), tf0 (rotate and x from a source), path0 on slot s0 (no path
 * attachment: its timelines set its pose only), ph0 (physics on a bone: nothing moves under
 * Physics.none), and now and then sl0, a slider applying anim0 by its time. */
static void write_constraints(gen *g)
{
    prng *r = g->r;
    jw *w = g->w;
    jw_array(w, "constraints", true);
    if (g->bones >= 2) {
        int b = prng_int(r, 1, g->bones - 1), t = prng_int(r, 0, g->bones - 1);
        jw_object(w, NULL, false);
        jw_string(w, "type", "ik");
        jw_string(w, "name", "ik0");
        jw_array(w, "bones", false);
        jw_string(w, NULL, g->bone[b].name);
        jw_end(w);
        jw_string(w, "target", g->bone[t].name);
        num m = mix_value(r);
        jw_number(w, "mix", m.v, m.sp);
        if (prng_chance(r, 0.3)) jw_bool(w, "bendPositive", false);
        jw_end(w);
    }
    int b = prng_int(r, 0, g->bones - 1), src = prng_int(r, 0, g->bones - 1);
    jw_object(w, NULL, false);
    jw_string(w, "type", "transform");
    jw_string(w, "name", "tf0");
    jw_array(w, "bones", false);
    jw_string(w, NULL, g->bone[b].name);
    jw_end(w);
    jw_string(w, "source", g->bone[src].name);
    jw_raw(w, "properties", "{ \"rotate\": { \"to\": { \"rotate\": {} } }, \"x\": { \"to\": { \"x\": {} } } }");
    num m = mix_value(r);
    jw_number(w, "mixRotate", m.v, m.sp);
    m = mix_value(r);
    jw_number(w, "mixX", m.v, m.sp);
    jw_end(w);
    if (g->slots > 0) {
        jw_object(w, NULL, false);
        jw_string(w, "type", "path");
        jw_string(w, "name", "path0");
        jw_array(w, "bones", false);
        jw_string(w, NULL, g->bone[prng_int(r, 0, g->bones - 1)].name);
        jw_end(w);
        jw_string(w, "slot", "s0");
        jw_number(w, "position", prng_unit(r), JW_SHORTEST);
        jw_end(w);
    }
    jw_object(w, NULL, false);
    jw_string(w, "type", "physics");
    jw_string(w, "name", "ph0");
    jw_string(w, "bone", g->bone[prng_int(r, 0, g->bones - 1)].name);
    jw_number(w, "rotate", 1, JW_SHORTEST);
    if (prng_chance(r, 0.5)) jw_bool(w, "inertiaGlobal", true);
    if (prng_chance(r, 0.5)) jw_bool(w, "mixGlobal", true);
    jw_end(w);
    if (g->slider) {
        jw_object(w, NULL, false);
        jw_string(w, "type", "slider");
        jw_string(w, "name", "sl0");
        jw_string(w, "animation", "anim0");
        jw_number(w, "time", prng_unit(r), JW_SHORTEST);
        if (prng_chance(r, 0.4)) jw_bool(w, "loop", true);
        m = mix_value(r);
        jw_number(w, "mix", m.v, m.sp);
        jw_end(w);
    }
    jw_end(w);
}

/* One value a key of `name` (values drawn by mix_value, or as angles when `angles`). */
static void value_timeline(gen *g, const char *name, bool angles)
{
    prng *r = g->r;
    double t[MAX_KEYS], v[MAX_KEYS][1];
    int n = draw_times(r, t, 5);
    for (int i = 0; i < n; i++) v[i][0] = angles ? draw_value(r, 0) : mix_value(r).v;
    jw_array(g->w, name, false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        time_member(g, t[i]);
        jw_number(g->w, "value", v[i][0], draw_spelling(r));
        if (i + 1 < n) curve_member(g, 1, t[i], t[i + 1], v[i], v[i + 1]);
        jw_end(g->w);
    }
    jw_end(g->w);
}

/* Keys of several mixes (`names`) a key. */
static void mixes_timeline(gen *g, const char *name, const char *const *names, int count)
{
    prng *r = g->r;
    double t[MAX_KEYS], v[MAX_KEYS][6];
    int n = draw_times(r, t, 5);
    for (int i = 0; i < n; i++)
        for (int c = 0; c < count; c++) v[i][c] = mix_value(r).v;
    jw_array(g->w, name, false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        time_member(g, t[i]);
        for (int c = 0; c < count; c++)
            if (prng_chance(r, 0.85)) jw_number(g->w, names[c], v[i][c], JW_SHORTEST);
        if (names[0][0] == 'm' && names[0][1] == 'i' && names[0][2] == 'x' && names[0][3] == '\0') {
            if (prng_chance(r, 0.3)) jw_bool(g->w, "bendPositive", false);
            if (prng_chance(r, 0.3)) jw_bool(g->w, "stretch", true);
        }
        if (i + 1 < n) curve_member(g, count, t[i], t[i + 1], v[i], v[i + 1]);
        jw_end(g->w);
    }
    jw_end(g->w);
}

/* The constraint timelines of one animation (each kind now and then). */
static void constraint_timelines(gen *g, int a)
{
    prng *r = g->r;
    jw *w = g->w;
    static const char *const ik_names[2] = { "mix", "softness" };
    static const char *const tf_names[6] = { "mixRotate", "mixX", "mixY", "mixScaleX", "mixScaleY", "mixShearY" };
    static const char *const physics_names[7] = { "inertia", "strength", "damping", "mass", "wind", "gravity", "mix" };
    if (g->bones >= 2 && prng_chance(r, 0.4)) {
        jw_object(w, "ik", false);
        mixes_timeline(g, "ik0", ik_names, 2);
        jw_end(w);
    }
    if (prng_chance(r, 0.4)) {
        jw_object(w, "transform", false);
        mixes_timeline(g, "tf0", tf_names, 6);
        jw_end(w);
    }
    if (g->slots > 0 && prng_chance(r, 0.4)) {
        jw_object(w, "path", false);
        jw_object(w, "path0", false);
        int k = prng_int(r, 0, 2);
        if (k == 0) value_timeline(g, "position", false);
        else if (k == 1) value_timeline(g, "spacing", false);
        else mixes_timeline(g, "mix", tf_names, 3);
        jw_end(w);
        jw_end(w);
    }
    if (prng_chance(r, 0.4)) {
        jw_object(w, "physics", false);
        jw_object(w, prng_chance(r, 0.3) ? "" : "ph0", false);
        int n = prng_int(r, 1, 2);
        for (int k = 0; k < n; k++) value_timeline(g, physics_names[prng_int(r, 0, 6)], false);
        jw_end(w);
        jw_end(w);
    }
    if (g->slider && a > 0 && prng_chance(r, 0.4)) {
        jw_object(w, "slider", false);
        jw_object(w, "sl0", false);
        value_timeline(g, prng_chance(r, 0.5) ? "time" : "mix", false);
        jw_end(w);
        jw_end(w);
    }
}

bool timeline_document(const probe_params *p, prng *rp, jw *w, const char *family, bool mixing,
                       timeline_doc *info)
{
    prng r = *rp;
    gen g = { 0 };
    g.r = &r;
    g.w = w;

    g.bones = prng_int(&r, 1, MAX_BONES);
    bool required = prng_chance(&r, 0.15);
    for (int i = 0; i < g.bones; i++) {
        gen_bone *b = &g.bone[i];
        snprintf(b->name, sizeof b->name, "b%d", i);
        b->parent = i == 0 ? -1 : prng_int(&r, 0, i - 1);
        for (int f = 0; f < BF_COUNT; f++) {
            b->has[f] = prng_chance(&r, 0.5);
            if (!b->has[f]) continue;
            switch (f) {
            case BF_X: case BF_Y: b->field[f] = draw_coord(&r, false); break;
            case BF_ROTATION: b->field[f] = draw_angle(&r, false); break;
            case BF_SCALE_X: case BF_SCALE_Y: b->field[f] = draw_scale(&r, false); break;
            case BF_SHEAR_X: case BF_SHEAR_Y: b->field[f] = draw_shear(&r, false); break;
            default: b->field[f] = draw_length(&r, false); break;
            }
        }
        b->inherit = prng_chance(&r, 0.6) ? -1 : prng_int(&r, 0, 4);
        b->skin = i > 0 && required && prng_chance(&r, 0.3) ? 1 : -1;
    }

    g.slots = prng_int(&r, 0, MAX_SLOTS);
    for (int s = 0; s < g.slots; s++) {
        gen_slot *sl = &g.slot[s];
        sl->bone = prng_int(&r, 0, g.bones - 1);
        int k = prng_int(&r, 0, 99);
        sl->kind = k < 30 ? ATT_REGION : k < 50 ? ATT_SEQUENCE : k < 75 ? ATT_MESH : ATT_WEIGHTED;
        sl->setup = prng_chance(&r, 0.75);
        sl->dark = prng_chance(&r, 0.3);
        sl->vertices = sl->kind == ATT_MESH ? 8 : prng_int(&r, 4, 8) * 2;
        sl->regions = prng_int(&r, 1, 5);
        sl->linked = (sl->kind == ATT_MESH || sl->kind == ATT_WEIGHTED) && prng_chance(&r, 0.3);
    }
    g.events = prng_int(&r, 0, 3);

    char note[200];
    snprintf(note, sizeof note, "probegen %s --seed %llu, probe %ld: %d bones, %d slots, %d events", family,
             (unsigned long long)p->seed, p->index, g.bones, g.slots, g.events);
    if (mixing) {
        g.constraints = true;
        g.slider = prng_chance(&r, 0.3);
    }
    begin_document(w, note);
    write_bones(w, g.bone, g.bones);

    if (g.slots > 0) {
        jw_array(w, "slots", true);
        for (int s = 0; s < g.slots; s++) {
            const gen_slot *sl = &g.slot[s];
            char name[16], color[9];
            snprintf(name, sizeof name, "s%d", s);
            jw_object(w, NULL, false);
            jw_string(w, "name", name);
            jw_string(w, "bone", g.bone[sl->bone].name);
            if (sl->setup) jw_string(w, "attachment", prng_chance(&r, 0.9) ? "a" : "b");
            if (prng_chance(&r, 0.3)) {
                color_text(&r, color, true);
                jw_string(w, "color", color);
            }
            if (sl->dark) {
                color_text(&r, color, false);
                jw_string(w, "dark", color);
            }
            jw_end(w);
        }
        jw_end(w);
    }
    if (g.constraints) write_constraints(&g);

    /* Skins: `default` with each slot's `a` and `b` (and linked mesh `l`), `extra` with some `a`s. */
    bool extra = g.slots > 0 && prng_chance(&r, 0.3);
    jw_array(w, "skins", true);
    jw_object(w, NULL, false);
    jw_string(w, "name", "default");
    if (required) {
        jw_array(w, "bones", false);
        for (int i = 0; i < g.bones; i++)
            if (g.bone[i].skin == 1 && prng_chance(&r, 0.5)) jw_string(w, NULL, g.bone[i].name);
        jw_end(w);
    }
    jw_object(w, "attachments", false);
    for (int s = 0; s < g.slots; s++) {
        char name[16];
        snprintf(name, sizeof name, "s%d", s);
        jw_object(w, name, false);
        write_attachment(&g, &g.slot[s], "a", 0);
        write_attachment(&g, &g.slot[s], "b", 1);
        if (g.slot[s].linked) {
            /* Its source: this slot's mesh `a`, or another mesh slot's (Attachment.timelineSlots). */
            int from = s;
            int other = prng_int(&r, 0, g.slots - 1);
            if (other != s && (g.slot[other].kind == ATT_MESH || g.slot[other].kind == ATT_WEIGHTED)
                && prng_chance(&r, 0.5))
                from = other;
            jw_object(w, "l", false);
            jw_string(w, "type", "linkedmesh");
            jw_string(w, "source", "a");
            if (from != s) {
                char source_slot[16];
                snprintf(source_slot, sizeof source_slot, "s%d", from);
                jw_string(w, "slot", source_slot);
            }
            if (prng_chance(&r, 0.4)) jw_bool(w, "timelines", false);
            jw_end(w);
        }
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
    if (extra) {
        jw_object(w, NULL, false);
        jw_string(w, "name", "extra");
        jw_object(w, "attachments", false);
        for (int s = 0; s < g.slots; s++) {
            if (!prng_chance(&r, 0.5)) continue;
            char name[16];
            snprintf(name, sizeof name, "s%d", s);
            jw_object(w, name, false);
            write_attachment(&g, &g.slot[s], "a", 0);
            jw_end(w);
        }
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);

    if (g.events > 0) {
        jw_object(w, "events", true);
        for (int e = 0; e < g.events; e++) {
            char name[16];
            snprintf(name, sizeof name, "e%d", e);
            jw_object(w, name, false);
            if (prng_chance(&r, 0.5)) jw_number(w, "int", prng_int(&r, -9, 9), JW_SHORTEST);
            if (prng_chance(&r, 0.5)) jw_number(w, "float", draw_coord(&r, false).v, JW_SHORTEST);
            if (prng_chance(&r, 0.5)) jw_string(w, "string", "ev");
            if (prng_chance(&r, 0.3)) {
                jw_string(w, "audio", "a.ogg");
                if (prng_chance(&r, 0.5)) jw_number(w, "volume", prng_unit(&r), JW_SHORTEST);
                if (prng_chance(&r, 0.5)) jw_number(w, "balance", prng_unit(&r) * 2 - 1, JW_SHORTEST);
            }
            jw_end(w);
        }
        jw_end(w);
    }

    int animations = mixing ? prng_int(&r, 2, 4) : prng_int(&r, 1, 3);
    jw_object(w, "animations", true);
    for (int a = 0; a < animations; a++) {
        char name[16];
        /* an integer-like name now and then (anim0 stays: a slider applies it) */
        if (prng_chance(&r, 0.1) && !(g.slider && a == 0)) snprintf(name, sizeof name, "%d", a);
        else snprintf(name, sizeof name, "anim%d", a);
        snprintf(info->names[a], sizeof info->names[a], "%s", name);
        jw_object(w, name, false);
        if (g.slots > 0) slot_timelines(&g);
        bone_timelines(&g);
        attachment_timelines(&g);
        draw_order_timelines(&g);
        event_timeline(&g);
        if (g.constraints) constraint_timelines(&g, a);
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
    info->animations = animations;
    info->extra = extra;
    info->bones = g.bones;
    info->slots = g.slots;
    *rp = r;
    return !w->failed;
}

bool probe_timeline(const probe_params *p, probe *out)
{
    prng r = prng_stream(p->seed, prng_hash("timeline"), (uint64_t)p->index);
    timeline_doc info;
    jw *w = &out->doc;
    if (!timeline_document(p, &r, w, "timeline", false, &info)) return false;
    bool extra = info.extra;
    int k = prng_int(&r, 0, 99);
    const char *skin = k < 25 ? "none" : k < 65 ? "all" : k < 90 || !extra ? "default" : "extra";
    k = prng_int(&r, 0, 99);
    if (k < 40) snprintf(out->args, sizeof out->args, "--skin %s --physics none --samples keys", skin);
    else if (k < 60) snprintf(out->args, sizeof out->args, "--skin %s --physics none --samples 200", skin);
    else snprintf(out->args, sizeof out->args, "--skin %s --physics none --samples %d", skin, prng_int(&r, 2, 60));
    return !w->failed;
}
