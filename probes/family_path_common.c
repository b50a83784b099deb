/* What the path families share (family_path.h). Every number a probe holds is made from decimal text
 * by strtod or by exact IEEE arithmetic (+, -, *, /, sqrt), never by a library function whose last bit
 * may differ between C libraries, so a probe is the same bytes on every machine: directions turn by
 * rational rotations ((1 - t^2, 2t) / (1 + t^2)), loops by a table of cosines and sines. */
#include "family_path.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const path_position_modes[2] = { "fixed", "percent" };
const char *const path_spacing_modes[4] = { "length", "fixed", "percent", "proportional" };
const char *const path_rotate_modes[3] = { "tangent", "chain", "chainScale" };

double path_decimal(double v, int digits)
{
    char t[400];
    snprintf(t, sizeof t, "%.*f", digits, v);
    double d = strtod(t, NULL);
    return d == 0 ? 0 : d; /* no -0 from rounding */
}

static double uniform(prng *r, double lo, double hi)
{
    return lo + (hi - lo) * prng_unit(r);
}

/* A decimal uniform in [lo, hi] with one to three digits (the value drawn first; path_draw_decimal
 * draws the digits first). */
static double decimal_in(prng *r, double lo, double hi)
{
    double v = uniform(r, lo, hi);
    int digits = prng_int(r, 1, 3);
    return path_decimal(v, digits);
}

double path_draw_decimal(prng *r, double lo, double hi)
{
    int digits = prng_int(r, 1, 3); /* before the value: the order the files were drawn in */
    double v = uniform(r, lo, hi);
    return path_decimal(v, digits);
}

/* cos and sin of 360 / n degrees, n = 1 .. 10 (the loops' knots). */
static const double loop_turn[11][2] = {
    { 1, 0 }, { 1, 0 }, { -1, 0 }, { -0.5, 0.8660254037844386 }, { 0, 1 },
    { 0.30901699437494745, 0.9510565162951535 }, { 0.5, 0.8660254037844386 },
    { 0.6234898018587336, 0.7818314824680298 }, { 0.7071067811865476, 0.7071067811865476 },
    { 0.766044443118978, 0.6427876096865393 }, { 0.8090169943749475, 0.5877852522924731 },
};

/* (x, y) turned by the rational rotation of parameter t. */
static void turn(double t, double *x, double *y)
{
    double d = 1 + t * t, c = (1 - t * t) / d, s = 2 * t / d;
    double nx = *x * c - *y * s, ny = *x * s + *y * c;
    *x = nx;
    *y = ny;
}

static void set_vertex(prng *r, path_att *p, int v, double x, double y)
{
    int dx = prng_int(r, 1, 3), dy = prng_int(r, 1, 3);
    p->xy[2 * v] = path_decimal(x, dx);
    p->xy[2 * v + 1] = path_decimal(y, dy);
    p->sp[2 * v] = draw_spelling(r);
    p->sp[2 * v + 1] = draw_spelling(r);
}

void path_shape(prng *r, path_att *p, int curves, bool closed, double x, double y, double angle_deg, double step)
{
    memset(p, 0, sizeof *p);
    p->closed = closed;
    p->constant_speed = true;
    int knots = closed ? curves : curves + 1;
    if (knots > PATH_MAX_VERTICES / 3) knots = PATH_MAX_VERTICES / 3;
    p->vertex_count = knots * 3;
    /* The heading: the angle in eighths of a turn (a table), then turned a little. */
    static const double eighth[8][2] = { { 1, 0 }, { 0.7071067811865476, 0.7071067811865476 }, { 0, 1 },
                                         { -0.7071067811865476, 0.7071067811865476 }, { -1, 0 },
                                         { -0.7071067811865476, -0.7071067811865476 }, { 0, -1 },
                                         { 0.7071067811865476, -0.7071067811865476 } };
    int e = ((int)(angle_deg / 45) % 8 + 8) % 8;
    double hx = eighth[e][0], hy = eighth[e][1];
    if (closed) {
        /* Knots around a loop of radius about `step`, each with its handles along the loop. */
        double ux = hx, uy = hy;
        double cx = x + ux * step, cy = y + uy * step; /* the first knot at (x, y) */
        ux = -ux;
        uy = -uy;
        for (int k = 0; k < knots; k++) {
            double radius = step * uniform(r, 0.7, 1.3);
            double kx = cx + ux * radius, ky = cy + uy * radius;
            double h = step * uniform(r, 0.2, 0.7), h2 = prng_chance(r, 0.7) ? h : step * uniform(r, 0.1, 0.8);
            double tx = -uy, ty = ux; /* along the loop */
            double t = uniform(r, -0.4, 0.4);
            turn(t, &tx, &ty);
            set_vertex(r, p, 3 * k, kx - tx * h, ky - ty * h);
            set_vertex(r, p, 3 * k + 1, kx, ky);
            set_vertex(r, p, 3 * k + 2, kx + tx * h2, ky + ty * h2);
            const double *q = loop_turn[knots <= 10 ? knots : 10];
            double nx = ux * q[0] - uy * q[1], ny = ux * q[1] + uy * q[0];
            ux = nx;
            uy = ny;
        }
        return;
    }
    double kx = x, ky = y;
    for (int k = 0; k < knots; k++) {
        double tx = hx, ty = hy;
        turn(uniform(r, -0.6, 0.6), &tx, &ty);
        double h = step * uniform(r, 0.15, 0.6), h2 = prng_chance(r, 0.7) ? h : step * uniform(r, 0.05, 0.8);
        set_vertex(r, p, 3 * k, kx - tx * h, ky - ty * h);
        set_vertex(r, p, 3 * k + 1, kx, ky);
        set_vertex(r, p, 3 * k + 2, kx + tx * h2, ky + ty * h2);
        turn(uniform(r, -0.5, 0.5), &hx, &hy);
        double s = step * uniform(r, 0.6, 1.3);
        kx += hx * s;
        ky += hy * s;
    }
}

