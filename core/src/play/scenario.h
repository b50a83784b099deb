/* A scenario file (oracle/FORMAT.md "Scenarios"): `{"scenario": 1, "steps": [...]}`, read and checked
 * as the oracle checks it (scenario.mjs and animation_state.mjs), into a tree of steps with every
 * member's value or default. scenario.c reads; scenario_run.c runs. */
#ifndef POSECORE_SCENARIO_H
#define POSECORE_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include "posecore.h"

typedef enum pc_step_kind {
    /* the skeleton, the poses, time (issue 17) */
    PC_STEP_UPDATE, PC_STEP_SET_TIME, PC_STEP_SET_POSITION, PC_STEP_SET_SCALE, PC_STEP_MOVE, PC_STEP_SET_WIND,
    PC_STEP_SET_GRAVITY, PC_STEP_PHYSICS_TRANSLATE, PC_STEP_PHYSICS_ROTATE, PC_STEP_RESET, PC_STEP_SETUP_POSE,
    PC_STEP_APPLY, PC_STEP_UPDATE_WORLD, PC_STEP_POSE, PC_STEP_REPEAT,
    /* AnimationState and skins (issue 22) */
    PC_STEP_NEW_STATE, PC_STEP_SET_DEFAULT_MIX, PC_STEP_SET_MIX, PC_STEP_SET_TIME_SCALE, PC_STEP_SET_ANIMATION,
    PC_STEP_ADD_ANIMATION, PC_STEP_SET_EMPTY_ANIMATION, PC_STEP_ADD_EMPTY_ANIMATION, PC_STEP_SET_EMPTY_ANIMATIONS,
    PC_STEP_CLEAR_TRACK, PC_STEP_CLEAR_TRACKS, PC_STEP_SET_ENTRY, PC_STEP_SET_MIX_DURATION,
    PC_STEP_RESET_ROTATION_DIRECTIONS, PC_STEP_UPDATE_STATE, PC_STEP_APPLY_STATE, PC_STEP_SET_SKIN,
    PC_STEP_SET_SKINS, PC_STEP_SETUP_POSE_BONES, PC_STEP_SETUP_POSE_SLOTS,
    PC_STEP_KIND_COUNT
} pc_step_kind;

/* The most members a step has (setEntry's). */
#define PC_STEP_MEMBERS 24

/* The members of each step, by their index in the step's table (scenario.c); the runner reads them
 * through these names. */
enum { M_UPDATE_DELTA = 0 };
enum { M_SET_TIME_TIME = 0 };
enum { M_X = 0, M_Y = 1, M_DEGREES = 2 };             /* setPosition, move, setWind, setGravity, physics* */
enum { M_SCALE_X = 0, M_SCALE_Y = 1 };
enum { M_RESET_CONSTRAINT = 0 };
enum { M_APPLY_ANIMATION, M_APPLY_TIME, M_APPLY_LAST_TIME, M_APPLY_LOOP, M_APPLY_ALPHA, M_APPLY_FROM, M_APPLY_ADD,
       M_APPLY_OUT, M_APPLY_APPLIED };
enum { M_UPDATE_WORLD_PHYSICS = 0 };
enum { M_REPEAT_TIMES = 0, M_REPEAT_STEPS = 1 };
enum { M_NEW_STATE_DEFAULT_MIX = 0 };
enum { M_DURATION = 0 };                                /* setDefaultMix */
enum { M_MIX_FROM = 0, M_MIX_TO = 1, M_MIX_DURATION = 2 };
enum { M_TIME_SCALE = 0 };
enum { M_TRACK = 0, M_ANIMATION = 1, M_LOOP = 2, M_DELAY = 3 }; /* setAnimation, addAnimation */
enum { M_EMPTY_MIX = 1, M_EMPTY_DELAY = 2 };            /* set/addEmptyAnimation: M_TRACK first */
enum { M_EMPTIES_MIX = 0 };
/* setEntry: M_TRACK, then the fields in the order they are set, then power */
enum { M_ENTRY_LOOP = 1, M_ENTRY_ADDITIVE, M_ENTRY_REVERSE, M_ENTRY_SHORTEST_ROTATION, M_ENTRY_KEEP_HOLD,
       M_ENTRY_ALPHA, M_ENTRY_TIME_SCALE, M_ENTRY_DELAY, M_ENTRY_TRACK_TIME, M_ENTRY_TRACK_END,
       M_ENTRY_ANIMATION_START, M_ENTRY_ANIMATION_END, M_ENTRY_ANIMATION_LAST, M_ENTRY_MIX_DURATION,
       M_ENTRY_MIX_TIME, M_ENTRY_EVENT_THRESHOLD, M_ENTRY_MIX_ATTACHMENT_THRESHOLD,
       M_ENTRY_ALPHA_ATTACHMENT_THRESHOLD, M_ENTRY_MIX_DRAW_ORDER_THRESHOLD, M_ENTRY_MIX_INTERPOLATION,
       M_ENTRY_POWER, M_ENTRY_FIELD_END };
enum { M_MIX_DURATION_VALUE = 1, M_MIX_DURATION_DELAY = 2 }; /* setMixDuration: M_TRACK first */
enum { M_SKIN = 0 };
enum { M_SKINS = 0, M_SKINS_NAME = 1 };

/* The physics modes of updateWorldTransform (Physics), and the interpolations of a mix, by number. */
enum { PC_PHYSICS_NONE, PC_PHYSICS_RESET, PC_PHYSICS_UPDATE, PC_PHYSICS_POSE };
enum { PC_INTERP_LINEAR, PC_INTERP_SMOOTH, PC_INTERP_SLOW_FAST, PC_INTERP_FAST_SLOW, PC_INTERP_CIRCLE,
       PC_INTERP_POW, PC_INTERP_POW_OUT };

typedef struct pc_step {
    pc_step_kind kind;
    char *path;                        /* its JSON path, for messages ("$.steps[3]") */
    bool present[PC_STEP_MEMBERS];     /* given, or defaulted (false: an optional member left out) */
    double num[PC_STEP_MEMBERS];       /* numbers, booleans (0/1) and names of a list (their index) */
    char *str[PC_STEP_MEMBERS];        /* strings (NULL: null) */
    char **strings;                    /* setSkins' list */
    int string_count;
    struct pc_step *steps;             /* repeat's */
    int step_count;
} pc_step;

typedef struct pc_scenario {
    pc_step *steps;
    int step_count;
} pc_scenario;

/* Reads and checks a scenario's text; NULL with err (status PC_INVALID, message `NAME: PATH: what`)
 * where the oracle refuses it. */
pc_scenario *pc_scenario_read(const char *text, size_t len, const char *name, pc_error *err);
void pc_scenario_free(pc_scenario *s);

/* The name of a step kind ("setAnimation"). */
const char *pc_step_name(pc_step_kind kind);

#endif
