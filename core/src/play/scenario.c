/* Reading a scenario file (scenario.h; oracle/FORMAT.md "Scenarios"), as strictly as the oracle's
 * scenario.mjs (and, for the AnimationState and skin steps, animation_state.mjs) reads it: the same checks in the same order, so that a file both refuse is refused at the
 * same JSON path. The text is parsed as JSON.parse takes it (every number a double, a number too big
 * for one Infinity, a key given twice counting once with its last value); members are checked in the
 * order JavaScript lists an object's keys (js_object_keys), then each step's members in the format's
 * order; steps and poses are counted with repeats counted out. Also the freeing of a scenario (for the
 * shorthands' too). */
#include "scenario.h"
#include "js/jsobject.h"
#include "js/jsontext.h"
#include "js/jsondeep.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The format ------------------------------------------------------------------------------------ */

/* The member types of scenario.mjs, then those of animation_state.mjs (a track index, an
 * interpolation's name, a string or null, an array of strings). */
typedef enum member_type {
    M_NUM, M_BOOL, M_STR, M_FROM, M_PHYSICS, M_TIMES, M_STEPS, M_TRACK_INDEX, M_INTERPOLATION, M_STR_OR_NULL,
    M_STRINGS
} member_type;

/* Where a member's value goes in a step: a field of its own, or (S_MEMBER, the state steps) num[k],
 * str[k] or strings at the member's index k, present[k] set. */
typedef enum member_slot {
    S_V0, S_V1, S_V2, S_NAME, S_TIME, S_LAST_TIME, S_LOOP, S_ALPHA, S_FROM, S_ADD, S_OUT, S_APPLIED, S_PHYSICS,
    S_TIMES, S_STEPS, S_MEMBER
} member_slot;

/* A member left out: refused (required), left out (optional: an apply's or reset's own default; a state
 * step's present[k] false, the step leaves what it names alone), or a state step's default: 0 (false
 * for a boolean), 2 (setEntry's power), the text "custom" (setSkins' name). */
typedef enum member_need { N_OPTIONAL = false, N_REQUIRED = true, N_ZERO, N_TWO, N_CUSTOM } member_need;

typedef struct member_spec {
    char name[28];
    unsigned char type, slot;
    unsigned char need; /* member_need */
} member_spec;

typedef struct step_spec {
    char name[24];
    unsigned char kind, count;
    member_spec members[PC_STEP_MEMBERS];
} step_spec;

/* The state steps' members: required, defaulted to a number, or optional without a default. */
#define REQ(n, t) { n, t, S_MEMBER, N_REQUIRED }
#define DEF(n, t, v) { n, t, S_MEMBER, v }
#define OPT(n, t) { n, t, S_MEMBER, N_OPTIONAL }

