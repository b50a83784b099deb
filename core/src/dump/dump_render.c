/* The blocks of what is drawn (dump_render.h): `vertices`, `vertices.xy`, `vertices.point` from the
 * render layer's world vertices; `render`, `render.vertex`, `render.part` and the same with premultiplied
 * alpha from its render commands; `bounds`, `bounds.aabb`, `bounds.box`, `bounds.box.xy`, `bounds.point`,
 * `bounds.segment` from getBounds and SkeletonBounds, at the probes oracle/FORMAT.md lists. */
#include "dump_render.h"
#include "render/renderer.h"
#include "render/world_vertices.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pc_dump_render {
    double *xy;          /* room for the most vertices any attachment gives */
    int xy_capacity;
    char *key;           /* room for any slot's name and an index */
    size_t key_size;
    pc_renderer *renderer;
    char *text;          /* a command's indices as text */
    size_t text_size;
    bool unsupported_render, unsupported_all; /* declared before the first pose */
};

pc_dump_render *pc_dump_render_new(const pc_skeleton_data *data)
{
    pc_dump_render *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    int most = 4;
    for (int i = 0; i < data->attachment_count; i++) {
        int n = pc_render_vertex_count(data->attachments[i]);
        if (n > most) most = n;
    }
    r->xy_capacity = most;
    r->xy = malloc(2 * (size_t)most * sizeof *r->xy);
    r->key_size = 32;
    for (int i = 0; i < data->slot_count; i++)
        if (strlen(data->slots[i].name) + 32 > r->key_size) r->key_size = strlen(data->slots[i].name) + 32;
    r->key = malloc(r->key_size);
    r->renderer = pc_renderer_new(data);
    r->text_size = 4096;
    r->text = malloc(r->text_size);
    if (!r->xy || !r->key || !r->renderer || !r->text) {
        pc_dump_render_free(r);
        return NULL;
    }
    return r;
}

void pc_dump_render_free(pc_dump_render *r)
{
    if (!r) return;
    free(r->xy);
    free(r->key);
    free(r->text);
    pc_renderer_free(r->renderer);
    free(r);
}

static const char render_blocks[5][PC_NAME_ROOM] = { "render", "render.vertex", "render.part", "render.pma",
                                                     "render.pma.part" };
static const char other_blocks[9][PC_NAME_ROOM] = { "vertices", "vertices.xy", "vertices.point", "bounds",
    "bounds.aabb", "bounds.box", "bounds.box.xy", "bounds.point", "bounds.segment" };

/* Whether a slider's animation keys what its applied copies hold and the core does not keep: slot colors
 * (the render's colors) or the draw order (everything drawn). */
static bool slider_keys(const pc_skeleton_data *d, bool draw_order)
{
    for (int i = 0; i < d->constraint_count; i++) {
        const pc_constraint_data *c = &d->constraints[i];
        if (c->kind != PC_SLIDER || c->u.slider.animation < 0) continue;
        const pc_animation_data *a = &d->animations[c->u.slider.animation];
        for (int k = 0; k < a->timeline_count; k++) {
            pc_timeline_kind t = a->timelines[k].kind;
            if (draw_order ? t == PC_TL_DRAW_ORDER || t == PC_TL_DRAW_ORDER_FOLDER
                           : t == PC_TL_RGBA || t == PC_TL_RGB || t == PC_TL_ALPHA || t == PC_TL_RGBA2 || t == PC_TL_RGB2)
                return true;
        }
    }
    return false;
}

void pc_dump_render_unsupported(dump_writer *w, pc_dump_render *r, const pc_skeleton *sk)
{
    r->unsupported_all = slider_keys(sk->data, true);
    r->unsupported_render = r->unsupported_all || slider_keys(sk->data, false);
    const char *why = r->unsupported_all ? "a slider keys the draw order (its applied copy is not kept)"
                                         : "a slider keys slot colors (their applied copies are not kept)";
    if (r->unsupported_render)
        for (int i = 0; i < 5; i++) dw_unsupported(w, render_blocks[i], why);
    if (r->unsupported_all)
        for (int i = 0; i < 9; i++) dw_unsupported(w, other_blocks[i], why);
}

