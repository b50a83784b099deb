/* The pose blocks of what is drawn (oracle/FORMAT.md "Atlases and what is drawn"), written after the
 * other pose blocks of a `--vertices` dump: world vertices, render commands, bounds and hit tests. */
#ifndef POSECORE_DUMP_RENDER_H
#define POSECORE_DUMP_RENDER_H

#include "dumpwrite.h"
#include "instance/skeleton.h"

/* What a dump keeps from pose to pose to write these blocks (the runtime's renderer, clipper and
 * bounds, and scratch room); NULL when memory runs out. */
typedef struct pc_dump_render pc_dump_render;
pc_dump_render *pc_dump_render_new(const pc_skeleton_data *data);
void pc_dump_render_free(pc_dump_render *r);

/* Declares, before the first pose, the blocks the core does not write for this instance (a slider keying
 * what the core does not keep applied copies of). */
void pc_dump_render_unsupported(dump_writer *w, pc_dump_render *r, const pc_skeleton *sk);

/* The blocks for the instance's current pose. NULL, or the runtime's error where spine-core throws
 * making them (the dump is then refused). */
const char *pc_dump_render_rows(dump_writer *w, pc_dump_render *r, const pc_skeleton *sk);

#endif
