/* The picture of a failing pose (picture.h). Layout, 960 x 640: a title band; on the left the main
 * panel with both skeletons; on the right the inset at the worst bone and the worst difference's text;
 * a legend along the bottom. World y points up, so it is flipped on the way to pixels. */
#include "picture.h"
#include "canvas.h"
#include "font5x7.h"
#include "pngout.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define W 960
#define H 640
#define PANEL_X 10
#define PANEL_Y 54
#define PANEL_W 640
#define PANEL_H 546
#define PANEL_MARGIN 24
#define INSET_X 660
#define INSET_Y 54
#define INSET_W 290
#define INSET_H 290
#define INFO_Y 354
#define FOOT_Y 610
#define INSET_GAP 120.0 /* pixels between the two points in the inset, whatever their true distance */

static const struct rgb WHITE = { 255, 255, 255 }, INK = { 34, 34, 34 }, FAINT = { 110, 110, 110 },
                        FRAME = { 200, 200, 200 }, ORACLE = { 46, 104, 214 }, CORE = { 240, 122, 26 },
                        MARK = { 216, 27, 27 }, INSET_BG = { 246, 246, 246 },
                        ORACLE_PALE = { 160, 188, 238 }, CORE_PALE = { 247, 190, 140 };

/* World to pixels: the centre of the fitted extents goes to the panel's centre. Halves are taken first
 * so that extents near the largest doubles do not overflow. */
struct view {
    double cx, cy, scale, ox, oy;
};

static double view_x(const struct view *v, double x) { return v->ox + (x / 2 - v->cx / 2) * (2 * v->scale); }
static double view_y(const struct view *v, double y) { return v->oy - (y / 2 - v->cy / 2) * (2 * v->scale); }

static bool finite2(double x, double y) { return isfinite(x) && isfinite(y); }

/* A bone's length for drawing: its data length when finite, else 0. */
static double draw_length(const struct skel_bone *b) { return isfinite(b->length) ? b->length : 0; }

static void tip_of(const struct skel_bone *b, double *x, double *y)
{
    double l = draw_length(b);
    *x = b->x + b->a * l;
    *y = b->y + b->c * l;
}

struct extents {
    double x0, y0, x1, y1;
    bool any;
};

static void extend(struct extents *e, double x, double y)
{
    if (!finite2(x, y)) return;
    if (!e->any) {
        e->x0 = e->x1 = x;
        e->y0 = e->y1 = y;
        e->any = true;
        return;
    }
    e->x0 = fmin(e->x0, x);
    e->x1 = fmax(e->x1, x);
    e->y0 = fmin(e->y0, y);
    e->y1 = fmax(e->y1, y);
}

static void fit(struct view *v, const struct skel *o, const struct skel *c, const struct drawn *od,
                const struct drawn *cd)
{
    struct extents e = { 0 };
    const struct drawn *drawn[2] = { od, cd };
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; drawn[s] && i < drawn[s]->points; i++) extend(&e, drawn[s]->xy[2 * i], drawn[s]->xy[2 * i + 1]);
    const struct skel *sides[2] = { o, c };
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < sides[s]->count; i++) {
            const struct skel_bone *b = &sides[s]->bones[i];
            if (!finite2(b->x, b->y)) continue;
            double tx, ty;
            tip_of(b, &tx, &ty);
            extend(&e, b->x, b->y);
            extend(&e, tx, ty);
        }
    if (!e.any) e.x0 = e.x1 = e.y0 = e.y1 = 0;
    v->cx = e.x0 / 2 + e.x1 / 2;
    v->cy = e.y0 / 2 + e.y1 / 2;
    double hx = e.x1 / 2 - e.x0 / 2, hy = e.y1 / 2 - e.y0 / 2; /* half spans */
    double sx = hx > 0 ? (PANEL_W / 2.0 - PANEL_MARGIN) / hx : INFINITY;
    double sy = hy > 0 ? (PANEL_H / 2.0 - PANEL_MARGIN) / hy : INFINITY;
    double s = fmin(sx, sy);
    if (!isfinite(s)) s = hx > 0 || hy > 0 ? 1e300 : 1; /* a span of denormals, or a single point */
    v->scale = s;
    v->ox = PANEL_X + PANEL_W / 2.0;
    v->oy = PANEL_Y + PANEL_H / 2.0;
}

