/* Scenarios (oracle/FORMAT.md "Scenarios"): a pose sequence as a list of steps, each a call the writer
 * makes on the instance (advance the time, place the root, apply an animation, update the world under a
 * physics mode, write a pose, repeat a list; drive an AnimationState, set skins while playing). Read from
 * a scenario file (scenario.c, strictly, naming the JSON path of what is wrong as the oracle does) or
 * made from the shorthand options (`--samples`, `--frames --dt`, `--transitions --dt --mix`,
 * `--skeleton`, `--move`, `--physics`: scenario_shorthand.c), and run on an instance by scenario_run.c.
 * The play layer: above the instance, below the dump. */
#ifndef POSECORE_SCENARIO_H
#define POSECORE_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include "posecore.h"

/* The format's limits (FORMAT.md): steps and poses in all (repeats counted out), a repeat's count, how
 * deep repeats nest. */
enum { PC_SCENARIO_MAX_STEPS = 10000000, PC_SCENARIO_MAX_POSES = 1000000, PC_SCENARIO_MAX_REPEAT = 100000,
       PC_SCENARIO_MAX_DEPTH = 16 };

typedef enum pc_step_kind {
    PC_STEP_UPDATE,            /* skeleton.update(v[0]) */
    PC_STEP_SET_TIME,          /* skeleton.time = v[0]; earlier applies forgotten */
    PC_STEP_SET_POSITION,      /* skeleton.x = v[0], y = v[1] */
    PC_STEP_SET_SCALE,         /* skeleton.scaleX = v[0], scaleY = v[1] */
    PC_STEP_MOVE,              /* skeleton.x += v[0], then y += v[1] */
    PC_STEP_SET_WIND,          /* windX, windY = v[0], v[1] */
    PC_STEP_SET_GRAVITY,       /* gravityX, gravityY = v[0], v[1] */
    PC_STEP_PHYSICS_TRANSLATE, /* skeleton.physicsTranslate(v[0], v[1]) */
    PC_STEP_PHYSICS_ROTATE,    /* skeleton.physicsRotate(v[0], v[1], v[2]) */
    PC_STEP_RESET,             /* reset(skeleton) of the physics constraint `name`, or of every one */
    PC_STEP_SETUP_POSE,        /* skeleton.setupPose() */
    PC_STEP_APPLY,             /* animation.apply(...) of the animation `name` */
    PC_STEP_UPDATE_WORLD,      /* skeleton.updateWorldTransform(physics) */
    PC_STEP_POSE,              /* one pose written */
    PC_STEP_REPEAT,            /* steps run `times` times over */
    PC_STEP_SAMPLES,           /* the samples shorthand of one animation `name`: per sample time, setupPose,
                                  apply (not looped), updateWorldTransform(physics), pose */
    /* AnimationState and skins (oracle/animation_state.mjs): their members in num/str/present, by the
     * M_* indices below */
    PC_STEP_NEW_STATE, PC_STEP_SET_DEFAULT_MIX, PC_STEP_SET_MIX, PC_STEP_SET_TIME_SCALE, PC_STEP_SET_ANIMATION,
    PC_STEP_ADD_ANIMATION, PC_STEP_SET_EMPTY_ANIMATION, PC_STEP_ADD_EMPTY_ANIMATION, PC_STEP_SET_EMPTY_ANIMATIONS,
    PC_STEP_CLEAR_TRACK, PC_STEP_CLEAR_TRACKS, PC_STEP_SET_ENTRY, PC_STEP_SET_MIX_DURATION,
    PC_STEP_RESET_ROTATION_DIRECTIONS, PC_STEP_UPDATE_STATE, PC_STEP_APPLY_STATE, PC_STEP_SET_SKIN,
    PC_STEP_SET_SKINS, PC_STEP_SETUP_POSE_BONES, PC_STEP_SETUP_POSE_SLOTS,
    PC_STEP_KIND_COUNT
} pc_step_kind;

/* The most members a state step has (setEntry's). */
#define PC_STEP_MEMBERS 22