/* The slot drawn at position i of the applied draw order, when it shows an attachment. */
static const pc_attachment *shown(const pc_skeleton *sk, int i, const pc_slot **slot)
{
    *slot = &sk->slots[sk->draw_order[i]];
    const pc_attachment *a = (*slot)->applied->attachment;
    return pc_attachment_present(a) ? a : NULL;
}

static const char *vertex_rows(dump_writer *w, pc_dump_render *r, const pc_skeleton *sk)
{
    int n = sk->data->slot_count;
    const pc_slot *slot;
    /* Every slot's vertices first: where the runtime throws, nothing is written. */
    for (int i = 0; i < n; i++) {
        const pc_attachment *a = shown(sk, i, &slot);
        if (!a) continue;
        const char *thrown = pc_render_world_vertices(sk, slot, a, r->xy);
        if (thrown) return thrown;
    }
    for (int i = 0; i < n; i++) {
        const pc_attachment *a = shown(sk, i, &slot);
        if (!a) continue;
        dw_row(w, "vertices", slot->data->name);
        dw_num(w, "position", i);
        dw_bool(w, "active", slot->bone->active);
        dw_str(w, "attachment", a->name);
        dw_str(w, "kind", pc_attachment_kind_names[a->kind]);
        if (a->kind == PC_ATTACHMENT_REGION || a->kind == PC_ATTACHMENT_MESH)
            dw_num(w, "sequence", pc_render_sequence_index(a, slot->applied));
        else
            dw_str(w, "sequence", NULL);
        dw_num(w, "count", pc_render_vertex_count(a));
    }
    for (int i = 0; i < n; i++) {
        const pc_attachment *a = shown(sk, i, &slot);
        if (!a) continue;
        pc_render_world_vertices(sk, slot, a, r->xy);
        for (int v = 0, count = pc_render_vertex_count(a); v < count; v++) {
            snprintf(r->key, r->key_size, "%s[%d]", slot->data->name, v);
            dw_row(w, "vertices.xy", r->key);
            dw_num(w, "x", r->xy[2 * v]);
            dw_num(w, "y", r->xy[2 * v + 1]);
        }
    }
    for (int i = 0; i < n; i++) {
        const pc_attachment *a = shown(sk, i, &slot);
        if (!a || a->kind != PC_ATTACHMENT_POINT) continue;
        dw_row(w, "vertices.point", slot->data->name);
        dw_num(w, "rotation", pc_render_point_rotation(slot, a));
    }
    return NULL;
}

/* Room for the indices of a command as text. */
static bool text_room(pc_dump_render *r, size_t need)
{
    if (need <= r->text_size) return true;
    size_t size = r->text_size;
    while (size < need) size *= 2;
    char *t = realloc(r->text, size);
    if (!t) return false;
    r->text = t;
    r->text_size = size;
    return true;
}

static void color_field(dump_writer *w, const char *name, bool has, unsigned int v)
{
    if (has) dw_num(w, name, v);
    else dw_str(w, name, NULL);
}

static const char blend_names[4][PC_NAME_ROOM] = { "normal", "additive", "multiply", "screen" };

static void blend_field(dump_writer *w, pc_blend_mode blend)
{
    dw_str(w, "blend", blend == PC_BLEND_MODE_UNKNOWN ? NULL : blend_names[blend]);
}

/* The rows of one render call: its commands (`block`), its vertex stream (when `vertex_block`), its
 * parts. False when memory runs out. */