static void draw_side(struct canvas *cv, const struct view *v, const struct skel *s, double width, double joint,
                      struct rgb colour, struct picture_facts *f)
{
    for (size_t i = 0; i < s->count; i++) {
        const struct skel_bone *b = &s->bones[i];
        if (!finite2(b->x, b->y)) {
            f->bones_not_drawn++;
            continue;
        }
        f->bones_drawn++;
        double px = view_x(v, b->x), py = view_y(v, b->y), tx, ty;
        tip_of(b, &tx, &ty);
        double qx = view_x(v, tx), qy = view_y(v, ty);
        if (draw_length(b) != 0 && finite2(qx, qy) && hypot(qx - px, qy - py) >= 1) {
            canvas_line(cv, px, py, qx, qy, width, colour, 0);
        } else { /* zero length (or shorter than a pixel): a cross */
            canvas_line(cv, px - 4, py - 4, px + 4, py + 4, width * 0.6, colour, 0);
            canvas_line(cv, px - 4, py + 4, px + 4, py - 4, width * 0.6, colour, 0);
        }
        canvas_disc(cv, px, py, joint, colour);
    }
}

/* One side's attachments: the render's triangles (thin), then each slot's outline (a point as a small
 * diamond). Segments with a non-finite end are left out. */
static void draw_attachments(struct canvas *cv, const struct view *v, const struct drawn *d, double width,
                             struct rgb tri, struct rgb outline, struct picture_facts *f)
{
    if (!d) return;
    for (size_t t = 0; t < d->triangle_count; t++) {
        const size_t *k = d->triangles + 3 * t;
        for (int e = 0; e < 3; e++) {
            size_t a = k[e], b = k[(e + 1) % 3];
            double ax = d->xy[2 * a], ay = d->xy[2 * a + 1], bx = d->xy[2 * b], by = d->xy[2 * b + 1];
            if (!finite2(ax, ay) || !finite2(bx, by)) continue;
            canvas_line(cv, view_x(v, ax), view_y(v, ay), view_x(v, bx), view_y(v, by), width * 0.5, tri, 0);
        }
        f->triangles_drawn++;
    }
    for (size_t i = 0; i < d->outline_count; i++) {
        const struct drawn_outline *o = &d->outlines[i];
        if (o->point) {
            double x = d->xy[2 * o->first], y = d->xy[2 * o->first + 1];
            if (!finite2(x, y)) continue;
            double px = view_x(v, x), py = view_y(v, y);
            canvas_line(cv, px - 5, py, px, py - 5, width, outline, 0);
            canvas_line(cv, px, py - 5, px + 5, py, width, outline, 0);
            canvas_line(cv, px + 5, py, px, py + 5, width, outline, 0);
            canvas_line(cv, px, py + 5, px - 5, py, width, outline, 0);
            f->outlines_drawn++;
            continue;
        }
        size_t n = o->count, edges = o->closed ? n : (n > 0 ? n - 1 : 0);
        for (size_t k = 0; k < edges; k++) {
            size_t a = o->first + k, b = o->first + (k + 1) % n;
            double ax = d->xy[2 * a], ay = d->xy[2 * a + 1], bx = d->xy[2 * b], by = d->xy[2 * b + 1];
            if (!finite2(ax, ay) || !finite2(bx, by)) continue;
            canvas_line(cv, view_x(v, ax), view_y(v, ay), view_x(v, bx), view_y(v, by), width, outline, 0);
        }
        f->outlines_drawn++;
    }
}

/* The three world points of a bone compared in the inset: its origin, the tip of its x axis and the tip
 * of its y axis (at its length, or at 1 for a bone of length 0). */
enum { POINT_ORIGIN, POINT_TIP, POINT_YAXIS, POINT_COUNT };
static const char *const point_names[POINT_COUNT] = { "origin", "tip", "y-axis" };

static void point_of(const struct skel_bone *b, int which, double *x, double *y)
{
    double l = draw_length(b) != 0 ? draw_length(b) : 1;
    switch (which) {
    case POINT_ORIGIN: *x = b->x; *y = b->y; break;
    case POINT_TIP: *x = b->x + b->a * l; *y = b->y + b->c * l; break;
    default: *x = b->x + b->b * l; *y = b->y + b->d * l; break;
    }
}

/* The point (of the three) that moved most between the oracle's bone and the core's, its distance and
 * direction; -1 when none moved; non_finite set when the core's point is not finite there. */
