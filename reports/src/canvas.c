/* The raster and its primitives (canvas.h). Lines are drawn by walking the segment's major axis and
 * giving each pixel near it a coverage from its centre's distance to the segment, which antialiases
 * lines of any width and slope with one loop. */
#include "canvas.h"
#include "font5x7.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool canvas_init(struct canvas *c, int w, int h, struct rgb background)
{
    memset(c, 0, sizeof *c);
    if (w <= 0 || h <= 0) return false;
    c->px = malloc((size_t)w * (size_t)h * 3);
    if (!c->px) return false;
    c->w = w;
    c->h = h;
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++) {
        c->px[3 * i] = background.r;
        c->px[3 * i + 1] = background.g;
        c->px[3 * i + 2] = background.b;
    }
    canvas_unclip(c);
    return true;
}

void canvas_free(struct canvas *c)
{
    free(c->px);
    c->px = NULL;
}

void canvas_unclip(struct canvas *c)
{
    c->clip_x0 = 0;
    c->clip_y0 = 0;
    c->clip_x1 = c->w;
    c->clip_y1 = c->h;
}

void canvas_clip(struct canvas *c, int x, int y, int w, int h)
{
    c->clip_x0 = x < 0 ? 0 : x;
    c->clip_y0 = y < 0 ? 0 : y;
    c->clip_x1 = x + w > c->w ? c->w : x + w;
    c->clip_y1 = y + h > c->h ? c->h : y + h;
}

void canvas_blend(struct canvas *c, int x, int y, struct rgb colour, double alpha)
{
    if (x < c->clip_x0 || x >= c->clip_x1 || y < c->clip_y0 || y >= c->clip_y1) return;
    if (!(alpha > 0)) return;
    if (alpha > 1) alpha = 1;
    unsigned char *p = c->px + ((size_t)y * (size_t)c->w + (size_t)x) * 3;
    p[0] = (unsigned char)lround(p[0] + (colour.r - p[0]) * alpha);
    p[1] = (unsigned char)lround(p[1] + (colour.g - p[1]) * alpha);
    p[2] = (unsigned char)lround(p[2] + (colour.b - p[2]) * alpha);
}

void canvas_fill_rect(struct canvas *c, int x, int y, int w, int h, struct rgb colour)
{
    for (int j = y; j < y + h; j++)
        for (int i = x; i < x + w; i++) canvas_blend(c, i, j, colour, 1);
}

void canvas_frame_rect(struct canvas *c, int x, int y, int w, int h, struct rgb colour)
{
    canvas_fill_rect(c, x, y, w, 1, colour);
    canvas_fill_rect(c, x, y + h - 1, w, 1, colour);
    canvas_fill_rect(c, x, y, 1, h, colour);
    canvas_fill_rect(c, x + w - 1, y, 1, h, colour);
}

/* Clips the segment to the rectangle [x0, x1] x [y0, y1] (Liang-Barsky); false when nothing is left. */
static bool clip_segment(double *ax, double *ay, double *bx, double *by, double x0, double y0, double x1,
                         double y1)
{
    double dx = *bx - *ax, dy = *by - *ay, t0 = 0, t1 = 1;
    double p[4] = { -dx, dx, -dy, dy };
    double q[4] = { *ax - x0, x1 - *ax, *ay - y0, y1 - *ay };
    for (int k = 0; k < 4; k++) {
        if (p[k] == 0) {
            if (q[k] < 0) return false;
            continue;
        }
        double t = q[k] / p[k];
        if (p[k] < 0) {
            if (t > t1) return false;
            if (t > t0) t0 = t;
        } else {
            if (t < t0) return false;
            if (t < t1) t1 = t;
        }
    }
    double sx = *ax, sy = *ay;
    *ax = sx + t0 * dx;
    *ay = sy + t0 * dy;
    *bx = sx + t1 * dx;
    *by = sy + t1 * dy;
    /* From endpoints far beyond the rectangle the arithmetic above cancels: keep what it gives inside
     * the rectangle, so that nothing later loops over a huge range. */
    *ax = fmin(fmax(*ax, x0), x1);
    *bx = fmin(fmax(*bx, x0), x1);
    *ay = fmin(fmax(*ay, y0), y1);
    *by = fmin(fmax(*by, y0), y1);
    return true;
}