/* The members of the state steps, by their index in the step's table (scenario.c). */
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
enum { M_STATE_DELTA = 0 };                             /* updateState */
enum { M_SKIN = 0 };
enum { M_SKINS = 0, M_SKINS_NAME = 1 };

/* The interpolations of a mix (TrackEntry.mixInterpolation), by number. */
enum { PC_INTERP_LINEAR, PC_INTERP_SMOOTH, PC_INTERP_SLOW_FAST, PC_INTERP_FAST_SLOW, PC_INTERP_CIRCLE,
       PC_INTERP_POW, PC_INTERP_POW_OUT };

typedef enum pc_apply_from { PC_APPLY_FROM_SETUP, PC_APPLY_FROM_CURRENT, PC_APPLY_FROM_FIRST } pc_apply_from;

typedef struct pc_step {
    pc_step_kind kind;
    double v[3];
    char *name;                /* apply, samples: the animation; reset: the constraint (NULL: every one) */
    int target;                /* the animation's or constraint's index, once resolved (-1: every one) */
    /* apply */
    bool has_time, has_last_time;
    double time, last_time;
    bool loop, add, out, applied_pose;
    double alpha;
    pc_apply_from from;
    /* updateWorldTransform, samples */
    pc_physics_mode physics;
    /* samples: N evenly spaced (keys false) or the key times */
    int samples;
    bool keys;
    /* repeat */
    int times;
    struct pc_step *steps;
    int step_count;
    char *path;                /* its JSON path ("$.steps[3]"), or "(options)" for a shorthand's */
    /* the state steps' members: given or defaulted (false: an optional member left out), numbers,
     * booleans (0/1), names of a list and resolved animations (their index), strings (NULL: null) */
    bool present[PC_STEP_MEMBERS];
    double num[PC_STEP_MEMBERS];
    char *str[PC_STEP_MEMBERS];
    char **strings;            /* setSkins' list */
    int string_count;
} pc_step;

typedef struct pc_scenario {
    pc_step *steps;
    int step_count;
} pc_scenario;

void pc_scenario_free(pc_scenario *sc);
/* Frees `count` steps (their names, paths and repeats) and the array. */
void pc_steps_free(pc_step *steps, int count);

/* The name of a step kind as a scenario spells it ("setAnimation"). */
const char *pc_step_name(pc_step_kind kind);

/* Reads a scenario file's text. NULL on anything the format refuses, with "PATH: MESSAGE" in
 * msg[0..size) (PATH `$`, `$.steps[3].delta`, ...), or on running out of memory. */
pc_scenario *pc_scenario_parse(const char *text, size_t len, char *msg, size_t size);

/* The shorthand options' sequence (FORMAT.md "The pose sequence"). `anims`: the animations to pose, in
 * order (indices); `skeleton`: X, Y, SCALEX, SCALEY or NULL; frames 0: samples (`samples` or, with keys,
 * the key times), else that many frames with dt[0..dt_count) cycled and `move` (DX, DY or NULL);
 * `transitions` N above 0: every ordered pair of distinct animations crossfaded by a fresh
 * AnimationState of default mix `mix`, N frames of each (dt and move as the frames'). NULL when memory
 * runs out. */
typedef struct pc_shorthand {
    pc_physics_mode physics;
    const int *anims;
    int anim_count;
    const char *const *anim_names;
    const double *skeleton;
    int samples;
    bool keys;
    int frames;
    const double *dt;
    int dt_count;
    const double *move;
    int transitions;
    double mix;
} pc_shorthand;
pc_scenario *pc_scenario_shorthand(const pc_shorthand *o);

/* Looks up every animation, skin and physics constraint the steps name in the document (setting
 * `target`, or a state step's num[]). False, with "PATH: Animation not found: NAME", "PATH: Skin not
 * found: NAME" or "PATH: Physics constraint not found: NAME" in msg, for the first name it lacks. */
bool pc_scenario_resolve(pc_scenario *sc, const pc_skeleton_data *data, char *msg, size_t size);

#endif
