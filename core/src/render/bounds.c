/* Skeleton.getBounds and SkeletonBounds (renderer.h), as spine-core 4.3.13 computes them:
 * - getBounds: over the applied draw order, the active slots' regions (4 corners) and meshes
 *   (worldVerticesLength / 2 vertices) in doubles; with a clipper, a clipping attachment ends its
 *   slot's clip and starts its own, and while clipping a slot's triangles go through the no-render
 *   path, whose output counts instead when it cut something (always, for an inverse clip); every slot
 *   that is active ends the clip it ends; the box is Math.min and Math.max over every x and y (NaN
 *   spreads, -0 below 0): offset (minX, minY), size (maxX - minX, maxY - minY);
 * - SkeletonBounds.update: in slot order, each active slot showing a bounding box gives a polygon of
 *   float32 world vertices (a negative vertex count throws, as a Float32Array of negative length);
 *   the box over them likewise; containsPoint counts the crossings of a ray to the left of the point
 *   (vertexX + (y - vertexY) / (prevY - vertexY) * (prevX - vertexX) < x for each edge straddling y
 *   half-open); intersectsSegment solves each edge's line against the segment's and tests both ranges
 *   (the first polygon that answers wins). */
#include "renderer.h"
#include "world_vertices.h"
#include "js/jsmath.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double quad_triangles[6] = { 0, 1, 2, 2, 3, 0 };

static const char *fail(pc_renderer *r, pc_status *status, pc_status s, const char *message)
{
    *status = s;
    snprintf(r->message, sizeof r->message, "%s", message);
    return r->message;
}

const char *pc_render_bounds(pc_renderer *r, const pc_skeleton *sk, bool clipped, double bounds[4], pc_status *status)
{
    pc_clipper *clipper = clipped ? &r->bounds_clipper : NULL;
    if (clipper) clipper->unsupported = NULL;
    double min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY, max_y = -INFINITY;
    for (int i = 0, n = sk->data->slot_count; i < n; i++) {
        const pc_slot *slot = &sk->slots[sk->draw_order[i]];
        if (!slot->bone->active) continue;
        const pc_attachment *a = slot->applied->attachment;
        const double *vertices = NULL, *triangles = NULL;
        int numbers = 0, triangle_count = 0;
        if (pc_attachment_present(a)) {
            if (a->kind == PC_ATTACHMENT_REGION || a->kind == PC_ATTACHMENT_MESH) {
                if (a->kind == PC_ATTACHMENT_MESH && fmod(a->world_vertices_length, 2) != 0)
                    return fail(r, status, PC_UNSUPPORTED, "a mesh of an odd worldVerticesLength (getBounds reads "
                                                           "past its vertices)");
                const char *thrown = pc_render_world_vertices(sk, slot, a, r->world);
                if (thrown) return fail(r, status, PC_INVALID, thrown);
                vertices = r->world;
                numbers = 2 * pc_render_vertex_count(a);
                if (a->kind == PC_ATTACHMENT_REGION) {
                    triangles = quad_triangles;
                    triangle_count = 6;
                } else {
                    triangles = a->triangles;
                    triangle_count = a->triangles_count;
                }
            } else if (a->kind == PC_ATTACHMENT_CLIPPING && clipper) {
                pc_clip_end(clipper, slot);
                const char *thrown = pc_clip_start(clipper, sk, slot, a);
                if (thrown) return fail(r, status, PC_INVALID, thrown);
                if (clipper->unsupported) return fail(r, status, PC_UNSUPPORTED, clipper->unsupported);
                continue;
            }
            if (vertices) {
                /* The rule bounds.clipped-when-cut, population clipping (2,000, seed 1): counting the
                 * clipper's output whenever it clips (always) missed 3 (and corpus/cases/clip-bounds-when-cut). */
                if (clipper && pc_clipping(clipper) &&
                    (pc_clip_triangles_plain(clipper, vertices, numbers, triangles, triangle_count) ||
                     sk->readings.bounds_clip_always)) {
                    if (clipper->clipped.failed || clipper->output.failed || clipper->scratch.failed ||
                        clipper->inverse_vertices.failed)
                        return fail(r, status, PC_INVALID, "out of memory");
                    vertices = clipper->clipped.v;
                    numbers = clipper->clipped.n;
                }
                for (int k = 0; k + 1 < numbers; k += 2) {
                    double x = vertices[k], y = vertices[k + 1];
                    min_x = js_math_min(min_x, x);
                    min_y = js_math_min(min_y, y);
                    max_x = js_math_max(max_x, x);
                    max_y = js_math_max(max_y, y);
                }
            }
        }
        if (clipper) pc_clip_end(clipper, slot);
    }
    if (clipper) pc_clip_end(clipper, NULL);
    bounds[0] = min_x;
    bounds[1] = min_y;
    bounds[2] = max_x - min_x;
    bounds[3] = max_y - min_y;
    *status = PC_OK;
    return NULL;
}

