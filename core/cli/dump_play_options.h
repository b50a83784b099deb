/* The options of `posecore dump` that make a scenario dump (dump_play_options.c). */
#ifndef POSECORE_DUMP_PLAY_OPTIONS_H
#define POSECORE_DUMP_PLAY_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct dump_play_options {
    const char *scenario;
    int transitions;
    double dt[1000];
    int dt_count;
    double mix;
    bool has_mix;
    double place[4], move[2];
    bool has_place, has_move;
    int physics;               /* PC_PHYSICS_* */
    bool has_physics;
} dump_play_options;

/* Option `a` with its value: 2 when it is one of these (the value taken), 0 when not, -1 bad (msg). */
int dump_play_option(dump_play_options *p, const char *a, const char *value, char *msg, size_t size);
/* After the options: 1 a scenario dump, 0 the samples sequence, -1 options that do not go together. */
int dump_play_check(const dump_play_options *p, bool samples, bool anims, char *msg, size_t size);

#endif
