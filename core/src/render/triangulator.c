/* Ear clipping and convex decomposition of a clipping polygon (triangulator.h), with the runtime's
 * tests in its order of operations:
 * - a vertex is concave when the triangle (previous, it, next) has no positive area, the area being
 *   p1x * (p3y - p2y) + p2x * (p1y - p3y) + p3x * (p2y - p1y) >= 0, summed left to right; NaN anywhere
 *   makes a vertex concave;
 * - an ear is the first convex vertex, walking from vertex 0, whose triangle holds none of the concave
 *   vertices (each tested with the three areas); when the walk wraps without one, the last vertex from
 *   the walk's end backwards that is convex (or vertex 0) is cut all the same;
 * - a cut ear gives the triangle (previous, ear, next); its two neighbours are tested again; the last
 *   three vertices give (third, first, second);
 * - triangles sharing their first vertex with the polygon being built join it while both windings (the
 *   new vertex after the polygon's last two, and the first two after the new vertex) keep the fan's;
 *   then each polygon takes any single triangle that starts at its first vertex and continues from its
 *   last, under the same test with the polygon's first winding, until none does; emptied ones go.
 * The polygon indices compared are the doubled vertex indices, as the runtime keeps them. */
#include "triangulator.h"

#include <stdlib.h>
#include <string.h>

bool pc_triangulator_init(pc_triangulator *t, int most)
{
    memset(t, 0, sizeof *t);
    if (most < 3) most = 3;
    t->most = most;
    t->polygon_room = 2 * most + 2;
    size_t polys = (size_t)most;
    t->indices = malloc((size_t)most * sizeof *t->indices);
    t->concave = malloc((size_t)most * sizeof *t->concave);
    t->triangles = malloc(3 * (size_t)most * sizeof *t->triangles);
    t->polygons = malloc(polys * (size_t)t->polygon_room * sizeof *t->polygons);
    t->polygon_lengths = malloc(polys * sizeof *t->polygon_lengths);
    t->polygon_indices = malloc(polys * ((size_t)most + 1) * sizeof *t->polygon_indices);
    t->polygon_index_counts = malloc(polys * sizeof *t->polygon_index_counts);
    if (!t->indices || !t->concave || !t->triangles || !t->polygons || !t->polygon_lengths || !t->polygon_indices ||
        !t->polygon_index_counts) {
        pc_triangulator_free(t);
        return false;
    }
    return true;
}

void pc_triangulator_free(pc_triangulator *t)
{
    free(t->indices);
    free(t->concave);
    free(t->triangles);
    free(t->polygons);
    free(t->polygon_lengths);
    free(t->polygon_indices);
    free(t->polygon_index_counts);
    memset(t, 0, sizeof *t);
}

static inline bool positive_area(double p1x, double p1y, double p2x, double p2y, double p3x, double p3y)
{
    return p1x * (p3y - p2y) + p2x * (p1y - p3y) + p3x * (p2y - p1y) >= 0;
}

static inline int winding(double p1x, double p1y, double p2x, double p2y, double p3x, double p3y)
{
    return positive_area(p1x, p1y, p2x, p2y, p3x, p3y) ? 1 : -1;
}

static bool is_concave(int index, int count, const double *v, const int *indices)
{
    int previous = indices[index > 0 ? index - 1 : count - 1] << 1;
    int current = indices[index] << 1;
    int next = indices[index + 1 < count ? index + 1 : 0] << 1;
    return !positive_area(v[previous], v[previous + 1], v[current], v[current + 1], v[next], v[next + 1]);
}

/* Whether the convex vertex i's triangle (previous, i, next) holds a concave vertex of the polygon. */
static bool holds_concave(const pc_triangulator *t, const double *v, int count, int previous, int i, int next)
{
    const int *indices = t->indices;
    int p1 = indices[previous] << 1, p2 = indices[i] << 1, p3 = indices[next] << 1;
    double p1x = v[p1], p1y = v[p1 + 1], p2x = v[p2], p2y = v[p2 + 1], p3x = v[p3], p3y = v[p3 + 1];
    for (int k = next + 1 < count ? next + 1 : 0; k != previous;) {
        if (t->concave[k]) {
            int q = indices[k] << 1;
            double vx = v[q], vy = v[q + 1];
            if (positive_area(p3x, p3y, p1x, p1y, vx, vy) && positive_area(p1x, p1y, p2x, p2y, vx, vy) &&
                positive_area(p2x, p2y, p3x, p3y, vx, vy))
                return true;
        }
        if (++k == count) k = 0;
    }
    return false;
}

void pc_triangulate(pc_triangulator *t, const double *v, int numbers)
{
    int count = numbers >> 1;
    if (count > t->most) count = t->most; /* the caller sizes t for its polygons */
    for (int i = 0; i < count; i++) t->indices[i] = i;
    for (int i = 0; i < count; i++) t->concave[i] = is_concave(i, count, v, t->indices);
    t->triangle_count = 0;
    while (count > 3) {
        int previous = count - 1, i = 0, next = 1;
        for (;;) {
            if (!t->concave[i] && !holds_concave(t, v, count, previous, i, next)) break;
            if (next == 0) {
                do {
                    if (!t->concave[i]) break;
                    i--;
                } while (i > 0);
                previous = i > 0 ? i - 1 : count - 1;
                next = i + 1 < count ? i + 1 : 0;
                break;
            }
            previous = i;
            i = next;
            if (++next == count) next = 0;
        }
        int *tri = t->triangles + 3 * t->triangle_count++;
        tri[0] = t->indices[previous];
        tri[1] = t->indices[i];
        tri[2] = t->indices[next];
        memmove(t->indices + i, t->indices + i + 1, (size_t)(count - i - 1) * sizeof *t->indices);
        memmove(t->concave + i, t->concave + i + 1, (size_t)(count - i - 1) * sizeof *t->concave);
        count--;
        int previous_index = i > 0 ? i - 1 : count - 1;
        int next_index = i < count ? i : 0;
        t->concave[previous_index] = is_concave(previous_index, count, v, t->indices);
        t->concave[next_index] = is_concave(next_index, count, v, t->indices);
    }
    if (count == 3) {
        int *tri = t->triangles + 3 * t->triangle_count++;
        tri[0] = t->indices[2];
        tri[1] = t->indices[0];
        tri[2] = t->indices[1];
    }
}