/* The steps of FORMAT.md, each with its members in the format's order (characters and numbers only). */
static const step_spec step_specs[] = {
    { "update", PC_STEP_UPDATE, 1, { { "delta", M_NUM, S_V0, true } } },
    { "setTime", PC_STEP_SET_TIME, 1, { { "time", M_NUM, S_V0, true } } },
    { "setPosition", PC_STEP_SET_POSITION, 2, { { "x", M_NUM, S_V0, true }, { "y", M_NUM, S_V1, true } } },
    { "setScale", PC_STEP_SET_SCALE, 2, { { "scaleX", M_NUM, S_V0, true }, { "scaleY", M_NUM, S_V1, true } } },
    { "move", PC_STEP_MOVE, 2, { { "x", M_NUM, S_V0, true }, { "y", M_NUM, S_V1, true } } },
    { "setWind", PC_STEP_SET_WIND, 2, { { "x", M_NUM, S_V0, true }, { "y", M_NUM, S_V1, true } } },
    { "setGravity", PC_STEP_SET_GRAVITY, 2, { { "x", M_NUM, S_V0, true }, { "y", M_NUM, S_V1, true } } },
    { "physicsTranslate", PC_STEP_PHYSICS_TRANSLATE, 2, { { "x", M_NUM, S_V0, true }, { "y", M_NUM, S_V1, true } } },
    { "physicsRotate", PC_STEP_PHYSICS_ROTATE, 3,
      { { "x", M_NUM, S_V0, true }, { "y", M_NUM, S_V1, true }, { "degrees", M_NUM, S_V2, true } } },
    { "reset", PC_STEP_RESET, 1, { { "constraint", M_STR, S_NAME, false } } },
    { "setupPose", PC_STEP_SETUP_POSE, 0, { { "", 0, 0, false } } },
    { "apply", PC_STEP_APPLY, 9,
      { { "animation", M_STR, S_NAME, true }, { "time", M_NUM, S_TIME, false }, { "lastTime", M_NUM, S_LAST_TIME, false },
        { "loop", M_BOOL, S_LOOP, false }, { "alpha", M_NUM, S_ALPHA, false }, { "from", M_FROM, S_FROM, false },
        { "add", M_BOOL, S_ADD, false }, { "out", M_BOOL, S_OUT, false }, { "appliedPose", M_BOOL, S_APPLIED, false } } },
    { "updateWorldTransform", PC_STEP_UPDATE_WORLD, 1, { { "physics", M_PHYSICS, S_PHYSICS, true } } },
    { "pose", PC_STEP_POSE, 0, { { "", 0, 0, false } } },
    { "repeat", PC_STEP_REPEAT, 2, { { "times", M_TIMES, S_TIMES, true }, { "steps", M_STEPS, S_STEPS, true } } },
    /* AnimationState and skins (oracle/animation_state.mjs STATE_STEPS), their members in the order of
     * scenario.h's M_* indices */
    { "newState", PC_STEP_NEW_STATE, 1, { DEF("defaultMix", M_NUM, N_ZERO) } },
    { "setDefaultMix", PC_STEP_SET_DEFAULT_MIX, 1, { REQ("duration", M_NUM) } },
    { "setMix", PC_STEP_SET_MIX, 3, { REQ("from", M_STR), REQ("to", M_STR), REQ("duration", M_NUM) } },
    { "setTimeScale", PC_STEP_SET_TIME_SCALE, 1, { REQ("timeScale", M_NUM) } },
    { "setAnimation", PC_STEP_SET_ANIMATION, 3,
      { REQ("track", M_TRACK_INDEX), REQ("animation", M_STR), DEF("loop", M_BOOL, N_ZERO) } },
    { "addAnimation", PC_STEP_ADD_ANIMATION, 4,
      { REQ("track", M_TRACK_INDEX), REQ("animation", M_STR), DEF("loop", M_BOOL, N_ZERO), DEF("delay", M_NUM, N_ZERO) } },
    { "setEmptyAnimation", PC_STEP_SET_EMPTY_ANIMATION, 2, { REQ("track", M_TRACK_INDEX), DEF("mixDuration", M_NUM, N_ZERO) } },
    { "addEmptyAnimation", PC_STEP_ADD_EMPTY_ANIMATION, 3,
      { REQ("track", M_TRACK_INDEX), DEF("mixDuration", M_NUM, N_ZERO), DEF("delay", M_NUM, N_ZERO) } },
    { "setEmptyAnimations", PC_STEP_SET_EMPTY_ANIMATIONS, 1, { DEF("mixDuration", M_NUM, N_ZERO) } },
    { "clearTrack", PC_STEP_CLEAR_TRACK, 1, { REQ("track", M_TRACK_INDEX) } },
    { "clearTracks", PC_STEP_CLEAR_TRACKS, 0, { { "", 0, 0, false } } },
    { "setEntry", PC_STEP_SET_ENTRY, 22,
      { OPT("track", M_TRACK_INDEX), OPT("loop", M_BOOL), OPT("additive", M_BOOL), OPT("reverse", M_BOOL),
        OPT("shortestRotation", M_BOOL), OPT("keepHold", M_BOOL), OPT("alpha", M_NUM), OPT("timeScale", M_NUM),
        OPT("delay", M_NUM), OPT("trackTime", M_NUM), OPT("trackEnd", M_NUM), OPT("animationStart", M_NUM),
        OPT("animationEnd", M_NUM), OPT("animationLast", M_NUM), OPT("mixDuration", M_NUM), OPT("mixTime", M_NUM),
        OPT("eventThreshold", M_NUM), OPT("mixAttachmentThreshold", M_NUM), OPT("alphaAttachmentThreshold", M_NUM),
        OPT("mixDrawOrderThreshold", M_NUM), OPT("mixInterpolation", M_INTERPOLATION), DEF("power", M_NUM, N_TWO) } },
    { "setMixDuration", PC_STEP_SET_MIX_DURATION, 3,
      { OPT("track", M_TRACK_INDEX), REQ("mixDuration", M_NUM), OPT("delay", M_NUM) } },
    { "resetRotationDirections", PC_STEP_RESET_ROTATION_DIRECTIONS, 1, { OPT("track", M_TRACK_INDEX) } },
    { "updateState", PC_STEP_UPDATE_STATE, 1, { REQ("delta", M_NUM) } },
    { "applyState", PC_STEP_APPLY_STATE, 0, { { "", 0, 0, false } } },
    { "setSkin", PC_STEP_SET_SKIN, 1, { REQ("skin", M_STR_OR_NULL) } },
    { "setSkins", PC_STEP_SET_SKINS, 2,
      { REQ("skins", M_STRINGS), DEF("name", M_STR, N_CUSTOM) } },
    { "setupPoseBones", PC_STEP_SETUP_POSE_BONES, 0, { { "", 0, 0, false } } },
    { "setupPoseSlots", PC_STEP_SETUP_POSE_SLOTS, 0, { { "", 0, 0, false } } },
};
enum { STEP_SPEC_COUNT = (int)(sizeof step_specs / sizeof step_specs[0]) };

