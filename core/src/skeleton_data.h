/* The skeleton document as the runtime holds it after reading: bones, slots, skins and the names of
 * animations, with the runtime's defaults resolved. Filled by reader.c, read-only afterwards. */
#ifndef POSECORE_SKELETON_DATA_H
#define POSECORE_SKELETON_DATA_H

#include <stdbool.h>
#include "posecore.h"

typedef enum pc_inherit {
    PC_INHERIT_NORMAL,
    PC_INHERIT_ONLY_TRANSLATION,
    PC_INHERIT_NO_ROTATION_OR_REFLECTION,
    PC_INHERIT_NO_SCALE,
    PC_INHERIT_NO_SCALE_OR_REFLECTION
} pc_inherit;

/* The document's spelling of each inherit mode (`inherit` in JSON, and in dumps). */
extern const char *const pc_inherit_names[5];

/* A bone's local transform: its setup pose, or a pose set by animations or constraints. */
typedef struct pc_bone_local {
    double x, y, rotation, scale_x, scale_y, shear_x, shear_y;
    pc_inherit inherit;
} pc_bone_local;

typedef struct pc_bone_data {
    char *name;
    int index;
    int parent;          /* index of the parent bone, -1 for a root */
    double length;
    pc_bone_local setup;
    bool skin_required;
} pc_bone_data;

typedef struct pc_slot_data {
    char *name;
    int index;
    int bone;
    char *attachment;    /* setup attachment name, NULL for none */
} pc_slot_data;

typedef struct pc_skin_data {
    char *name;
    int *bones;          /* indices of the bones the skin requires, in document order */
    int bone_count;
} pc_skin_data;

typedef struct pc_animation_data {
    char *name;
} pc_animation_data;

struct pc_skeleton_data {
    pc_bone_data *bones;
    int bone_count;
    pc_slot_data *slots;
    int slot_count;
    pc_skin_data *skins;
    int skin_count;
    pc_animation_data *animations;
    int animation_count;
};

int pc_find_bone(const pc_skeleton_data *data, const char *name);
int pc_find_skin(const pc_skeleton_data *data, const char *name);

#endif