void path_draw_shape(prng *r, path_att *p, int max_curves, double step_lo, double step_hi, double reach)
{
    /* The shape's draws last first, the order the files were drawn in. */
    double step = path_draw_decimal(r, step_lo, step_hi);
    double angle = 45.0 * prng_int(r, 0, 7);
    double y = path_draw_decimal(r, -reach, reach);
    double x = path_draw_decimal(r, -reach, reach);
    bool closed = prng_chance(r, 0.3);
    int curves = prng_int(r, 1, max_curves);
    path_shape(r, p, curves, closed, x, y, angle, step);
}

void path_weigh(prng *r, path_att *p, const int *bones, int bone_count)
{
    p->weighted = true;
    for (int v = 0; v < p->vertex_count; v++) {
        int n = prng_int(r, 1, bone_count < PATH_MAX_WEIGHTS ? bone_count : PATH_MAX_WEIGHTS);
        p->weight_count[v] = n;
        double left = 1;
        for (int k = 0; k < n; k++) {
            int b;
            bool again;
            do { /* distinct bones */
                b = bones[prng_int(r, 0, bone_count - 1)];
                again = false;
                for (int j = 0; j < k; j++) again = again || p->weight_bone[v][j] == b;
            } while (again);
            p->weight_bone[v][k] = b;
            int x_digits = prng_int(r, 1, 3); /* before the offset */
            p->wx[v][k] = path_decimal(p->xy[2 * v] + uniform(r, -8, 8), x_digits);
            int y_digits = prng_int(r, 1, 3); /* before the offset */
            p->wy[v][k] = path_decimal(p->xy[2 * v + 1] + uniform(r, -8, 8), y_digits);
            double w = k == n - 1 ? left : path_decimal(left * uniform(r, 0.2, 0.8), 2);
            if (k == n - 1 && prng_chance(r, 0.1)) w = path_decimal(left * uniform(r, 0.7, 1.3), 3);
            p->weight[v][k] = path_decimal(w, 3);
            left -= w;
        }
    }
}

/* The point of the cubic (x1 y1 cx1 cy1 cx2 cy2 x2 y2) at t. */
static void cubic(const double *c, double t, double *x, double *y)
{
    double u = 1 - t;
    *x = c[0] * u * u * u + c[2] * 3 * u * u * t + c[4] * 3 * u * t * t + c[6] * t * t * t;
    *y = c[1] * u * u * u + c[3] * 3 * u * u * t + c[5] * 3 * u * t * t + c[7] * t * t * t;
}

