/* A skeleton instance: the bones' poses and world transforms, the chosen skin, which bones and
 * constraints are active under it, and the update order (bones and constraints) the runtime computes
 * for it (Skeleton.updateCache). Everything is allocated when the instance is made or its skin set;
 * posing allocates nothing. */
#ifndef POSECORE_SKELETON_H
#define POSECORE_SKELETON_H

#include <stdint.h>

#include "document/skeleton_data.h"
#include "slot.h"

/* A pose of a bone: the local transform and the world transform computed from it, with the update
 * stamps of bone_local.h (the pass in which the world was last made current, the pass in which a
 * constraint last wrote the world directly; 0: none). */
typedef struct pc_bone_pose {
    pc_bone_local local;
    double a, b, c, d, world_x, world_y;
    unsigned long world_stamp, local_stamp;
} pc_bone_pose;

/* The sines and cosines of a bone's last two local axis angles (radians) and the angles' bits: the
 * same angles give the same values, so a bone whose angles did not change since its last world
 * transform skips four trigonometric calls (most bones of most poses). A new bone's memo holds the
 * angles +0 and +0 (all bits zero), whose sines are +0 and cosines 1 (pc_bone_memo_init). */
typedef struct pc_trig_memo {
    uint64_t rx_bits, ry_bits;
    double cos_x, sin_x, cos_y, sin_y;
} pc_trig_memo;

/* The last transcendental result of a bone's world transform under the inherit modes noScale and
 * noScaleOrReflection (the sine and cosine of its rotation) and noRotationOrReflection (the atan2 of its
 * parent's axis), with its arguments' bits: the same arguments give the same result. A new bone's holds
 * none (kind 0). */
enum { PC_AUX_NONE, PC_AUX_ATAN2, PC_AUX_SINCOS };
typedef struct pc_aux_memo {
    int kind;
    uint64_t a_bits, b_bits;   /* atan2: y and x; sincos: the angle */
    double v1, v2;             /* atan2: the result; sincos: sin, cos */
} pc_aux_memo;

/* What the world transform reads of a bone (its parent, its applied pose, its memo) first, together in
 * the first 64 bytes (the bones are allocated 64-byte aligned); seven cache lines a bone (an odd number:
 * successive bones fall on every set of the cache; measured: six lines cost up to 7% on some rigs). */
typedef struct pc_bone {
    struct pc_bone *parent;
    pc_bone_pose *applied;     /* &pose, or &constrained when a constraint acts on the bone */
    pc_trig_memo axes_memo;    /* for the world transform (bone.c) */
    pc_bone_pose pose;         /* as animations leave it */
    pc_bone_pose constrained;  /* the copy constraints modify */
    const pc_bone_data *data;
    bool active;
    bool sorted;
    int *children;             /* indices of the child bones, in bone order */
    int child_count;
    pc_aux_memo aux_memo;      /* for the world transform (bone.c) */
    char pad_[56];
} pc_bone;
_Static_assert(sizeof(pc_bone) == 7 * 64, "pc_bone: seven cache lines (adjust pad_)");

/* What the update order and the reset list hold. */
typedef enum pc_update_kind { PC_UPDATE_BONE, PC_UPDATE_CONSTRAINT, PC_UPDATE_SLOT, PC_UPDATE_DRAW_ORDER }
    pc_update_kind;

typedef struct pc_update_item {
    pc_update_kind kind;
    int index;                 /* bone, constraint or slot index */
} pc_update_item;

/* A constraint's pose: the values its setup pose gives and animations set (the runtime's
 * IkConstraintPose, TransformConstraintPose, PathConstraintPose, PhysicsConstraintPose and SliderPose;
 * each kind uses its own fields). */
typedef struct pc_constraint_pose {
    double mix, softness, bend_direction;             /* ik; mix also physics and slider */
    bool compress, stretch;                           /* ik */
    double mix_rotate, mix_x, mix_y;                  /* transform and path */
    double mix_scale_x, mix_scale_y, mix_shear_y;     /* transform */
    double position, spacing;                         /* path */
    double inertia, strength, damping, mass_inverse, wind, gravity; /* physics */
    double time;                                      /* slider */
} pc_constraint_pose;

typedef struct pc_constraint_state {
    bool active;
    int physics;               /* a physics constraint's index in sk->physics_states (-1 for other kinds) */
    bool constrained;          /* its applied pose is its constrained copy (a slider keys it) */
    pc_constraint_pose pose;   /* as animations leave it */
    pc_constraint_pose constrained_pose; /* the copy sliders modify */
} pc_constraint_state;

/* The skin set on an instance: none, one of the document's, or all of them added in order. */
enum { PC_SKIN_NONE = -1, PC_SKIN_ALL = -2 };

