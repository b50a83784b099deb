/* Reading a scenario file (scenario.h): the steps' table (each step's members with their types and
 * defaults, as oracle/scenario.mjs and oracle/animation_state.mjs hold them) and the strict check of
 * FORMAT.md: an object {"scenario": 1, "steps": [...]}, no member the format does not know, every
 * required member, each of its type, numbers finite, `times` 1..100,000, repeats at most 16 deep, at
 * most 10,000,000 steps and 1,000,000 poses counted out. Jansson reads every number as a double and
 * keeps the last of a key given twice, as JSON.parse does. */
#include "scenario.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LIMIT_STEPS = 10000000, LIMIT_POSES = 1000000, LIMIT_REPEAT = 100000, LIMIT_DEPTH = 16, MAX_TRACK = 1000 };

typedef enum member_type {
    T_NUM, T_BOOL, T_STR, T_FROM, T_PHYSICS, T_TIMES, T_STEPS, T_TRACK, T_INTERP, T_STR_OR_NULL, T_STRINGS
} member_type;

/* A member's default: none (required), a number (booleans and names by their number), null, a string,
 * or absent (optional: the step leaves what it names alone). */
typedef enum member_default { D_REQUIRED, D_NUM, D_NULL, D_STR, D_ABSENT } member_default;

typedef struct member_spec {
    char name[28];
    unsigned char type;      /* member_type */
    unsigned char dflt;      /* member_default */
    double value;            /* D_NUM */
    char text[8];            /* D_STR */
} member_spec;

typedef struct step_spec {
    char name[28];
    unsigned char count;
    member_spec m[PC_STEP_MEMBERS];
} step_spec;

#define REQ(n, t) { n, t, D_REQUIRED, 0, "" }
#define NUM(n, t, v) { n, t, D_NUM, v, "" }
#define OPT(n, t) { n, t, D_ABSENT, 0, "" }

/* In pc_step_kind order; the members in the order of the M_* names of scenario.h. */
static const step_spec steps_table[PC_STEP_KIND_COUNT] = {
    { "update", 1, { REQ("delta", T_NUM) } },
    { "setTime", 1, { REQ("time", T_NUM) } },
    { "setPosition", 2, { REQ("x", T_NUM), REQ("y", T_NUM) } },
    { "setScale", 2, { REQ("scaleX", T_NUM), REQ("scaleY", T_NUM) } },
    { "move", 2, { REQ("x", T_NUM), REQ("y", T_NUM) } },
    { "setWind", 2, { REQ("x", T_NUM), REQ("y", T_NUM) } },
    { "setGravity", 2, { REQ("x", T_NUM), REQ("y", T_NUM) } },
    { "physicsTranslate", 2, { REQ("x", T_NUM), REQ("y", T_NUM) } },
    { "physicsRotate", 3, { REQ("x", T_NUM), REQ("y", T_NUM), REQ("degrees", T_NUM) } },
    { "reset", 1, { { "constraint", T_STR, D_NULL, 0, "" } } },
    { "setupPose", 0, { { "", 0, 0, 0, "" } } },
    { "apply", 9, { REQ("animation", T_STR), { "time", T_NUM, D_NULL, 0, "" }, { "lastTime", T_NUM, D_NULL, 0, "" },
                    NUM("loop", T_BOOL, 1), NUM("alpha", T_NUM, 1), NUM("from", T_FROM, PC_FROM_SETUP),
                    NUM("add", T_BOOL, 0), NUM("out", T_BOOL, 0), NUM("appliedPose", T_BOOL, 0) } },
    { "updateWorldTransform", 1, { REQ("physics", T_PHYSICS) } },
    { "pose", 0, { { "", 0, 0, 0, "" } } },
    { "repeat", 2, { REQ("times", T_TIMES), REQ("steps", T_STEPS) } },
    { "newState", 1, { NUM("defaultMix", T_NUM, 0) } },
    { "setDefaultMix", 1, { REQ("duration", T_NUM) } },
    { "setMix", 3, { REQ("from", T_STR), REQ("to", T_STR), REQ("duration", T_NUM) } },
    { "setTimeScale", 1, { REQ("timeScale", T_NUM) } },
    { "setAnimation", 3, { REQ("track", T_TRACK), REQ("animation", T_STR), NUM("loop", T_BOOL, 0) } },
    { "addAnimation", 4, { REQ("track", T_TRACK), REQ("animation", T_STR), NUM("loop", T_BOOL, 0),
                           NUM("delay", T_NUM, 0) } },
    { "setEmptyAnimation", 2, { REQ("track", T_TRACK), NUM("mixDuration", T_NUM, 0) } },
    { "addEmptyAnimation", 3, { REQ("track", T_TRACK), NUM("mixDuration", T_NUM, 0), NUM("delay", T_NUM, 0) } },
    { "setEmptyAnimations", 1, { NUM("mixDuration", T_NUM, 0) } },
    { "clearTrack", 1, { REQ("track", T_TRACK) } },
    { "clearTracks", 0, { { "", 0, 0, 0, "" } } },
    { "setEntry", 22, { OPT("track", T_TRACK), OPT("loop", T_BOOL), OPT("additive", T_BOOL), OPT("reverse", T_BOOL),
                        OPT("shortestRotation", T_BOOL), OPT("keepHold", T_BOOL), OPT("alpha", T_NUM),
                        OPT("timeScale", T_NUM), OPT("delay", T_NUM), OPT("trackTime", T_NUM),
                        OPT("trackEnd", T_NUM), OPT("animationStart", T_NUM), OPT("animationEnd", T_NUM),
                        OPT("animationLast", T_NUM), OPT("mixDuration", T_NUM), OPT("mixTime", T_NUM),
                        OPT("eventThreshold", T_NUM), OPT("mixAttachmentThreshold", T_NUM),
                        OPT("alphaAttachmentThreshold", T_NUM), OPT("mixDrawOrderThreshold", T_NUM),
                        OPT("mixInterpolation", T_INTERP), NUM("power", T_NUM, 2) } },
    { "setMixDuration", 3, { OPT("track", T_TRACK), REQ("mixDuration", T_NUM), OPT("delay", T_NUM) } },
    { "resetRotationDirections", 1, { OPT("track", T_TRACK) } },
    { "updateState", 1, { REQ("delta", T_NUM) } },
    { "applyState", 0, { { "", 0, 0, 0, "" } } },
    { "setSkin", 1, { REQ("skin", T_STR_OR_NULL) } },
    { "setSkins", 2, { REQ("skins", T_STRINGS), { "name", T_STR, D_STR, 0, "custom" } } },
    { "setupPoseBones", 0, { { "", 0, 0, 0, "" } } },
    { "setupPoseSlots", 0, { { "", 0, 0, 0, "" } } },
};

