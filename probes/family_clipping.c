/* Family `clipping`: clipping polygons cutting what is drawn after them (issue 18), dumped with
 * `--vertices` (the render commands clip through the render path, getBounds with a clipper through the
 * no-render path).
 *
 * Varies: a tree of 1 to 4 bones; one or two clipping attachments (the second starting while the first
 * still clips is ignored, or after it ends) of 3 to 12 vertices: around a centre (convex on a circle,
 * dented), anywhere (self-intersecting), stars (concave: the triangulator's pieces), colinear points and
 * repeated ones (degenerate); on the grid the clipped triangles use (edges and corners through their
 * vertices) or anywhere; `convex` and `inverse` flags; the end slot (a later slot, the clip's own, an
 * earlier one, a name no slot has, none); weighted polygons now and then; deform keys that reshape them.
 * The clipped slots: regions (rotated, scaled) and meshes (fans and random triangles, weighted or not,
 * with deform keys; now and then a vertex no triangle names, far out), random triangles inside, across and
 * outside the polygon (now and then a polygon around everything: nothing cut), colors and blend modes that
 * split the batches; the slot after the clip now and then far outside it (an empty part); bounding boxes
 * for the hit tests; slots before the clip (not clipped). Options: the skin, 2 to 6 samples or the key
 * times, `--vertices`. */
#include "family_render.h"

#include <stdio.h>
#include <string.h>

bool probe_clipping(const probe_params *p, probe *out);

#define MAX_SLOTS 8

enum { C_REGION, C_MESH, C_WEIGHTED, C_CLIP, C_BOX };
static const char *const kind_names[5] = { "region", "mesh", "weighted", "clip", "box" };

typedef struct gen {
    prng *r;
    jw *w;
    int bones, slots;
    int clip;              /* the first clipping slot */
    int kind[MAX_SLOTS];
    int deform[MAX_SLOTS];
    int outline[MAX_SLOTS];
} gen;

static void clip_attachment(gen *g, int s)
{
    prng *r = g->r;
    jw *w = g->w;
    render_shape shape;
    int k = prng_int(r, 0, 99);
    int outline = k < 35 ? 0 : k < 50 ? 1 : k < 85 ? 2 : 3;
    g->outline[s] = outline;
    int n = prng_int(r, 3, 12);
    double cx = render_coord(r, 60);
    double cy = render_coord(r, 60);
    double radius = prng_int(r, 3, 15) * 10.0;
    if (prng_chance(r, 0.2)) radius = 3000; /* around everything: nothing is cut */
    render_outline(r, &shape, n, cx, cy, radius, outline);
    jw_object(w, "a", false);
    jw_string(w, "type", "clipping");
    jw_number(w, "vertexCount", shape.n, JW_SHORTEST);
    int end = prng_int(r, 0, 99);
    char name[16];
    if (end < 40 && s + 1 < g->slots) {
        int to = prng_int(r, s + 1, g->slots - 1);
        snprintf(name, sizeof name, "s%d", to);
        jw_string(w, "end", name);
    } else if (end < 50) {
        snprintf(name, sizeof name, "s%d", s);
        jw_string(w, "end", name);
    } else if (end < 55 && s > 0) {
        snprintf(name, sizeof name, "s%d", prng_int(r, 0, s - 1));
        jw_string(w, "end", name);
    } else if (end < 58) {
        jw_string(w, "end", "nowhere");
    }
    if (prng_chance(r, 0.25)) jw_bool(w, "convex", true);
    if (prng_chance(r, 0.2)) jw_bool(w, "inverse", true);
    if (prng_chance(r, 0.15) && g->bones > 1) {
        jw_array(w, "vertices", false);
        for (int i = 0; i < shape.n; i++) {
            int bones = prng_int(r, 1, 2);
            jw_number(w, NULL, bones, JW_SHORTEST);
            double left = 1;
            for (int b = 0; b < bones; b++) {
                int bone = prng_int(r, 0, g->bones - 1);
                jw_number(w, NULL, bone, JW_SHORTEST);
                jw_number(w, NULL, shape.x[i], JW_SHORTEST);
                jw_number(w, NULL, shape.y[i], JW_SHORTEST);
                double weight = b + 1 == bones ? left : 0.5;
                left -= weight;
                jw_number(w, NULL, weight, JW_SHORTEST);
            }
        }
        jw_end(w);
        g->deform[s] = 0; /* a weighted polygon's deform counts its weights: left undeformed */
    } else {
        render_vertices(w, &shape);
        g->deform[s] = 2 * shape.n;
    }
    jw_end(w);
}