static int moved_most(const struct skel_bone *o, const struct skel_bone *c, double *dist, double *dx, double *dy,
                      bool *non_finite)
{
    int best = -1;
    *dist = 0;
    *non_finite = false;
    for (int k = 0; k < POINT_COUNT; k++) {
        double ox, oy, cx, cy;
        point_of(o, k, &ox, &oy);
        point_of(c, k, &cx, &cy);
        if (!finite2(ox, oy)) continue;
        if (!finite2(cx, cy)) {
            if (best < 0 || !*non_finite) {
                *non_finite = true;
                best = k;
            }
            continue;
        }
        if (*non_finite) continue;
        double ddx = cx - ox, ddy = cy - oy, d = hypot(ddx, ddy);
        if (d > *dist) {
            *dist = d;
            *dx = ddx;
            *dy = ddy;
            best = k;
        }
    }
    return best;
}

/* Draws text wrapped at max_chars per line, at most max_lines lines (the last one cut with "..."). */
static int draw_wrapped(struct canvas *cv, int x, int y, int scale, const char *text, size_t max_chars,
                        int max_lines, struct rgb colour)
{
    size_t len = strlen(text), at = 0;
    int lines = 0;
    char buf[256];
    if (max_chars >= sizeof buf) max_chars = sizeof buf - 1;
    while (at < len && lines < max_lines) {
        size_t n = len - at > max_chars ? max_chars : len - at;
        memcpy(buf, text + at, n);
        buf[n] = '\0';
        if (lines == max_lines - 1 && at + n < len && n >= 3) memcpy(buf + n - 3, "...", 3);
        canvas_text(cv, x, y + lines * FONT_LINE * scale, scale, buf, colour);
        at += n;
        lines++;
    }
    return lines;
}

static void draw_arrow(struct canvas *cv, double x0, double y0, double x1, double y1, struct rgb colour)
{
    double d = hypot(x1 - x0, y1 - y0);
    if (!(d > 0)) return;
    double ux = (x1 - x0) / d, uy = (y1 - y0) / d;
    canvas_line(cv, x0, y0, x1, y1, 1.5, colour, 5);
    canvas_line(cv, x1, y1, x1 - 10 * ux + 5 * uy, y1 - 10 * uy - 5 * ux, 1.5, colour, 0);
    canvas_line(cv, x1, y1, x1 - 10 * ux - 5 * uy, y1 - 10 * uy + 5 * ux, 1.5, colour, 0);
}

/* The bone's axis through a point of the inset, in its own direction, drawn away from the point the
 * way the bone lies (from the origin outwards, into the tip). */
static void inset_axis(struct canvas *cv, const struct skel_bone *b, int which, double px, double py, double width,
                       struct rgb colour)
{
    double ax = which == POINT_YAXIS ? b->b : b->a, ay = which == POINT_YAXIS ? b->d : b->c;
    double n = hypot(ax, ay);
    if (!(n > 0) || !isfinite(n)) return;
    double ux = ax / n, uy = -ay / n, len = which == POINT_ORIGIN ? 90 : -90;
    canvas_line(cv, px, py, px + ux * len, py + uy * len, width, colour, 0);
}

