/* Slots of a skeleton instance: what animations set on a slot (its attachment, color, dark color,
 * sequence index and deform) and the setup pose every pose starts from.
 *
 * An attachment is identified by its address, as the runtime compares attachments by identity. The
 * runtime has two kinds of "no attachment": null, and undefined (what a skin lookup gives for a name
 * the skin does not have while it has others for the slot). They differ only where it compares
 * attachments (`setAttachment` resets the sequence index when the attachment changes, and
 * null -> undefined is a change), so undefined is kept here as its own address,
 * PC_ATTACHMENT_UNDEFINED, and written as null. */
#ifndef POSECORE_SLOT_H
#define POSECORE_SLOT_H

#include "document/skeleton_data.h"

struct pc_bone;

extern const pc_attachment pc_attachment_undefined;
#define PC_ATTACHMENT_UNDEFINED (&pc_attachment_undefined)

typedef struct pc_slot_pose {
    pc_color color;
    pc_color dark;                   /* r, g, b; used when the slot data has a dark color */
    const pc_attachment *attachment; /* NULL, PC_ATTACHMENT_UNDEFINED or an attachment */
    double sequence_index;           /* -1: the sequence's setup index */
    double *deform;                  /* deform_capacity values, deform_count of them in use */
    int deform_count;
} pc_slot_pose;

/* A slot's poses (Posed): `pose`, set by the pose sequence's animations; `constrained`, the copy a
 * slider's animation writes when the update order constrains the slot (reset from `pose` at the start
 * of every update pass); `applied`, the one of the two that constraints read (a path constraint its
 * slot's attachment and deform). */
typedef struct pc_slot {
    const pc_slot_data *data;
    struct pc_bone *bone;
    pc_slot_pose pose;
    pc_slot_pose constrained;
    pc_slot_pose *applied;           /* &pose, or &constrained when a slider keys the slot */
    int deform_capacity;             /* the most any deform timeline of the document sets here (each
                                      * pose's deform buffer holds as many) */
    int attachment_state;            /* Slot.attachmentState: what an AnimationState's apply did to its
                                      * attachment, against the state's counter (play/state_apply.c) */
} pc_slot;

/* True for an attachment that is neither null nor undefined. */
static inline bool pc_attachment_present(const pc_attachment *a)
{
    return a != NULL && a != PC_ATTACHMENT_UNDEFINED;
}

/* The attachment whose timelines apply to `a` (a linked mesh that inherits timelines: its source). */
static inline const pc_attachment *pc_timeline_attachment_of(const pc_attachment *a)
{
    return a->timeline_attachment ? a->timeline_attachment : a;
}

/* SlotPose.setAttachment: a change of attachment resets the sequence index to -1 and clears the deform
 * unless both attachments are vertex attachments with the same timeline attachment. */
void pc_slot_set_attachment(pc_slot_pose *pose, const pc_attachment *attachment);

/* Posed.resetConstrained for a slot (SlotPose.set): the constrained copy takes the pose's colors,
 * attachment, sequence index and deform values. */
void pc_slot_reset_constrained(pc_slot *slot);

/* Skeleton.getAttachment(slot, name) under the instance's skin, then the default skin: an attachment,
 * NULL or PC_ATTACHMENT_UNDEFINED. `name` must be a non-empty property key. */
const pc_attachment *pc_skeleton_get_attachment(const pc_skeleton *sk, int slot, const char *name);

/* Slot.setupPose: the setup colors, sequence index 0, and the setup attachment (set after a null). */
void pc_slot_setup_pose(const pc_skeleton *sk, pc_slot *slot);

/* pc_slot_setup_pose given the slot's setup attachment under the skin (NULL when the slot data names
 * none), with setAttachment's steps worked out: from null to a setup attachment that is not null the
 * attachment changes (deform cleared, sequence index -1); with no setup name, a change to null only
 * when the slot shows something. */
static inline void pc_slot_setup_pose_to(pc_slot *slot, const pc_attachment *setup)
{
    const pc_slot_data *d = slot->data;
    pc_slot_pose *p = &slot->pose;
    p->color = d->color;
    if (d->has_dark) p->dark = d->dark;
    p->sequence_index = 0;
    if (d->attachment_key == NULL) {
        if (p->attachment == NULL) return;
        setup = NULL;
    } else if (setup == NULL) {
        p->attachment = NULL;
        return;
    }
    p->deform_count = 0;
    p->attachment = setup;
    p->sequence_index = -1;
}

#endif
