/* Helpers the families of what is drawn share (`meshes`, `clipping`; family_render_common.c): a small
 * bone tree, points on a grid or anywhere, meshes (weighted or not, fans or random triangles), colors,
 * blend modes and bounding boxes, in the documents' JSON. Every random number is drawn in its own
 * statement. */
#ifndef PROBES_FAMILY_RENDER_H
#define PROBES_FAMILY_RENDER_H

#include "probegen.h"

#define RENDER_MAX_BONES 6
#define RENDER_MAX_VERTICES 24

/* A polygon or mesh outline: n points. */
typedef struct render_shape {
    int n;
    double x[RENDER_MAX_VERTICES], y[RENDER_MAX_VERTICES];
} render_shape;

/* A bone tree of 1..max bones named b0, b1, ... with moderate local transforms (rotations, scales with
 * both signs, shears now and then); writes the `bones` array. Returns the count. */
int render_bones(prng *r, jw *w, int max);

/* A coordinate: on a grid of 10 (so polygons and triangles share points and lines) or anywhere in
 * +-span, now and then a float32 value. */
double render_coord(prng *r, double span);

/* A convex-ish outline (points around a centre, ascending angles), a random one, a star (concave),
 * colinear points; `kind` 0..3 as drawn. */
void render_outline(prng *r, render_shape *s, int n, double cx, double cy, double radius, int kind);

/* A color "rrggbbaa" (or "rrggbb"), 0 and f digits often. */
void render_color(prng *r, char *out, bool alpha);

/* A blend mode name, now and then one the runtime does not know; NULL for the default. */
const char *render_blend(prng *r);

/* The members of a mesh attachment (after its opening): uvs, triangles (a fan, random triples, or both)
 * over the first `used` vertices (the others no triangle names), vertices (unweighted from the shape, or
 * weighted to 1..3 of `bones` bones), hull, and the count of deform values it takes (*deform). */
void render_mesh(prng *r, jw *w, const render_shape *s, int used, int bones, bool weighted, int *deform);

/* A deform timeline's keys for an attachment taking `values` deform values: 1..4 keys of sparse
 * offsets, on the array `key` of the current object. */
void render_deform_keys(prng *r, jw *w, const char *key, int values);

/* Vertices as an unweighted array of the shape's points. */
void render_vertices(jw *w, const render_shape *s);

#endif