void path_state_lengths(path_att *p, double stretch, int digits)
{
    int knots = p->vertex_count / 3;
    int curves = p->closed ? knots : knots - 1;
    double total = 0;
    p->lengths_count = knots;
    for (int i = 0; i < knots; i++) {
        if (i < curves || !p->closed) {
            /* Curve i: knot i, its out handle, knot i+1's in handle, knot i+1 (wrapping); an open
             * path's entry past its last curve closes the loop as the editor's does. */
            int a = 3 * i + 1, n = p->vertex_count;
            double c[8];
            int idx[4] = { a, (a + 1) % n, (a + 2) % n, (a + 3) % n };
            for (int j = 0; j < 4; j++) {
                c[2 * j] = p->xy[2 * idx[j]];
                c[2 * j + 1] = p->xy[2 * idx[j] + 1];
            }
            double px = c[0], py = c[1];
            for (int k = 1; k <= 20; k++) {
                double x, y;
                cubic(c, k / 20.0, &x, &y);
                total += sqrt((x - px) * (x - px) + (y - py) * (y - py));
                px = x;
                py = y;
            }
        }
        p->lengths[i] = path_decimal(total * stretch, digits);
    }
}

void path_write(jw *w, const char *name, const path_att *p)
{
    jw_object(w, name, false);
    jw_string(w, "type", "path");
    if (p->write_closed || p->closed) jw_bool(w, "closed", p->closed);
    if (p->write_speed || !p->constant_speed) jw_bool(w, "constantSpeed", p->constant_speed);
    jw_number(w, "vertexCount", p->vertex_count, JW_SHORTEST);
    jw_array(w, "vertices", false);
    for (int v = 0; v < p->vertex_count; v++) {
        if (!p->weighted) {
            jw_number(w, NULL, p->xy[2 * v], p->sp[2 * v]);
            jw_number(w, NULL, p->xy[2 * v + 1], p->sp[2 * v + 1]);
            continue;
        }
        jw_number(w, NULL, p->weight_count[v], JW_SHORTEST);
        for (int k = 0; k < p->weight_count[v]; k++) {
            jw_number(w, NULL, p->weight_bone[v][k], JW_SHORTEST);
            jw_number(w, NULL, p->wx[v][k], p->sp[2 * v]);
            jw_number(w, NULL, p->wy[v][k], p->sp[2 * v + 1]);
            jw_number(w, NULL, p->weight[v][k], JW_SHORTEST);
        }
    }
    jw_end(w);
    jw_array(w, "lengths", false);
    for (int i = 0; i < p->lengths_count; i++) jw_number(w, NULL, p->lengths[i], p->lengths_sp);
    jw_end(w);
    jw_end(w);
}

