/* Applying an animation to a skeleton instance, as the pose sequence does (oracle/FORMAT.md):
 * `animation.apply(skeleton, lastTime, time, loop, events, 1, MixFrom.setup, false, false, false)`,
 * that is looped or not, at alpha 1, mixing from the setup pose, not additive, not mixing out, on the
 * pose (not the applied pose). Every timeline is applied in the animation's order; later ones win.
 *
 * The loop over the timelines is here; each family of timelines is in its timeline_*.c (timeline.h),
 * the curves in timeline_curve.c, the key search in the document's timeline_keys.c.
 * Times, key times and key values are the runtime's: frames and curves are float32 (Float32Array),
 * read as doubles, and every operation on them is a double operation. */
#ifndef POSECORE_ANIMATION_H
#define POSECORE_ANIMATION_H

#include "timeline.h"

/* Returns NULL, or the runtime's error message where it throws (then the pose is left part applied and
 * the document has no dump): a two-color timeline on a slot without a dark color; a deform or sequence
 * timeline applying through a timeline slot while its own slot's attachment is undefined. */
const char *pc_animation_apply(pc_skeleton *sk, const pc_animation_data *a, double last_time, double time,
                               bool loop, pc_fired_events *events);

/* Raises each slot's deform_capacity to the most deform values any deform timeline of the document sets
 * on it (on its own slot and on its attachment's timeline slots). */
void pc_animation_deform_capacities(const pc_skeleton_data *d, pc_slot *slots);

/* The most events one apply of the animation can fire. */
int pc_animation_event_capacity(const pc_animation_data *a);

/* False when the core applies every timeline of the animation exactly; otherwise true, with why not (one
 * line) in why[0..size). */
bool pc_animation_unsupported(const pc_skeleton_data *d, const pc_animation_data *a, char *why, size_t size);

/* The key times of the animation (`--samples keys`, FORMAT.md): every distinct frame time of every
 * timeline (NaN dropped) and the midpoint of each two consecutive ones, ascending. Writes at most
 * pc_animation_key_time_capacity(a) times to out; returns how many. */
int pc_animation_key_times(const pc_animation_data *a, double *out);
int pc_animation_key_time_capacity(const pc_animation_data *a);

#endif
