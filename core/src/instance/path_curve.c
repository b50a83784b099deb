/* The curve arithmetic of the path constraint (path.h): the tables of curve lengths, the ten segments
 * of a curve, the point and direction at a parameter, the lines past an open path's ends. Every sum and
 * product in the runtime's order, so the doubles agree to the bit.
 *
 * Rules measured on the path populations (probes/README.md):
 * - the curve table takes four forward-difference steps per curve (0.1875, 0.09375, 0.75, 0.16666667;
 *   path-grid: ten steps of 1/10 instead missed 460 of 976 in the seed);
 * - a curve's segments are ten steps (0.3, 0.03, 0.006, 0.16666667), the last step adding the third
 *   difference once more;
 * - the point is the cubic at any parameter, negative ones extrapolating backwards (path: clamping
 *   below 0.00001 to the first knot missed 11 of 2,000 in the seed); a parameter 0 or NaN (a curve of
 *   length 0) gives the first knot and the first handle's direction;
 * - the direction below a parameter of 0.001, negative ones included, is the first handle's (path: 0.001
 *   as a floor above 0 missed 7 of 2,000 tangent probes in the seed). */
#include "path.h"
#include "document/rules.h"

#include <math.h>

/* The table; `inside`: every point read lies inside the array (the caller checked), so the reads
 * need no bounds test (the same values). */
#define POINT(i) (inside ? w.v[(i)] : pc_point(w, (i)))
static inline __attribute__((always_inline)) void curve_lengths(pc_points w, int curve_count, double *out,
                                                                  bool inside)
{
    double total = 0;
    double x1 = POINT(0), y1 = POINT(1);
    for (int i = 0, k = 2; i < curve_count; i++, k += 6) {
        double cx1 = POINT(k), cy1 = POINT(k + 1);
        double cx2 = POINT(k + 2), cy2 = POINT(k + 3);
        double x2 = POINT(k + 4), y2 = POINT(k + 5);
        double tmpx = (x1 - cx1 * 2 + cx2) * 0.1875;
        double tmpy = (y1 - cy1 * 2 + cy2) * 0.1875;
        double dddfx = ((cx1 - cx2) * 3 - x1 + x2) * 0.09375;
        double dddfy = ((cy1 - cy2) * 3 - y1 + y2) * 0.09375;
        double ddfx = tmpx * 2 + dddfx;
        double ddfy = tmpy * 2 + dddfy;
        double dfx = (cx1 - x1) * 0.75 + tmpx + dddfx * 0.16666667;
        double dfy = (cy1 - y1) * 0.75 + tmpy + dddfy * 0.16666667;
        total += sqrt(dfx * dfx + dfy * dfy);
        dfx += ddfx;
        dfy += ddfy;
        ddfx += dddfx;
        ddfy += dddfy;
        total += sqrt(dfx * dfx + dfy * dfy);
        dfx += ddfx;
        dfy += ddfy;
        total += sqrt(dfx * dfx + dfy * dfy);
        dfx += ddfx + dddfx;
        dfy += ddfy + dddfy;
        total += sqrt(dfx * dfx + dfy * dfy);
        out[i] = total;
        x1 = x2;
        y1 = y2;
    }
}
#undef POINT

void pc_path_curve_lengths(pc_points w, int curve_count, double *out)
{
    if (curve_count > 0 && w.len >= 2 + 6 * curve_count) curve_lengths(w, curve_count, out, true);
    else curve_lengths(w, curve_count, out, false);
}

/* Ten forward-difference steps of 1/10 over one curve: the segment ends into seg (may be NULL). */
static double ten_steps(const double c[8], double *seg)
{
    double x1 = c[0], y1 = c[1], cx1 = c[2], cy1 = c[3], cx2 = c[4], cy2 = c[5], x2 = c[6], y2 = c[7];
    double tmpx = (x1 - cx1 * 2 + cx2) * 0.03;
    double tmpy = (y1 - cy1 * 2 + cy2) * 0.03;
    double dddfx = ((cx1 - cx2) * 3 - x1 + x2) * 0.006;
    double dddfy = ((cy1 - cy2) * 3 - y1 + y2) * 0.006;
    double ddfx = tmpx * 2 + dddfx;
    double ddfy = tmpy * 2 + dddfy;
    double dfx = (cx1 - x1) * 0.3 + tmpx + dddfx * 0.16666667;
    double dfy = (cy1 - y1) * 0.3 + tmpy + dddfy * 0.16666667;
    double length = sqrt(dfx * dfx + dfy * dfy);
    if (seg) seg[0] = length;
    for (int i = 1; i < 8; i++) {
        dfx += ddfx;
        dfy += ddfy;
        ddfx += dddfx;
        ddfy += dddfy;
        length += sqrt(dfx * dfx + dfy * dfy);
        if (seg) seg[i] = length;
    }
    dfx += ddfx;
    dfy += ddfy;
    length += sqrt(dfx * dfx + dfy * dfy);
    if (seg) seg[8] = length;
    dfx += ddfx + dddfx;
    dfy += ddfy + dddfy;
    length += sqrt(dfx * dfx + dfy * dfy);
    if (seg) seg[9] = length;
    return length;
}

