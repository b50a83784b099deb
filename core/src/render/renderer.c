/* Making a renderer (renderer.h) for a document, and the public interface's world vertices, render
 * commands and bounds (posecore.h). */
#include "renderer.h"
#include "world_vertices.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pc_renderer_free(pc_renderer *r)
{
    if (!r) return;
    pc_clipper_free(&r->clipper);
    pc_clipper_free(&r->bounds_clipper);
    free(r->world);
    free(r->world_f.v);
    free(r->positions.v);
    free(r->uvs.v);
    free(r->part_indices.v);
    free(r->parts);
    free(r->commands);
    free(r->command_indices.v);
    free(r->boxes);
    free(r->hit_polygons.v);
    free(r);
}

pc_renderer *pc_renderer_new(const pc_skeleton_data *data)
{
    pc_renderer *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->data = data;
    int most = 4, boxes = 0;
    long stream = 0, indices = 0, box_numbers = 0;
    int *slot_vertices = calloc((size_t)data->slot_count + 1, sizeof *slot_vertices);
    int *slot_indices = calloc((size_t)data->slot_count + 1, sizeof *slot_indices);
    for (int i = 0; i < data->attachment_count; i++) {
        int n = pc_render_vertex_count(data->attachments[i]);
        if (n > most) most = n;
    }
    for (int s = 0; slot_vertices && slot_indices && s < data->skin_count; s++)
        for (int e = 0; e < data->skins[s].entry_count; e++) {
            const pc_skin_entry *entry = &data->skins[s].entries[e];
            const pc_attachment *a = entry->attachment;
            int n = pc_render_vertex_count(a), k = a->kind == PC_ATTACHMENT_MESH ? a->triangles_count : 6;
            if (n > slot_vertices[entry->slot]) slot_vertices[entry->slot] = n;
            if (k > slot_indices[entry->slot]) slot_indices[entry->slot] = k;
            if (a->kind == PC_ATTACHMENT_BOUNDINGBOX) boxes++, box_numbers += 2L * n;
        }
    for (int s = 0; slot_vertices && slot_indices && s < data->slot_count; s++) {
        stream += slot_vertices[s];
        indices += slot_indices[s];
    }
    free(slot_vertices);
    free(slot_indices);
    int parts = data->slot_count > 0 ? data->slot_count : 1;
    if (stream > 4000000) stream = 4000000;
    if (indices > 4000000) indices = 4000000;
    if (box_numbers > 4000000) box_numbers = 4000000;
    r->world = malloc(2 * (size_t)most * sizeof *r->world);
    r->parts = malloc((size_t)parts * sizeof *r->parts);
    r->commands = malloc((size_t)parts * sizeof *r->commands);
    r->part_capacity = r->command_capacity = parts;
    r->boxes = boxes ? malloc((size_t)boxes * sizeof *r->boxes) : NULL;
    r->box_capacity = r->boxes ? boxes : 0;
    /* Clipped slots draw what the clipper gives, which may be more than their own vertices: room for
     * that too. */
    bool clipper_ok = pc_clipper_init(&r->clipper, data) && pc_clipper_init(&r->bounds_clipper, data);
    if (clipper_ok) {
        stream += r->clipper.vertices.cap / 2;
        indices += r->clipper.triangles.cap;
    }
    if (stream > 8000000) stream = 8000000;
    if (indices > 8000000) indices = 8000000;
    bool ok = clipper_ok && r->world && r->parts && r->commands && PC_VEC_RESERVE(&r->world_f, 2 * most) &&
              PC_VEC_RESERVE(&r->positions, (int)(2 * stream + 8)) && PC_VEC_RESERVE(&r->uvs, (int)(2 * stream + 8)) &&
              PC_VEC_RESERVE(&r->part_indices, (int)indices + 8) &&
              PC_VEC_RESERVE(&r->command_indices, (int)indices + 8) &&
              PC_VEC_RESERVE(&r->hit_polygons, (int)box_numbers + 8);
    if (!ok) {
        pc_renderer_free(r);
        return NULL;
    }
    return r;
}

static pc_status report(pc_error *err, pc_status status, const char *message)
{
    if (err) {
        err->status = status;
        snprintf(err->message, sizeof err->message, "%s", message ? message : "");
    }
    return status;
}

int pc_slot_vertex_count(const pc_skeleton *sk, int slot)
{
    if (slot < 0 || slot >= sk->data->slot_count) return 0;
    const pc_attachment *a = sk->slots[slot].applied->attachment;
    return pc_attachment_present(a) ? pc_render_vertex_count(a) : 0;
}

pc_status pc_slot_world_vertices(const pc_skeleton *sk, int slot, double *out, pc_error *err)
{
    if (slot < 0 || slot >= sk->data->slot_count) return report(err, PC_INVALID, "no such slot");
    const pc_slot *s = &sk->slots[slot];
    const pc_attachment *a = s->applied->attachment;
    if (!pc_attachment_present(a)) return report(err, PC_OK, NULL);
    const char *thrown = pc_render_world_vertices(sk, s, a, out);
    return report(err, thrown ? PC_INVALID : PC_OK, thrown);
}

pc_status pc_render(pc_renderer *r, const pc_skeleton *sk, bool pma, const pc_render_command **commands,
                    int *count, pc_error *err)
{
    pc_status status;
    const char *message = pc_render_draw(r, sk, pma, &status);
    *commands = r->commands;
    *count = message ? 0 : r->command_count;
    return report(err, status, message);
}

pc_status pc_skeleton_bounds(pc_renderer *r, const pc_skeleton *sk, bool clipped, double bounds[4], pc_error *err)
{
    pc_status status;
    const char *message = pc_render_bounds(r, sk, clipped, bounds, &status);
    return report(err, status, message);
}

pc_status pc_hit_boxes_update(pc_renderer *r, const pc_skeleton *sk, pc_error *err)
{
    pc_status status;
    const char *message = pc_render_hit_boxes(r, sk, &status);
    return report(err, status, message);
}
