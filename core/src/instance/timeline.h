/* The families of timelines, one file each, applied as animation.h says (the pose sequence's alpha 1
 * from the setup pose; bone and constraint timelines also with a slider's mix, pc_mix):
 *
 *   timeline_bone.c        rotate, translate(X/Y), scale(X/Y), shear(X/Y), inherit
 *   timeline_slot.c        attachment, rgba, rgb, alpha, rgba2, rgb2
 *   timeline_attachment.c  deform, sequence
 *   timeline_draw_order.c  draw order, draw order folder, events
 *   timeline_constraint.c  ik, transform, path position/spacing/mix, physics settings and reset, slider
 *
 * Not part of the public interface. */
#ifndef POSECORE_TIMELINE_H
#define POSECORE_TIMELINE_H

#include "animation.h"

void pc_apply_bone_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);
/* pc_apply_bone_timeline with pc_mix_setup (the pose sequence's mix), specialized for it. */
void pc_apply_bone_timeline_setup(pc_skeleton *sk, const pc_timeline *t, double time);
/* These return NULL, or the runtime's error message where it throws (pc_animation_apply). */
const char *pc_apply_slot_timeline(pc_skeleton *sk, const pc_timeline *t, double time);
/* An attachment timeline given its keys' attachments under the instance's skin (skeleton.h). */
void pc_apply_attachment_timeline_keys(pc_skeleton *sk, const pc_timeline *t, double time,
                                       const pc_attachment *const *keys);
/* Deform and sequence timelines with a mix: the pose sequence's (pc_mix_setup) or a slider's (alpha its
 * mix, from the current pose, onto the applied poses). */
/* An attachment timeline with a slider's mix (onto the applied pose; from the current pose nothing before
 * the first key; the alpha is not read). */
void pc_apply_attachment_timeline_mix(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);
const char *pc_apply_deform_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);
const char *pc_apply_sequence_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);
const char *pc_apply_draw_order_folder_timeline(pc_skeleton *sk, const pc_timeline *t, double time);
void pc_apply_draw_order_timeline(pc_skeleton *sk, const pc_timeline *t, double time);
void pc_apply_event_timeline(const pc_timeline *t, double last_time, double time, pc_fired_events *events);
void pc_apply_constraint_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);

/* Attachment.timelineSlots of `a`, one at a time: *at starts at 0; returns the next slot, or -1 after the
 * last (timeline_attachment.c). */
int pc_next_timeline_slot(const pc_skeleton_data *d, const pc_attachment *a, int *at);

#endif