void pc_path_curve_lengths_ten(pc_points w, int curve_count, double *out)
{
    double total = 0;
    for (int i = 0, k = 0; i < curve_count; i++, k += 6) {
        double c[8];
        for (int j = 0; j < 8; j++) c[j] = pc_point(w, k + j);
        total += ten_steps(c, NULL);
        out[i] = total;
    }
}

double pc_path_segments(const double c[8], double segments[10])
{
    return ten_steps(c, segments);
}

void pc_path_curve_point(const pc_readings *rules, double p, const double c[8], double *out, bool tangents)
{
    double x1 = c[0], y1 = c[1], cx1 = c[2], cy1 = c[3], cx2 = c[4], cy2 = c[5], x2 = c[6], y2 = c[7];
    if (p == 0 || isnan(p) || (rules->path.start_clamp && p < 0.00001)) {
        out[0] = x1;
        out[1] = y1;
        out[2] = pc_atan2(rules, cy1 - y1, cx1 - x1);
        return;
    }
    double tt = p * p, ttt = tt * p, u = 1 - p, uu = u * u, uuu = uu * u;
    double ut = u * p, ut3 = ut * 3, uut3 = u * ut3, utt3 = ut3 * p;
    double x = x1 * uuu + cx1 * uut3 + cx2 * utt3 + x2 * ttt;
    double y = y1 * uuu + cy1 * uut3 + cy2 * utt3 + y2 * ttt;
    out[0] = x;
    out[1] = y;
    if (!tangents) return;
    bool start = rules->path.tangent_start ? p >= 0 && p < 0.001 : p < 0.001;
    if (start)
        out[2] = pc_atan2(rules, cy1 - y1, cx1 - x1);
    else
        out[2] = pc_atan2(rules, y - (y1 * uu + cy1 * ut * 2 + cy2 * tt), x - (x1 * uu + cx1 * ut * 2 + cx2 * tt));
}

void pc_path_line_before(const pc_readings *rules, double p, double x1, double y1, double x2, double y2, double *out)
{
    double r = pc_atan2(rules, y2 - y1, x2 - x1);
    out[0] = x1 + p * pc_cos(rules, r);
    out[1] = y1 + p * pc_sin(rules, r);
    out[2] = r;
}

void pc_path_line_after(const pc_readings *rules, double p, double x1, double y1, double x2, double y2, double *out)
{
    double r = pc_atan2(rules, y2 - y1, x2 - x1);
    out[0] = x2 + p * pc_cos(rules, r);
    out[1] = y2 + p * pc_sin(rules, r);
    out[2] = r;
}

/* The point of the cubic at t (rejected reading only). */
static void cubic(const double c[8], double t, double *x, double *y)
{
    double u = 1 - t;
    *x = c[0] * u * u * u + c[2] * 3 * u * u * t + c[4] * 3 * u * t * t + c[6] * t * t * t;
    *y = c[1] * u * u * u + c[3] * 3 * u * u * t + c[5] * 3 * u * t * t + c[7] * t * t * t;
}

double pc_path_arc_parameter(const double c[8], double fraction)
{
    enum { PIECES = 2000 };
    double total = 0, px, py;
    cubic(c, 0, &px, &py);
    for (int k = 1; k <= PIECES; k++) {
        double x, y;
        cubic(c, (double)k / PIECES, &x, &y);
        total += sqrt((x - px) * (x - px) + (y - py) * (y - py));
        px = x;
        py = y;
    }
    double target = fraction * total, run = 0;
    cubic(c, 0, &px, &py);
    for (int k = 1; k <= PIECES; k++) {
        double x, y;
        cubic(c, (double)k / PIECES, &x, &y);
        double piece = sqrt((x - px) * (x - px) + (y - py) * (y - py));
        if (run + piece >= target || k == PIECES) return (k - 1 + (target - run) / piece) / PIECES;
        run += piece;
        px = x;
        py = y;
    }
    return fraction;
}
