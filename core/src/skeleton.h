/* A skeleton instance: the bones' poses and world transforms, the chosen skin, and the update order.
 * Everything is allocated when the instance is made; posing allocates nothing. */
#ifndef POSECORE_SKELETON_H
#define POSECORE_SKELETON_H

#include "skeleton_data.h"

/* A pose of a bone: the local transform and the world transform computed from it. */
typedef struct pc_bone_pose {
    pc_bone_local local;
    double a, b, c, d, world_x, world_y;
} pc_bone_pose;

typedef struct pc_bone {
    const pc_bone_data *data;
    struct pc_bone *parent;
    bool active;
    bool sorted;
    pc_bone_pose pose;         /* as animations leave it */
    pc_bone_pose constrained;  /* the copy constraints modify */
    pc_bone_pose *applied;     /* &pose, or &constrained when a constraint acts on the bone */
} pc_bone;

/* The skin set on an instance: none, one of the document's, or all of them added in order. */
enum { PC_SKIN_NONE = -1, PC_SKIN_ALL = -2 };

struct pc_skeleton {
    const pc_skeleton_data *data;
    pc_bone *bones;
    int *update_order;       /* the bones updated, in order (constraints join when they land) */
    int update_count;
    int skin;                /* PC_SKIN_NONE, PC_SKIN_ALL or a skin index */
    /* The instance's position and scale (the runtime's defaults: 0, 0, 1, 1). */
    double x, y, scale_x, scale_y;
};

/* Computes the world transform of one bone's applied pose from its parent's (bone.c). */
void pc_bone_update_world(pc_skeleton *sk, pc_bone *bone);

#endif