static const char from_names[3][8] = { "setup", "current", "first" };
static const char physics_names[4][8] = { "none", "reset", "update", "pose" };
static const char interpolation_names[7][12] = { "linear", "smooth", "slowFast", "fastSlow", "circle", "pow",
                                                 "powOut" };
enum { MAX_TRACK = 1000 }; /* the biggest track index a scenario names (animation_state.mjs MAX_TRACK) */

const char *pc_step_name(pc_step_kind kind)
{
    for (int i = 0; i < STEP_SPEC_COUNT; i++)
        if (step_specs[i].kind == kind) return step_specs[i].name;
    return "?";
}

/* ---- Parsing ------------------------------------------------------------------------------------------ */

typedef struct parser {
    char *msg;
    size_t size;
    bool failed;
} parser;

/* Steps and poses run so far (repeats counted out). */
typedef struct counts {
    double steps, poses;
} counts;

static bool fail(parser *p, const char *path, const char *fmt, const char *a, const char *b)
{
    if (!p->failed) {
        char what[2100];
        snprintf(what, sizeof what, fmt, a ? a : "", b ? b : "");
        snprintf(p->msg, p->size, "%s: %s", path, what);
    }
    p->failed = true;
    return false;
}

/* JavaScript's kind of a value as the messages name it. */
static const char *kind_of(const json_t *v)
{
    switch (js_typeof(v)) {
    case JS_NULL: return "null";
    case JS_ARRAY: return "an array";
    case JS_OBJECT: return "an object";
    case JS_NUMBER: return "a number";
    case JS_STRING: return "a string";
    case JS_BOOLEAN: return "a boolean";
    default: return "undefined";
    }
}

