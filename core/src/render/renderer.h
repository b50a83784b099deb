/* The renderer's state (posecore.h's pc_renderer): the render commands of SkeletonRendererCore.render,
 * before batching (parts, one a drawn slot) and after, with their vertex stream; the clippers of the
 * render and of getBounds; SkeletonBounds' polygons. Sized when it is made:
 * - the world vertices for the most any attachment gives;
 * - the stream for every slot drawing the most its skins give it, and, with clipping polygons, what
 *   clipping.c sizes the clipper for;
 * The render commands (render_commands.c) and the bounds (bounds.c) fill it; the dump writer reads the
 * parts too. */
#ifndef POSECORE_RENDERER_H
#define POSECORE_RENDERER_H

#include "clipping.h"
#include "posecore.h"

/* One drawn slot's command before batching (the runtime's renderCommands entry). */
typedef struct pc_render_part {
    pc_blend_mode blend;
    int texture;
    int vertex_count, index_count;
    bool has_color;
    unsigned int color, dark;
    int first_vertex, first_index;   /* into the stream and into part_indices */
} pc_render_part;

/* One polygon of SkeletonBounds. */
typedef struct pc_hit_box {
    const pc_attachment *attachment;
    int first, count;                /* numbers in hit_polygons */
} pc_hit_box;

struct pc_renderer {
    const pc_skeleton_data *data;
    pc_clipper clipper;              /* the renderer's (SkeletonRendererCore.clipping) */
    pc_clipper bounds_clipper;       /* getBounds' */
    double *world;                   /* computeWorldVertices' doubles, for the most an attachment gives */
    pc_fvec world_f;                 /* the renderer's Float32Array worldVertices */
    pc_fvec positions, uvs;          /* the stream of every part's vertices, in draw order */
    pc_ivec part_indices;            /* every part's indices as the part holds them */
    pc_render_part *parts;
    int part_count, part_capacity;
    pc_render_command *commands;     /* the batched commands */
    int command_count, command_capacity;
    pc_ivec command_indices;         /* their indices, offset into the batch */
    pc_hit_box *boxes;
    int box_count, box_capacity;
    pc_dvec hit_polygons;            /* float32 values (bounds.polygon-float32) */
    double aabb[4];
    char message[160];
};

/* The blend mode a slot's data gives a command. */
static inline pc_blend_mode pc_render_blend(const pc_slot_data *slot)
{
    return slot->blend == PC_BLEND_UNKNOWN ? PC_BLEND_MODE_UNKNOWN : (pc_blend_mode)slot->blend;
}

/* The render (render_commands.c): NULL, or a message with *status PC_INVALID (the runtime throws) or
 * PC_UNSUPPORTED. */
const char *pc_render_draw(pc_renderer *r, const pc_skeleton *sk, bool pma, pc_status *status);

/* getBounds and SkeletonBounds.update (bounds.c), likewise. */
const char *pc_render_bounds(pc_renderer *r, const pc_skeleton *sk, bool clipped, double bounds[4], pc_status *status);
const char *pc_render_hit_boxes(pc_renderer *r, const pc_skeleton *sk, pc_status *status);

#endif
