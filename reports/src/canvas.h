/* A raster to draw the pictures on: 8-bit RGB pixels, a clip rectangle, and the few primitives the
 * pictures need (antialiased lines of any width, rings, discs, rectangles, text in the 5x7 font).
 * Coordinates are pixels, x to the right and y down, with pixel (i, j) covering [i, i+1) x [j, j+1).
 * Every primitive ignores non-finite coordinates and clips what it draws, so a point at 1e300 costs
 * nothing and draws nothing. */
#ifndef POSEREPORT_CANVAS_H
#define POSEREPORT_CANVAS_H

#include <stdbool.h>

struct rgb {
    unsigned char r, g, b;
};

struct canvas {
    int w, h;
    unsigned char *px;          /* w * h * 3 bytes, rows top to bottom */
    int clip_x0, clip_y0, clip_x1, clip_y1; /* drawing is limited to [x0, x1) x [y0, y1) */
};

bool canvas_init(struct canvas *c, int w, int h, struct rgb background);
void canvas_free(struct canvas *c);

/* Limits drawing to the rectangle (clipped to the canvas); canvas_unclip restores the whole canvas. */
void canvas_clip(struct canvas *c, int x, int y, int w, int h);
void canvas_unclip(struct canvas *c);

/* Mixes colour into pixel (x, y) with weight alpha in [0, 1]. */
void canvas_blend(struct canvas *c, int x, int y, struct rgb colour, double alpha);

void canvas_fill_rect(struct canvas *c, int x, int y, int w, int h, struct rgb colour);
void canvas_frame_rect(struct canvas *c, int x, int y, int w, int h, struct rgb colour); /* 1 px outline */

/* A segment of the given width (pixels) with round ends. dash > 0: dashes and gaps of that length. */
void canvas_line(struct canvas *c, double x0, double y0, double x1, double y1, double width,
                 struct rgb colour, double dash);
void canvas_ring(struct canvas *c, double cx, double cy, double radius, double width, struct rgb colour);
void canvas_disc(struct canvas *c, double cx, double cy, double radius, struct rgb colour);

/* Text in the 5x7 font at an integer scale, top-left at (x, y); '\n' starts a new line. Returns the
 * width drawn of the longest line. canvas_text_width measures without drawing. */
int canvas_text(struct canvas *c, int x, int y, int scale, const char *text, struct rgb colour);
int canvas_text_width(const char *text, int scale);

#endif