static void push_vertex(pc_triangulator *t, int p, double x, double y, int index)
{
    double *poly = pc_triangulator_polygon(t, p);
    poly[t->polygon_lengths[p]++] = x;
    poly[t->polygon_lengths[p]++] = y;
    t->polygon_indices[(long)p * (t->most + 1) + t->polygon_index_counts[p]++] = index;
}

static inline int *indices_of(pc_triangulator *t, int p)
{
    return t->polygon_indices + (long)p * (t->most + 1);
}

void pc_decompose(pc_triangulator *t, const double *v)
{
    t->polygon_count = 0;
    int current = -1, fan_base = -1, last_winding = 0;
    for (int i = 0; i < t->triangle_count; i++) {
        const int *tri = t->triangles + 3 * i;
        int t1 = tri[0] << 1, t2 = tri[1] << 1, t3 = tri[2] << 1;
        double x1 = v[t1], y1 = v[t1 + 1], x2 = v[t2], y2 = v[t2 + 1], x3 = v[t3], y3 = v[t3 + 1];
        if (current >= 0 && fan_base == t1) {
            const double *poly = pc_triangulator_polygon(t, current);
            int o = t->polygon_lengths[current] - 4;
            if (winding(poly[o], poly[o + 1], poly[o + 2], poly[o + 3], x3, y3) == last_winding &&
                winding(x3, y3, poly[0], poly[1], poly[2], poly[3]) == last_winding) {
                push_vertex(t, current, x3, y3, t3);
                continue;
            }
        }
        current = t->polygon_count++;
        t->polygon_lengths[current] = 0;
        t->polygon_index_counts[current] = 0;
        push_vertex(t, current, x1, y1, t1);
        push_vertex(t, current, x2, y2, t2);
        push_vertex(t, current, x3, y3, t3);
        last_winding = winding(x1, y1, x2, y2, x3, y3);
        fan_base = t1;
    }
    int n = t->polygon_count;
    for (int i = 0; i < n; i++) {
        if (t->polygon_index_counts[i] == 0) continue;
        int *own = indices_of(t, i);
        int first_index = own[0], last_index = own[t->polygon_index_counts[i] - 1];
        double *poly = pc_triangulator_polygon(t, i);
        int o = t->polygon_lengths[i] - 4;
        double prev_prev_x = poly[o], prev_prev_y = poly[o + 1], prev_x = poly[o + 2], prev_y = poly[o + 3];
        double first_x = poly[0], first_y = poly[1], second_x = poly[2], second_y = poly[3];
        int fan_winding = winding(prev_prev_x, prev_prev_y, prev_x, prev_y, first_x, first_y);
        for (int k = 0; k < n; k++) {
            if (k == i || t->polygon_index_counts[k] != 3) continue;
            const int *other = indices_of(t, k);
            const double *other_poly = pc_triangulator_polygon(t, k);
            double x3 = other_poly[t->polygon_lengths[k] - 2], y3 = other_poly[t->polygon_lengths[k] - 1];
            if (other[0] != first_index || other[1] != last_index) continue;
            if (winding(prev_prev_x, prev_prev_y, prev_x, prev_y, x3, y3) == fan_winding &&
                winding(x3, y3, first_x, first_y, second_x, second_y) == fan_winding) {
                int other_last = other[2];
                t->polygon_lengths[k] = 0;
                t->polygon_index_counts[k] = 0;
                push_vertex(t, i, x3, y3, other_last);
                last_index = other_last;
                prev_prev_x = prev_x;
                prev_prev_y = prev_y;
                prev_x = x3;
                prev_y = y3;
                k = -1;
            }
        }
    }
    /* Remove the emptied polygons (keeping the order of the rest), close the others. */
    int kept = 0;
    for (int i = 0; i < n; i++) {
        if (t->polygon_lengths[i] == 0) continue;
        if (kept != i) {
            memcpy(pc_triangulator_polygon(t, kept), pc_triangulator_polygon(t, i),
                   (size_t)t->polygon_lengths[i] * sizeof(double));
            t->polygon_lengths[kept] = t->polygon_lengths[i];
            memcpy(indices_of(t, kept), indices_of(t, i), (size_t)t->polygon_index_counts[i] * sizeof(int));
            t->polygon_index_counts[kept] = t->polygon_index_counts[i];
        }
        double *poly = pc_triangulator_polygon(t, kept);
        poly[t->polygon_lengths[kept]] = poly[0];
        poly[t->polygon_lengths[kept] + 1] = poly[1];
        t->polygon_lengths[kept] += 2;
        kept++;
    }
    t->polygon_count = kept;
}
