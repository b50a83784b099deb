/* World positions of a vertex attachment's vertices (the runtime's computeWorldVertices), for every
 * attachment that has vertices: paths now, meshes, bounding boxes and clippings when they are posed.
 *
 * - unweighted: each vertex (x, y) through the slot bone's applied world transform, `x*a + y*b +
 *   worldX`; the slot's deform, when it holds values, replaces the vertices;
 * - weighted: each vertex the sum over its bones of `(x*a + y*b + worldX) * weight` through each bound
 *   bone's applied world transform (an inactive bone's world as it holds it, zeros if never updated);
 *   the slot's deform, when it holds values, is added to each (x, y) before the transform;
 * - the vertex numbers are the attachment's float32 values (the document's numbers through fround),
 *   the deform's are doubles;
 * - a read past the end of an array is JavaScript's `undefined`: NaN in the arithmetic, and a weighted
 *   vertex whose bone count is read past the end has no bones (0, 0); a bone index that names no bone
 *   throws (the update order of the instance has thrown first for every path it orders).
 * Measured with the path populations (probes/README.md, `path`): the doubles the document spells instead
 * of the float32 vertex numbers (the rule path.vertex-numbers=doubles) missed 1,789 of 2,000 (the seed's
 * measurement: 1,946 of its 2,000). */
#ifndef POSECORE_VERTICES_H
#define POSECORE_VERTICES_H

#include "skeleton.h"

/* computeWorldVertices(slot, start, count, out, offset, stride): `count` values (count / 2 vertices)
 * from vertex value `start` of the attachment shown in `slot`, written to out[offset], out[offset +
 * stride], ... as (x, y) pairs. False where the runtime throws (a bone index naming no bone). */
bool pc_vertices_world(const pc_skeleton *sk, const pc_slot *slot, const pc_attachment *a, int start, int count,
                       double *out, int offset, int stride);

#endif
