/* Where each space of a path constraint falls on its path (path.h; the runtime's
 * computeWorldPositions): the position, then each space after it, walked along the curves.
 *
 * At constant speed (the default) the runtime measures the path every update:
 * 1. the world points: an open path drops its first and last point (the end knots' outer handles); a
 *    closed one is turned by one point and repeats its first knot and handle at the end;
 * 2. the table of the curves' lengths (path_curve.c); its last entry is the path's length, which
 *    `percent` multiplies the position by (path-stated: the stated total in its place missed 680 of
 *    1,000 in the seed);
 * 3. the curve holding a length is searched forward from the curve the previous space ended on: an
 *    open path never restarts the search, so a space walking backwards stays on the later curve with a
 *    negative fraction (path: restarting missed 36 of 2,000 in the seed); a closed path takes the
 *    length modulo the total (plus the total below 0) and searches from the first curve every time;
 * 4. the curve's ten segments (built when the curve changes); the fraction times their total is
 *    searched from the segment the previous space ended on while the curve is the same, and the
 *    parameter is (segment + fraction of the segment) / 10 (path-grid: the curve's fraction as the
 *    parameter missed 380 of 976, the exact arc length's parameter 380, the point on the ten-segment
 *    polyline 392, in the seed).
 * Off constant speed the stated `lengths` are the table, as the doubles the document spells them
 * (path-stated: through float32 they missed 697 of 1,000), their entry for the last curve the total,
 * and the curve's fraction is the parameter (path-stated: the table measured off the geometry missed
 * 711 of 1,000). Past the ends of an open path a space stands on the line through the first knot and
 * its handle, or the last handle and the last knot. */
#include "path.h"
#include "vertices.h"
#include "js/jsmath.h"

enum { PREV_NONE = -1, PREV_BEFORE = -2, PREV_AFTER = -3 };

static const char bone_thrown[] = "TypeError: Cannot read properties of undefined (reading 'appliedPose')";
static const char length_thrown[] = "RangeError: Invalid array length";

/* computeWorldVertices; a throw stops the pass. */
#define WORLD(sk, ...) \
    do { \
        if (!pc_vertices_world(sk, __VA_ARGS__) && !(sk)->thrown) (sk)->thrown = bone_thrown; \
    } while (0)

/* Utils.setArraySize on the world buffer: grown values are 0, shrunk ones are gone. */
static void world_resize(pc_path_buffers *b, int size)
{
    if (size > b->world_cap) size = b->world_cap; /* not reached: sized for every path of the document */
    for (int i = b->world_len; i < size; i++) b->world[i] = 0;
    b->world_len = size;
}

static double undefined_or(const double *v, int len, double i)
{
    return i >= 0 && i < len && i == (double)(int)i ? v[(int)i] : NAN; /* in [0, len) truncation is floor */
}

static double spacing_multiplier(const pc_readings *rules, const pc_constraint_data *c, double total, int spaces_count)
{
    switch (c->u.path.spacing_mode) {
    case PC_SPACING_PERCENT: return total;
    case PC_SPACING_PROPORTIONAL: return rules->path.proportional ? total : total / spaces_count;
    default: return 1;
    }
}

/* The curve of a table holding p, searched from *curve on; p becomes the fraction of that curve. */
static double find_curve(const double *table, int len, int *curve, double p)
{
    for (;; (*curve)++) {
        double length = undefined_or(table, len, *curve);
        if (p > length) continue;
        if (*curve == 0) return p / length;
        double prev = undefined_or(table, len, *curve - 1);
        return (p - prev) / (length - prev);
    }
}

/* The stated lengths' reading (the rejected float32 reading rounds each). */
static double stated(const pc_readings *rules, const pc_attachment *path, double i)
{
    double v = undefined_or(path->lengths, path->lengths_count, i);
    return rules->path.stated_lengths ? js_fround(v) : v;
}

/* The world points of the whole path as the constant-speed walk arranges them into out (capacity
 * wvl + 2); returns their count. */
static int chain_points(pc_skeleton *sk, const pc_slot *slot, const pc_attachment *path, double *out)
{
    int wvl = (int)path->world_vertices_length;
    if (path->closed) {
        int n = wvl + 2;
        WORLD(sk, slot, path, 2, n - 4, out, 0, 2);
        if (n - 4 >= 0) WORLD(sk, slot, path, 0, 2, out, n - 4, 2);
        out[n - 2] = out[0];
        out[n - 1] = out[1];
        return n;
    }
    int n = wvl - 4;
    WORLD(sk, slot, path, 2, n, out, 0, 2);
    return n;
}

