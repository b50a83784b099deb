/* Running a scenario (scenario.h) on an instance: each step the call it names, in order, and a pose
 * handed to the caller at each pose step (the dump writes it). */
#ifndef POSECORE_SCENARIO_RUN_H
#define POSECORE_SCENARIO_RUN_H

#include "scenario.h"
#include "instance/skeleton.h"
#include "instance/timeline.h"

/* What a pose step hands over: the animation and time of the latest apply since the latest setupPose
 * (NULL and the skeleton's time when there is none), and the events the applies since the previous pose
 * fired, in firing order. Returns false to stop the run (the caller failed, e.g. out of memory). */
typedef bool (*pc_pose_fn)(void *ctx, const pc_skeleton *sk, const char *animation, double time,
                           const pc_fired_events *events);

/* Runs the steps (resolved: pc_scenario_resolve). PC_OK; PC_INVALID where the runtime throws (msg: what
 * and where, "animation \"A\" at T: MESSAGE"), or the pose function failed (msg "cannot write"); or
 * PC_UNSUPPORTED where a step asks what the core does not pose yet (msg: why): the poses before it are
 * written. Allocates only the samples' times and, past a pose's first applies, room for more events. */
pc_status pc_scenario_run(pc_skeleton *sk, const pc_scenario *sc, pc_pose_fn pose, void *ctx, char *msg,
                          size_t size);

#endif