static void drawn_attachment(gen *g, int s)
{
    prng *r = g->r;
    jw *w = g->w;
    /* Now and then the slot just after the clip lies far outside it: clipped away, an empty render part
     * that starts a batch. */
    bool away = s == g->clip + 1 && prng_chance(r, 0.35);
    jw_object(w, "a", false);
    switch (g->kind[s]) {
    case C_REGION: {
        if (away) jw_number(w, "x", 1500, JW_SHORTEST);
        else if (prng_chance(r, 0.7)) jw_number(w, "x", render_coord(r, 60), JW_SHORTEST);
        if (prng_chance(r, 0.7)) jw_number(w, "y", render_coord(r, 60), JW_SHORTEST);
        if (prng_chance(r, 0.4)) jw_number(w, "rotation", draw_value(r, 0), JW_SHORTEST);
        int width = prng_int(r, 2, 25);
        int height = prng_int(r, 2, 25);
        jw_number(w, "width", width * 10, JW_SHORTEST);
        jw_number(w, "height", height * 10, JW_SHORTEST);
        g->deform[s] = 0;
        break;
    }
    case C_MESH: case C_WEIGHTED: {
        render_shape shape;
        int n = prng_int(r, 3, 12);
        int outline = prng_int(r, 0, 1);
        double cx = render_coord(r, 80) + (away ? 1500 : 0);
        double cy = render_coord(r, 80);
        double radius = prng_int(r, 3, 20) * 10.0;
        render_outline(r, &shape, n, cx, cy, radius, outline);
        int used = shape.n;
        if (prng_chance(r, 0.3)) { /* a vertex no triangle names, far out: getBounds counts it unless clipped */
            double fx = render_coord(r, 400);
            double fy = render_coord(r, 400);
            shape.x[shape.n] = cx + fx;
            shape.y[shape.n] = cy + fy;
            shape.n++;
        }
        jw_string(w, "type", "mesh");
        render_mesh(r, w, &shape, used, g->bones, g->kind[s] == C_WEIGHTED, &g->deform[s]);
        break;
    }
    case C_BOX: {
        render_shape shape;
        int n = prng_int(r, 3, 8);
        double cx = render_coord(r, 100);
        double cy = render_coord(r, 100);
        render_outline(r, &shape, n, cx, cy, prng_int(r, 5, 30) * 10.0, prng_int(r, 0, 2));
        jw_string(w, "type", "boundingbox");
        jw_number(w, "vertexCount", shape.n, JW_SHORTEST);
        render_vertices(w, &shape);
        g->deform[s] = 2 * shape.n;
        break;
    }
    }
    if (g->kind[s] != C_BOX && prng_chance(r, 0.15)) {
        char color[9];
        render_color(r, color, true);
        jw_string(w, "color", color);
    }
    jw_end(w);
}

