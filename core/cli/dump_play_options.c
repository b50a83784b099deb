/* The options of `posecore dump` that make a scenario dump (oracle/FORMAT.md): `--scenario FILE`, and
 * `--transitions N --dt D[,D2,...] [--mix M]` with `--physics MODE`, `--skeleton X,Y,SCALEX,SCALEY` and
 * `--move DX,DY`, checked as the oracle checks them (pose_oracle.mjs parseArgs): one line naming the
 * option, exit 2, no dump. cmd_dump.c hands each option here first. */
#include "dump_play_options.h"

#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TRANSITIONS = 100000, MAX_DT = 1000 };

/* A JSON number spelling of a finite double. */
static bool json_number(const char *s, double *out)
{
    regex_t re;
    if (regcomp(&re, "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$", REG_EXTENDED | REG_NOSUB) != 0) return false;
    bool ok = regexec(&re, s, 0, NULL, 0) == 0;
    regfree(&re);
    if (!ok) return false;
    *out = strtod(s, NULL);
    return isfinite(*out);
}

/* `v` split at commas into at most `room` finite numbers (exactly `count` unless count is 0). */
static int number_list(const char *v, double *out, int room, int count)
{
    int n = 0;
    const char *p = v;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char part[64];
        if (len >= sizeof part || n >= room) return -1;
        memcpy(part, p, len);
        part[len] = '\0';
        if (!json_number(part, &out[n])) return -1;
        n++;
        if (!comma) break;
        p = comma + 1;
    }
    if (count && n != count) return -1;
    return n;
}

static int bad(char *msg, size_t size, const char *fmt, const char *option, const char *value)
{
    snprintf(msg, size, fmt, option, value);
    return -1;
}

int dump_play_option(dump_play_options *p, const char *a, const char *value, char *msg, size_t size)
{
    bool known = strcmp(a, "--scenario") == 0 || strcmp(a, "--transitions") == 0 || strcmp(a, "--dt") == 0
                 || strcmp(a, "--mix") == 0 || strcmp(a, "--skeleton") == 0 || strcmp(a, "--move") == 0
                 || strcmp(a, "--physics") == 0;
    if (!known) return 0;
    if (!value) return bad(msg, size, "%s needs a value%s", a, "");
    bool twice = false;
    if (strcmp(a, "--scenario") == 0) {
        twice = p->scenario != NULL;
        p->scenario = value;
    } else if (strcmp(a, "--transitions") == 0) {
        twice = p->transitions > 0;
        char *end;
        long n = strtol(value, &end, 10);
        if (*value < '1' || *value > '9' || *end || n < 1 || n > MAX_TRANSITIONS)
            return bad(msg, size, "%s %s: want a whole number from 1 to 100000", a, value);
        p->transitions = (int)n;
    } else if (strcmp(a, "--dt") == 0) {
        twice = p->dt_count > 0;
        p->dt_count = number_list(value, p->dt, MAX_DT, 0);
        if (p->dt_count < 0) return bad(msg, size, "%s %s: want D[,D2,...]: frame times in seconds, positive finite numbers", a, value);
        for (int i = 0; i < p->dt_count; i++)
            if (!(p->dt[i] > 0)) return bad(msg, size, "%s %s: a frame time is not positive", a, value);
    } else if (strcmp(a, "--mix") == 0) {
        twice = p->has_mix;
        if (number_list(value, &p->mix, 1, 1) < 0) return bad(msg, size, "%s %s: want a mix duration in seconds, a finite number", a, value);
        p->has_mix = true;
    } else if (strcmp(a, "--skeleton") == 0) {
        twice = p->has_place;
        if (number_list(value, p->place, 4, 4) < 0) return bad(msg, size, "%s %s: want X,Y,SCALEX,SCALEY, four finite numbers", a, value);
        p->has_place = true;
    } else if (strcmp(a, "--move") == 0) {
        twice = p->has_move;
        if (number_list(value, p->move, 2, 2) < 0) return bad(msg, size, "%s %s: want DX,DY, two finite numbers", a, value);
        p->has_move = true;
    } else {
        static const char modes[4][8] = { "none", "reset", "update", "pose" };
        p->physics = -1;
        for (int i = 0; i < 4; i++)
            if (strcmp(value, modes[i]) == 0) p->physics = i;
        if (p->physics < 0) return bad(msg, size, "%s %s: want none, update, reset or pose", a, value);
        p->has_physics = true;
        return 2;
    }
    if (twice) return bad(msg, size, "%s given twice%s", a, "");
    return 2;
}

int dump_play_check(const dump_play_options *p, bool samples, bool anims, char *msg, size_t size)
{
    if (p->scenario) {
        if (samples || anims || p->transitions || p->dt_count || p->has_mix || p->has_place || p->has_move || p->has_physics)
            return bad(msg, size, "--scenario excludes %s (the scenario holds the whole sequence)%s",
                       samples ? "--samples" : anims ? "--anim" : p->transitions ? "--transitions" : p->dt_count ? "--dt"
                       : p->has_mix ? "--mix" : p->has_place ? "--skeleton" : p->has_move ? "--move" : "--physics", "");
        return 1;
    }
    if (p->transitions) {
        if (samples) return bad(msg, size, "--transitions excludes --samples%s%s", "", "");
        if (!p->dt_count) return bad(msg, size, "--transitions needs --dt%s%s", "", "");
        return 1;
    }
    if (p->has_mix) return bad(msg, size, "--mix needs --transitions%s%s", "", "");
    if (p->dt_count) return bad(msg, size, "--dt needs --frames or --transitions (the core has no --frames yet)%s%s", "", "");
    if (p->has_move) return bad(msg, size, "--move needs --frames or --transitions%s%s", "", "");
    if (p->has_place || (p->has_physics && p->physics != 0))
        return bad(msg, size, "%s: the samples sequence with a placed skeleton or physics is not posed by the core yet%s",
                   p->has_place ? "--skeleton" : "--physics", "");
    return 0;
}