static char *path_of(const char *base, const char *fmt, const char *key, int index)
{
    char buf[1024];
    if (key) snprintf(buf, sizeof buf, fmt, base, key);
    else snprintf(buf, sizeof buf, fmt, base, index);
    return strdup(buf);
}

static bool parse_steps(parser *p, const char *path, json_t *list, int depth, counts *c, pc_step **out, int *count);

/* A string member's text (a NUL inside ends it). */
static char *string_of(const json_t *v)
{
    size_t len;
    const char *s = js_string(v, &len);
    return strdup(s ? s : "");
}

static bool parse_member(parser *p, const char *step_path, const member_spec *m, int k, json_t *v, int depth,
                         pc_step *st)
{
    char at[1100];
    snprintf(at, sizeof at, "%s.%s", step_path, m->name);
    js_type type = js_typeof(v);
    switch ((member_type)m->type) {
    case M_NUM: {
        if (type != JS_NUMBER) return fail(p, at, "want a number, not %s%s", kind_of(v), NULL);
        double x = js_number_value(v);
        if (!isfinite(x)) return fail(p, at, "want a finite number%s%s", NULL, NULL);
        switch ((member_slot)m->slot) {
        case S_V0: st->v[0] = x; break;
        case S_V1: st->v[1] = x; break;
        case S_V2: st->v[2] = x; break;
        case S_TIME: st->time = x, st->has_time = true; break;
        case S_LAST_TIME: st->last_time = x, st->has_last_time = true; break;
        case S_ALPHA: st->alpha = x; break;
        case S_MEMBER: st->num[k] = x; break;
        default: break;
        }
        return true;
    }
    case M_BOOL: {
        if (type != JS_BOOLEAN) return fail(p, at, "want true or false, not %s%s", kind_of(v), NULL);
        bool b = json_is_true(v);
        if (m->slot == S_MEMBER) st->num[k] = b;
        else if (m->slot == S_LOOP) st->loop = b;
        else if (m->slot == S_ADD) st->add = b;
        else if (m->slot == S_OUT) st->out = b;
        else st->applied_pose = b;
        return true;
    }
    case M_STR:
        if (type != JS_STRING) return fail(p, at, "want a string, not %s%s", kind_of(v), NULL);
        if (m->slot == S_MEMBER) return (st->str[k] = string_of(v)) != NULL || fail(p, at, "out of memory%s%s", NULL, NULL);
        st->name = string_of(v);
        return st->name != NULL || fail(p, at, "out of memory%s%s", NULL, NULL);
    case M_STR_OR_NULL:
        if (type == JS_NULL) return true; /* str[k] NULL */
        if (type != JS_STRING) return fail(p, at, "want a string or null, not %s%s", kind_of(v), NULL);
        return (st->str[k] = string_of(v)) != NULL || fail(p, at, "out of memory%s%s", NULL, NULL);
    case M_TRACK_INDEX: {
        double x = type == JS_NUMBER ? js_number_value(v) : NAN;
        if (!(fabs(x) <= MAX_TRACK && x == floor(x)))
            return fail(p, at, "want a whole number from -1000 to 1000 (a negative one throws)%s%s", NULL, NULL);
        st->num[k] = x;
        return true;
    }
    case M_INTERPOLATION:
        for (int i = 0; i < 7 && type == JS_STRING; i++)
            if (js_is(v, interpolation_names[i])) {
                st->num[k] = i;
                return true;
            }
        return fail(p, at, "want one of linear, smooth, slowFast, fastSlow, circle, pow, powOut%s%s", NULL, NULL);
    case M_STRINGS: {
        bool strings = type == JS_ARRAY;
        size_t n = strings ? json_array_size(v) : 0;
        for (size_t i = 0; i < n && strings; i++) strings = js_typeof(json_array_get(v, i)) == JS_STRING;
        if (!strings) return fail(p, at, "want an array of strings, not %s%s", kind_of(v), NULL);
        st->strings = calloc(n ? n : 1, sizeof *st->strings);
        if (!st->strings) return fail(p, at, "out of memory%s%s", NULL, NULL);
        for (size_t i = 0; i < n; i++) {
            st->strings[i] = string_of(json_array_get(v, i));
            if (!st->strings[i]) return fail(p, at, "out of memory%s%s", NULL, NULL);
            st->string_count++;
        }
        return true;
    }
    case M_FROM:
        for (int k = 0; k < 3 && type == JS_STRING; k++)
            if (js_is(v, from_names[k])) {
                st->from = (pc_apply_from)k;
                return true;
            }
        return fail(p, at, "want one of setup, current, first%s%s", NULL, NULL);
    case M_PHYSICS:
        for (int k = 0; k < 4 && type == JS_STRING; k++)
            if (js_is(v, physics_names[k])) {
                st->physics = (pc_physics_mode)k;
                return true;
            }
        return fail(p, at, "want one of none, reset, update, pose%s%s", NULL, NULL);
    case M_TIMES: {
        double x = type == JS_NUMBER ? js_number_value(v) : NAN;
        if (!(x >= 1 && x <= PC_SCENARIO_MAX_REPEAT && x == floor(x)))
            return fail(p, at, "want a whole number from 1 to 100000%s%s", NULL, NULL);
        st->times = (int)x;
        return true;
    }
    case M_STEPS:
        break; /* parse_step reads a repeat's steps itself, with their counts */
    }
    return true;
}