static void draw_inset(struct canvas *cv, const struct picture_spec *p, const struct view *v,
                       struct picture_facts *f)
{
    canvas_fill_rect(cv, INSET_X, INSET_Y, INSET_W, INSET_H, INSET_BG);
    canvas_frame_rect(cv, INSET_X, INSET_Y, INSET_W, INSET_H, FAINT);
    char line[160];
    if (p->worst < 0) {
        canvas_text(cv, INSET_X + 10, INSET_Y + 10, 2, "no bone differs", FAINT);
        return;
    }
    const struct skel_bone *o = &p->oracle->bones[p->worst];
    long j = skel_find(p->core, o->name.ptr, o->name.len);
    snprintf(line, sizeof line, "worst: %.*s", (int)(o->name.len > 40 ? 40 : o->name.len), o->name.ptr);
    draw_wrapped(cv, INSET_X + 8, INSET_Y + 8, 2, line, 22, 1, MARK);
    snprintf(line, sizeof line, "field %s, ulp %s", p->worst_field ? p->worst_field : "-",
             p->worst_ulp ? p->worst_ulp : "-");
    draw_wrapped(cv, INSET_X + 8, INSET_Y + 30, 1, line, 46, 1, INK);
    if (j < 0) {
        canvas_text(cv, INSET_X + 8, INSET_Y + 140, 1, "the core has no such bone", MARK);
        return;
    }
    const struct skel_bone *c = &p->core->bones[j];
    double dist, dx = 0, dy = 0;
    bool non_finite;
    int k = moved_most(o, c, &dist, &dx, &dy, &non_finite);
    double cx = INSET_X + INSET_W / 2.0, cy = INSET_Y + INSET_H / 2.0 + 6;
    canvas_clip(cv, INSET_X + 1, INSET_Y + 44, INSET_W - 2, INSET_H - 90);
    if (k < 0) {
        canvas_unclip(cv);
        f->inset_point = NULL;
        draw_wrapped(cv, INSET_X + 8, INSET_Y + 120, 1, "no world point moved: the difference is in a field the "
                     "picture does not draw", 46, 3, INK);
        return;
    }
    f->inset_point = point_names[k];
    if (non_finite) {
        f->inset_offset = INFINITY;
        inset_axis(cv, o, k, cx, cy, 5, ORACLE);
        canvas_disc(cv, cx, cy, 5, ORACLE);
        canvas_unclip(cv);
        snprintf(line, sizeof line, "the core's %s is not finite", point_names[k]);
        canvas_text(cv, INSET_X + 8, INSET_Y + INSET_H - 40, 1, line, MARK);
        return;
    }
    f->inset_offset = dist;
    /* The true direction of the difference (y up), drawn INSET_GAP pixels long. */
    double ux = dx / dist, uy = -dy / dist;
    double ox = cx - ux * INSET_GAP / 2, oy = cy - uy * INSET_GAP / 2;
    double qx = cx + ux * INSET_GAP / 2, qy = cy + uy * INSET_GAP / 2;
    inset_axis(cv, o, k, ox, oy, 5, ORACLE);
    inset_axis(cv, c, k, qx, qy, 2, CORE);
    draw_arrow(cv, ox, oy, qx, qy, MARK);
    canvas_disc(cv, ox, oy, 5, ORACLE);
    canvas_disc(cv, qx, qy, 3.5, CORE);
    canvas_ring(cv, qx, qy, 9, 2, MARK);
    canvas_unclip(cv);
    int y = INSET_Y + INSET_H - 42;
    snprintf(line, sizeof line, "%s moved %.3g units", point_names[k], dist);
    canvas_text(cv, INSET_X + 8, y, 1, line, INK);
    snprintf(line, sizeof line, "dx %.3g  dy %.3g", dx, dy);
    canvas_text(cv, INSET_X + 8, y + 12, 1, line, INK);
    snprintf(line, sizeof line, "%.0f px here; %.3g px at the main scale", INSET_GAP, dist * v->scale);
    canvas_text(cv, INSET_X + 8, y + 24, 1, line, FAINT);
}

static void draw_info(struct canvas *cv, const struct picture_spec *p, size_t differing)
{
    char line[512];
    int y = INFO_Y;
    snprintf(line, sizeof line, "bones that differ: %zu of %zu", differing, p->oracle->count);
    canvas_text(cv, INSET_X, y, 1, line, INK);
    y += 16;
    if (p->worst < 0) return;
    canvas_text(cv, INSET_X, y, 1, "worst bone, from the root:", FAINT);
    y += 11;
    y += FONT_LINE * draw_wrapped(cv, INSET_X, y, 1, p->worst_path ? p->worst_path : "-", 48, 4, INK) + 6;
    snprintf(line, sizeof line, "field %s, ulp %s", p->worst_field ? p->worst_field : "-",
             p->worst_ulp ? p->worst_ulp : "-");
    canvas_text(cv, INSET_X, y, 1, line, INK);
    y += 16;
    canvas_text(cv, INSET_X, y, 1, "oracle:", ORACLE);
    y += 11;
    y += FONT_LINE * draw_wrapped(cv, INSET_X + 8, y, 1, p->worst_oracle ? p->worst_oracle : "-", 47, 3, INK) + 4;
    canvas_text(cv, INSET_X, y, 1, "core:", CORE);
    y += 11;
    draw_wrapped(cv, INSET_X + 8, y, 1, p->worst_core ? p->worst_core : "-", 47, 3, INK);
}

static void draw_legend(struct canvas *cv, const struct view *v, const struct picture_facts *f)
{
    int x = PANEL_X, y = FOOT_Y + 10;
    canvas_line(cv, x, y + 3, x + 28, y + 3, 5, ORACLE, 0);
    x += 36;
    x += canvas_text(cv, x, y, 1, "oracle (spine-core)", INK) + 20;
    canvas_line(cv, x, y + 3, x + 28, y + 3, 2, CORE, 0);
    x += 36;
    x += canvas_text(cv, x, y, 1, "core (posecore)", INK) + 20;
    canvas_ring(cv, x + 8, y + 3, 8, 2, MARK);
    x += 24;
    x += canvas_text(cv, x, y, 1, "differs", INK) + 20;
    if (f->vertices_marked) {
        char marked[64];
        snprintf(marked, sizeof marked, "%zu vertices differ (x)", f->vertices_marked);
        x += canvas_text(cv, x, y, 1, marked, MARK) + 20;
    }
    char line[160];
    snprintf(line, sizeof line, "1 px = %.3g units", 1 / v->scale);
    x += canvas_text(cv, x, y, 1, line, FAINT) + 20;
    if (f->bones_not_drawn) {
        snprintf(line, sizeof line, "%zu bones not drawn (non-finite)", f->bones_not_drawn);
        canvas_text(cv, x, y, 1, line, MARK);
    }
}

