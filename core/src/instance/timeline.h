/* Timelines applied to an instance: how an apply mixes (pc_mix), the events it fires, the curves between
 * keys (timeline_curve.c), and the families of timelines, one file each, applied as animation.h says
 * (the pose sequence's alpha 1 from the setup pose; bone and constraint timelines also with a slider's
 * mix):
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

#include "skeleton.h"
#include "document/timeline_keys.h"

/* The events fired by one apply, in firing order (the runtime's `events` array); the caller gives
 * the storage (pc_animation_event_capacity). */
typedef struct pc_fired_events {
    const pc_event_key **items;
    int count, capacity;
} pc_fired_events;

/* How an apply mixes what the timelines give into the poses (the runtime's alpha, MixFrom, add, out and
 * appliedPose arguments; pc_mix_from is the public header's). */
typedef struct pc_mix {
    double alpha;
    pc_mix_from from;
    bool add;      /* additive: values added to the base */
    bool out;      /* mixing out */
    bool applied;  /* onto the applied poses (a slider's apply), not the poses */
} pc_mix;

/* The pose sequence's mix: alpha 1 from the setup pose, onto the poses. */
extern const pc_mix pc_mix_setup;

/* ---- Curves (timeline_curve.c) ------------------------------------------------------------------ */

/* The value `value` (1 = the first value after the time) of a curve timeline at `time`, between the
 * frame at index i (from pc_timeline_search) and the next, by the frame's curve: linear, stepped,
 * or the bezier of channel value - 1. */
double pc_timeline_value(const pc_timeline *t, double time, int i, int value);

/* CurveTimeline1.getCurveValue: the value of a one-value curve timeline at time. */
double pc_timeline_curve_value(const pc_timeline *t, double time);

/* The same, inline, for the timelines posing applies most (below). */

/* A bezier curve is stored as this many floats: 9 points (x, y) between its two keys. A frame's curve
 * type (curves[frame]) is linear, stepped, or PC_CURVE_BEZIER + the index of its first bezier. */
#define PC_BEZIER_SIZE 18
enum { PC_CURVE_LINEAR = 0, PC_CURVE_STEPPED = 1, PC_CURVE_BEZIER = 2 };

/* CurveTimeline.getBezierValue: the bezier whose points start at curves[b], for value `value` of the
 * frame at index i; before its first point and after its last, the line from (to) the keys. */
double pc_timeline_bezier_value(const pc_timeline *t, double time, int i, int value, int b);

/* pc_timeline_value for the frame at index i whose number is `frame` (i / entries). */
static inline double pc_timeline_value_at(const pc_timeline *t, double time, int i, int frame, int value)
{
    float type = t->curves[frame];
    if (type == PC_CURVE_LINEAR) {
        double before = t->frames[i], v = t->frames[i + value];
        int next = i + t->entries;
        /* a last frame left linear (keys of a fractional length): the next key is undefined, NaN */
        if (next >= t->frames_count) return NAN;
        return v + (time - before) / (t->frames[next] - before) * (t->frames[next + value] - v);
    }
    if (type == PC_CURVE_STEPPED) return t->frames[i + value];
    return pc_timeline_bezier_value(t, time, i, value, (int)type - PC_CURVE_BEZIER + PC_BEZIER_SIZE * (value - 1));
}

static inline double pc_timeline_curve_value_inline(const pc_timeline *t, double time)
{
    int frame, i = pc_timeline_search_frame(t, time, &frame);
    return pc_timeline_value_at(t, time, i, frame, 1);
}

/* DeformTimeline.getCurvePercent: how far between frame and frame + 1 time is, by the frame's curve
 * (its bezier runs from 0 to 1). */
double pc_timeline_curve_percent(const pc_timeline *t, double time, int frame);


/* ---- The families ---------------------------------------------------------------------------------- */

void pc_apply_bone_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);
/* pc_apply_bone_timeline with pc_mix_setup (the pose sequence's mix), specialized for it. */
void pc_apply_bone_timeline_setup(pc_skeleton *sk, const pc_timeline *t, double time);
/* These return NULL, or the runtime's error message where it throws (pc_animation_apply). */
const char *pc_apply_slot_timeline(pc_skeleton *sk, const pc_timeline *t, double time);
/* A color timeline (rgba, rgb, alpha, rgba2, rgb2) under any mix. */
const char *pc_apply_color_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);
/* An attachment timeline given its keys' attachments under the instance's skin (skeleton.h). */
void pc_apply_attachment_timeline_keys(pc_skeleton *sk, const pc_timeline *t, double time,
                                       const pc_attachment *const *keys);
/* Deform and sequence timelines with a mix: the pose sequence's (pc_mix_setup) or a slider's (alpha its
 * mix, from the current pose, onto the applied poses). */
/* An attachment timeline with a slider's mix (onto the applied pose; from the current pose nothing before
 * the first key; the alpha is not read). */
void pc_apply_attachment_timeline_mix(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);
/* An attachment timeline under any mix given its keys' attachments (pc_apply_attachment_timeline_keys). */
void pc_apply_attachment_timeline_keyed(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m,
                                        const pc_attachment *const *keys);
const char *pc_apply_deform_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);
const char *pc_apply_sequence_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);
const char *pc_apply_draw_order_folder_timeline(pc_skeleton *sk, const pc_timeline *t, double time);
void pc_apply_draw_order_timeline(pc_skeleton *sk, const pc_timeline *t, double time);
/* Both under any mix: mixing out or before the first key the setup order (nothing from the current
 * pose); onto the applied draw order when it is the pose (a slider keying the draw order gives it a copy
 * nothing reads: then only the folder's throw). */
const char *pc_apply_draw_order_timeline_mix(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);
void pc_apply_event_timeline(const pc_timeline *t, double last_time, double time, pc_fired_events *events);
void pc_apply_constraint_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m);
/* The physics reset timeline: resets its constraint (or every active one) when a key is reached
 * between last_time and time (timeline_constraint.c). */
void pc_apply_physics_reset_timeline(pc_skeleton *sk, const pc_timeline *t, double last_time, double time);

/* Attachment.timelineSlots of `a`, one at a time: *at starts at 0; returns the next slot, or -1 after the
 * last (timeline_attachment.c). */
int pc_next_timeline_slot(const pc_skeleton_data *d, const pc_attachment *a, int *at);

#endif
