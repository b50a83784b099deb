/* Clipping (clipping.h), with the runtime's arithmetic in its order:
 * - a polygon is made clockwise by its signed area (area >= 0 reverses it); it is convex when every
 *   turn has the same sign (cross products <= 0, or >= 0 before reversing, zero turns allowed);
 * - the convex hull (for `convex` or `inverse` attachments that are not convex): the points sorted by x
 *   then y (insertion, stable), then the lower and upper chains dropping every turn >= 0;
 * - a triangle is cut by each edge of a convex piece in turn (Sutherland-Hodgman): a point is inside
 *   when s = ey * (edgeX - x) - ex * (edgeY - y) > 0; an edge from inside to outside or back adds the
 *   crossing at t = s1 / (ix * ey - iy * ex) only when 0 <= t <= 1 (else the far point itself); a pass
 *   that keeps nothing drops the triangle; the passes alternate between two buffers, starting in the
 *   one that makes the last pass end in the output;
 * - an inverse clip keeps, for each edge, the fragment outside it (the crossings and the outside
 *   points, at least three points) and goes on with the inside part;
 * - a triangle no piece cuts is kept once as it is and the pieces after it are not tried; a piece that
 *   cuts it away entirely adds nothing;
 * - the render path's UVs: barycentric weights a, b, c = 1 - a - b of each new point in the triangle's
 *   corners (d = 1 / (d0 * d2 - d1 * d4), computed at the first piece that cuts it), the UVs of the
 *   corners mixed by them; positions and UVs stored as float32, indices as 16 bits. */
#include "clipping.h"
#include "world_vertices.h"
#include "js/jsmath.h"

#include <math.h>
#include <string.h>

static int vertex_count_most(const pc_skeleton_data *d, int kind)
{
    int most = 0;
    for (int i = 0; i < d->attachment_count; i++) {
        const pc_attachment *a = d->attachments[i];
        if ((int)a->kind != kind) continue;
        int n = kind == PC_ATTACHMENT_MESH ? a->triangles_count / 3 : pc_render_vertex_count(a);
        if (n > most) most = n;
    }
    return most;
}

bool pc_clipper_init(pc_clipper *c, const pc_skeleton_data *data)
{
    memset(c, 0, sizeof *c);
    int k = vertex_count_most(data, PC_ATTACHMENT_CLIPPING);
    if (k == 0) return pc_triangulator_init(&c->triangulator, 3);
    int triangles = vertex_count_most(data, PC_ATTACHMENT_MESH);
    if (triangles < 2) triangles = 2;
    /* A triangle cut by a convex piece of e edges keeps at most 3 + e points; the pieces of a polygon of
     * k vertices have at most 3 (k - 2) edges in all (the hull at most k); an inverse clip's fragments
     * at most k (k + 6) numbers. Room for that, capped (beyond, the arrays grow). */
    long per_triangle = 2L * (3L * (k - 2) + 3L * k + 8) + (long)k * (k + 6);
    long numbers = per_triangle * triangles;
    if (numbers > 4000000) numbers = 4000000;
    bool ok = pc_triangulator_init(&c->triangulator, k) && PC_VEC_RESERVE(&c->polygon, 2 * k + 16) &&
              PC_VEC_RESERVE(&c->output, 4 * k + 32) && PC_VEC_RESERVE(&c->scratch, 4 * k + 32) &&
              PC_VEC_RESERVE(&c->inverse_vertices, k * (4 * k + 40)) && PC_VEC_RESERVE(&c->clipped, (int)numbers) &&
              PC_VEC_RESERVE(&c->vertices, (int)numbers) && PC_VEC_RESERVE(&c->uvs, (int)numbers) &&
              PC_VEC_RESERVE(&c->triangles, (int)(numbers * 3 / 2));
    c->polygon_capacity = k + 1;
    c->polygons = malloc((size_t)c->polygon_capacity * sizeof *c->polygons);
    c->polygon_lengths = malloc((size_t)c->polygon_capacity * sizeof *c->polygon_lengths);
    if (!ok || !c->polygons || !c->polygon_lengths) {
        pc_clipper_free(c);
        return false;
    }
    return true;
}

