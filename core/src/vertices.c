/* World positions of a vertex attachment's vertices (see vertices.h). Indices are doubles where the
 * runtime's are JavaScript numbers read from the document (a weighted vertex's bone count), so that a
 * count that is not an integer walks the arrays as the runtime does; a read at an index that is not an
 * integer inside the array is `undefined` (NaN). */
#include "vertices.h"
#include "rules.h"

#include <math.h>

static double at_float(const float *v, int count, double i)
{
    return i >= 0 && i < count && i == floor(i) ? (double)v[(int)i] : NAN;
}

static double at_double(const double *v, int count, double i)
{
    return i >= 0 && i < count && i == floor(i) ? v[(int)i] : NAN;
}

/* A vertex number: the float32 value, or under path.vertex-numbers=doubles the document's double. */
static double at_vertex(const pc_attachment *a, double i)
{
    if (pc_rule_vertex_doubles && a->vertex_doubles) return at_double(a->vertex_doubles, a->vertices_count, i);
    return at_float(a->vertices, a->vertices_count, i);
}

/* The applied pose of bone number `index` of the skeleton, NULL when there is none (the runtime would
 * throw reading it; the instance's update order has thrown first for every path it sorts). */
static const pc_bone_pose *bone_at(const pc_skeleton *sk, double index)
{
    if (!(index >= 0 && index < sk->data->bone_count && index == floor(index))) return NULL;
    return sk->bones[(int)index].applied;
}

bool pc_vertices_world(const pc_skeleton *sk, const pc_slot *slot, const pc_attachment *a, int start, int count,
                       double *out, int offset, int stride)
{
    int end = offset + (count >> 1) * stride;
    const double *deform = slot->pose.deform;
    int deform_count = slot->pose.deform_count;
    if (a->bones_count < 0) {
        const pc_bone_pose *bone = slot->bone->applied;
        double x = bone->world_x, y = bone->world_y;
        double ba = bone->a, bb = bone->b, bc = bone->c, bd = bone->d;
        for (int v = start, w = offset; w < end; v += 2, w += stride) {
            double vx, vy;
            if (deform_count > 0) {
                vx = at_double(deform, deform_count, v);
                vy = at_double(deform, deform_count, v + 1);
            } else {
                vx = at_vertex(a, v);
                vy = at_vertex(a, v + 1);
            }
            out[w] = vx * ba + vy * bb + x;
            out[w + 1] = vx * bc + vy * bd + y;
        }
        return true;
    }
    /* Weighted: skip the runs of the vertices before `start`. */
    double v = 0, skip = 0;
    for (int i = 0; i < start; i += 2) {
        double n = at_double(a->bones, a->bones_count, v);
        v += n + 1;
        skip += n;
    }
    bool ok = true;
    double b = skip * 3, f = skip * 2;
    for (int w = offset; w < end; w += stride) {
        double wx = 0, wy = 0;
        double n = at_double(a->bones, a->bones_count, v++);
        n += v;
        for (; v < n; v++, b += 3, f += 2) {
            const pc_bone_pose *bone = bone_at(sk, at_double(a->bones, a->bones_count, v));
            double vx = at_vertex(a, b);
            double vy = at_vertex(a, b + 1);
            double weight = at_vertex(a, b + 2);
            if (deform_count > 0) {
                vx += at_double(deform, deform_count, f);
                vy += at_double(deform, deform_count, f + 1);
            }
            if (!bone) {
                wx = wy = NAN;
                ok = false;
                continue;
            }
            wx += (vx * bone->a + vy * bone->b + bone->world_x) * weight;
            wy += (vx * bone->c + vy * bone->d + bone->world_y) * weight;
        }
        out[w] = wx;
        out[w + 1] = wy;
    }
    return ok;
}
