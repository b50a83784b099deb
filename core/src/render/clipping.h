/* Clipping what is drawn by a clipping attachment's polygon (the runtime's SkeletonClipping): from the
 * slot that shows it (clip start) to its end slot or the end of the draw order (clip end), every
 * triangle drawn is cut by the polygon (made clockwise; convex as it is, or its convex hull when the
 * attachment says convex or inverse, or else cut into convex pieces by the triangulator); an inverse
 * clip keeps what lies outside. Two paths, as the runtime's: the no-render one (getBounds: double
 * positions in, double positions out) and the render one (float32 positions and UVs in, float32
 * positions, UVs and 16-bit indices out, the UVs interpolated across each triangle). */
#ifndef POSECORE_CLIPPING_H
#define POSECORE_CLIPPING_H

#include "buffers.h"
#include "triangulator.h"
#include "instance/skeleton.h"

typedef struct pc_clipper {
    const pc_attachment *clip;  /* clipAttachment: clipping now; NULL: not */
    bool inverse;
    pc_dvec polygon;            /* clippingPolygon */
    const double **polygons;    /* clippingPolygons: views into polygon or the triangulator's */
    int *polygon_lengths;
    int polygon_count, polygon_capacity;
    pc_triangulator triangulator;
    pc_dvec output, scratch;    /* clipOutput, scratch */
    pc_dvec inverse_vertices;   /* per fragment: its count of numbers, then the numbers */
    pc_dvec clipped;            /* the no-render path's clippedVertices */
    pc_fvec vertices, uvs;      /* the render path's clippedVerticesTyped and clippedUVsTyped */
    pc_ivec triangles;          /* and clippedTrianglesTyped */
    /* Set where the runtime's lengths go where the core does not follow them (a clipped polygon of one
     * point shortens the triangle list); the caller reports it unsupported. */
    const char *unsupported;
} pc_clipper;

/* Sized for the document's clipping polygons and what they may clip; false when memory runs out. */
bool pc_clipper_init(pc_clipper *c, const pc_skeleton_data *data);
void pc_clipper_free(pc_clipper *c);

/* clipStart (nothing while clipping already). NULL, or the runtime's error computing the polygon's
 * world vertices. A polygon of fewer than three vertices sets c->unsupported. */
const char *pc_clip_start(pc_clipper *c, const pc_skeleton *sk, const pc_slot *slot, const pc_attachment *clip);

/* clipEnd(slot): ends the clip when slot is its end slot; slot NULL ends any. */
void pc_clip_end(pc_clipper *c, const pc_slot *slot);

static inline bool pc_clipping(const pc_clipper *c)
{
    return c->clip != NULL;
}

/* clipTriangles without render data: the triangles (`count` indices, as the document holds them) over
 * vertices (`numbers` doubles), into c->clipped. True when some triangle was cut (or the clip is
 * inverse): then c->clipped is what counts. */
bool pc_clip_triangles_plain(pc_clipper *c, const double *vertices, int numbers, const double *triangles, int count);

/* clipTrianglesUnpacked(vertices, 0, triangles, count, uvs, 2): vertices float32 (x, y) (or, under the
 * rule render.clip-input=doubles, the doubles `doubles` when not NULL), uvs float32, every triangle
 * index a whole number naming a vertex; into c->vertices, c->uvs, c->triangles. */
void pc_clip_triangles_render(pc_clipper *c, const float *vertices, const double *doubles, const double *triangles,
                              int count, const float *uvs);

#endif
