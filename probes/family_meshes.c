/* Family `meshes`: what a renderer draws of slots showing meshes and the other attachments (issue 18),
 * dumped with `--vertices` (world vertices, render commands with and without premultiplied alpha,
 * bounds and hit tests).
 *
 * Varies: a tree of 1 to 6 bones (rotations, scales of both signs, shears); 1 to 6 slots, each on a
 * bone, with a setup attachment or not, a color (alpha 0 now and then), a dark color, a blend mode (and
 * one capitalised, which the runtime still knows); per slot one kind: an unweighted mesh, a weighted mesh
 * (1 to 3 bones a vertex), a mesh with a sequence, a region, a region with a sequence (its setup index
 * now and then -1: the runtime throws drawing it), a linked mesh of an earlier slot's mesh (its own
 * sequence now and then), a bounding box, a point or a path; meshes of 3 to 12 vertices on a grid or
 * anywhere, fans and random triangles (overlapping, reversed, degenerate), odd and out-of-range hulls,
 * attachment colors; a second attachment `b` of the same kind. One or two animations: bone rotations and
 * translations, deform keys (sparse runs) for meshes, boxes and paths, sequence keys (modes, indices
 * beyond the count), attachment switches (to `b`, to none), alpha keys (to 0), a draw order now and
 * then. Options: the skin (default, all, none), 2 to 8 samples or the key times, `--vertices`. */
#include "family_render.h"

#include <stdio.h>
#include <string.h>

bool probe_meshes(const probe_params *p, probe *out);

#define MAX_SLOTS 6

enum { K_MESH, K_WEIGHTED, K_MESH_SEQUENCE, K_REGION, K_REGION_SEQUENCE, K_LINKED, K_BOX, K_POINT, K_PATH, K_KINDS };
static const char *const kind_names[K_KINDS] = { "mesh", "weighted", "mesh+sequence", "region", "region+sequence",
                                                 "linked", "boundingbox", "point", "path" };

typedef struct slot_plan {
    int bone, kind, source;  /* source: the slot whose mesh a linked mesh links */
    int regions;             /* a sequence's count */
    int deform[2];           /* deform values the attachments `a` and `b` take */
    bool has_b;              /* the slot's skin entry has a second attachment `b` */
} slot_plan;

typedef struct gen {
    prng *r;
    jw *w;
    int bones, slots;
    slot_plan slot[MAX_SLOTS];
} gen;

static void sequence_member(gen *g, int regions)
{
    prng *r = g->r;
    jw_object(g->w, "sequence", false);
    jw_number(g->w, "count", regions, JW_SHORTEST);
    int k = prng_int(r, 0, 99);
    if (k < 50) jw_number(g->w, "setup", prng_int(r, 0, regions - 1), JW_SHORTEST);
    else if (k < 53) jw_number(g->w, "setup", -1, JW_SHORTEST); /* names no region: drawing it throws */
    else if (k < 58) jw_number(g->w, "setup", regions + 2, JW_SHORTEST); /* clamped to the last */
    if (prng_chance(r, 0.3)) jw_number(g->w, "start", prng_int(r, 0, 3), JW_SHORTEST);
    if (prng_chance(r, 0.2)) jw_number(g->w, "digits", prng_int(r, 0, 3), JW_SHORTEST);
    jw_end(g->w);
}

static void attachment_color(gen *g)
{
    if (!prng_chance(g->r, 0.2)) return;
    char color[9];
    render_color(g->r, color, true);
    jw_string(g->w, "color", color);
}