static const step_spec *find_step(const json_t *name)
{
    for (int i = 0; i < STEP_SPEC_COUNT; i++)
        if (js_is(name, step_specs[i].name)) return &step_specs[i];
    return NULL;
}

static bool parse_step(parser *p, const char *path, json_t *s, int depth, counts *c, pc_step *st)
{
    st->path = strdup(path);
    st->target = -1;
    st->loop = true;
    st->alpha = 1;
    st->from = PC_APPLY_FROM_SETUP;
    if (!st->path) return fail(p, path, "out of memory%s%s", NULL, NULL);
    if (js_typeof(s) != JS_OBJECT) return fail(p, path, "want a step (an object with \"do\"), not %s%s", kind_of(s), NULL);
    json_t *name = json_object_get(s, "do");
    if (!name) return fail(p, path, "missing \"do\"%s%s", NULL, NULL);
    const step_spec *spec = js_typeof(name) == JS_STRING ? find_step(name) : NULL;
    if (!spec) {
        char at[1100], shown[200];
        snprintf(at, sizeof at, "%s.do", path);
        size_t len;
        const char *text = js_string(name, &len);
        if (text) snprintf(shown, sizeof shown, "\"%.180s\"", text);
        else snprintf(shown, sizeof shown, "%s", kind_of(name));
        char known[STEP_SPEC_COUNT * 26] = "";
        for (int i = 0; i < STEP_SPEC_COUNT; i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%.23s", i ? ", " : "", step_specs[i].name);
        char what[2000];
        snprintf(what, sizeof what, "unknown step %s (known: %s)", shown, known);
        return fail(p, at, "%s%s", what, NULL);
    }
    st->kind = (pc_step_kind)spec->kind;
    /* Members the step does not know, in JavaScript's key order. */
    size_t n = json_object_size(s);
    js_key *keys = malloc((n ? n : 1) * sizeof *keys);
    if (!keys) return fail(p, path, "out of memory%s%s", NULL, NULL);
    n = js_object_keys(s, keys);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(keys[i].key, "do") == 0) continue;
        bool known = false;
        for (int k = 0; k < spec->count && !known; k++) known = strcmp(keys[i].key, spec->members[k].name) == 0;
        if (!known) {
            char at[1100];
            snprintf(at, sizeof at, "%s.%s", path, keys[i].key);
            free(keys);
            return fail(p, at, "unknown member of the \"%s\" step%s", spec->name, NULL);
        }
    }
    free(keys);
    for (int k = 0; k < spec->count; k++) {
        const member_spec *m = &spec->members[k];
        json_t *v = json_object_get(s, m->name);
        if (!v) {
            if (m->need == N_REQUIRED) {
                char what[120];
                snprintf(what, sizeof what, "missing \"%s\" (the \"%s\" step needs it)", m->name, spec->name);
                return fail(p, path, "%s%s", what, NULL);
            }
            if (m->need == N_ZERO || m->need == N_TWO) st->num[k] = m->need == N_TWO ? 2 : 0, st->present[k] = true;
            else if (m->need == N_CUSTOM) {
                st->str[k] = strdup("custom");
                st->present[k] = true;
                if (!st->str[k]) return fail(p, path, "out of memory%s%s", NULL, NULL);
            }
            continue;
        }
        if (!parse_member(p, path, m, k, v, depth, st)) return false;
        if (m->slot == S_MEMBER) st->present[k] = true;
    }
    if (st->kind == PC_STEP_REPEAT) {
        char at[1100];
        snprintf(at, sizeof at, "%s.steps", path);
        if (depth + 1 > PC_SCENARIO_MAX_DEPTH) return fail(p, at, "repeats nested deeper than 16%s%s", NULL, NULL);
        counts inner = { 0, 0 };
        if (!parse_steps(p, at, json_object_get(s, "steps"), depth + 1, &inner, &st->steps, &st->step_count))
            return false;
        c->steps += inner.steps * st->times;
        c->poses += inner.poses * st->times;
    } else {
        c->steps += 1;
        if (st->kind == PC_STEP_POSE) c->poses += 1;
    }
    if (c->steps > PC_SCENARIO_MAX_STEPS) return fail(p, path, "the scenario runs more than 10000000 steps%s%s", NULL, NULL);
    if (c->poses > PC_SCENARIO_MAX_POSES) return fail(p, path, "the scenario writes more than 1000000 poses%s%s", NULL, NULL);
    return true;
}