void pc_clipper_free(pc_clipper *c)
{
    pc_triangulator_free(&c->triangulator);
    free(c->polygon.v);
    free(c->polygons);
    free(c->polygon_lengths);
    free(c->output.v);
    free(c->scratch.v);
    free(c->inverse_vertices.v);
    free(c->clipped.v);
    free(c->vertices.v);
    free(c->uvs.v);
    free(c->triangles.v);
    memset(c, 0, sizeof *c);
}

/* ---- The polygon ----------------------------------------------------------------------------------- */

/* makeClockwise: reverses v (n numbers) when its signed area is >= 0; true when it is convex. */
static bool make_clockwise(double *v, int n)
{
    bool no_cw = true, no_ccw = true;
    double area = 0, prev_x = v[n - 2], prev_y = v[n - 1], curr_x = v[0], curr_y = v[1];
    for (int i = 2; i < n; i += 2) {
        double next_x = v[i], next_y = v[i + 1];
        area += curr_x * next_y - next_x * curr_y;
        double cross = (curr_x - prev_x) * (next_y - curr_y) - (curr_y - prev_y) * (next_x - curr_x);
        no_ccw = no_ccw && cross <= 0;
        no_cw = no_cw && cross >= 0;
        prev_x = curr_x;
        prev_y = curr_y;
        curr_x = next_x;
        curr_y = next_y;
    }
    area += curr_x * v[1] - v[0] * curr_y;
    double cross = (curr_x - prev_x) * (v[1] - curr_y) - (curr_y - prev_y) * (v[0] - curr_x);
    no_ccw = no_ccw && cross <= 0;
    no_cw = no_cw && cross >= 0;
    if (area >= 0) {
        for (int i = 0, last_x = n - 2, half = n >> 1; i < half; i += 2) {
            double x = v[i], y = v[i + 1];
            int other = last_x - i;
            v[i] = v[other];
            v[i + 1] = v[other + 1];
            v[other] = x;
            v[other + 1] = y;
        }
        return no_cw;
    }
    return no_ccw;
}

static inline bool turns_left_or_straight(const double *v, int s, double x, double y)
{
    return (v[s - 2] - v[s - 4]) * (y - v[s - 3]) - (v[s - 1] - v[s - 3]) * (x - v[s - 4]) >= 0;
}

/* makeConvex: the polygon (c->polygon) replaced by its hull; c->output is the sorting room. */
static void make_convex(pc_clipper *c)
{
    double *v = c->polygon.v;
    int n = c->polygon.n;
    if (!PC_VEC_RESERVE(&c->output, n)) return;
    double *sorted = c->output.v;
    c->output.n = n;
    sorted[0] = v[0];
    sorted[1] = v[1];
    for (int i = 2; i < n; i += 2) {
        double x = v[i], y = v[i + 1];
        int p = i - 2;
        for (; p >= 0 && (sorted[p] > x || (sorted[p] == x && sorted[p + 1] > y)); p -= 2) {
            sorted[p + 2] = sorted[p];
            sorted[p + 3] = sorted[p + 1];
        }
        sorted[p + 2] = x;
        sorted[p + 3] = y;
    }
    for (int i = 0; i < 4; i++) v[i] = sorted[i];
    int s = 4;
    for (int i = 4; i < n; i += 2, s += 2) {
        double x = sorted[i], y = sorted[i + 1];
        while (turns_left_or_straight(v, s, x, y)) {
            s -= 2;
            if (s == 2) break;
        }
        v[s] = x;
        v[s + 1] = y;
    }
    v[s] = sorted[n - 4];
    v[s + 1] = sorted[n - 3];
    int t = s;
    s += 2;
    for (int i = n - 6; i >= 0; i -= 2, s += 2) {
        double x = sorted[i], y = sorted[i + 1];
        while (turns_left_or_straight(v, s, x, y)) {
            s -= 2;
            if (s == t) break;
        }
        v[s] = x;
        v[s + 1] = y;
    }
    c->polygon.n = s - 2;
}

static void add_polygon(pc_clipper *c, const double *v, int n)
{
    if (c->polygon_count == c->polygon_capacity) return; /* sized for the most pieces */
    c->polygons[c->polygon_count] = v;
    c->polygon_lengths[c->polygon_count++] = n;
}