const char *pc_render_hit_boxes(pc_renderer *r, const pc_skeleton *sk, pc_status *status)
{
    r->box_count = 0;
    r->hit_polygons.n = 0;
    for (int i = 0, n = sk->data->slot_count; i < n; i++) {
        const pc_slot *slot = &sk->slots[i];
        if (!slot->bone->active) continue;
        const pc_attachment *a = slot->applied->attachment;
        if (!pc_attachment_present(a) || a->kind != PC_ATTACHMENT_BOUNDINGBOX) continue;
        if (a->world_vertices_length < 0) return fail(r, status, PC_INVALID, "RangeError: Invalid typed array length");
        int count = pc_render_vertex_count(a);
        const char *thrown = pc_render_world_vertices(sk, slot, a, r->world);
        if (thrown) return fail(r, status, PC_INVALID, thrown);
        if (r->box_count == r->box_capacity) {
            int cap = r->box_capacity ? 2 * r->box_capacity : 8;
            pc_hit_box *b = realloc(r->boxes, (size_t)cap * sizeof *b);
            if (!b) return fail(r, status, PC_INVALID, "out of memory");
            r->boxes = b;
            r->box_capacity = cap;
        }
        if (!PC_VEC_RESERVE(&r->hit_polygons, r->hit_polygons.n + 2 * count))
            return fail(r, status, PC_INVALID, "out of memory");
        pc_hit_box *box = &r->boxes[r->box_count++];
        box->attachment = a;
        box->first = r->hit_polygons.n;
        box->count = 2 * count;
        /* The rule bounds.polygon-float32, population meshes (2,000, seed 1): the doubles (doubles)
         * missed 400. */
        bool doubles = sk->readings.hit_doubles;
        for (int k = 0; k < 2 * count; k++)
            r->hit_polygons.v[r->hit_polygons.n++] = doubles ? r->world[k] : (double)(float)r->world[k];
    }
    double min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY, max_y = -INFINITY;
    for (int b = 0; b < r->box_count; b++) {
        const double *v = r->hit_polygons.v + r->boxes[b].first;
        for (int k = 0; k < r->boxes[b].count; k += 2) {
            min_x = js_math_min(min_x, v[k]);
            min_y = js_math_min(min_y, v[k + 1]);
            max_x = js_math_max(max_x, v[k]);
            max_y = js_math_max(max_y, v[k + 1]);
        }
    }
    r->aabb[0] = min_x;
    r->aabb[1] = min_y;
    r->aabb[2] = max_x;
    r->aabb[3] = max_y;
    *status = PC_OK;
    return NULL;
}

/* ---- Hit tests ------------------------------------------------------------------------------------ */

int pc_hit_box_count(const pc_renderer *r)
{
    return r->box_count;
}

