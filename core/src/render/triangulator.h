/* The triangulator a concave clipping polygon goes through (the runtime's Triangulator): ear clipping
 * into triangles, then the triangles merged into convex polygons (fans first, then single triangles
 * joined to the fans they border). Its buffers are sized for a polygon of at most `most` vertices
 * when it is made; triangulating allocates nothing. */
#ifndef POSECORE_TRIANGULATOR_H
#define POSECORE_TRIANGULATOR_H

#include <stdbool.h>

typedef struct pc_triangulator {
    int most;                 /* vertices a polygon may have */
    int *indices;             /* the polygon's remaining vertices while ears are cut */
    bool *concave;
    int *triangles;           /* vertex indices, 3 a triangle */
    int triangle_count;
    /* The convex polygons: polygon_count of them, each up to 2 * most + 2 numbers (closed: the first
     * vertex again at the end) in polygons + p * polygon_room, with its vertices' doubled indices. */
    double *polygons;
    int *polygon_lengths;
    int *polygon_indices;     /* most + 1 a polygon */
    int *polygon_index_counts;
    int polygon_count, polygon_room;
} pc_triangulator;

/* False when memory runs out. */
bool pc_triangulator_init(pc_triangulator *t, int most);
void pc_triangulator_free(pc_triangulator *t);

/* Triangulator.triangulate of the polygon v (count numbers, count / 2 <= most vertices): the
 * triangles, into t->triangles. */
void pc_triangulate(pc_triangulator *t, const double *v, int count);

/* Triangulator.decompose of v and t's triangles: the convex polygons, into t->polygons. */
void pc_decompose(pc_triangulator *t, const double *v);

static inline double *pc_triangulator_polygon(pc_triangulator *t, int p)
{
    return t->polygons + (long)p * t->polygon_room;
}

#endif