static bool parse_steps(parser *p, const char *path, json_t *list, int depth, counts *c, pc_step **out, int *count)
{
    if (js_typeof(list) != JS_ARRAY) return fail(p, path, "want an array of steps, not %s%s", kind_of(list), NULL);
    size_t n = json_array_size(list);
    *out = calloc(n ? n : 1, sizeof **out);
    if (!*out) return fail(p, path, "out of memory%s%s", NULL, NULL);
    for (size_t i = 0; i < n; i++) {
        *count = (int)i + 1; /* freed up to here when a step fails */
        char *at = path_of(path, "%s[%d]", NULL, (int)i);
        if (!at) return fail(p, path, "out of memory%s%s", NULL, NULL);
        bool ok = parse_step(p, at, json_array_get(list, i), depth, c, &(*out)[i]);
        free(at);
        if (!ok) return false;
    }
    *count = (int)n;
    return true;
}

/* JSON.parse of the text: Jansson on the text as Node decodes it, numbers too big for a double read
 * as infinities (jsontext.h), a text nested deeper than Jansson parses cut (jsondeep.h: the format reads
 * nothing that deep, so a cut is refused where it stands, as the oracle refuses what is there). NULL
 * with Jansson's message, or the position where JSON.parse stops. */
static json_t *parse_json(const char *text, size_t len, char *why, size_t size)
{
    size_t fixed_len;
    char *fixed = js_replace_invalid_utf8(text, len, &fixed_len);
    if (fixed) text = fixed, len = fixed_len;
    const size_t flags = JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL | JSON_ALLOW_NUL;
    json_error_t jerr;
    json_t *root = json_loadb(text, len, flags, &jerr);
    char *cut = NULL;
    if (!root && strstr(jerr.text, "maximum parsing depth")) {
        size_t cut_len, cuts, error_at;
        cut = js_cut_deep_json(text, len, &cut_len, &cuts, &error_at);
        if (!cut) {
            if (error_at == (size_t)-1) snprintf(why, size, "out of memory");
            else snprintf(why, size, "unexpected %s at position %zu", error_at < len ? "character" : "end", error_at);
            free(fixed);
            return NULL;
        }
        text = cut, len = cut_len;
        root = json_loadb(text, len, flags, &jerr);
    }
    if (!root && strstr(jerr.text, "overflow")) {
        size_t big_len;
        char *big = js_rewrite_overflowing_numbers(text, len, &big_len);
        if (big) root = json_loadb(big, big_len, flags, &jerr);
        free(big);
    }
    if (!root) snprintf(why, size, "%s (line %d column %d)", jerr.text, jerr.line, jerr.column);
    free(cut);
    free(fixed);
    return root;
}

