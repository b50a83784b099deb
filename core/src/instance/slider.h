/* The slider: applies its animation at its own time (the slider's time, or a value read off its bone's
 * property through from / to / scale, looped or held at 0) onto the applied poses, from the current
 * pose, weighted by its mix, added when additive. Measured by the population `slider` and, for where it
 * sits in the update order, `order` (probes/README.md). */
#ifndef POSECORE_SLIDER_H
#define POSECORE_SLIDER_H

#include "skeleton.h"

/* Solves slider `index` (its turn in the update order). */
void pc_slider_update(pc_skeleton *sk, int index);

/* False when the core poses the slider exactly; else true, with why not (one line) in why[0..size): the
 * core does not apply one of its animation's timelines (pc_animation_unsupported). */
bool pc_slider_unsupported(const pc_skeleton_data *d, int index, char *why, size_t size);

#endif