const char *pc_clip_start(pc_clipper *c, const pc_skeleton *sk, const pc_slot *slot, const pc_attachment *clip)
{
    if (c->clip) return NULL;
    int count = pc_render_vertex_count(clip);
    if (count < 3) {
        c->unsupported = "a clipping polygon of fewer than three vertices";
        return NULL;
    }
    int n = 2 * count;
    c->clip = clip;
    c->inverse = clip->inverse;
    /* Room for the hull's two extra numbers beyond n and the closing vertex. */
    if (!PC_VEC_RESERVE(&c->polygon, n + 8)) return "out of memory";
    c->polygon.n = n;
    const char *thrown = pc_render_world_vertices(sk, slot, clip, c->polygon.v);
    if (thrown) return thrown;
    bool convex = make_clockwise(c->polygon.v, n);
    if (convex || c->inverse || clip->convex) {
        if (!convex) make_convex(c);
        pc_dvec_push2(&c->polygon, c->polygon.v[0], c->polygon.v[1]);
        add_polygon(c, c->polygon.v, c->polygon.n);
    } else {
        pc_triangulate(&c->triangulator, c->polygon.v, n);
        pc_decompose(&c->triangulator, c->polygon.v);
        for (int p = 0; p < c->triangulator.polygon_count; p++)
            add_polygon(c, pc_triangulator_polygon(&c->triangulator, p), c->triangulator.polygon_lengths[p]);
    }
    return NULL;
}

void pc_clip_end(pc_clipper *c, const pc_slot *slot)
{
    if (!c->clip) return;
    if (slot && c->clip->end_slot != slot->data->index) return;
    c->clip = NULL;
    c->polygon_count = 0;
}

/* ---- Cutting one triangle ------------------------------------------------------------------------- */

static void push4(pc_dvec *b, double a, double b2, double c, double d)
{
    pc_dvec_push2(b, a, b2);
    pc_dvec_push2(b, c, d);
}

static void set_triangle(pc_dvec *input, double x1, double y1, double x2, double y2, double x3, double y3)
{
    if (!PC_VEC_RESERVE(input, 8)) return;
    double *iv = input->v;
    iv[0] = x1, iv[1] = y1, iv[2] = x2, iv[3] = y2, iv[4] = x3, iv[5] = y3, iv[6] = x1, iv[7] = y1;
    input->n = 8;
}

/* clip: the triangle cut by the convex piece `poly` (len numbers, closed) into c->output (its points, not
 * closed). True when an edge cut it (or it was cut away entirely). */
static bool clip(pc_clipper *c, double x1, double y1, double x2, double y2, double x3, double y3,
                 const double *poly, int len)
{
    pc_dvec *original = &c->output, *input, *output;
    bool clipped = false;
    if (len % 4 >= 2) input = &c->output, output = &c->scratch;
    else input = &c->scratch, output = &c->output;
    set_triangle(input, x1, y1, x2, y2, x3, y3);
    output->n = 0;
    int last = len - 4;
    for (int i = 0;; i += 2) {
        double edge_x = poly[i], edge_y = poly[i + 1], ex = edge_x - poly[i + 2], ey = edge_y - poly[i + 3];
        int output_start = output->n;
        const double *iv = input->v;
        double px = iv[0], py = iv[1];
        double s1 = ey * (edge_x - px) - ex * (edge_y - py);
        for (int ii = 2, nn = input->n - 2; ii <= nn; ii += 2) {
            double qx = iv[ii], qy = iv[ii + 1];
            double s2 = ey * (edge_x - qx) - ex * (edge_y - qy);
            if (s1 > 0) {
                if (s2 > 0) {
                    pc_dvec_push2(output, qx, qy);
                } else {
                    double ix = qx - px, iy = qy - py, t = s1 / (ix * ey - iy * ex);
                    if (t >= 0 && t <= 1) {
                        pc_dvec_push2(output, px + ix * t, py + iy * t);
                        clipped = true;
                    } else {
                        pc_dvec_push2(output, qx, qy);
                    }
                }
            } else if (s2 > 0) {
                double ix = qx - px, iy = qy - py, t = s1 / (ix * ey - iy * ex);
                if (t >= 0 && t <= 1) {
                    push4(output, px + ix * t, py + iy * t, qx, qy);
                    clipped = true;
                } else {
                    pc_dvec_push2(output, qx, qy);
                }
            } else {
                clipped = true;
            }
            px = qx;
            py = qy;
            s1 = s2;
        }
        if (output_start == output->n) { /* all outside */
            original->n = 0;
            return true;
        }
        if (output->failed) return true;
        pc_dvec_push2(output, output->v[0], output->v[1]);
        if (i == last) break;
        pc_dvec *swap = output;
        output = input;
        output->n = 0;
        input = swap;
    }
    if (original != output) {
        int n = output->n - 2;
        if (!PC_VEC_RESERVE(original, n)) return clipped;
        memcpy(original->v, output->v, (size_t)n * sizeof *original->v);
        original->n = n;
    } else {
        original->n -= 2;
    }
    return clipped;
}

