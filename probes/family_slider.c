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
 *
 * The applied copies show through a path constraint, which reads its slot's applied attachment and
 * deform: in about 40% of the documents a path constraint `pc` on one to three bones, anywhere in the
 * update order among the sliders, on slot `pth` holding two or three path attachments (open or closed,
 * 2 to 4 knots, unweighted or weighted to one to three bones a vertex), the setup attachment one of them
 * or none. The animations switch `pth` between them, to none and to a name the skin lacks (the runtime's
 * `undefined`), and deform them (one to four keys, sparse runs with offsets, keys without vertices,
 * curves); an animation no slider applies (`pose`) now and then gives the pose a deform the copy starts
 * from. In about 30% of the documents slot `msh` holds a mesh `m` (weighted or not, now and then with a
 * sequence) and a region `r` with a sequence, and in most of those slot `lnk` a linked mesh `l` of `m`
 * (inheriting its timelines or not): deform and sequence timelines on them (the linked slot, unkeyed,
 * takes the slider's writes in its own pose; an undefined attachment where the timeline is active
 * throws).
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

/* The slots a slider's animation reaches the dump through: the path constraint's slot `pth`, the mesh
 * slot `msh` and the linked mesh's slot `lnk`. */
typedef struct extras {
    bool path;             /* a path constraint `pc` on slot `pth` */
    int paths;             /* its path attachments p0, p1 (, p2) */
    int path_setup;        /* the setup attachment, -1 none */
    int path_deform[3];    /* each one's deform length (unweighted: 2 a vertex; weighted: 2 a weight) */
    bool mesh;             /* slot `msh`: mesh `m`, region `r` with a sequence */
    int mesh_deform;
    bool linked;           /* slot `lnk`: linked mesh `l` of `m` */
    bool linked_timelines; /* `l` inherits `m`'s timelines (is one of its timeline slots) */
} extras;

static const char *const path_names[3] = { "p0", "p1", "p2" };

/* A number for a path's or mesh's vertex or a deform value: mostly tens with two decimals. */
static double vertex_value(prng *r)
{
    if (prng_chance(r, 0.25)) return draw_coord(r, false).v;
    int whole = prng_int(r, -120, 120);
    int hundredths = prng_int(r, 0, 99);
    return whole + hundredths / 100.0;
}

/* v moved k steps: added or subtracted as the step's sign says (v - 0 keeps a -0 that v + 0 would not). */
static double step(double v, int k, int by)
{
    return by >= 0 ? v + k * by : v - k * -by;
}

/* A `vertices` array of `count` vertices: unweighted (x, y), or each vertex weighted to one to
 * `most_bones` of the first n bones, its k-th weight at (x + k * step_x, y + k * step_y) with weight
 * weights[bones - 1][k]. Returns the weight entries (0 unweighted). */
static int write_vertices(cg *g, int count, bool weighted, int n, int most_bones, const double weights[][3],
                          int step_x, int step_y)
{
    prng *r = g->r;
    jw *w = g->w;
    int entries = 0;
    jw_array(w, "vertices", false);
    for (int v = 0; v < count; v++) {
        double x = vertex_value(r);
        double y = vertex_value(r);
        if (!weighted) {
            jw_number(w, NULL, x, JW_SHORTEST);
            jw_number(w, NULL, y, JW_SHORTEST);
            continue;
        }
        int bones = prng_int(r, 1, most_bones);
        jw_number(w, NULL, bones, JW_SHORTEST);
        for (int k = 0; k < bones; k++) {
            int b = prng_int(r, 0, n - 1);
            jw_number(w, NULL, b, JW_SHORTEST);
            jw_number(w, NULL, step(x, k, step_x), JW_SHORTEST);
            jw_number(w, NULL, step(y, k, step_y), JW_SHORTEST);
            jw_number(w, NULL, weights[bones - 1][k], JW_SHORTEST);
        }
        entries += bones;
    }
    jw_end(w);
    return entries;
}