bool picture_write(const char *path, const struct picture_spec *p, struct picture_facts *facts, char *msg,
                   size_t size)
{
    struct picture_facts f;
    memset(&f, 0, sizeof f);
    struct canvas cv;
    if (!canvas_init(&cv, W, H, WHITE)) {
        snprintf(msg, size, "out of memory drawing %s", path);
        return false;
    }
    /* Title band. */
    draw_wrapped(&cv, 10, 8, 2, p->title ? p->title : "", 78, 1, INK);
    draw_wrapped(&cv, 10, 32, 1, p->subtitle ? p->subtitle : "", 156, 2, FAINT);

    /* Main panel: the oracle's skeleton wide underneath, the core's thin on top, then the rings. */
    struct view v;
    fit(&v, p->oracle, p->core, p->oracle_drawn, p->core_drawn);
    canvas_frame_rect(&cv, PANEL_X - 1, PANEL_Y - 1, PANEL_W + 2, PANEL_H + 2, FRAME);
    canvas_clip(&cv, PANEL_X, PANEL_Y, PANEL_W, PANEL_H);
    /* The attachments under the bones: the oracle's wide and pale, the core's thin. */
    draw_attachments(&cv, &v, p->oracle_drawn, 3, ORACLE_PALE, ORACLE_PALE, &f);
    draw_attachments(&cv, &v, p->core_drawn, 1.2, CORE_PALE, CORE, &f);
    draw_side(&cv, &v, p->oracle, 5, 3.5, ORACLE, &f);
    draw_side(&cv, &v, p->core, 2, 2, CORE, &f);
    size_t differing = 0;
    for (size_t i = 0; i < p->oracle->count; i++) {
        if (!p->differs || !p->differs[i]) continue;
        differing++;
        const struct skel_bone *o = &p->oracle->bones[i];
        long j = skel_find(p->core, o->name.ptr, o->name.len);
        const struct skel_bone *at = o;
        int k = POINT_ORIGIN;
        if (j >= 0) {
            double dist, dx, dy;
            bool non_finite;
            k = moved_most(o, &p->core->bones[j], &dist, &dx, &dy, &non_finite);
            if (k < 0) k = POINT_ORIGIN;
            if (!non_finite) at = &p->core->bones[j];
        }
        if (k == POINT_YAXIS) k = POINT_ORIGIN;
        double wx, wy;
        point_of(at, k, &wx, &wy);
        if (k == POINT_TIP && draw_length(at) == 0) point_of(at, POINT_ORIGIN, &wx, &wy);
        if (!finite2(wx, wy)) point_of(o, POINT_ORIGIN, &wx, &wy);
        if (!finite2(wx, wy)) continue;
        double px = view_x(&v, wx), py = view_y(&v, wy);
        canvas_ring(&cv, px, py, 9, 2, MARK);
        f.bones_marked++;
        if ((long)i == p->worst) {
            canvas_ring(&cv, px, py, 14, 1.5, MARK);
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(o->name.len > 40 ? 40 : o->name.len), o->name.ptr);
            canvas_text(&cv, (int)px + 17, (int)py - 12, 1, name, MARK);
        }
    }
    /* The differing vertices: a ring and a cross at the oracle's point. */
    for (size_t m = 0; m < p->mark_count; m++) {
        double x = p->marks[2 * m], y = p->marks[2 * m + 1];
        if (!finite2(x, y)) continue;
        double px = view_x(&v, x), py = view_y(&v, y);
        canvas_ring(&cv, px, py, 5, 1.5, MARK);
        canvas_line(&cv, px - 3, py - 3, px + 3, py + 3, 1, MARK, 0);
        canvas_line(&cv, px - 3, py + 3, px + 3, py - 3, 1, MARK, 0);
        f.vertices_marked++;
    }
    canvas_unclip(&cv);

    draw_inset(&cv, p, &v, &f);
    draw_info(&cv, p, differing);
    f.units_per_pixel = 1 / v.scale;
    draw_legend(&cv, &v, &f);

    bool ok = png_write_canvas(path, &cv, msg, size);
    canvas_free(&cv);
    if (facts) *facts = f;
    return ok;
}