struct pc_skeleton {
    const pc_skeleton_data *data;
    pc_bone *bones;
    pc_slot *slots;
    int *draw_order;           /* slot indices in draw order */
    pc_constraint_state *constraints;
    bool draw_order_constrained;
    /* Per slot: its pose may differ from what the setup pose gives it (a timeline set it since, or the
     * setup pose has not settled it yet); the draw order likewise. The setup pose resets only these:
     * for the others it would write the values they hold (skeleton.c). */
    bool *slot_dirty;
    int *dirty_slots;          /* the slots slot_dirty marks, dirty_slot_count of them */
    int dirty_slot_count;
    bool draw_order_dirty;
    /* Attachment timelines' keys looked up under the skin set (Skeleton.getAttachment of each key's
     * name, NULL for none), found when the skin is set: the attachments of animation a's timeline i
     * start at attachment_keys[attachment_key_at[timeline_base[a] + i]] (-1 for other timelines). */
    const pc_attachment **attachment_keys;
    int *attachment_key_at;
    int *timeline_base;
    const pc_attachment **slot_attachments; /* each slot's attachment after the skin is set (NULL: none) */
    /* Each slot's setup attachment under the skin set (Skeleton.getAttachment of the slot's setup
     * name), found once when the skin is set, since the skin cannot change while posing. */
    const pc_attachment **setup_attachments;
    pc_update_item *update_order; /* bones and constraints in the order they are updated */
    int update_count, update_capacity;
    pc_update_item *reset;     /* bones, slots and constraints whose constrained copy is reset each update */
    int reset_count;
    int skin;                  /* PC_SKIN_NONE, PC_SKIN_ALL or a skin index */
    pc_skin_data all_skin;     /* the skin `all` (addSkin of every skin), when skin is PC_SKIN_ALL */
    /* Set when the runtime would throw computing the update order (making the instance or setting the
     * skin), with its message. */
    char fault[200];
    /* The instance's position and scale (the runtime's defaults: 0, 0, 1, 1). */
    double x, y, scale_x, scale_y;
    /* Skeleton.time (advanced by pc_skeleton_update, the same double additions), the last delta it
     * was advanced by (the rule physics.delta's rejected reading reads it), and the directions wind
     * and gravity act in (the runtime's defaults: 1, 0 and 0, 1). */
    double time, last_delta;
    double wind_x, wind_y, gravity_x, gravity_y;
    /* The physics constraints' states, one per physics constraint in constraint order (Skeleton.physics),
     * physics_constraints[i] the constraint index of physics_states[i]; and the physics mode of the
     * update pass under way (physics.h's pc_physics_mode). */
    struct pc_physics_state *physics_states;
    int *physics_constraints;
    int physics_count;
    int physics_mode;
    unsigned long update_stamp; /* the runtime's `_update`: the number of update passes so far */
    /* Where the runtime throws while updating (a constraint reading what is not there), its message
     * (the pass stops there); NULL otherwise. */
    const char *thrown;
    /* The most steps of 1 / fps one physics constraint steps in one update (PC_PHYSICS_STEP_LIMIT unless
     * set), and the constraint of the last update pass that owed more and was not stepped (-1: none). */
    double physics_step_limit;
    int physics_overdue;
    struct pc_path_state *paths; /* the path constraints' buffers (path.h) */
    pc_readings readings;      /* the document's rule readings (rules.h), copied: the pose code reads them */
};

/* Skeleton.setupPoseBones (the bones' and constraints' poses) and setupPoseSlots (the draw order and
 * the slots'); pc_skeleton_setup_pose is both. */
void pc_skeleton_setup_pose_bones(pc_skeleton *sk);
void pc_skeleton_setup_pose_slots(pc_skeleton *sk);

/* Skeleton.setSkin while posing: made false, the document's skin skins[0] (count 0: none; the skin
 * already set: nothing); made true, a skin made of `count` document skins added in order (a new Skin
 * and addSkin). The slots showing the old skin's attachments take the new skin's (Skin.attachAll), or,
 * with no skin before, the new skin's setup attachments; then the update order. False (with
 * sk->fault) when memory runs out. */
bool pc_skeleton_change_skin(pc_skeleton *sk, const int *skins, int count, bool made);

/* Marks slot i's pose for the next setup pose to reset (slot_dirty, dirty_slots). */
static inline void pc_skeleton_mark_slot(pc_skeleton *sk, int i)
{
    if (sk->slot_dirty[i]) return;
    sk->slot_dirty[i] = true;
    sk->dirty_slots[sk->dirty_slot_count++] = i;
}

/* The active skin's data (NULL for none). */
static inline const pc_skin_data *pc_skeleton_skin(const pc_skeleton *sk)
{
    if (sk->skin == PC_SKIN_ALL) return &sk->all_skin;
    if (sk->skin >= 0) return &sk->data->skins[sk->skin];
    return NULL;
}

#endif
