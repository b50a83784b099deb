/* Running a scenario (scenario.h) on an instance: each step the call it names, in order, and a pose
 * handed to the caller at each pose step (the dump writes it). The state steps drive an AnimationState
 * (animation_state.h) the run owns; what its listener hears is handed over with the pose. */
#ifndef POSECORE_SCENARIO_RUN_H
#define POSECORE_SCENARIO_RUN_H

#include "animation_state.h"
#include "scenario.h"
#include "instance/skeleton.h"
#include "instance/timeline.h"

/* A notification the state's listener heard: copied when heard (the entry may be reused after). */
typedef struct pc_heard {
    pc_state_event type;
    int track;
    long entry;                /* its number (pc_track_entry.id) */
    int animation;             /* index or PC_ANIMATION_NONE */
    const pc_event_key *event; /* PC_STATE_EVENT's */
} pc_heard;

/* The AnimationState of a run as a pose step hands it over: its data, and the notifications its
 * listener heard since the previous pose, in delivery order. */
typedef struct pc_play {
    const pc_animation_state_data *state_data;
    const pc_animation_state *state;
    const pc_heard *heard;
    int heard_count;
} pc_play;

/* What a pose step hands over: the animation and time of the latest apply since the latest setupPose
 * (after an applyState: the current entry of the lowest track that has one, its animation time; NULL
 * and the skeleton's time when there is none), the events the applies since the previous pose fired,
 * in firing order, and the AnimationState. Returns false to stop the run (the caller failed, e.g. out
 * of memory). */
typedef bool (*pc_pose_fn)(void *ctx, const pc_skeleton *sk, const char *animation, double time,
                           const pc_fired_events *events, const pc_play *play);

/* Runs the steps (resolved: pc_scenario_resolve). PC_OK; PC_INVALID where the runtime throws (msg: what
 * and where, "animation \"A\" at T: MESSAGE"), or the pose function failed (msg "cannot write"); or
 * PC_UNSUPPORTED where a step asks what the core does not pose yet (msg: why): the poses before it are
 * written. Allocates the samples' times, the AnimationState (its entries from a pool that grows while it
 * warms up) and, past a pose's first applies, room for more events and notifications. */
pc_status pc_scenario_run(pc_skeleton *sk, const pc_scenario *sc, pc_pose_fn pose, void *ctx, char *msg,
                          size_t size);

#endif
