/* World positions of a vertex attachment's vertices (see vertices.h). Indices are doubles where the
 * runtime's are JavaScript numbers read from the document (a weighted vertex's bone count), so that a
 * count that is not an integer walks the arrays as the runtime does; a read at an index that is not an
 * integer inside the array is `undefined` (NaN). */
#include "vertices.h"
#include "document/rules.h"
#include "path.h"

#include <math.h>
#include <string.h>

/* Inside [0, count) an index is an integer exactly when truncating it gives it back (truncation is
 * floor there), so the reads below test that instead of calling floor. */
static inline bool whole_index(double i, int count)
{
    return i >= 0 && i < count && i == (double)(int)i;
}

static inline double at_float(const float *v, int count, double i)
{
    return whole_index(i, count) ? (double)v[(int)i] : NAN;
}

static inline double at_double(const double *v, int count, double i)
{
    return whole_index(i, count) ? v[(int)i] : NAN;
}

/* A vertex number: the float32 value, or under path.vertex-numbers=doubles the document's double. */
static inline double at_vertex(const pc_readings *rules, const pc_attachment *a, double i)
{
    if (rules->vertex_doubles && a->vertex_doubles) return at_double(a->vertex_doubles, a->vertices_count, i);
    return at_float(a->vertices, a->vertices_count, i);
}

/* The applied pose of bone number `index` of the skeleton, NULL when there is none (the runtime would
 * throw reading it; the instance's update order has thrown first for every path it sorts). */
static inline const pc_bone_pose *bone_at(const pc_skeleton *sk, double index)
{
    if (!whole_index(index, sk->data->bone_count)) return NULL;
    return sk->bones[(int)index].applied;
}

/* The weighted walk over a's indexed runs (pc_vertices_index_weights) from vertex `first` on; the
 * arithmetic of the tested walk in pc_vertices_world, term for term. */
static inline __attribute__((always_inline)) void weighted_indexed(const pc_skeleton *sk, const pc_attachment *a,
                                                                   const double *deform, int first, double *out,
                                                                   int w, int end, int stride, bool deformed)
{
    const int *ints = a->weight_index, *runs = ints + a->bones_count, *before = runs + a->weight_vertex_count;
    const float *vf = a->vertices;
    const pc_bone *bones = sk->bones;
    for (int k = first; w < end; k++, w += stride) {
        int v = runs[k], count = ints[v], b = 3 * before[k], f = 2 * before[k];
        double wx = 0, wy = 0;
        for (int e = v + 1; e <= v + count; e++, b += 3, f += 2) {
            double vx = (double)vf[b], vy = (double)vf[b + 1], weight = (double)vf[b + 2];
            if (deformed) {
                vx += deform[f];
                vy += deform[f + 1];
            }
            const pc_bone_pose *bone = bones[ints[e]].applied;
            wx += (vx * bone->a + vy * bone->b + bone->world_x) * weight;
            wy += (vx * bone->c + vy * bone->d + bone->world_y) * weight;
        }
        out[w] = wx;
        out[w + 1] = wy;
    }
}

bool pc_vertices_world(const pc_skeleton *sk, const pc_slot *slot, const pc_attachment *a, int start, int count,
                       double *out, int offset, int stride)
{
    const pc_readings *rules = &sk->readings;
    int end = offset + (count >> 1) * stride;
    const pc_slot_pose *pose = rules->path.slot_pose ? &slot->pose : slot->applied; /* path.slot-pose */
    const double *deform = pose->deform;
    int deform_count = pose->deform_count;
    if (a->bones_count < 0) {
        const pc_bone_pose *bone = slot->bone->applied;
        double x = bone->world_x, y = bone->world_y;
        double ba = bone->a, bb = bone->b, bc = bone->c, bd = bone->d;
        int v = start, w = offset;
        /* Every read inside the array: the same values without the index tests. */
        if (w < end && start >= 0) {
            int last = start + 2 * ((end - offset + stride - 1) / stride); /* one past the last value read */
            if (deform_count > 0 && last <= deform_count) {
                for (; w < end; v += 2, w += stride) {
                    double vx = deform[v], vy = deform[v + 1];
                    out[w] = vx * ba + vy * bb + x;
                    out[w + 1] = vx * bc + vy * bd + y;
                }
            } else if (deform_count <= 0 && last <= a->vertices_count) {
                if (rules->vertex_doubles && a->vertex_doubles) {
                    const double *vd = a->vertex_doubles;
                    for (; w < end; v += 2, w += stride) {
                        double vx = vd[v], vy = vd[v + 1];
                        out[w] = vx * ba + vy * bb + x;
                        out[w + 1] = vx * bc + vy * bd + y;
                    }
                } else {
                    const float *vf = a->vertices;
                    for (; w < end; v += 2, w += stride) {
                        double vx = (double)vf[v], vy = (double)vf[v + 1];
                        out[w] = vx * ba + vy * bb + x;
                        out[w + 1] = vx * bc + vy * bd + y;
                    }
                }
            }
        }
        for (; w < end; v += 2, w += stride) {
            double vx, vy;
            if (deform_count > 0) {
                vx = at_double(deform, deform_count, v);
                vy = at_double(deform, deform_count, v + 1);
            } else {
                vx = at_vertex(rules, a, v);
                vy = at_vertex(rules, a, v + 1);
            }
            out[w] = vx * ba + vy * bb + x;
            out[w + 1] = vx * bc + vy * bd + y;
        }
        return true;
    }
    /* Weighted, indexed: every vertex read is among the indexed ones, the deform (when it holds values)
     * holds two numbers for every bone entry, and the vertex numbers are the float32 ones. */
    if (a->weight_index && !(rules->vertex_doubles && a->vertex_doubles) && start >= 0 && (start & 1) == 0 &&
        start / 2 + (count >> 1) <= a->weight_vertex_count &&
        (deform_count <= 0 || 2LL * a->weight_entries <= deform_count)) {
        if (deform_count > 0) weighted_indexed(sk, a, deform, start / 2, out, offset, end, stride, true);
        else weighted_indexed(sk, a, deform, start / 2, out, offset, end, stride, false);
        return true;
    }
    /* Weighted, any other: skip the runs of the vertices before `start`, then walk by double indices,
     * each read tested. */
    double v = 0, skip = 0;
    for (int i = 0; i < start; i += 2) {
        double n = at_double(a->bones, a->bones_count, v);
        v += n + 1;
        skip += n;
    }
    bool ok = true;
    double b = skip * 3, f = skip * 2;
    const double *bones = a->bones;
    int bones_count = a->bones_count, w = offset;
    for (; w < end; w += stride) {
        double wx = 0, wy = 0;
        double n = at_double(bones, bones_count, v++);
        n += v;
        for (; v < n; v++, b += 3, f += 2) {
            const pc_bone_pose *bone = bone_at(sk, at_double(a->bones, a->bones_count, v));
            double vx = at_vertex(rules, a, b);
            double vy = at_vertex(rules, a, b + 1);
            double weight = at_vertex(rules, a, b + 2);
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