static void animation(gen *g)
{
    prng *r = g->r;
    jw *w = g->w;
    jw_object(w, "bones", false);
    for (int b = 0; b < g->bones; b++) {
        if (!prng_chance(r, 0.6)) continue;
        char name[16];
        snprintf(name, sizeof name, "b%d", b);
        jw_object(w, name, false);
        bool rotate = prng_chance(r, 0.5);
        jw_array(w, rotate ? "rotate" : "translate", false);
        int keys = prng_int(r, 1, 3);
        for (int k = 0; k < keys; k++) {
            jw_object(w, NULL, false);
            if (k > 0) jw_number(w, "time", k * prng_int(r, 2, 12) / 30.0, JW_SHORTEST);
            if (rotate) {
                jw_number(w, "value", draw_value(r, 0), JW_SHORTEST);
            } else {
                jw_number(w, "x", render_coord(r, 60), JW_SHORTEST);
                jw_number(w, "y", render_coord(r, 60), JW_SHORTEST);
            }
            jw_end(w);
        }
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);
    jw_object(w, "attachments", false);
    jw_object(w, "default", false);
    for (int s = 0; s < g->slots; s++) {
        if (g->deform[s] == 0 || !prng_chance(r, 0.45)) continue;
        char name[16];
        snprintf(name, sizeof name, "s%d", s);
        jw_object(w, name, false);
        jw_object(w, "a", false);
        render_deform_keys(r, w, "deform", g->deform[s]);
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
}

bool probe_clipping(const probe_params *p, probe *out)
{
    prng r = prng_stream(p->seed, prng_hash("clipping"), (uint64_t)p->index);
    gen g = { .r = &r, .w = &out->doc };
    jw *w = g.w;
    g.slots = prng_int(&r, 2, MAX_SLOTS);
    int clip = prng_chance(&r, 0.4) ? 0 : prng_int(&r, 0, g.slots - 2); /* at least one slot after the first clip */
    g.clip = clip;
    int second = prng_chance(&r, 0.3) ? prng_int(&r, clip + 1, g.slots - 1) : -1;
    char note[300];
    size_t n = (size_t)snprintf(note, sizeof note, "probegen clipping --seed %llu, probe %ld:",
                                (unsigned long long)p->seed, p->index);
    for (int s = 0; s < g.slots; s++) {
        int k = prng_int(&r, 0, 99);
        g.kind[s] = s == clip || s == second ? C_CLIP : k < 35 ? C_REGION : k < 70 ? C_MESH : k < 88 ? C_WEIGHTED : C_BOX;
        if (n < sizeof note) n += (size_t)snprintf(note + n, sizeof note - n, " s%d %s", s, kind_names[g.kind[s]]);
    }
    begin_document(w, note);
    g.bones = render_bones(&r, w, 4);

    jw_array(w, "slots", true);
    for (int s = 0; s < g.slots; s++) {
        char name[16], bone[16], color[9];
        snprintf(name, sizeof name, "s%d", s);
        int b = prng_int(&r, 0, g.bones - 1);
        snprintf(bone, sizeof bone, "b%d", b);
        jw_object(w, NULL, false);
        jw_string(w, "name", name);
        jw_string(w, "bone", bone);
        if (prng_chance(&r, 0.95)) jw_string(w, "attachment", "a");
        if (g.kind[s] != C_CLIP && prng_chance(&r, 0.25)) {
            render_color(&r, color, true);
            jw_string(w, "color", color);
        }
        if (g.kind[s] != C_CLIP && prng_chance(&r, 0.15)) {
            render_color(&r, color, false);
            jw_string(w, "dark", color);
        }
        const char *blend = g.kind[s] != C_CLIP && prng_chance(&r, 0.3) ? render_blend(&r) : NULL;
        if (blend) jw_string(w, "blend", blend);
        jw_end(w);
    }
    jw_end(w);

    jw_array(w, "skins", true);
    jw_object(w, NULL, false);
    jw_string(w, "name", "default");
    jw_object(w, "attachments", false);
    for (int s = 0; s < g.slots; s++) {
        char name[16];
        snprintf(name, sizeof name, "s%d", s);
        jw_object(w, name, false);
        if (g.kind[s] == C_CLIP) clip_attachment(&g, s);
        else drawn_attachment(&g, s);
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
    jw_end(w);

    jw_object(w, "animations", true);
    jw_object(w, "anim", false);
    animation(&g);
    jw_end(w);
    jw_end(w);
    jw_end(w);

    int k = prng_int(&r, 0, 99);
    const char *skin = k < 80 ? "default" : "all";
    k = prng_int(&r, 0, 99);
    if (k < 35) snprintf(out->args, sizeof out->args, "--skin %s --physics none --samples keys --vertices", skin);
    else snprintf(out->args, sizeof out->args, "--skin %s --physics none --samples %d --vertices", skin, prng_int(&r, 2, 6));
    return !w->failed;
}