pc_scenario *pc_scenario_parse(const char *text, size_t len, char *msg, size_t size)
{
    parser p = { msg, size, false };
    char why[300];
    json_t *doc = parse_json(text, len, why, sizeof why);
    if (!doc) {
        fail(&p, "$", "not JSON: %s%s", why, NULL);
        return NULL;
    }
    pc_scenario *sc = calloc(1, sizeof *sc);
    if (!sc) {
        json_decref(doc);
        fail(&p, "$", "out of memory%s%s", NULL, NULL);
        return NULL;
    }
    bool ok = false;
    if (js_typeof(doc) != JS_OBJECT) {
        fail(&p, "$", "want an object {\"scenario\": 1, \"steps\": [...]}, not %s%s", kind_of(doc), NULL);
        goto done;
    }
    size_t n = json_object_size(doc);
    js_key *keys = malloc((n ? n : 1) * sizeof *keys);
    if (!keys) { fail(&p, "$", "out of memory%s%s", NULL, NULL); goto done; }
    n = js_object_keys(doc, keys);
    for (size_t i = 0; i < n && !p.failed; i++)
        if (strcmp(keys[i].key, "scenario") != 0 && strcmp(keys[i].key, "steps") != 0) {
            char at[1100];
            snprintf(at, sizeof at, "$.%s", keys[i].key);
            fail(&p, at, "unknown member%s%s", NULL, NULL);
        }
    free(keys);
    if (p.failed) goto done;
    json_t *version = json_object_get(doc, "scenario");
    if (!version) { fail(&p, "$", "missing \"scenario\" (the format's version, 1)%s%s", NULL, NULL); goto done; }
    if (!(js_typeof(version) == JS_NUMBER && js_number_value(version) == 1)) {
        fail(&p, "$.scenario", "want 1, the only version%s%s", NULL, NULL);
        goto done;
    }
    json_t *steps = json_object_get(doc, "steps");
    if (!steps) { fail(&p, "$", "missing \"steps\"%s%s", NULL, NULL); goto done; }
    counts c = { 0, 0 };
    ok = parse_steps(&p, "$.steps", steps, 0, &c, &sc->steps, &sc->step_count);
done:
    json_decref(doc);
    if (!ok) {
        pc_scenario_free(sc);
        return NULL;
    }
    return sc;
}

/* ---- Freeing ------------------------------------------------------------------------------------------ */

void pc_steps_free(pc_step *steps, int count)
{
    for (int i = 0; i < count; i++) {
        free(steps[i].name);
        free(steps[i].path);
        for (int k = 0; k < PC_STEP_MEMBERS; k++) free(steps[i].str[k]);
        for (int k = 0; k < steps[i].string_count; k++) free(steps[i].strings[k]);
        free(steps[i].strings);
        pc_steps_free(steps[i].steps, steps[i].step_count);
    }
    free(steps);
}

void pc_scenario_free(pc_scenario *sc)
{
    if (!sc) return;
    pc_steps_free(sc->steps, sc->step_count);
    free(sc);
}