static bool command_rows(dump_writer *w, pc_dump_render *r, const char *block, const char *vertex_block,
                         const char *part_block)
{
    const pc_renderer *rr = r->renderer;
    char key[24];
    for (int i = 0; i < rr->command_count; i++) {
        const pc_render_command *c = &rr->commands[i];
        if (!text_room(r, 7 * (size_t)c->index_count + 1)) return false;
        size_t n = 0;
        for (int k = 0; k < c->index_count; k++) n += (size_t)sprintf(r->text + n, k ? " %u" : "%u", c->indices[k]);
        r->text[n] = '\0';
        snprintf(key, sizeof key, "%d", i);
        dw_row(w, block, key);
        blend_field(w, c->blend);
        dw_num(w, "texture", c->texture);
        dw_num(w, "first", c->first_vertex);
        dw_num(w, "vertices", c->vertex_count);
        dw_num(w, "indices", c->index_count);
        color_field(w, "color", c->has_color, c->color);
        color_field(w, "dark", c->has_color, c->dark);
        dw_str(w, "triangles", r->text);
    }
    for (int i = 0; vertex_block && i < rr->positions.n / 2; i++) {
        snprintf(key, sizeof key, "%d", i);
        dw_row(w, vertex_block, key);
        dw_num(w, "x", rr->positions.v[2 * i]);
        dw_num(w, "y", rr->positions.v[2 * i + 1]);
        dw_num(w, "u", rr->uvs.v[2 * i]);
        dw_num(w, "v", rr->uvs.v[2 * i + 1]);
    }
    for (int i = 0; i < rr->part_count; i++) {
        const pc_render_part *p = &rr->parts[i];
        snprintf(key, sizeof key, "%d", i);
        dw_row(w, part_block, key);
        blend_field(w, p->blend);
        dw_num(w, "texture", p->texture);
        dw_num(w, "vertices", p->vertex_count);
        dw_num(w, "indices", p->index_count);
        color_field(w, "color", p->has_color && p->vertex_count > 0, p->color);
        color_field(w, "dark", p->has_color && p->vertex_count > 0, p->dark);
    }
    return true;
}

/* The render blocks: NULL, or the runtime's error (*refused) or why the core does not follow it. */
static const char *render_rows(dump_writer *w, pc_dump_render *r, const pc_skeleton *sk, bool *refused)
{
    pc_status status;
    const char *message = pc_render_draw(r->renderer, sk, false, &status);
    if (message) {
        *refused = status != PC_UNSUPPORTED;
        return message;
    }
    if (!command_rows(w, r, "render", "render.vertex", "render.part")) return *refused = true, "out of memory";
    message = pc_render_draw(r->renderer, sk, true, &status);
    if (message) {
        *refused = status != PC_UNSUPPORTED;
        return message;
    }
    if (!command_rows(w, r, "render.pma", NULL, "render.pma.part")) return *refused = true, "out of memory";
    return NULL;
}

/* The probes of the hit tests (oracle/FORMAT.md): the grid, then each polygon's vertices. */
static const double grid[9] = { -800, -600, -400, -200, 0, 200, 400, 600, 800 };
static const double segments[8][4] = {
    { -1000, -400, 1000, -400 }, { -1000, 0, 1000, 0 }, { -1000, 400, 1000, 400 }, { -400, -1000, -400, 1000 },
    { 0, -1000, 0, 1000 }, { 400, -1000, 400, 1000 }, { -1000, -1000, 1000, 1000 }, { -1000, 1000, 1000, -1000 },
};

static void hit_name(dump_writer *w, const pc_renderer *rr, int box)
{
    const char *name = NULL;
    if (box >= 0) pc_hit_box_polygon(rr, box, NULL, &name);
    dw_str(w, "hit", name);
}

static void point_row(dump_writer *w, const pc_renderer *rr, int index, double x, double y)
{
    char key[24];
    snprintf(key, sizeof key, "%d", index);
    dw_row(w, "bounds.point", key);
    dw_num(w, "x", x);
    dw_num(w, "y", y);
    dw_bool(w, "aabb", pc_hit_boxes_aabb_contains_point(rr, x, y));
    hit_name(w, rr, pc_hit_boxes_contains_point(rr, x, y));
}

static void segment_row(dump_writer *w, const pc_renderer *rr, int index, double x1, double y1, double x2, double y2)
{
    char key[24];
    snprintf(key, sizeof key, "%d", index);
    dw_row(w, "bounds.segment", key);
    dw_num(w, "x1", x1);
    dw_num(w, "y1", y1);
    dw_num(w, "x2", x2);
    dw_num(w, "y2", y2);
    dw_bool(w, "aabb", pc_hit_boxes_aabb_intersects_segment(rr, x1, y1, x2, y2));
    hit_name(w, rr, pc_hit_boxes_intersects_segment(rr, x1, y1, x2, y2));
}

