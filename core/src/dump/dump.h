/* The pose sequence of oracle/FORMAT.md, posed by the core and written as a dump. */
#ifndef POSECORE_DUMP_H
#define POSECORE_DUMP_H

#include <stdbool.h>
#include <stdio.h>
#include "posecore.h"
#include "play/scenario.h"

/* The options of oracle/FORMAT.md: the skin, then the sequence: a scenario file's, or the one the
 * shorthand options stand for (samples, or frames with their dt list; the physics mode, the skeleton's
 * place, the root motion). */
typedef struct pc_dump_options {
    const char *skin;          /* a skin's name, "all", or NULL for none */
    int samples;               /* sample times per animation (when !keys) */
    bool keys;                 /* --samples keys */
    const char **anims;        /* --anim names (NULL when every animation) */
    int anim_count;
    pc_physics_mode physics;   /* --physics */
    int frames;                /* --frames (0: samples) */
    const double *dt;          /* --dt, dt_count of them */
    int dt_count;
    const double *skeleton;    /* --skeleton X,Y,SCALEX,SCALEY, or NULL */
    const double *move;        /* --move DX,DY, or NULL */
    const char *scenario_path; /* --scenario FILE as given, or NULL */
    pc_scenario *scenario;     /* its steps, read by the caller (names resolved here) */
    const char *atlas;         /* --atlas FILE as given (the document is read with it), NULL for none */
    bool vertices;             /* --vertices: the blocks of what is drawn (dump_render.h) */
    int transitions;           /* --transitions N (0: none): every ordered pair crossfaded, N frames each */
    double mix;                /* --mix M: the AnimationState data's default mix (0 unless given) */
    double physics_step_limit; /* pc_skeleton_set_physics_step_limit's (0: PC_PHYSICS_STEP_LIMIT; no option) */
} pc_dump_options;

/* Writes the dump of the document `input` (already read into data) to out; on failure writes nothing
 * to out, fills *err and returns its status. */
pc_status pc_dump_write(FILE *out, const char *input, const pc_skeleton_data *data,
                        const pc_dump_options *opt, pc_error *err);

/* The options as the dump's `meta options` line spells them. */
void pc_dump_options_text(const pc_dump_options *opt, char *buf, size_t size);

#endif
