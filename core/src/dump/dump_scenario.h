/* Dumps of scenarios (oracle/FORMAT.md "Scenarios"): `posecore dump --scenario FILE` and the
 * `--transitions N --dt D,... --mix M` shorthand (dump_scenario.c). */
#ifndef POSECORE_DUMP_SCENARIO_H
#define POSECORE_DUMP_SCENARIO_H

#include <stdbool.h>
#include <stdio.h>
#include "posecore.h"

typedef struct pc_dump_scenario_options {
    const char *skin;          /* a skin's name, "all", or NULL for none */
    const char *scenario;      /* the scenario file, or NULL for --transitions */
    int transitions;           /* frames per animation of each pair */
    const double *dt;          /* the frame times, cycled */
    int dt_count;
    double mix;                /* the default mix */
    int physics;               /* updateWorldTransform's mode (play/scenario.h PC_PHYSICS_*) */
    const double *place;       /* --skeleton X,Y,SCALEX,SCALEY, or NULL */
    const double *move;        /* --move DX,DY, or NULL */
    const char **anims;        /* --anim names (NULL: every animation) */
    int anim_count;
} pc_dump_scenario_options;

/* Writes the dump (whole, or nothing on failure; exit statuses as pc_dump_write's). */
pc_status pc_dump_scenario(FILE *out, const char *input, const pc_skeleton_data *data,
                           const pc_dump_scenario_options *opt, pc_error *err);

/* The options as the dump's `meta options` line spells them. */
void pc_dump_scenario_options_text(const pc_dump_scenario_options *opt, char *buf, size_t size);

#endif