static const char *bounds_rows(dump_writer *w, pc_dump_render *r, const pc_skeleton *sk, bool *refused)
{
    pc_renderer *rr = r->renderer;
    double plain[4], clipped[4];
    pc_status status;
    const char *message = pc_render_bounds(rr, sk, false, plain, &status);
    if (!message) message = pc_render_bounds(rr, sk, true, clipped, &status);
    if (!message) message = pc_render_hit_boxes(rr, sk, &status);
    if (message) {
        *refused = status != PC_UNSUPPORTED;
        return message;
    }
    static const char keys[2][PC_NAME_ROOM] = { "skeleton", "clipped" };
    for (int k = 0; k < 2; k++) {
        const double *b = k ? clipped : plain;
        dw_row(w, "bounds", keys[k]);
        dw_num(w, "x", b[0]);
        dw_num(w, "y", b[1]);
        dw_num(w, "width", b[2]);
        dw_num(w, "height", b[3]);
    }
    double aabb[4];
    pc_hit_boxes_aabb(rr, aabb);
    dw_row(w, "bounds.aabb", "aabb");
    dw_num(w, "minX", aabb[0]);
    dw_num(w, "minY", aabb[1]);
    dw_num(w, "maxX", aabb[2]);
    dw_num(w, "maxY", aabb[3]);
    char key[40];
    int boxes = pc_hit_box_count(rr);
    for (int b = 0; b < boxes; b++) {
        int count = 0;
        const char *name = NULL;
        pc_hit_box_polygon(rr, b, &count, &name);
        snprintf(key, sizeof key, "%d", b);
        dw_row(w, "bounds.box", key);
        dw_str(w, "attachment", name);
        dw_num(w, "count", count);
    }
    for (int b = 0; b < boxes; b++) {
        int count = 0;
        const double *v = pc_hit_box_polygon(rr, b, &count, NULL);
        for (int i = 0; i < count; i++) {
            snprintf(key, sizeof key, "%d[%d]", b, i);
            dw_row(w, "bounds.box.xy", key);
            dw_num(w, "x", v[2 * i]);
            dw_num(w, "y", v[2 * i + 1]);
        }
    }
    if (boxes == 0) return NULL;
    int index = 0;
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 9; x++) point_row(w, rr, index++, grid[x], grid[y]);
    for (int b = 0; b < boxes; b++) {
        int count = 0;
        const double *v = pc_hit_box_polygon(rr, b, &count, NULL);
        for (int i = 0; i < count; i++) point_row(w, rr, index++, v[2 * i], v[2 * i + 1]);
    }
    index = 0;
    for (int s = 0; s < 8; s++) segment_row(w, rr, index++, segments[s][0], segments[s][1], segments[s][2], segments[s][3]);
    for (int b = 0; b < boxes; b++) {
        int count = 0;
        const double *v = pc_hit_box_polygon(rr, b, &count, NULL);
        for (int i = 0; i < count; i++) segment_row(w, rr, index++, 0, 0, v[2 * i], v[2 * i + 1]);
    }
    return NULL;
}

const char *pc_dump_render_rows(dump_writer *w, pc_dump_render *r, const pc_skeleton *sk)
{
    if (r->unsupported_all) return NULL;
    const char *thrown = vertex_rows(w, r, sk);
    if (thrown) return thrown;
    bool refused = false;
    if (!r->unsupported_render) {
        const char *why = render_rows(w, r, sk, &refused);
        if (why && refused) return why;
        if (why)
            for (int i = 0; i < 5; i++) dw_unsupported(w, render_blocks[i], why);
    }
    const char *why = bounds_rows(w, r, sk, &refused);
    if (why && refused) return why;
    if (why)
        for (int i = 3; i < 9; i++) dw_unsupported(w, other_blocks[i], why);
    return NULL;
}