/* clipInverse: what of the triangle lies outside the convex `poly`, as fragments in c->inverse_vertices
 * (each: its count of numbers, then the numbers). */
static void clip_inverse(pc_clipper *c, double x1, double y1, double x2, double y2, double x3, double y3,
                         const double *poly, int len)
{
    pc_dvec *fragments = &c->inverse_vertices, *input, *output;
    fragments->n = 0;
    int last = len - 4;
    if (len % 4 >= 2) input = &c->output, output = &c->scratch;
    else input = &c->scratch, output = &c->output;
    set_triangle(input, x1, y1, x2, y2, x3, y3);
    output->n = 0;
    for (int i = 0;; i += 2) {
        double edge_x = poly[i], edge_y = poly[i + 1], ex = edge_x - poly[i + 2], ey = edge_y - poly[i + 3];
        int output_start = output->n, fragment_start = fragments->n;
        pc_dvec_push1(fragments, 0);
        const double *iv = input->v;
        double px = iv[0], py = iv[1];
        double s1 = ey * (edge_x - px) - ex * (edge_y - py);
        for (int ii = 2, nn = input->n - 2; ii <= nn; ii += 2) {
            double qx = iv[ii], qy = iv[ii + 1];
            double s2 = ey * (edge_x - qx) - ex * (edge_y - qy);
            if (s1 > 0) {
                if (s2 > 0) {
                    pc_dvec_push2(output, qx, qy);
                } else {
                    double ix = qx - px, iy = qy - py, t = s1 / (ix * ey - iy * ex);
                    if (t >= 0 && t <= 1) {
                        double cx = px + ix * t, cy = py + iy * t;
                        pc_dvec_push2(output, cx, cy);
                        push4(fragments, cx, cy, qx, qy);
                    } else {
                        pc_dvec_push2(output, qx, qy);
                    }
                }
            } else if (s2 > 0) {
                double ix = qx - px, iy = qy - py, t = s1 / (ix * ey - iy * ex);
                if (t >= 0 && t <= 1) {
                    double cx = px + ix * t, cy = py + iy * t;
                    pc_dvec_push2(fragments, cx, cy);
                    push4(output, cx, cy, qx, qy);
                } else {
                    pc_dvec_push2(output, qx, qy);
                }
            } else {
                pc_dvec_push2(fragments, qx, qy);
            }
            px = qx;
            py = qy;
            s1 = s2;
        }
        if (fragments->failed || output->failed) return;
        int size = fragments->n - fragment_start - 1;
        if (size >= 6) fragments->v[fragment_start] = size;
        else fragments->n = fragment_start; /* degenerate */
        if (output_start == output->n) break; /* all outside */
        pc_dvec_push2(output, output->v[0], output->v[1]);
        if (i == last) break;
        pc_dvec *swap = output;
        output = input;
        output->n = 0;
        input = swap;
    }
}

/* ---- The no-render path --------------------------------------------------------------------------- */

/* `triangles[i] << 1` read at a document's index, then the vertex number there (undefined: NaN). */
static inline int doubled_index(const double *triangles, int count, int i)
{
    double t = i < count ? triangles[i] : 0; /* undefined << 1 is 0 */
    return (int)((uint32_t)js_to_int32(t) << 1);
}

static inline double at(const double *v, int n, long i)
{
    return i >= 0 && i < n ? v[i] : NAN;
}

