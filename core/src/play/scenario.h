/* Scenarios (oracle/FORMAT.md "Scenarios"): a pose sequence as a list of steps, each a call the writer
 * makes on the instance (advance the time, place the root, apply an animation, update the world under a
 * physics mode, write a pose, repeat a list). Read from a scenario file (scenario.c, strictly, naming
 * the JSON path of what is wrong as the oracle does) or made from the shorthand options (`--samples`,
 * `--frames --dt`, `--skeleton`, `--move`, `--physics`: scenario_shorthand.c), and run on an instance by
 * scenario_run.c. The play layer: above the instance, below the dump. */
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
    PC_STEP_SAMPLES            /* the samples shorthand of one animation `name`: per sample time, setupPose,
                                  apply (not looped), updateWorldTransform(physics), pose */
} pc_step_kind;

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
} pc_step;

typedef struct pc_scenario {
    pc_step *steps;
    int step_count;
} pc_scenario;

void pc_scenario_free(pc_scenario *sc);
/* Frees `count` steps (their names, paths and repeats) and the array. */
void pc_steps_free(pc_step *steps, int count);

/* Reads a scenario file's text. NULL on anything the format refuses, with "PATH: MESSAGE" in
 * msg[0..size) (PATH `$`, `$.steps[3].delta`, ...), or on running out of memory. */
pc_scenario *pc_scenario_parse(const char *text, size_t len, char *msg, size_t size);

/* The shorthand options' sequence (FORMAT.md "The pose sequence"). `anims`: the animations to pose, in
 * order (indices); `skeleton`: X, Y, SCALEX, SCALEY or NULL; frames 0: samples (`samples` or, with keys,
 * the key times), else that many frames with dt[0..dt_count) cycled and `move` (DX, DY or NULL). NULL
 * when memory runs out. */
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
} pc_shorthand;
pc_scenario *pc_scenario_shorthand(const pc_shorthand *o);

/* Looks up every animation and physics constraint the steps name in the document (setting `target`).
 * False, with "PATH: Animation not found: NAME" or "PATH: Physics constraint not found: NAME" in msg,
 * for the first name it lacks. */
bool pc_scenario_resolve(pc_scenario *sc, const pc_skeleton_data *data, char *msg, size_t size);

#endif