/* Off constant speed: the stated lengths are the table. */
static void walk_stated(pc_skeleton *sk, const pc_constraint_data *c, double position, const pc_attachment *path,
                        pc_path_buffers *b, bool tangents)
{
    const pc_readings *rules = &sk->readings;
    const pc_slot *slot = &sk->slots[c->u.path.slot];
    double *out = b->positions;
    int spaces_count = b->spaces_count;
    bool closed = path->closed;
    int wvl = (int)path->world_vertices_length;
    double curve_count = path->world_vertices_length / 6 - (closed ? 1 : 2);
    /* The rejected reading: the table measured off the geometry instead of the stated lengths. */
    const double *geometry = NULL;
    int geometry_len = 0;
    if (rules->path.stated_parameter) {
        int n = chain_points(sk, slot, path, b->alt_world);
        geometry_len = closed ? wvl / 6 : wvl / 6 - 1;
        if (geometry_len < 0) geometry_len = 0;
        pc_path_curve_lengths((pc_points){ b->alt_world, n }, geometry_len, b->alt_curves);
        geometry = b->alt_curves;
    }
#define LENGTH(i) (geometry ? undefined_or(geometry, geometry_len, (i)) : stated(rules, path, (i)))
    double total = LENGTH(curve_count);
    if (c->u.path.position_mode == PC_POSITION_PERCENT) position *= total;
    double multiplier = spacing_multiplier(rules, c, total, spaces_count);
    world_resize(b, 8);
    double *world = b->world;
    int prev = PREV_NONE;
    for (int i = 0, o = 0, curve = 0; i < spaces_count; i++, o += 3) {
        double space = b->spaces[i] * multiplier;
        position += space;
        double p = position;
        if (closed) {
            p = js_fmod(p, total);
            if (p < 0) p += total;
            curve = 0;
        } else if (p < 0) {
            if (prev != PREV_BEFORE) {
                prev = PREV_BEFORE;
                WORLD(sk, slot, path, 2, 4, world, 0, 2);
            }
            pc_path_line_before(rules, p, world[0], world[1], world[2], world[3], out + o);
            continue;
        } else if (p > total) {
            if (prev != PREV_AFTER) {
                prev = PREV_AFTER;
                WORLD(sk, slot, path, wvl - 6, 4, world, 0, 2);
            }
            pc_path_line_after(rules, p - total, world[0], world[1], world[2], world[3], out + o);
            continue;
        }
        if (rules->path.curve_search) curve = 0;
        for (;; curve++) {
            double length = LENGTH(curve);
            if (p > length) continue;
            if (curve == 0) p /= length;
            else {
                double before = LENGTH(curve - 1);
                p = (p - before) / (length - before);
            }
            break;
        }
        if (curve != prev) {
            prev = curve;
            if (closed && curve == curve_count) {
                WORLD(sk, slot, path, wvl - 4, 4, world, 0, 2);
                WORLD(sk, slot, path, 0, 4, world, 4, 2);
            } else {
                WORLD(sk, slot, path, curve * 6 + 2, 8, world, 0, 2);
            }
        }
        pc_path_curve_point(rules, p, world, out + o, tangents || (i > 0 && space == 0));
    }
#undef LENGTH
}

/* The parameter of the curve c at `fraction` of its length under the rejected readings (1: the
 * fraction itself, 2: the exact arc length's); 3 (the ten-segment polyline's point) is placed by the
 * caller. */
static void place_alternative(const pc_readings *rules, const double c[8], double fraction, double segment_p, double *out, bool tangents)
{
    switch (rules->path.curve_parameter) {
    case 1:
        pc_path_curve_point(rules, fraction, c, out, tangents);
        break;
    case 2:
        pc_path_curve_point(rules, pc_path_arc_parameter(c, fraction), c, out, tangents);
        break;
    default: {
        /* The point on the polyline through the segment ends, the direction of the curve. */
        double t = segment_p * 0.1, s = floor(segment_p), f = segment_p - s, a[3], e[3];
        pc_path_curve_point(rules, s * 0.1, c, a, false);
        pc_path_curve_point(rules, (s + 1) * 0.1, c, e, false);
        pc_path_curve_point(rules, t, c, out, tangents);
        out[0] = a[0] + (e[0] - a[0]) * f;
        out[1] = a[1] + (e[1] - a[1]) * f;
        break;
    }
    }
}

