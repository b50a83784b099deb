/* The slider: applies its animation at its own time (the slider's time, or a value read off its bone's
 * property through from / to / scale, looped or held at 0) onto the applied poses, from the current
 * pose, weighted by its mix, added when additive. Measured by the population `slider` and, for where it
 * sits in the update order, `order` (probes/README.md). */
#ifndef POSECORE_SLIDER_H
#define POSECORE_SLIDER_H

#include "skeleton.h"

/* Solves slider `index` (its turn in the update order). */
void pc_slider_update(pc_skeleton *sk, int index);

/* NULL when the core poses the slider exactly; else why not (one line, static storage): the core does
 * not apply one of its animation's timelines (pc_animation_unsupported). */
const char *pc_slider_unsupported(const pc_skeleton_data *d, int index);

#endif