/* Path attachment `name` over the first n bones; returns its deform length. */
static int write_path_attachment(cg *g, const char *name, int n)
{
    prng *r = g->r;
    jw *w = g->w;
    bool closed = prng_chance(r, 0.35);
    int knots = prng_int(r, 2, 4);
    bool weighted = prng_chance(r, 0.45);
    int vertex_count = knots * 3;
    jw_object(w, name, false);
    jw_string(w, "type", "path");
    if (closed) jw_bool(w, "closed", true);
    if (prng_chance(r, 0.3)) jw_bool(w, "constantSpeed", false);
    jw_number(w, "vertexCount", vertex_count, JW_SHORTEST);
    static const double weights[3][3] = { { 1 }, { 0.25, 0.75 }, { 0.2, 0.3, 0.5 } };
    int entries = write_vertices(g, vertex_count, weighted, n, 3, weights, 7, -5);
    cg_path_lengths(g, knots);
    jw_end(w);
    return weighted ? 2 * entries : 2 * vertex_count;
}

/* A sequence member: one to four regions, now and then a setup index. */
static void write_sequence(cg *g)
{
    prng *r = g->r;
    int count = prng_int(g->r, 1, 4);
    jw_object(g->w, "sequence", false);
    jw_number(g->w, "count", count, JW_SHORTEST);
    if (prng_chance(r, 0.4)) jw_number(g->w, "setup", prng_int(r, 0, count - 1), JW_SHORTEST);
    jw_end(g->w);
}

/* Mesh `m`: a quad, unweighted or each vertex weighted to one or two of the first n bones; returns its
 * deform length. */
static int write_mesh(cg *g, int n)
{
    prng *r = g->r;
    jw *w = g->w;
    bool weighted = prng_chance(r, 0.5);
    jw_object(w, "m", false);
    jw_string(w, "type", "mesh");
    jw_raw(w, "uvs", "[ 0, 0, 1, 0, 1, 1, 0, 1 ]");
    jw_raw(w, "triangles", "[ 0, 1, 2, 2, 3, 0 ]");
    static const double weights[3][3] = { { 1 }, { 0.5, 0.5 } };
    int entries = write_vertices(g, 4, weighted, n, 2, weights, -3, 4);
    jw_number(w, "hull", 4, JW_SHORTEST);
    if (prng_chance(r, 0.3)) write_sequence(g);
    jw_end(w);
    return weighted ? 2 * entries : 8;
}

