/* The world vertices of what a slot shows, as a renderer reads them (the runtime's
 * RegionAttachment.computeWorldVertices, VertexAttachment.computeWorldVertices for meshes, linked meshes,
 * bounding boxes, paths and clipping polygons, PointAttachment.computeWorldPosition and
 * computeWorldRotation), from the slot's applied pose and its bones' applied world transforms. The
 * bottom of the render layer: it calls only the instance (instance/vertices.c walks the vertices). */
#ifndef POSECORE_WORLD_VERTICES_H
#define POSECORE_WORLD_VERTICES_H

#include "instance/skeleton.h"

/* How many vertices computeWorldVertices writes for a: a region 4, a point 1, any other
 * max(0, worldVerticesLength >> 1). */
int pc_render_vertex_count(const pc_attachment *a);

/* Sequence.resolveIndex(pose): the pose's sequence index (-1: the setup index), at most the last
 * region. A double, as the runtime holds it (it names a region only when it is a whole number inside the
 * sequence). */
double pc_render_sequence_index(const pc_attachment *a, const pc_slot_pose *pose);

/* The region of a's sequence the index names, -1 when it names none (the runtime reads undefined). */
int pc_render_sequence_region(const pc_attachment *a, double index);

/* The world vertices of a (shown by slot) into out, pc_render_vertex_count(a) (x, y) pairs, in doubles;
 * a region's from the offsets of the region its sequence index names (br, bl, ul, ur). NULL, or the
 * runtime's error where it throws (a region whose index names no region: getOffsets gives undefined; a
 * weighted vertex naming no bone). */
const char *pc_render_world_vertices(const pc_skeleton *sk, const pc_slot *slot, const pc_attachment *a,
                                     double *out);

/* PointAttachment.computeWorldRotation through the slot bone's applied world transform (degrees). */
double pc_render_point_rotation(const pc_slot *slot, const pc_attachment *point);

#endif