void canvas_line(struct canvas *c, double x0, double y0, double x1, double y1, double width,
                 struct rgb colour, double dash)
{
    if (!isfinite(x0) || !isfinite(y0) || !isfinite(x1) || !isfinite(y1) || !(width > 0)) return;
    double half = width / 2, pad = half + 2;
    /* Where the dashes fall is measured from the unclipped start. */
    double sx = x0, sy = y0;
    if (!clip_segment(&x0, &y0, &x1, &y1, c->clip_x0 - pad, c->clip_y0 - pad, c->clip_x1 + pad,
                      c->clip_y1 + pad))
        return;
    double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
    bool steep = fabs(dy) > fabs(dx);
    /* Walk the major axis over the segment plus its round ends. */
    double m0 = steep ? fmin(y0, y1) : fmin(x0, x1), m1 = steep ? fmax(y0, y1) : fmax(x0, x1);
    int i0 = (int)floor(m0 - pad), i1 = (int)ceil(m1 + pad);
    double slope = steep ? (dy != 0 ? dx / dy : 0) : (dx != 0 ? dy / dx : 0);
    double across = half * sqrt(1 + slope * slope) + 2;
    for (int i = i0; i <= i1; i++) {
        double m = i + 0.5;
        /* The segment's minor coordinate at this major coordinate, the ends clamped. */
        double mc = steep ? (m < fmin(y0, y1) ? fmin(y0, y1) : m > fmax(y0, y1) ? fmax(y0, y1) : m)
                          : (m < fmin(x0, x1) ? fmin(x0, x1) : m > fmax(x0, x1) ? fmax(x0, x1) : m);
        double n = steep ? x0 + (mc - y0) * slope : y0 + (mc - x0) * slope;
        int j0 = (int)floor(n - across), j1 = (int)ceil(n + across);
        for (int j = j0; j <= j1; j++) {
            double px = steep ? j + 0.5 : m, py = steep ? m : j + 0.5;
            double t = len2 > 0 ? ((px - x0) * dx + (py - y0) * dy) / len2 : 0;
            if (t < 0) t = 0;
            if (t > 1) t = 1;
            double qx = x0 + t * dx - px, qy = y0 + t * dy - py;
            double dist = sqrt(qx * qx + qy * qy);
            double cover = half + 0.5 - dist;
            if (cover <= 0) continue;
            if (dash > 0) {
                double along = hypot(x0 + t * dx - sx, y0 + t * dy - sy);
                if (fmod(along, 2 * dash) >= dash) continue;
            }
            int x = steep ? j : i, y = steep ? i : j;
            canvas_blend(c, x, y, colour, cover > 1 ? 1 : cover);
        }
    }
}

void canvas_ring(struct canvas *c, double cx, double cy, double radius, double width, struct rgb colour)
{
    if (!isfinite(cx) || !isfinite(cy) || !(radius > 0)) return;
    double outer = radius + width / 2 + 1;
    if (cx + outer < c->clip_x0 || cx - outer > c->clip_x1 || cy + outer < c->clip_y0 || cy - outer > c->clip_y1)
        return;
    for (int y = (int)floor(cy - outer); y <= (int)ceil(cy + outer); y++)
        for (int x = (int)floor(cx - outer); x <= (int)ceil(cx + outer); x++) {
            double d = fabs(hypot(x + 0.5 - cx, y + 0.5 - cy) - radius);
            double cover = width / 2 + 0.5 - d;
            if (cover > 0) canvas_blend(c, x, y, colour, cover > 1 ? 1 : cover);
        }
}

void canvas_disc(struct canvas *c, double cx, double cy, double radius, struct rgb colour)
{
    if (!isfinite(cx) || !isfinite(cy) || !(radius > 0)) return;
    double outer = radius + 1;
    if (cx + outer < c->clip_x0 || cx - outer > c->clip_x1 || cy + outer < c->clip_y0 || cy - outer > c->clip_y1)
        return;
    for (int y = (int)floor(cy - outer); y <= (int)ceil(cy + outer); y++)
        for (int x = (int)floor(cx - outer); x <= (int)ceil(cx + outer); x++) {
            double cover = radius + 0.5 - hypot(x + 0.5 - cx, y + 0.5 - cy);
            if (cover > 0) canvas_blend(c, x, y, colour, cover > 1 ? 1 : cover);
        }
}

int canvas_text_width(const char *text, int scale)
{
    int best = 0, n = 0;
    for (const char *s = text; *s; s++) {
        if (*s == '\n') {
            n = 0;
            continue;
        }
        n++;
        if (n > best) best = n;
    }
    return best ? (best * FONT_ADVANCE - 1) * scale : 0;
}

int canvas_text(struct canvas *c, int x, int y, int scale, const char *text, struct rgb colour)
{
    int cx = x, cy = y;
    for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
        if (*s == '\n') {
            cx = x;
            cy += FONT_LINE * scale;
            continue;
        }
        /* A UTF-8 sequence is one character, drawn as '?'. */
        unsigned char ch = *s;
        if (ch >= 0x80) {
            while ((s[1] & 0xC0) == 0x80) s++;
            ch = '?';
        }
        for (int gy = 0; gy < FONT_ROWS; gy++)
            for (int gx = 0; gx < FONT_W; gx++)
                if (font_pixel(ch, gx, gy)) canvas_fill_rect(c, cx + gx * scale, cy + gy * scale, scale, scale, colour);
        cx += FONT_ADVANCE * scale;
    }
    return canvas_text_width(text, scale);
}