static void write_attachment(gen *g, int s, const char *name, int *deform)
{
    prng *r = g->r;
    const slot_plan *sl = &g->slot[s];
    render_shape shape;
    int n = prng_int(r, 3, 12);
    int outline = prng_int(r, 0, 2);
    double cx = render_coord(r, 100);
    double cy = render_coord(r, 100);
    double radius = prng_int(r, 2, 20) * 10.0;
    render_outline(r, &shape, n, cx, cy, radius, outline);
    *deform = 0;
    jw_object(g->w, name, false);
    switch (sl->kind) {
    case K_MESH: case K_WEIGHTED: case K_MESH_SEQUENCE:
        jw_string(g->w, "type", "mesh");
        attachment_color(g);
        if (sl->kind == K_MESH_SEQUENCE) sequence_member(g, sl->regions);
        render_mesh(r, g->w, &shape, shape.n, g->bones, sl->kind == K_WEIGHTED && g->bones > 0, deform);
        break;
    case K_REGION: case K_REGION_SEQUENCE: {
        attachment_color(g);
        if (prng_chance(r, 0.6)) jw_number(g->w, "x", render_coord(r, 50), JW_SHORTEST);
        if (prng_chance(r, 0.6)) jw_number(g->w, "y", render_coord(r, 50), JW_SHORTEST);
        if (prng_chance(r, 0.4)) jw_number(g->w, "rotation", draw_value(r, 0), JW_SHORTEST);
        if (prng_chance(r, 0.3)) jw_number(g->w, "scaleX", draw_value(r, 2), JW_SHORTEST);
        if (prng_chance(r, 0.3)) jw_number(g->w, "scaleY", draw_value(r, 2), JW_SHORTEST);
        int width = prng_int(r, 1, 30);
        int height = prng_int(r, 1, 30);
        jw_number(g->w, "width", width * 10, JW_SHORTEST);
        jw_number(g->w, "height", height * 10, JW_SHORTEST);
        if (sl->kind == K_REGION_SEQUENCE) sequence_member(g, sl->regions);
        break;
    }
    case K_LINKED:
        jw_string(g->w, "type", "linkedmesh");
        attachment_color(g);
        jw_string(g->w, "source", "a");
        if (sl->source != s) {
            char slot[16];
            snprintf(slot, sizeof slot, "s%d", sl->source);
            jw_string(g->w, "slot", slot);
        }
        if (prng_chance(r, 0.3)) jw_bool(g->w, "timelines", false);
        if (prng_chance(r, 0.3)) sequence_member(g, sl->regions);
        *deform = g->slot[sl->source].deform[0];
        break;
    case K_BOX: case K_PATH:
        jw_string(g->w, "type", sl->kind == K_BOX ? "boundingbox" : "path");
        if (sl->kind == K_PATH) shape.n = 3 * (shape.n / 3 > 0 ? shape.n / 3 : 1);
        jw_number(g->w, "vertexCount", shape.n, JW_SHORTEST);
        render_vertices(g->w, &shape);
        if (sl->kind == K_PATH) {
            if (prng_chance(r, 0.5)) jw_bool(g->w, "closed", true);
            jw_array(g->w, "lengths", false);
            for (int i = 0; i < shape.n / 3; i++) jw_number(g->w, NULL, 100.0 * (i + 1), JW_SHORTEST);
            jw_end(g->w);
        }
        *deform = 2 * shape.n;
        break;
    case K_POINT:
        jw_string(g->w, "type", "point");
        jw_number(g->w, "x", render_coord(r, 80), JW_SHORTEST);
        jw_number(g->w, "y", render_coord(r, 80), JW_SHORTEST);
        if (prng_chance(r, 0.7)) jw_number(g->w, "rotation", draw_value(r, 0), JW_SHORTEST);
        break;
    }
    jw_end(g->w);
}

static const char *const sequence_modes[7] = { "hold", "once", "loop", "pingpong", "onceReverse", "loopReverse",
                                                "pingpongReverse" };