static void append(pc_dvec *to, const double *from, int n)
{
    if (n <= 0 || !PC_VEC_RESERVE(to, to->n + n)) return;
    memcpy(to->v + to->n, from, (size_t)n * sizeof *from);
    to->n += n;
}

bool pc_clip_triangles_plain(pc_clipper *c, const double *vertices, int numbers, const double *triangles, int count)
{
    c->clipped.n = 0;
    bool clipped = false;
    for (int i = 0; i < count; i += 3) {
        int t1 = doubled_index(triangles, count, i), t2 = doubled_index(triangles, count, i + 1);
        int t3 = doubled_index(triangles, count, i + 2);
        double x1 = at(vertices, numbers, t1), y1 = at(vertices, numbers, (long)t1 + 1);
        double x2 = at(vertices, numbers, t2), y2 = at(vertices, numbers, (long)t2 + 1);
        double x3 = at(vertices, numbers, t3), y3 = at(vertices, numbers, (long)t3 + 1);
        if (c->inverse) {
            if (c->polygon_count == 0) continue;
            clip_inverse(c, x1, y1, x2, y2, x3, y3, c->polygons[0], c->polygon_lengths[0]);
            const double *iv = c->inverse_vertices.v;
            for (int offset = 0, nn = c->inverse_vertices.n; offset < nn;) {
                int size = (int)iv[offset++];
                append(&c->clipped, iv + offset, size);
                offset += size;
            }
            continue;
        }
        for (int p = 0; p < c->polygon_count; p++) {
            if (clip(c, x1, y1, x2, y2, x3, y3, c->polygons[p], c->polygon_lengths[p])) {
                clipped = true;
                append(&c->clipped, c->output.v, c->output.n);
            } else {
                const double corners[6] = { x1, y1, x2, y2, x3, y3 };
                append(&c->clipped, corners, 6);
                break;
            }
        }
    }
    return c->inverse || clipped;
}

/* ---- The render path ------------------------------------------------------------------------------ */

/* Room for n more vertices (positions and UVs) and k more indices. */
static bool reserve_render(pc_clipper *c, int n, int k)
{
    return PC_VEC_RESERVE(&c->vertices, c->vertices.n + 2 * n) && PC_VEC_RESERVE(&c->uvs, c->uvs.n + 2 * n) &&
           (k <= 0 || PC_VEC_RESERVE(&c->triangles, c->triangles.n + k));
}

/* The triangle list grows (or, for a piece of one or two points, stays or shrinks: the runtime sets its
 * length to s + 3 * (count - 2)) by the fan of `count` points from vertex `index`. */
static void fan(pc_clipper *c, int index, int count)
{
    int s = c->triangles.n, length = s + 3 * (count - 2);
    if (length < 0) {
        c->unsupported = "a clipped piece of one point at the start of the triangle list (a negative length)";
        return;
    }
    if (length <= s) {
        c->triangles.n = length;
        return;
    }
    if (!PC_VEC_RESERVE(&c->triangles, length)) return;
    uint16_t *ct = c->triangles.v;
    for (int ii = 1; ii < count - 1; ii++, s += 3) {
        ct[s] = (uint16_t)index;
        ct[s + 1] = (uint16_t)(index + ii);
        ct[s + 2] = (uint16_t)(index + ii + 1);
    }
    c->triangles.n = length;
}