/* The `skins` array: the default skin with the extra slots' attachments. */
static void write_skin(cg *g, extras *x, int n)
{
    jw *w = g->w;
    jw_array(w, "skins", true);
    jw_object(w, NULL, false);
    jw_string(w, "name", "default");
    jw_object(w, "attachments", false);
    if (x->path) {
        jw_object(w, "pth", false);
        for (int i = 0; i < x->paths; i++) x->path_deform[i] = write_path_attachment(g, path_names[i], n);
        jw_end(w);
    }
    if (x->mesh) {
        jw_object(w, "msh", false);
        x->mesh_deform = write_mesh(g, n);
        jw_object(w, "r", false);
        jw_number(w, "width", prng_int(g->r, 1, 50), JW_SHORTEST);
        jw_number(w, "height", prng_int(g->r, 1, 50), JW_SHORTEST);
        write_sequence(g);
        jw_end(w);
        jw_end(w);
    }
    if (x->linked) {
        jw_object(w, "lnk", false);
        jw_object(w, "l", false);
        jw_string(w, "type", "linkedmesh");
        jw_string(w, "source", "m");
        jw_string(w, "slot", "msh");
        if (!x->linked_timelines) jw_bool(w, "timelines", false);
        else if (prng_chance(g->r, 0.2)) jw_bool(w, "timelines", true);
        if (prng_chance(g->r, 0.3)) write_sequence(g);
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
    jw_end(w);
}

/* The path constraint `pc`: one to three of the first n bones on slot `pth`. */
static void path_constraint(cg *g, int n)
{
    static const char *const position_modes[2] = { "fixed", "percent" };
    static const char *const spacing_modes[4] = { "length", "fixed", "percent", "proportional" };
    static const char *const rotate_modes[3] = { "tangent", "chain", "chainScale" };
    static const char *const mixes[3] = { "mixRotate", "mixX", "mixY" };
    prng *r = g->r;
    jw *w = g->w;
    jw_string(w, "type", "path");
    jw_string(w, "name", "pc");
    int count = prng_int(r, 1, 3);
    bool used[CG_MAX_BONES] = { false };
    jw_array(w, "bones", false);
    for (int k = 0; k < count; k++) {
        int b = prng_int(r, 0, n - 1);
        if (used[b]) continue;
        used[b] = true;
        jw_string(w, NULL, g->bone[b].name);
    }
    jw_end(w);
    jw_string(w, "slot", "pth");
    int position_mode = prng_int(r, 0, 1);
    int spacing_mode = prng_int(r, 0, 3);
    if (position_mode == 0 || prng_chance(r, 0.3)) jw_string(w, "positionMode", position_modes[position_mode]);
    if (spacing_mode != 0 || prng_chance(r, 0.3)) jw_string(w, "spacingMode", spacing_modes[spacing_mode]);
    if (prng_chance(r, 0.6)) jw_string(w, "rotateMode", rotate_modes[prng_int(r, 0, 2)]);
    if (prng_chance(r, 0.3)) jw_number(w, "rotation", prng_int(r, -180, 180), JW_SHORTEST);
    if (prng_chance(r, 0.7)) {
        double position = prng_unit(r);
        jw_number(w, "position", position_mode ? position : position * 300, JW_SHORTEST);
    }
    if (prng_chance(r, 0.5)) {
        double spacing = prng_unit(r);
        jw_number(w, "spacing", spacing_mode >= 2 ? spacing * 0.5 : spacing * 40, JW_SHORTEST);
    }
    for (int k = 0; k < 3; k++)
        if (prng_chance(r, 0.4)) {
            num m = cg_mix(r);
            jw_number(w, mixes[k], m.v, m.sp);
        }
}

/* An attachment timeline over the slot's `names`, none (a key without a name) and `gone`, which the skin
 * lacks for a slot it holds others for: the runtime sets the attachment to undefined. */
static void attachment_keys(cg *g, const char *slot, const char *const *names, int count)
{
    prng *r = g->r;
    jw *w = g->w;
    double t[CG_MAX_KEYS];
    int n = cg_times(r, t, 4);
    jw_object(w, slot, false);
    jw_array(w, "attachment", false);
    for (int i = 0; i < n; i++) {
        jw_object(w, NULL, false);
        cg_time(g, t[i]);
        int k = prng_int(r, 0, 99);
        if (k < 12) jw_string(w, "name", "gone");
        else if (k >= 25) jw_string(w, "name", names[prng_int(r, 0, count - 1)]);
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
}

/* The open animation's attachment timelines of the extra slots, as members of its `slots` object;
 * `keys` says which (1 pth, 2 msh, 4 lnk). */
static void extra_attachment_timelines(cg *g, int keys, const extras *x)
{
    static const char *const mesh_names[2] = { "m", "r" };
    static const char *const linked_names[1] = { "l" };
    if (keys & 1) attachment_keys(g, "pth", path_names, x->paths);
    if (keys & 2) attachment_keys(g, "msh", mesh_names, 2);
    if (keys & 4) attachment_keys(g, "lnk", linked_names, 1);
}

/* A deform timeline of one to four keys over `length` values: sparse runs with offsets, keys without
 * vertices (the setup), curves. */
static void deform_timeline(cg *g, int length)
{
    static const double zero[1] = { 0 }, one[1] = { 1 };
    prng *r = g->r;
    jw *w = g->w;
    double t[CG_MAX_KEYS];
    int n = cg_times(r, t, 4);
    jw_array(w, "deform", false);
    for (int i = 0; i < n; i++) {
        jw_object(w, NULL, false);
        cg_time(g, t[i]);
        if (prng_chance(r, 0.9)) {
            int offset = prng_chance(r, 0.5) ? 0 : prng_int(r, 0, length - 1);
            int run = prng_chance(r, 0.5) ? length - offset : prng_int(r, 1, length - offset);
            if (offset > 0 || prng_chance(r, 0.3)) jw_number(w, "offset", offset, JW_SHORTEST);
            jw_array(w, "vertices", false);
            for (int v = 0; v < run; v++) {
                double value = vertex_value(r);
                jw_number(w, NULL, value, draw_spelling(r));
            }
            jw_end(w);
        }
        if (i + 1 < n) cg_curve(g, 1, t[i], t[i + 1], zero, one);
        jw_end(w);
    }
    jw_end(w);
}

/* A sequence timeline: every mode, indices beyond the count, delays inherited, 0, negative. */
static void sequence_timeline(cg *g)
{
    static const char *const modes[7] = { "hold", "once", "loop", "pingpong", "onceReverse", "loopReverse",
                                          "pingpongReverse" };
    prng *r = g->r;
    jw *w = g->w;
    double t[CG_MAX_KEYS];
    int n = cg_times(r, t, 3);
    jw_array(w, "sequence", false);
    for (int i = 0; i < n; i++) {
        jw_object(w, NULL, false);
        cg_time(g, t[i]);
        if (prng_chance(r, 0.8)) jw_string(w, "mode", modes[prng_int(r, 0, 6)]);
        if (prng_chance(r, 0.7)) jw_number(w, "index", prng_int(r, -1, 5), JW_SHORTEST);
        if (prng_chance(r, 0.7)) {
            int k = prng_int(r, 0, 99);
            double delay = k < 5 ? 0 : k < 10 ? -0.1 : prng_int(r, 1, 30) / 60.0;
            jw_number(w, "delay", delay, JW_SHORTEST);
        }
        jw_end(w);
    }
    jw_end(w);
}

/* The open animation's `attachments` object: deform timelines on the path attachments (the setup one
 * more often), deform and sequence timelines on `m`, `r` and `l`; nothing when none is drawn. */
static void extra_deform_timelines(cg *g, const extras *x)
{
    prng *r = g->r;
    jw *w = g->w;
    bool path[3] = { false, false, false };
    bool any_path = false;
    for (int i = 0; i < x->paths; i++) {
        path[i] = prng_chance(r, i == x->path_setup ? 0.7 : 0.3);
        any_path = any_path || path[i];
    }
    bool mesh_deform = x->mesh && prng_chance(r, 0.45);
    bool mesh_sequence = x->mesh && prng_chance(r, 0.3);
    bool region_sequence = x->mesh && prng_chance(r, 0.3);
    bool linked_deform = x->linked && prng_chance(r, 0.1);
    bool linked_sequence = x->linked && prng_chance(r, 0.1);
    bool mesh_slot = mesh_deform || mesh_sequence || region_sequence;
    bool linked_slot = linked_deform || linked_sequence;
    if (!any_path && !mesh_slot && !linked_slot) return;
    jw_object(w, "attachments", false);
    jw_object(w, "default", false);
    if (any_path) {
        jw_object(w, "pth", false);
        for (int i = 0; i < x->paths; i++) {
            if (!path[i]) continue;
            jw_object(w, path_names[i], false);
            deform_timeline(g, x->path_deform[i]);
            jw_end(w);
        }
        jw_end(w);
    }
    if (mesh_slot) {
        jw_object(w, "msh", false);
        if (mesh_deform || mesh_sequence) {
            jw_object(w, "m", false);
            if (mesh_deform) deform_timeline(g, x->mesh_deform);
            if (mesh_sequence) sequence_timeline(g);
            jw_end(w);
        }
        if (region_sequence) {
            jw_object(w, "r", false);
            sequence_timeline(g);
            jw_end(w);
        }
        jw_end(w);
    }
    if (linked_slot) {
        jw_object(w, "lnk", false);
        jw_object(w, "l", false);
        if (linked_deform) deform_timeline(g, x->mesh_deform);
        if (linked_sequence) sequence_timeline(g);
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);
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

    /* The extra slots, and where the path constraint goes among the others (-1 none). */
    extras x = { 0 };
    x.path = prng_chance(&r, 0.4);
    x.paths = prng_int(&r, 2, 3);
    x.path_setup = prng_chance(&r, 0.2) ? -1 : prng_int(&r, 0, x.paths - 1);
    x.mesh = prng_chance(&r, 0.3);
    x.linked = x.mesh && prng_chance(&r, 0.7);
    x.linked_timelines = prng_chance(&r, 0.85);
    int mesh_setup = prng_int(&r, -1, 1);
    bool linked_setup = prng_chance(&r, 0.8);
    bool pose_anim = (x.path || x.mesh) && prng_chance(&r, 0.4);
    int path_at = x.path ? prng_int(&r, 0, total) : -1;
    if (!x.path) x.paths = 0;

    char shape[192];
    snprintf(shape, sizeof shape, "%d bones, %d sliders, %d animations%s%s%s%s", n, sliders, anims,
             other == 1 ? ", an IK constraint" : other == 2 ? ", a transform constraint" : "",
             x.path ? ", a path constraint" : "", x.mesh ? ", a mesh slot" : "",
             x.linked ? ", a linked mesh slot" : "");
    cg_begin(&g, p, "slider", shape);
    cg_write_bones(&g, p);
    jw *w = g.w;

    /* Slots for the animations' slot and draw order timelines (none in about half the documents). */
    int slots = prng_chance(&r, 0.5) ? prng_int(&r, 1, 3) : 0;
    bool dark[3] = { false, false, false };
    if (slots || x.path || x.mesh) {
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
        if (x.path) {
            jw_object(w, NULL, false);
            jw_string(w, "name", "pth");
            jw_string(w, "bone", g.bone[prng_int(&r, 0, n - 1)].name);
            if (x.path_setup >= 0) jw_string(w, "attachment", path_names[x.path_setup]);
            jw_end(w);
        }
        if (x.mesh) {
            jw_object(w, NULL, false);
            jw_string(w, "name", "msh");
            jw_string(w, "bone", g.bone[prng_int(&r, 0, n - 1)].name);
            if (mesh_setup >= 0) jw_string(w, "attachment", mesh_setup == 0 ? "m" : "r");
            jw_end(w);
        }
        if (x.linked) {
            jw_object(w, NULL, false);
            jw_string(w, "name", "lnk");
            jw_string(w, "bone", g.bone[prng_int(&r, 0, n - 1)].name);
            if (linked_setup) jw_string(w, "attachment", "l");
            jw_end(w);
        }
        jw_end(w);
    }

    jw_array(w, "constraints", true);
    for (int c = 0, s = 0; c <= total; c++) {
        if (c == path_at) {
            jw_object(w, NULL, false);
            path_constraint(&g, n);
            jw_end(w);
        }
        if (c == total) break;
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
    if (x.path || x.mesh) write_skin(&g, &x, n);

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
        bool slot_keys = slots && prng_chance(&r, 0.5);
        int extra_keys = 0;
        if (x.path && prng_chance(&r, 0.6)) extra_keys |= 1;
        if (x.mesh && prng_chance(&r, 0.4)) extra_keys |= 2;
        if (x.linked && prng_chance(&r, 0.15)) extra_keys |= 4;
        if (slot_keys || extra_keys) {
            jw_object(w, "slots", true);
            if (slot_keys)
                for (int i = 0; i < slots; i++)
                    if (prng_chance(&r, 0.6)) slot_timelines(&g, i, dark[i]);
            extra_attachment_timelines(&g, extra_keys, &x);
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
        extra_deform_timelines(&g, &x);
        jw_end(w);
    }
    if (pose_anim) {
        /* An animation no slider applies: the pose it leaves is what the copies start from. */
        jw_object(w, "pose", true);
        int keys = 0;
        if (x.path && prng_chance(&r, 0.5)) keys |= 1;
        if (x.mesh && prng_chance(&r, 0.3)) keys |= 2;
        if (keys) {
            jw_object(w, "slots", true);
            extra_attachment_timelines(&g, keys, &x);
            jw_end(w);
        }
        extra_deform_timelines(&g, &x);
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
    cg_options(&g, out);
    return !w->failed;
}
