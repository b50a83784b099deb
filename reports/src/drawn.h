/* What a dump says a pose draws (the `--vertices` blocks, oracle/FORMAT.md), for the pictures: each
 * slot's attachment outline from `vertices` and `vertices.xy` (regions, bounding boxes and clipping
 * polygons closed, paths open, points as one point), the render's triangles from `render` and
 * `render.vertex`, and where a difference of one of those blocks (or `bounds.box.xy`) puts its point. */
#ifndef POSEREPORT_DRAWN_H
#define POSEREPORT_DRAWN_H

#include "dumpcmp/dumpread.h"

#include <stdbool.h>
#include <stddef.h>

struct drawn_outline {
    size_t first, count;     /* points in drawn.xy */
    bool closed, point;      /* a closed polygon; a point attachment (count 1) */
};

struct drawn {
    double *xy;              /* the outlines' points, then the render's vertex stream */
    size_t points;
    struct drawn_outline *outlines;
    size_t outline_count;
    size_t stream_first;     /* where the render's vertices start in xy (points) */
    size_t *triangles;       /* 3 stream indices a triangle */
    size_t triangle_count;
};

/* Reads the pose's blocks of what is drawn from d (an empty result without them). False when memory
 * runs out. */
bool drawn_build(const struct dump *d, long pose, struct drawn *out);
void drawn_free(struct drawn *dr);

/* The point a row of block `block` keyed `key` names in the pose (vertices.xy, render.vertex,
 * bounds.box.xy): true with *x, *y when the dump has it. */
bool drawn_point(const struct dump *d, long pose, const char *block, const char *key, size_t key_len, double *x,
                 double *y);

#endif
