/* Running a scenario's steps on a skeleton instance (oracle/FORMAT.md "Scenarios"): the calls the
 * oracle makes, in order, with the skeleton's time, wind and gravity, the events applies fire, the
 * AnimationState the state steps drive and what its listener hears. A `pose` step hands the pose to
 * the caller (the dump writer). What the core does not model yet is reported as unsupported:
 * physics that moves (a physics mode other than none, physicsTranslate or physicsRotate, on a document
 * with physics constraints), and an instance posed, applied to or given a skin before its first setup
 * pose (the core's instance equals the runtime's only from there). */
#ifndef POSECORE_SCENARIO_RUN_H
#define POSECORE_SCENARIO_RUN_H

#include "animation_state.h"
#include "scenario.h"

/* A notification the state's listener heard: copied when heard (the entry may be reused after). */
typedef struct pc_heard {
    pc_state_event type;
    int track;
    long entry;                /* its number (pc_track_entry.id) */
    int animation;             /* index or PC_ANIMATION_NONE */
    const pc_event_key *event; /* PC_STATE_EVENT's */
} pc_heard;

typedef struct pc_scenario_run {
    pc_skeleton *sk;
    const pc_skeleton_data *data;
    double time, wind_x, wind_y, gravity_x, gravity_y; /* the skeleton's (the runtime's defaults 0, 1, 0, 0, 1) */
    double *physics_last_time; /* per constraint: a physics constraint's lastTime (set by reset) */
    bool has_physics;          /* the document has physics constraints */
    pc_fired_events events;    /* what the applies fired since the last pose */
    double *last_times;        /* per animation: the time of its latest apply, NAN for none */
    pc_animation_state_data *state_data;
    pc_animation_state *state;
    pc_track_entry *latest;    /* the entry the latest set/add step made */
    pc_heard *heard;           /* what the listener heard since the last pose */
    int heard_count, heard_capacity;
    bool bones_set, slots_set; /* setupPoseBones and setupPoseSlots have run */
    int *skins;                /* setSkins' indices */
    pc_status status;          /* PC_INVALID where the runtime throws, PC_UNSUPPORTED, else PC_OK */
    char message[400];
} pc_scenario_run;

/* The pose writer: called by each `pose` step with the pose line's animation (NULL: null) and time;
 * false stops the run (its message in the run). */
typedef bool (*pc_pose_writer)(void *user, pc_scenario_run *run, const char *animation, double time);

/* A run on the instance (its skin set already); false when memory runs out. */
bool pc_scenario_run_init(pc_scenario_run *run, pc_skeleton *sk);
void pc_scenario_run_free(pc_scenario_run *run);

/* Every name the steps use looked up in the document (animations, skins, physics constraints), before
 * anything is posed: PC_INVALID with message `FILE PATH: Animation not found: NAME` (as the oracle),
 * else PC_OK. */
pc_status pc_scenario_resolve(pc_scenario_run *run, pc_step *steps, int count, const char *file);

/* Runs the steps; returns run->status (PC_OK when every step ran). */
pc_status pc_scenario_run_steps(pc_scenario_run *run, const pc_step *steps, int count, pc_pose_writer pose,
                                void *user);

/* The steps `--transitions N --dt D,... --mix M` stand for (FORMAT.md), for the animations given (in
 * the runtime's order), with the updateWorldTransform mode `physics` (PC_PHYSICS_*) and, when given,
 * the skeleton's place (x, y, scaleX, scaleY) and move (dx, dy). NULL when memory runs out. */
pc_scenario *pc_scenario_transitions(const pc_skeleton_data *d, const int *animations, int count, int frames,
                                     const double *dt, int dt_count, double mix, int physics,
                                     const double *place, const double *move);

#endif