static void sequence_keys(gen *g)
{
    prng *r = g->r;
    int n = prng_int(r, 1, 4);
    jw_array(g->w, "sequence", false);
    for (int i = 0; i < n; i++) {
        jw_object(g->w, NULL, false);
        if (i > 0) jw_number(g->w, "time", i * prng_int(r, 1, 9) / 30.0, JW_SHORTEST);
        if (prng_chance(r, 0.8)) jw_string(g->w, "mode", sequence_modes[prng_int(r, 0, 6)]);
        if (prng_chance(r, 0.7)) jw_number(g->w, "index", prng_int(r, 0, 6), JW_SHORTEST);
        if (prng_chance(r, 0.6)) jw_number(g->w, "delay", prng_int(r, 1, 20) / 60.0, JW_SHORTEST);
        jw_end(g->w);
    }
    jw_end(g->w);
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
        jw_array(w, prng_chance(r, 0.5) ? "rotate" : "translate", false);
        int keys = prng_int(r, 1, 3);
        for (int k = 0; k < keys; k++) {
            jw_object(w, NULL, false);
            if (k > 0) jw_number(w, "time", k * prng_int(r, 2, 12) / 30.0, JW_SHORTEST);
            jw_number(w, "value", draw_value(r, 0), JW_SHORTEST);
            jw_number(w, "x", render_coord(r, 60), JW_SHORTEST);
            jw_number(w, "y", render_coord(r, 60), JW_SHORTEST);
            jw_end(w);
        }
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);
    jw_object(w, "slots", false);
    for (int s = 0; s < g->slots; s++) {
        bool switches = prng_chance(r, 0.3), fades = prng_chance(r, 0.25);
        if (!switches && !fades) continue;
        char name[16];
        snprintf(name, sizeof name, "s%d", s);
        jw_object(w, name, false);
        if (switches) {
            jw_array(w, "attachment", false);
            int keys = prng_int(r, 1, 3);
            for (int k = 0; k < keys; k++) {
                jw_object(w, NULL, false);
                if (k > 0) jw_number(w, "time", k * prng_int(r, 2, 12) / 30.0, JW_SHORTEST);
                int c = prng_int(r, 0, 9);
                if (c < 4) jw_string(w, "name", "a");
                else if (c < 8) jw_string(w, "name", "b");
                else jw_raw(w, "name", "null");
                jw_end(w);
            }
            jw_end(w);
        }
        if (fades) {
            jw_array(w, "alpha", false);
            int keys = prng_int(r, 1, 3);
            for (int k = 0; k < keys; k++) {
                jw_object(w, NULL, false);
                if (k > 0) jw_number(w, "time", k * prng_int(r, 2, 12) / 30.0, JW_SHORTEST);
                jw_number(w, "value", prng_chance(r, 0.4) ? 0 : prng_unit(r), JW_SHORTEST);
                jw_end(w);
            }
            jw_end(w);
        }
        jw_end(w);
    }
    jw_end(w);
    jw_object(w, "attachments", false);
    jw_object(w, "default", false);
    for (int s = 0; s < g->slots; s++) {
        const slot_plan *sl = &g->slot[s];
        bool deforms = sl->kind != K_REGION && sl->kind != K_REGION_SEQUENCE && sl->kind != K_POINT &&
                       prng_chance(r, 0.5);
        bool sequence = (sl->kind == K_MESH_SEQUENCE || sl->kind == K_REGION_SEQUENCE) && prng_chance(r, 0.6);
        if (!deforms && !sequence) continue;
        char name[16];
        snprintf(name, sizeof name, "s%d", s);
        jw_object(w, name, false);
        int which = sl->has_b && prng_chance(r, 0.3) ? 1 : 0;
        jw_object(w, which ? "b" : "a", false);
        if (deforms) render_deform_keys(r, w, "deform", sl->deform[which]);
        if (sequence) sequence_keys(g);
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
    if (g->slots > 1 && prng_chance(r, 0.2)) {
        jw_array(w, "drawOrder", false);
        jw_object(w, NULL, false);
        jw_number(w, "time", prng_int(r, 1, 6) / 30.0, JW_SHORTEST);
        jw_array(w, "offsets", false);
        jw_object(w, NULL, false);
        jw_string(w, "slot", "s0");
        jw_number(w, "offset", g->slots - 1, JW_SHORTEST);
        jw_end(w);
        jw_end(w);
        jw_end(w);
        jw_end(w);
    }
}