const double *pc_hit_box_polygon(const pc_renderer *r, int box, int *vertex_count, const char **attachment)
{
    if (box < 0 || box >= r->box_count) return NULL;
    if (vertex_count) *vertex_count = r->boxes[box].count / 2;
    if (attachment) *attachment = r->boxes[box].attachment->name;
    return r->hit_polygons.v + r->boxes[box].first;
}

void pc_hit_boxes_aabb(const pc_renderer *r, double aabb[4])
{
    memcpy(aabb, r->aabb, sizeof r->aabb);
}

bool pc_hit_boxes_aabb_contains_point(const pc_renderer *r, double x, double y)
{
    return x >= r->aabb[0] && x <= r->aabb[2] && y >= r->aabb[1] && y <= r->aabb[3];
}

bool pc_hit_boxes_aabb_intersects_segment(const pc_renderer *r, double x1, double y1, double x2, double y2)
{
    double min_x = r->aabb[0], min_y = r->aabb[1], max_x = r->aabb[2], max_y = r->aabb[3];
    if ((x1 <= min_x && x2 <= min_x) || (y1 <= min_y && y2 <= min_y) || (x1 >= max_x && x2 >= max_x) ||
        (y1 >= max_y && y2 >= max_y))
        return false;
    double m = (y2 - y1) / (x2 - x1);
    double y = m * (min_x - x1) + y1;
    if (y > min_y && y < max_y) return true;
    y = m * (max_x - x1) + y1;
    if (y > min_y && y < max_y) return true;
    double x = (min_y - y1) / m + x1;
    if (x > min_x && x < max_x) return true;
    x = (max_y - y1) / m + x1;
    if (x > min_x && x < max_x) return true;
    return false;
}

static bool polygon_contains(const double *v, int nn, double x, double y)
{
    int prev = nn - 2;
    bool inside = false;
    for (int ii = 0; ii < nn; ii += 2) {
        double vertex_y = v[ii + 1], prev_y = v[prev + 1];
        if ((vertex_y < y && prev_y >= y) || (prev_y < y && vertex_y >= y)) {
            double vertex_x = v[ii];
            if (vertex_x + (y - vertex_y) / (prev_y - vertex_y) * (v[prev] - vertex_x) < x) inside = !inside;
        }
        prev = ii;
    }
    return inside;
}

static inline bool between(double v, double a, double b)
{
    return (v >= a && v <= b) || (v >= b && v <= a);
}

static bool polygon_intersects(const double *v, int nn, double x1, double y1, double x2, double y2)
{
    if (nn == 0) return false;
    double width12 = x1 - x2, height12 = y1 - y2, det1 = x1 * y2 - y1 * x2;
    double x3 = v[nn - 2], y3 = v[nn - 1];
    for (int ii = 0; ii < nn; ii += 2) {
        double x4 = v[ii], y4 = v[ii + 1];
        double det2 = x3 * y4 - y3 * x4, width34 = x3 - x4, height34 = y3 - y4;
        double det3 = width12 * height34 - height12 * width34;
        double x = (det1 * width34 - width12 * det2) / det3;
        if (between(x, x3, x4) && between(x, x1, x2)) {
            double y = (det1 * height34 - height12 * det2) / det3;
            if (between(y, y3, y4) && between(y, y1, y2)) return true;
        }
        x3 = x4;
        y3 = y4;
    }
    return false;
}

int pc_hit_boxes_contains_point(const pc_renderer *r, double x, double y)
{
    for (int b = 0; b < r->box_count; b++)
        if (polygon_contains(r->hit_polygons.v + r->boxes[b].first, r->boxes[b].count, x, y)) return b;
    return -1;
}

int pc_hit_boxes_intersects_segment(const pc_renderer *r, double x1, double y1, double x2, double y2)
{
    for (int b = 0; b < r->box_count; b++)
        if (polygon_intersects(r->hit_polygons.v + r->boxes[b].first, r->boxes[b].count, x1, y1, x2, y2)) return b;
    return -1;
}