void path_write_slots_and_skin(jw *w, int count, const char *const *slot, const char *const *bone,
                               const path_att *att)
{
    jw_array(w, "slots", true);
    for (int k = 0; k < count; k++) {
        jw_object(w, NULL, false);
        jw_string(w, "name", slot[k]);
        jw_string(w, "bone", bone[k]);
        jw_string(w, "attachment", "p");
        jw_end(w);
    }
    jw_end(w);
    jw_array(w, "skins", true);
    jw_object(w, NULL, false);
    jw_string(w, "name", "default");
    jw_object(w, "attachments", false);
    for (int k = 0; k < count; k++) {
        jw_object(w, slot[k], false);
        path_write(w, "p", &att[k]);
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
    jw_end(w);
}

/* A mix: 1, 0, a fraction, negative, above 1. */
static num draw_mix(prng *r)
{
    int k = prng_int(r, 0, 99);
    if (k < 40) return draw_spelled(r, 1);
    if (k < 50) return draw_spelled(r, 0);
    if (k < 80) return draw_spelled(r, decimal_in(r, 0, 1));
    if (k < 90) return draw_spelled(r, decimal_in(r, -0.8, 0));
    return draw_spelled(r, decimal_in(r, 1, 2));
}

void path_draw_constraint(prng *r, path_con *c, const gen_bone *bones)
{
    int k = prng_int(r, 0, 99);
    c->position_mode = k < 5 ? -1 : k < 45 ? 0 : 1;
    k = prng_int(r, 0, 99);
    c->spacing_mode = k < 5 ? -1 : k < 35 ? 0 : k < 55 ? 1 : k < 75 ? 2 : 3;
    k = prng_int(r, 0, 99);
    c->rotate_mode = k < 5 ? -1 : k < 35 ? 0 : k < 65 ? 1 : 2;
    c->mode_capital = prng_chance(r, 0.1);
    int position_mode = c->position_mode < 0 ? 1 : c->position_mode;
    int spacing_mode = c->spacing_mode < 0 ? 0 : c->spacing_mode;

    /* The position: percent of the path, or a length along it (paths here are a few hundred long). */
    c->has_position = prng_chance(r, 0.9);
    k = prng_int(r, 0, 99);
    double position;
    if (position_mode == 1) position = k < 10 ? 0 : k < 15 ? 1 : k < 85 ? decimal_in(r, -0.2, 1.1) : decimal_in(r, -1.5, 2.5);
    else position = k < 10 ? 0 : k < 80 ? decimal_in(r, -50, 500) : decimal_in(r, -400, 1200);
    c->position = draw_spelled(r, position);

    /* The spacing, to hit the rules' edges. */
    c->has_spacing = prng_chance(r, 0.92);
    double length0 = bones[c->bones[0]].has[BF_LENGTH] ? bones[c->bones[0]].field[BF_LENGTH].v : 0;
    k = prng_int(r, 0, 99);
    double spacing;
    switch (spacing_mode) {
    case 0: /* length: L + spacing below 0 (the clamp), exactly 0, about 1e-7 */
        if (k < 15) spacing = 0;
        else if (k < 25) spacing = -length0;
        else if (k < 32) spacing = path_decimal(-length0 + (prng_chance(r, 0.5) ? 1e-7 : -1e-7), 12);
        else if (k < 60) spacing = decimal_in(r, -length0 - 40, -length0 + 10);
        else spacing = decimal_in(r, -30, 60);
        break;
    case 1: /* fixed: 0, +-1e-7, negative across curves */
        spacing = k < 15 ? 0 : k < 25 ? (prng_chance(r, 0.5) ? 1e-7 : -1e-7) : k < 55 ? decimal_in(r, -150, 0)
                                                                               : decimal_in(r, 0, 150);
        break;
    case 2: /* percent */
        spacing = k < 15 ? 0 : k < 22 ? (prng_chance(r, 0.5) ? 1e-7 : -1e-7) : k < 50 ? decimal_in(r, -0.4, 0)
                                                                               : decimal_in(r, 0, 0.5);
        break;
    default: /* proportional */
        spacing = k < 15 ? 0 : k < 80 ? decimal_in(r, 0, 1.5) : decimal_in(r, -1, 0);
        break;
    }
    c->spacing = draw_spelled(r, spacing);

    c->has_rotation = prng_chance(r, 0.6);
    k = prng_int(r, 0, 99);
    double rotation = k < 30 ? 0 : k < 45 ? 90.0 * prng_int(r, -4, 4) : k < 95 ? decimal_in(r, -180, 180)
                                                                             : decimal_in(r, -1000, 1000);
    c->rotation = draw_spelled(r, rotation);
    c->has_mix_rotate = prng_chance(r, 0.7);
    c->mix_rotate = draw_mix(r);
    c->has_mix_x = prng_chance(r, 0.7);
    c->mix_x = draw_mix(r);
    c->has_mix_y = prng_chance(r, 0.5);
    c->mix_y = draw_mix(r);
}

static void mode_member(jw *w, const char *key, int mode, const char *const *names, bool capital)
{
    if (mode < 0) return;
    char t[32];
    snprintf(t, sizeof t, "%s", names[mode]);
    if (capital) t[0] = (char)(t[0] - 'a' + 'A');
    jw_string(w, key, t);
}

void path_write_constraint(jw *w, const path_con *c, const gen_bone *bones)
{
    jw_object(w, NULL, false);
    jw_string(w, "type", "path");
    jw_string(w, "name", c->name);
    if (c->skin_required) jw_bool(w, "skin", true);
    jw_array(w, "bones", false);
    for (int i = 0; i < c->bone_count; i++) jw_string(w, NULL, bones[c->bones[i]].name);
    jw_end(w);
    jw_string(w, "slot", c->slot);
    mode_member(w, "positionMode", c->position_mode, path_position_modes, c->mode_capital);
    mode_member(w, "spacingMode", c->spacing_mode, path_spacing_modes, c->mode_capital);
    mode_member(w, "rotateMode", c->rotate_mode, path_rotate_modes, c->mode_capital);
    if (c->has_rotation) jw_number(w, "rotation", c->rotation.v, c->rotation.sp);
    if (c->has_position) jw_number(w, "position", c->position.v, c->position.sp);
    if (c->has_spacing) jw_number(w, "spacing", c->spacing.v, c->spacing.sp);
    if (c->has_mix_rotate) jw_number(w, "mixRotate", c->mix_rotate.v, c->mix_rotate.sp);
    if (c->has_mix_x) jw_number(w, "mixX", c->mix_x.v, c->mix_x.sp);
    if (c->has_mix_y) jw_number(w, "mixY", c->mix_y.v, c->mix_y.sp);
    jw_end(w);
}

/* Key times: 1 to 3 increasing times in [0, 1] on a 1/30 grid or decimals. */
static int key_times(prng *r, double *t)
{
    int n = prng_int(r, 1, 3);
    double at = prng_chance(r, 0.7) ? 0 : path_decimal(uniform(r, 0, 0.3), 2);
    for (int i = 0; i < n; i++) {
        t[i] = at;
        at = path_decimal(at + uniform(r, 0.1, 0.5), 2);
    }
    return n;
}

static void key_curve(prng *r, jw *w, int channels, bool last)
{
    if (last) return;
    int k = prng_int(r, 0, 99);
    if (k < 60) return;
    if (k < 70) {
        jw_string(w, "curve", "stepped");
        return;
    }
    jw_array(w, "curve", false);
    for (int c = 0; c < channels; c++) {
        jw_number(w, NULL, path_decimal(uniform(r, 0.1, 0.5), 2), JW_SHORTEST);
        jw_number(w, NULL, path_decimal(uniform(r, -1, 1), 2), JW_SHORTEST);
        jw_number(w, NULL, path_decimal(uniform(r, 0.5, 0.9), 2), JW_SHORTEST);
        jw_number(w, NULL, path_decimal(uniform(r, -1, 1), 2), JW_SHORTEST);
    }
    jw_end(w);
}

/* A key's time, omitted now and then when 0. */
static void key_time(prng *r, jw *w, double t)
{
    if (t != 0 || prng_chance(r, 0.5)) jw_number(w, "time", t, JW_SHORTEST);
}

/* A timeline `name` of one value per key, decimals in [lo, hi]. */
static void value_keys(prng *r, jw *w, const char *name, double lo, double hi)
{
    double t[3];
    int n = key_times(r, t);
    jw_array(w, name, false);
    for (int i = 0; i < n; i++) {
        jw_object(w, NULL, false);
        key_time(r, w, t[i]);
        double v = decimal_in(r, lo, hi);
        if (prng_chance(r, 0.9)) jw_number(w, "value", v, draw_spelling(r));
        key_curve(r, w, 1, i == n - 1);
        jw_end(w);
    }
    jw_end(w);
}

/* The constraint's member of the animation's `path` object. */
static void constraint_timelines(prng *r, jw *w, const path_con *c)
{
    int position_mode = c->position_mode < 0 ? 1 : c->position_mode;
    int spacing_mode = c->spacing_mode < 0 ? 0 : c->spacing_mode;
    jw_object(w, c->name, false);
    if (prng_chance(r, 0.6)) {
        if (position_mode == 1) value_keys(r, w, "position", -0.3, 1.3);
        else value_keys(r, w, "position", -100, 600);
    }
    if (prng_chance(r, 0.5)) {
        if (spacing_mode == 2) value_keys(r, w, "spacing", -0.3, 0.5);
        else if (spacing_mode == 3) value_keys(r, w, "spacing", 0, 1.5);
        else value_keys(r, w, "spacing", -60, 80);
    }
    if (prng_chance(r, 0.5)) {
        double t[3];
        int n = key_times(r, t);
        jw_array(w, "mix", false);
        for (int i = 0; i < n; i++) {
            jw_object(w, NULL, false);
            key_time(r, w, t[i]);
            if (prng_chance(r, 0.8)) jw_number(w, "mixRotate", decimal_in(r, -0.3, 1.2), JW_SHORTEST);
            if (prng_chance(r, 0.8)) jw_number(w, "mixX", decimal_in(r, -0.3, 1.2), JW_SHORTEST);
            if (prng_chance(r, 0.5)) jw_number(w, "mixY", decimal_in(r, -0.3, 1.2), JW_SHORTEST);
            key_curve(r, w, 3, i == n - 1);
            jw_end(w);
        }
        jw_end(w);
    }
    jw_end(w);
}

void path_write_timelines(prng *r, jw *w, const path_con *cons, int count)
{
    jw_object(w, "path", false);
    for (int c = 0; c < count; c++) constraint_timelines(r, w, &cons[c]);
    jw_end(w);
}

void path_rotate_timeline(prng *r, jw *w, const char *bone, double range)
{
    jw_object(w, bone, false);
    jw_array(w, "rotate", false);
    jw_object(w, NULL, false);
    jw_number(w, "value", path_draw_decimal(r, -range, range), JW_SHORTEST);
    jw_end(w);
    jw_object(w, NULL, false);
    jw_number(w, "time", 1, JW_SHORTEST);
    jw_number(w, "value", path_draw_decimal(r, -range, range), JW_SHORTEST);
    jw_end(w);
    jw_end(w);
    jw_end(w);
}