static const char from_names[3][8] = { "current", "setup", "first" };      /* by pc_mix_from */
static const char physics_names[4][8] = { "none", "reset", "update", "pose" };
static const char interp_names[7][12] = { "linear", "smooth", "slowFast", "fastSlow", "circle", "pow", "powOut" };

const char *pc_step_name(pc_step_kind kind)
{
    return kind >= 0 && kind < PC_STEP_KIND_COUNT ? steps_table[kind].name : "?";
}

typedef struct parser {
    const char *name;
    pc_error *err;
    bool failed;
    long steps, poses;       /* counted out, repeats multiplied */
} parser;

static bool fail(parser *p, const char *path, const char *fmt, ...)
{
    if (p->failed) return false;
    p->failed = true;
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    p->err->status = PC_INVALID;
    snprintf(p->err->message, sizeof p->err->message, "%.150s: %.150s: %.200s", p->name, path, what);
    return false;
}

static const char *kind_of(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_NULL: return "null";
    case JSON_ARRAY: return "an array";
    case JSON_OBJECT: return "an object";
    case JSON_STRING: return "a string";
    case JSON_TRUE: case JSON_FALSE: return "a boolean";
    default: return "a number";
    }
}

static char *dup_text(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static char *join_path(const char *path, const char *member)
{
    size_t n = strlen(path) + strlen(member) + 2;
    char *s = malloc(n);
    if (s) snprintf(s, n, "%s.%s", path, member);
    return s;
}

static int name_index(const char *s, const char names[][12], int count, int room)
{
    (void)room;
    for (int i = 0; i < count; i++)
        if (strcmp(s, names[i]) == 0) return i;
    return -1;
}

static bool read_steps(parser *p, const char *path, json_t *list, int depth, pc_step **out, int *count);

/* One member of type `type` at `at` into slot k of step s. */
static bool read_member(parser *p, const char *at, pc_step *s, int k, int type, json_t *v, int depth)
{
    switch (type) {
    case T_NUM:
        if (!json_is_number(v)) return fail(p, at, "want a number, not %s", kind_of(v));
        s->num[k] = json_number_value(v);
        if (!isfinite(s->num[k])) return fail(p, at, "want a finite number");
        return true;
    case T_BOOL:
        if (!json_is_boolean(v)) return fail(p, at, "want true or false, not %s", kind_of(v));
        s->num[k] = json_is_true(v);
        return true;
    case T_STR:
        if (!json_is_string(v)) return fail(p, at, "want a string, not %s", kind_of(v));
        s->str[k] = dup_text(json_string_value(v));
        return s->str[k] ? true : fail(p, at, "out of memory");
    case T_STR_OR_NULL:
        if (json_is_null(v)) {
            s->str[k] = NULL;
            return true;
        }
        if (!json_is_string(v)) return fail(p, at, "want a string or null, not %s", kind_of(v));
        s->str[k] = dup_text(json_string_value(v));
        return s->str[k] ? true : fail(p, at, "out of memory");
    case T_FROM: case T_PHYSICS: case T_INTERP: {
        const char *text = json_is_string(v) ? json_string_value(v) : NULL;
        int found = -1;
        if (text && type == T_FROM)
            for (int i = 0; i < 3; i++) if (strcmp(text, from_names[i]) == 0) found = i;
        if (text && type == T_PHYSICS)
            for (int i = 0; i < 4; i++) if (strcmp(text, physics_names[i]) == 0) found = i;
        if (text && type == T_INTERP) found = name_index(text, interp_names, 7, 12);
        if (found < 0) {
            if (type == T_FROM) return fail(p, at, "want one of setup, current, first");
            if (type == T_PHYSICS) return fail(p, at, "want one of none, reset, update, pose");
            return fail(p, at, "want one of linear, smooth, slowFast, fastSlow, circle, pow, powOut");
        }
        s->num[k] = found;
        return true;
    }
    case T_TIMES: {
        double x = json_is_number(v) ? json_number_value(v) : NAN;
        if (!(x >= 1 && x <= LIMIT_REPEAT && x == floor(x)))
            return fail(p, at, "want a whole number from 1 to %d", LIMIT_REPEAT);
        s->num[k] = x;
        return true;
    }
    case T_TRACK: {
        double x = json_is_number(v) ? json_number_value(v) : NAN;
        if (!(fabs(x) <= MAX_TRACK && x == floor(x)))
            return fail(p, at, "want a whole number from -%d to %d (a negative one throws)", MAX_TRACK, MAX_TRACK);
        s->num[k] = x;
        return true;
    }
    case T_STRINGS: {
        if (!json_is_array(v)) return fail(p, at, "want an array of strings, not %s", kind_of(v));
        size_t n = json_array_size(v);
        for (size_t i = 0; i < n; i++)
            if (!json_is_string(json_array_get(v, i)))
                return fail(p, at, "want an array of strings, not %s", kind_of(v));
        s->strings = calloc(n ? n : 1, sizeof *s->strings);
        if (!s->strings) return fail(p, at, "out of memory");
        for (size_t i = 0; i < n; i++) {
            s->strings[i] = dup_text(json_string_value(json_array_get(v, i)));
            if (!s->strings[i]) return fail(p, at, "out of memory");
            s->string_count++;
        }
        return true;
    }
    case T_STEPS:
        return read_steps(p, at, v, depth + 1, &s->steps, &s->step_count);
    default:
        return fail(p, at, "no such member type");
    }
}

static bool read_step(parser *p, const char *path, json_t *v, int depth, pc_step *s)
{
    s->path = dup_text(path);
    if (!s->path) return fail(p, path, "out of memory");
    if (!json_is_object(v)) return fail(p, path, "want a step (an object with \"do\"), not %s", kind_of(v));
    json_t *d = json_object_get(v, "do");
    if (!d) return fail(p, path, "missing \"do\"");
    int kind = -1;
    if (json_is_string(d))
        for (int i = 0; i < PC_STEP_KIND_COUNT; i++)
            if (strcmp(json_string_value(d), steps_table[i].name) == 0) kind = i;
    if (kind < 0) {
        char *at = join_path(path, "do");
        fail(p, at ? at : path, "unknown step");
        free(at);
        return false;
    }
    s->kind = (pc_step_kind)kind;
    const step_spec *spec = &steps_table[kind];
    const char *key;
    json_t *value;
    json_object_foreach(v, key, value) {
        if (strcmp(key, "do") == 0) continue;
        bool known = false;
        for (int k = 0; k < spec->count && !known; k++) known = strcmp(key, spec->m[k].name) == 0;
        if (!known) {
            char *at = join_path(path, key);
            fail(p, at ? at : path, "unknown member of the \"%s\" step", spec->name);
            free(at);
            return false;
        }
    }
    long steps_before = p->steps, poses_before = p->poses;
    for (int k = 0; k < spec->count; k++) {
        const member_spec *m = &spec->m[k];
        json_t *mv = json_object_get(v, m->name);
        if (mv) {
            if (kind == PC_STEP_REPEAT && k == M_REPEAT_STEPS && depth + 1 > LIMIT_DEPTH) {
                char *at = join_path(path, "steps");
                fail(p, at ? at : path, "repeats nested deeper than %d", LIMIT_DEPTH);
                free(at);
                return false;
            }
            char *at = join_path(path, m->name);
            if (!at) return fail(p, path, "out of memory");
            bool ok = read_member(p, at, s, k, m->type, mv, depth);
            free(at);
            if (!ok) return false;
            s->present[k] = true;
            continue;
        }
        switch (m->dflt) {
        case D_REQUIRED:
            return fail(p, path, "missing \"%s\" (the \"%s\" step needs it)", m->name, spec->name);
        case D_NUM: s->num[k] = m->value; s->present[k] = true; break;
        case D_NULL: s->str[k] = NULL; s->present[k] = false; break;
        case D_STR:
            s->str[k] = dup_text(m->text);
            if (!s->str[k]) return fail(p, path, "out of memory");
            s->present[k] = true;
            break;
        default: s->present[k] = false; break;
        }
    }
    if (kind == PC_STEP_REPEAT) {
        long inner_steps = p->steps - steps_before, inner_poses = p->poses - poses_before;
        long times = (long)s->num[M_REPEAT_TIMES];
        p->steps = steps_before + inner_steps * times;
        p->poses = poses_before + inner_poses * times;
    } else {
        p->steps++;
        if (kind == PC_STEP_POSE) p->poses++;
    }
    if (p->steps > LIMIT_STEPS) return fail(p, path, "the scenario runs more than %d steps", LIMIT_STEPS);
    if (p->poses > LIMIT_POSES) return fail(p, path, "the scenario writes more than %d poses", LIMIT_POSES);
    return true;
}

static bool read_steps(parser *p, const char *path, json_t *list, int depth, pc_step **out, int *count)
{
    if (!json_is_array(list)) return fail(p, path, "want an array of steps, not %s", kind_of(list));
    size_t n = json_array_size(list);
    *out = calloc(n ? n : 1, sizeof **out);
    if (!*out) return fail(p, path, "out of memory");
    for (size_t i = 0; i < n; i++) {
        char at[64 + 32];
        size_t room = strlen(path) + 32;
        char *item = room <= sizeof at ? at : malloc(room);
        if (!item) return fail(p, path, "out of memory");
        snprintf(item, room, "%s[%zu]", path, i);
        (*count)++;
        bool ok = read_step(p, item, json_array_get(list, i), depth, &(*out)[i]);
        if (item != at) free(item);
        if (!ok) return false;
    }
    return true;
}

static void free_steps(pc_step *steps, int count)
{
    for (int i = 0; i < count; i++) {
        pc_step *s = &steps[i];
        free(s->path);
        for (int k = 0; k < PC_STEP_MEMBERS; k++) free(s->str[k]);
        for (int k = 0; k < s->string_count; k++) free(s->strings[k]);
        free(s->strings);
        free_steps(s->steps, s->step_count);
    }
    free(steps);
}

void pc_scenario_free(pc_scenario *s)
{
    if (!s) return;
    free_steps(s->steps, s->step_count);
    free(s);
}

pc_scenario *pc_scenario_read(const char *text, size_t len, const char *name, pc_error *err)
{
    parser p = { name, err, false, 0, 0 };
    err->status = PC_OK;
    err->message[0] = '\0';
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL, &jerr);
    if (!root) {
        fail(&p, "$", "not JSON: %s (line %d column %d)", jerr.text, jerr.line, jerr.column);
        return NULL;
    }
    pc_scenario *s = calloc(1, sizeof *s);
    if (!s) {
        fail(&p, "$", "out of memory");
        json_decref(root);
        return NULL;
    }
    bool ok = true;
    if (!json_is_object(root)) {
        ok = fail(&p, "$", "want an object {\"scenario\": 1, \"steps\": [...]}, not %s", kind_of(root));
    } else {
        const char *key;
        json_t *value;
        json_object_foreach(root, key, value) {
            if (strcmp(key, "scenario") != 0 && strcmp(key, "steps") != 0) {
                char *at = join_path("$", key);
                ok = fail(&p, at ? at : "$", "unknown member");
                free(at);
                break;
            }
        }
        json_t *version = json_object_get(root, "scenario");
        if (ok && !version) ok = fail(&p, "$", "missing \"scenario\" (the format's version, 1)");
        if (ok && !(json_is_number(version) && json_number_value(version) == 1))
            ok = fail(&p, "$.scenario", "want 1, the only version");
        json_t *steps = json_object_get(root, "steps");
        if (ok && !steps) ok = fail(&p, "$", "missing \"steps\"");
        if (ok) ok = read_steps(&p, "$.steps", steps, 0, &s->steps, &s->step_count);
    }
    json_decref(root);
    if (!ok) {
        pc_scenario_free(s);
        return NULL;
    }
    return s;
}