void pc_path_positions(pc_skeleton *sk, const pc_constraint_data *c, const pc_constraint_pose *pose,
                       const pc_attachment *path, pc_path_buffers *b, bool tangents)
{
    const pc_readings *rules = &sk->readings;
    double position = pose->position;
    if (!path->constant_speed) {
        walk_stated(sk, c, position, path, b, tangents);
        return;
    }
    const pc_slot *slot = &sk->slots[c->u.path.slot];
    double *out = b->positions;
    int spaces_count = b->spaces_count;
    bool closed = path->closed;
    int wvl = (int)path->world_vertices_length;
    /* The world points: the runtime sizes its arrays with the curve count and the points' count. */
    if (fmod(path->world_vertices_length, 6) != 0 || path->world_vertices_length < (closed ? 0 : 6)) {
        sk->thrown = length_thrown;
        return;
    }
    int curve_count = closed ? wvl / 6 : wvl / 6 - 1;
    int vertices_length;
    if (closed) {
        vertices_length = wvl + 2;
        world_resize(b, vertices_length);
        WORLD(sk, slot, path, 2, vertices_length - 4, b->world, 0, 2);
        WORLD(sk, slot, path, 0, 2, b->world, vertices_length - 4, 2);
        b->world[vertices_length - 2] = b->world[0];
        b->world[vertices_length - 1] = b->world[1];
    } else {
        vertices_length = wvl - 4;
        world_resize(b, vertices_length);
        WORLD(sk, slot, path, 2, vertices_length, b->world, 0, 2);
    }
    pc_points world = { b->world, b->world_len };
    /* The curve table. */
    b->curves_len = curve_count;
    if (rules->path.curve_table) pc_path_curve_lengths_ten(world, curve_count, b->curves);
    else pc_path_curve_lengths(world, curve_count, b->curves);
    double total = curve_count > 0 ? b->curves[curve_count - 1] : 0;
    if (rules->path.stated_total) total = stated(rules, path, path->world_vertices_length / 6 - (closed ? 1 : 2));
    if (c->u.path.position_mode == PC_POSITION_PERCENT) position *= total;
    double multiplier = spacing_multiplier(rules, c, total, spaces_count);
    double *segments = b->segments;
    double curve_length = 0, k[8] = { 0 };
    int prev = PREV_NONE;
    /* The readings the loop tests, in locals: its stores and calls could otherwise change them for all
     * the compiler knows, and each turn would load them again. */
    const bool restart_search = rules->path.curve_search, parameter_alternative = rules->path.curve_parameter;
    for (int i = 0, o = 0, curve = 0, segment = 0; i < spaces_count; i++, o += 3) {
        double space = b->spaces[i] * multiplier;
        position += space;
        double p = position;
        if (closed) {
            p = js_fmod(p, total);
            if (p < 0) p += total;
            curve = 0;
            segment = 0;
        } else if (p < 0) {
            pc_path_line_before(rules, p, pc_point(world, 0), pc_point(world, 1), pc_point(world, 2), pc_point(world, 3),
                                out + o);
            continue;
        } else if (p > total) {
            int e = vertices_length - 4;
            pc_path_line_after(rules, p - total, pc_point(world, e), pc_point(world, e + 1), pc_point(world, e + 2),
                               pc_point(world, e + 3), out + o);
            continue;
        }
        if (restart_search) curve = segment = 0;
        double fraction = find_curve(b->curves, b->curves_len, &curve, p);
        p = fraction;
        if (curve != prev) {
            prev = curve;
            int first = curve * 6;
            if (first >= 0 && first <= world.len - 8)
                for (int j = 0; j < 8; j++) k[j] = world.v[first + j];
            else
                for (int j = 0; j < 8; j++) k[j] = pc_point(world, first + j);
            curve_length = pc_path_segments(k, segments);
            segment = 0;
        }
        p *= curve_length;
        for (;; segment++) {
            double length = segment < 10 ? segments[segment] : NAN;
            if (p > length) continue;
            if (segment == 0) p /= length;
            else {
                double before = segments[segment - 1];
                p = segment + (p - before) / (length - before);
            }
            break;
        }
        bool wants = tangents || (i > 0 && space == 0);
        if (parameter_alternative) place_alternative(rules, k, fraction, p, out + o, wants);
        else pc_path_curve_point(rules, p * 0.1, k, out + o, wants);
    }
}