void pc_clip_triangles_render(pc_clipper *c, const float *vertices, const double *doubles, const double *triangles,
                              int count, const float *uvs)
{
    c->vertices.n = c->uvs.n = c->triangles.n = 0;
    int index = 0;
#define VERTEX(k) (doubles ? doubles[k] : (double)vertices[k])
    for (int i = 0; i < count; i += 3) {
        int t1 = (int)triangles[i], t2 = (int)triangles[i + 1], t3 = (int)triangles[i + 2];
        double x1 = VERTEX(2 * t1), y1 = VERTEX(2 * t1 + 1), u1 = uvs[2 * t1], v1 = uvs[2 * t1 + 1];
        double x2 = VERTEX(2 * t2), y2 = VERTEX(2 * t2 + 1), u2 = uvs[2 * t2], v2 = uvs[2 * t2 + 1];
        double x3 = VERTEX(2 * t3), y3 = VERTEX(2 * t3 + 1), u3 = uvs[2 * t3], v3 = uvs[2 * t3 + 1];
        if (c->inverse) {
            if (c->polygon_count == 0) continue;
            clip_inverse(c, x1, y1, x2, y2, x3, y3, c->polygons[0], c->polygon_lengths[0]);
            int nn = c->inverse_vertices.n;
            if (nn == 0) continue;
            double d0 = y2 - y3, d1 = x3 - x2, d2 = x1 - x3, d4 = y3 - y1, d = 1 / (d0 * d2 + d1 * (y1 - y3));
            const double *iv = c->inverse_vertices.v;
            for (int offset = 0; offset < nn;) {
                int size = (int)iv[offset++], vertex_count = size >> 1;
                if (!reserve_render(c, vertex_count, 0)) return;
                float *cv = c->vertices.v + c->vertices.n, *cu = c->uvs.v + c->uvs.n;
                for (int ii = 0; ii < size; ii += 2) {
                    double x = iv[offset + ii], y = iv[offset + ii + 1];
                    cv[ii] = (float)x;
                    cv[ii + 1] = (float)y;
                    double c0 = x - x3, c1 = y - y3, a = (d0 * c0 + d1 * c1) * d, b = (d4 * c0 + d2 * c1) * d;
                    double cc = 1 - a - b;
                    cu[ii] = (float)(u1 * a + u2 * b + u3 * cc);
                    cu[ii + 1] = (float)(v1 * a + v2 * b + v3 * cc);
                }
                c->vertices.n += 2 * vertex_count;
                c->uvs.n += 2 * vertex_count;
                fan(c, index, vertex_count);
                index += vertex_count;
                offset += size;
            }
            continue;
        }
        double d0 = 0, d1 = 0, d2 = 0, d4 = 0, d = 0;
        for (int p = 0; p < c->polygon_count; p++) {
            if (clip(c, x1, y1, x2, y2, x3, y3, c->polygons[p], c->polygon_lengths[p])) {
                int length = c->output.n;
                if (length == 0) continue;
                int points = length >> 1;
                if (d == 0) {
                    d0 = y2 - y3;
                    d1 = x3 - x2;
                    d2 = x1 - x3;
                    d4 = y3 - y1;
                    d = 1 / (d0 * d2 - d1 * d4);
                }
                if (!reserve_render(c, points, 0)) return;
                const double *out = c->output.v;
                float *cv = c->vertices.v + c->vertices.n, *cu = c->uvs.v + c->uvs.n;
                for (int ii = 0; ii < length; ii += 2) {
                    double x = out[ii], y = out[ii + 1];
                    cv[ii] = (float)x;
                    cv[ii + 1] = (float)y;
                    double c0 = x - x3, c1 = y - y3, a = (d0 * c0 + d1 * c1) * d, b = (d4 * c0 + d2 * c1) * d;
                    double cc = 1 - a - b;
                    cu[ii] = (float)(u1 * a + u2 * b + u3 * cc);
                    cu[ii + 1] = (float)(v1 * a + v2 * b + v3 * cc);
                }
                c->vertices.n += 2 * points;
                c->uvs.n += 2 * points;
                fan(c, index, points);
                index += points;
            } else {
                if (!reserve_render(c, 3, 3)) return;
                float *cv = c->vertices.v + c->vertices.n, *cu = c->uvs.v + c->uvs.n;
                cv[0] = (float)x1, cv[1] = (float)y1, cv[2] = (float)x2, cv[3] = (float)y2, cv[4] = (float)x3;
                cv[5] = (float)y3;
                cu[0] = (float)u1, cu[1] = (float)v1, cu[2] = (float)u2, cu[3] = (float)v2, cu[4] = (float)u3;
                cu[5] = (float)v3;
                c->vertices.n += 6;
                c->uvs.n += 6;
                uint16_t *ct = c->triangles.v + c->triangles.n;
                ct[0] = (uint16_t)index;
                ct[1] = (uint16_t)(index + 1);
                ct[2] = (uint16_t)(index + 2);
                c->triangles.n += 3;
                index += 3;
                break;
            }
        }
    }
}
#undef VERTEX
