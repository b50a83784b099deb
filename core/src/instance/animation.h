/* Applying an animation to a skeleton instance, as the pose sequence does (oracle/FORMAT.md):
 * `animation.apply(skeleton, lastTime, time, false, events, 1, MixFrom.setup, false, false, false)`,
 * that is not looped, at alpha 1, mixing from the setup pose, not additive, not mixing out, on the
 * pose (not the applied pose). Every timeline is applied in the animation's order; later ones win.
 *
 * Key search and curves are here; each family of timelines is in its timeline_*.c (timeline.h).
 * Times, key times and key values are the runtime's: frames and curves are float32 (Float32Array),
 * read as doubles, and every operation on them is a double operation. */
#ifndef POSECORE_ANIMATION_H
#define POSECORE_ANIMATION_H

#include "skeleton.h"

/* The events fired by one apply, in firing order (the runtime's `events` array); the caller gives
 * the storage (pc_animation_event_capacity). */
typedef struct pc_fired_events {
    const pc_event_key **items;
    int count, capacity;
} pc_fired_events;

/* Returns NULL, or the runtime's error message where it throws (then the pose is left part applied and
 * the document has no dump): a two-color timeline on a slot without a dark color; a deform or sequence
 * timeline applying through a timeline slot while its own slot's attachment is undefined. */
const char *pc_animation_apply(pc_skeleton *sk, const pc_animation_data *a, double last_time, double time,
                               pc_fired_events *events);

/* How an apply mixes what the timelines give into the poses (the runtime's alpha, MixFrom, add, out and
 * appliedPose arguments). */
typedef enum pc_mix_from { PC_FROM_CURRENT, PC_FROM_SETUP, PC_FROM_FIRST } pc_mix_from;
typedef struct pc_mix {
    double alpha;
    pc_mix_from from;
    bool add;      /* additive: values added to the base */
    bool out;      /* mixing out */
    bool applied;  /* onto the applied poses (a slider's apply), not the poses */
} pc_mix;

/* The pose sequence's mix: alpha 1 from the setup pose, onto the poses. */
extern const pc_mix pc_mix_setup;

/* Raises each slot's deform_capacity to the most deform values any deform timeline of the document sets
 * on it (on its own slot and on its attachment's timeline slots). */
void pc_animation_deform_capacities(const pc_skeleton_data *d, pc_slot *slots);

/* The most events one apply of the animation can fire. */
int pc_animation_event_capacity(const pc_animation_data *a);

/* NULL when the core applies every timeline of the animation exactly; otherwise why not (one line). */
const char *pc_animation_unsupported(const pc_skeleton_data *d, const pc_animation_data *a);

/* The key times of the animation (`--samples keys`, FORMAT.md): every distinct frame time of every
 * timeline (NaN dropped) and the midpoint of each two consecutive ones, ascending. Writes at most
 * pc_animation_key_time_capacity(a) times to out; returns how many. */
int pc_animation_key_times(const pc_animation_data *a, double *out);
int pc_animation_key_time_capacity(const pc_animation_data *a);

/* ---- Key search and curves (for timeline_*.c) ------------------------------------------------- */

/* Frames of a timeline (getFrameCount) and the floats of its frames. */
int pc_timeline_frame_count(const pc_timeline *t);

/* Timeline.search: the index into frames of the last frame whose time is <= time (the first frame's
 * time must be <= time, or the frames empty), stepping by the timeline's entries. */
int pc_timeline_search(const pc_timeline *t, double time);

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

/* Timelines of up to this many frames are scanned from the second frame, as short scans cost less
 * than finding the bucket. Instructions a pose under callgrind, against the scan alone: bucketing every
 * timeline cost the shared rigs (a few keys a timeline) 1-11 % more; bucketing above 16 frames, out of
 * line, costs them -0.8 to +0.7 % and saves 4-19 % on rigs keyed at every frame (the runtime's
 * 6-arcs-pro, 8-follow-through); above 8 frames saved no more and cost the shared rigs up to 2.7 %. */
#define PC_KEY_SCAN_MAX 16

/* Whether t's key times ascend (ties allowed), none NaN, over two frames or more. */
bool pc_timeline_keys_ascending(const pc_timeline *t);

/* Sets t's key_start (to key_start, one int a frame, filled here) and key_rate (skeleton_data.h);
 * for a timeline whose keys ascend, once, by the reader. */
void pc_timeline_index_keys(pc_timeline *t, int *key_start);

/* pc_timeline_search_frame for a timeline with key_start (animation.c). */
int pc_timeline_search_indexed(const pc_timeline *t, double time, int *frame);

/* pc_timeline_search, also giving the frame's number (its index / entries) without a division: the
 * runtime's scan from the second frame for the first whose time is > time; a long timeline whose
 * keys ascend starts the scan further on (pc_timeline_search_indexed). */
static inline int pc_timeline_search_frame(const pc_timeline *t, double time, int *frame)
{
    if (t->key_start) return pc_timeline_search_indexed(t, time, frame);
    int step = t->entries, n = t->frames_count, f = 0;
    for (int i = step; i < n; i += step, f++)
        if (t->frames[i] > time) {
            *frame = f;
            return i - step;
        }
    *frame = (n - step) / step;
    return n - step;
}

/* pc_timeline_value for the frame at index i whose number is `frame` (i / entries). */
static inline double pc_timeline_value_at(const pc_timeline *t, double time, int i, int frame, int value)
{
    float type = t->curves[frame];
    if (type == PC_CURVE_LINEAR) {
        double before = t->frames[i], v = t->frames[i + value];
        int next = i + t->entries;
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

#endif