bool probe_meshes(const probe_params *p, probe *out)
{
    prng r = prng_stream(p->seed, prng_hash("meshes"), (uint64_t)p->index);
    gen g = { .r = &r, .w = &out->doc };
    jw *w = g.w;
    g.slots = prng_int(&r, 1, MAX_SLOTS);
    int bones_max = prng_int(&r, 1, RENDER_MAX_BONES);
    char note[300];
    size_t n = (size_t)snprintf(note, sizeof note, "probegen meshes --seed %llu, probe %ld:", (unsigned long long)p->seed,
                                p->index);
    for (int s = 0; s < g.slots; s++) {
        slot_plan *sl = &g.slot[s];
        int k = prng_int(&r, 0, 99);
        sl->kind = k < 22 ? K_MESH : k < 44 ? K_WEIGHTED : k < 52 ? K_MESH_SEQUENCE : k < 64 ? K_REGION
                 : k < 72 ? K_REGION_SEQUENCE : k < 82 ? K_LINKED : k < 90 ? K_BOX : k < 95 ? K_POINT : K_PATH;
        sl->source = -1;
        if (sl->kind == K_LINKED) {
            for (int t = 0; t < s; t++)
                if (g.slot[t].kind <= K_MESH_SEQUENCE && (sl->source < 0 || prng_chance(&r, 0.5))) sl->source = t;
            if (sl->source < 0) sl->kind = K_MESH; /* nothing to link: a mesh of its own */
        }
        sl->regions = prng_int(&r, 1, 4);
        if (n < sizeof note) n += (size_t)snprintf(note + n, sizeof note - n, " s%d %s", s, kind_names[sl->kind]);
    }
    begin_document(w, note);
    g.bones = render_bones(&r, w, bones_max);
    for (int s = 0; s < g.slots; s++) g.slot[s].bone = prng_int(&r, 0, g.bones - 1);

    jw_array(w, "slots", true);
    for (int s = 0; s < g.slots; s++) {
        char name[16], bone[16], color[9];
        snprintf(name, sizeof name, "s%d", s);
        snprintf(bone, sizeof bone, "b%d", g.slot[s].bone);
        jw_object(w, NULL, false);
        jw_string(w, "name", name);
        jw_string(w, "bone", bone);
        if (prng_chance(&r, 0.85)) jw_string(w, "attachment", prng_chance(&r, 0.85) ? "a" : "b");
        if (prng_chance(&r, 0.35)) {
            render_color(&r, color, true);
            jw_string(w, "color", color);
        }
        if (prng_chance(&r, 0.3)) {
            render_color(&r, color, false);
            jw_string(w, "dark", color);
        }
        const char *blend = render_blend(&r);
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
        write_attachment(&g, s, "a", &g.slot[s].deform[0]);
        g.slot[s].has_b = prng_chance(&r, 0.5);
        if (g.slot[s].has_b) write_attachment(&g, s, "b", &g.slot[s].deform[1]);
        else g.slot[s].deform[1] = g.slot[s].deform[0];
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
    jw_end(w);

    int animations = prng_int(&r, 1, 2);
    jw_object(w, "animations", true);
    for (int a = 0; a < animations; a++) {
        char name[16];
        snprintf(name, sizeof name, "anim%d", a);
        jw_object(w, name, false);
        animation(&g);
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);

    int k = prng_int(&r, 0, 99);
    const char *skin = k < 60 ? "default" : k < 90 ? "all" : "none";
    k = prng_int(&r, 0, 99);
    if (k < 40) snprintf(out->args, sizeof out->args, "--skin %s --physics none --samples keys --vertices", skin);
    else snprintf(out->args, sizeof out->args, "--skin %s --physics none --samples %d --vertices", skin, prng_int(&r, 2, 8));
    return !w->failed;
}
