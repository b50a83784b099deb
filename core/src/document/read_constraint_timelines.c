/* Reading an animation's constraint timelines (`ik`, `transform`, `path`, `physics`, `slider`) and
 * attachment timelines (`attachments`: `deform` and `sequence`), in the runtime's order.
 *
 * Rules measured against the oracle: IK and transform timelines whose first key is falsy are skipped
 * before their constraint is looked up; path and slider constraints are looked up first. A transform
 * key's mixY defaults to its own mixX but its mixScaleY to 1 (not to mixScaleX, as the setup pose's
 * does); a path mix key's mixY to its mixX. Physics timelines named "" apply to every physics
 * constraint; a reset timeline reads keys until one is null or undefined. Slider `time` and `mix` keys
 * default to 1. Deform keys hold vertices offsets added to the setup vertices (unweighted) or alone
 * (weighted); a sequence key packs mode | index << 4. */
#include "reader.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The for-in walk of an object in the animation, with its temporaries registered. */
static size_t walk(reader *r, json_t *v, const char ***names, json_t ***values)
{
    size_t n = js_for_in(r->heap, v, names, values);
    if (n == (size_t)-1) reader_throw(r, "out of memory");
    reader_temp(r, *names);
    reader_temp(r, *values);
    return n;
}

static json_t *key_string(reader *r, const char *s)
{
    return js_make_string(r->heap, s, strlen(s));
}

/* One key's values after its time, as a timeline's kind reads them. */
typedef void key_values(reader *r, json_t *key, js_num *values);

/* Keys of a timeline of t->entries numbers a key: its time, then the values `read` gives, the first
 * `curved` of them with curves; up to the first falsy key. */
static void read_keys(reader *r, json_t *keys, pc_timeline *t, int curved, key_values *read)
{
    js_num values[6] = { { 0 } }, next_values[6] = { { 0 } };
    json_t *key = get_index(r, keys, 0);
    js_num time = value_or(r, key, "time", 0);
    read(r, key, values);
    int bezier = 0;
    for (int frame = 0;; frame++) {
        double base = (double)frame * t->entries;
        frame_set_num(r, t, base, time);
        for (int k = 1; k < t->entries; k++) frame_set_num(r, t, base + k, values[k - 1]);
        json_t *next = get_index(r, keys, (size_t)frame + 1);
        if (!js_truthy(next)) { timeline_shrink(t, bezier); break; }
        js_num time2 = value_or(r, next, "time", 0);
        read(r, next, next_values);
        json_t *curve = get(r, key, "curve");
        if (js_truthy(curve))
            for (int k = 0; k < curved; k++)
                bezier = read_curve(r, curve, t, bezier, frame, k, time, time2, values[k], next_values[k], 1);
        time = time2;
        memcpy(values, next_values, sizeof values);
        key = next;
    }
}

/* An IK key: mix, softness (curved), then bendPositive as 1 or -1, compress and stretch as 1 or 0. */
static void ik_values(reader *r, json_t *key, js_num *v)
{
    v[0] = value_or(r, key, "mix", 1);
    v[1] = (js_num){ value_or(r, key, "softness", 0).v * 1, false };
    json_t *bend = get(r, key, "bendPositive");
    v[2] = (js_num){ bend == NULL || js_truthy(bend) ? 1 : -1, false };
    v[3] = (js_num){ js_truthy(get(r, key, "compress")) ? 1 : 0, false };
    v[4] = (js_num){ js_truthy(get(r, key, "stretch")) ? 1 : 0, false };
}

/* The six mixes of a transform key: mixY defaults to the key's mixX, the others to 1. */
static void transform_mixes(reader *r, json_t *key, js_num *m)
{
    static const char names[6][PC_NAME_ROOM] = { "mixRotate", "mixX", "mixY", "mixScaleX", "mixScaleY", "mixShearY" };
    for (int i = 0; i < 6; i++) {
        json_t *v = get(r, key, names[i]);
        if (v != NULL) m[i] = js_num_of(v);
        else if (i == 2) m[i] = m[1];
        else m[i] = (js_num){ 1, false };
    }
}

/* The three mixes of a path mix key: mixY defaults to the key's mixX, the others to 1. */
static void path_mixes(reader *r, json_t *key, js_num *m)
{
    m[0] = value_or(r, key, "mixRotate", 1);
    m[1] = value_or(r, key, "mixX", 1);
    m[2] = get(r, key, "mixY") ? value_or(r, key, "mixY", 0) : m[1];
}

/* Each read_KIND adds the timeline `name` of constraint c (-1: every physics constraint) from `keys`,
 * whose first key is truthy, `frames` their count; NULL for a name the runtime passes over. */

static pc_timeline *read_ik(reader *r, pc_animation_data *a, int c, const char *name, json_t *keys, double frames)
{
    pc_timeline *t = timeline_add(r, a, PC_TL_IK, c, frames, 6, true, js_to_int32((double)js_to_int32(frames) * 2), false);
    read_keys(r, keys, t, 2, ik_values);
    return t;
}

static pc_timeline *read_transform(reader *r, pc_animation_data *a, int c, const char *name, json_t *keys,
                                   double frames)
{
    pc_timeline *t = timeline_add(r, a, PC_TL_TRANSFORM, c, frames, 7, true, frames * 6, false);
    read_keys(r, keys, t, 6, transform_mixes);
    return t;
}

static pc_timeline *read_path(reader *r, pc_animation_data *a, int c, const char *name, json_t *keys, double frames)
{
    pc_timeline *t = NULL;
    if (strcmp(name, "position") == 0) {
        t = timeline_add(r, a, PC_TL_PATH_POSITION, c, frames, 2, true, frames, false);
        read_timeline1(r, keys, t, 0, 1);
    } else if (strcmp(name, "spacing") == 0) {
        t = timeline_add(r, a, PC_TL_PATH_SPACING, c, frames, 2, true, frames, false);
        read_timeline1(r, keys, t, 0, 1);
    } else if (strcmp(name, "mix") == 0) {
        t = timeline_add(r, a, PC_TL_PATH_MIX, c, frames, 4, true, frames * 3, false);
        read_keys(r, keys, t, 3, path_mixes);
    }
    return t;
}

static pc_timeline *read_physics(reader *r, pc_animation_data *a, int c, const char *name, json_t *keys,
                                 double frames)
{
    static const pc_timeline_kind kinds[7] = { PC_TL_PHYSICS_INERTIA, PC_TL_PHYSICS_STRENGTH, PC_TL_PHYSICS_DAMPING,
                                               PC_TL_PHYSICS_MASS, PC_TL_PHYSICS_WIND, PC_TL_PHYSICS_GRAVITY,
                                               PC_TL_PHYSICS_MIX };
    if (strcmp(name, "reset") == 0) {
        pc_timeline *t = timeline_add(r, a, PC_TL_PHYSICS_RESET, c, frames, 1, false, 0, false);
        json_t *key = get_index(r, keys, 0);
        for (size_t f = 0; js_typeof(key) != JS_UNDEFINED && js_typeof(key) != JS_NULL; f++) {
            frame_set_num(r, t, (double)f, value_or(r, key, "time", 0));
            key = get_index(r, keys, f + 1);
        }
        return t;
    }
    int setting = -1;
    for (int s = 0; s < 7; s++)
        if (strcmp(name, pc_physics_setting_names[s]) == 0) setting = s;
    if (setting < 0) return NULL;
    pc_timeline *t = timeline_add(r, a, kinds[setting], c, frames, 2, true, frames, false);
    read_timeline1(r, keys, t, setting == PC_PHYSICS_MIX ? 1 : 0, 1);
    return t;
}

static pc_timeline *read_slider(reader *r, pc_animation_data *a, int c, const char *name, json_t *keys,
                                double frames)
{
    pc_timeline *t = NULL;
    if (strcmp(name, "time") == 0) t = timeline_add(r, a, PC_TL_SLIDER_TIME, c, frames, 2, true, frames, false);
    else if (strcmp(name, "mix") == 0) t = timeline_add(r, a, PC_TL_SLIDER_MIX, c, frames, 2, true, frames, false);
    if (t) read_timeline1(r, keys, t, 1, 1);
    return t;
}

/* How the animation holds one kind of constraint timeline: `key` maps constraint names to their keys
 * (one timeline a constraint), or, `by_name`, to objects mapping timeline names to keys. */
typedef struct timeline_kind {
    char key[12];
    pc_constraint_kind kind;
    char what[24]; /* in the runtime's "WHAT not found: NAME" */
    bool by_name;
    bool empty_is_all; /* the constraint named "" is every one (-1) */
} timeline_kind;

static const timeline_kind timeline_kinds[5] = {
    { "ik", PC_IK, "IK Constraint", false, false },
    { "transform", PC_TRANSFORM, "Transform constraint", false, false },
    { "path", PC_PATH, "Path constraint", true, false },
    { "physics", PC_PHYSICS, "Physics constraint", true, true },
    { "slider", PC_SLIDER, "Slider", true, false },
};

/* The reader of a kind's timelines (a switch, so that the table above holds no pointers). */
static pc_timeline *read_kind_timeline(reader *r, const timeline_kind *k, pc_animation_data *a, int c,
                                       const char *name, json_t *keys, double frames)
{
    switch (k->kind) {
    case PC_IK: return read_ik(r, a, c, name, keys, frames);
    case PC_TRANSFORM: return read_transform(r, a, c, name, keys, frames);
    case PC_PATH: return read_path(r, a, c, name, keys, frames);
    case PC_PHYSICS: return read_physics(r, a, c, name, keys, frames);
    case PC_SLIDER: return read_slider(r, a, c, name, keys, frames);
    }
    return NULL;
}

static int constraint_named(reader *r, const timeline_kind *k, const char *name)
{
    if (k->empty_is_all && name[0] == '\0') return -1;
    int c = find_constraint_js(r, key_string(r, name), k->kind);
    if (c < 0) reader_throw(r, "%s not found: %s", k->what, name);
    return c;
}

/* The timeline read from `keys` unless its first key is falsy; c's name (or "") as its target name. */
static void read_timeline(reader *r, pc_animation_data *a, const timeline_kind *k, int c, const char *name,
                          json_t *keys)
{
    pc_timeline *t = read_kind_timeline(r, k, a, c, name, keys, length_of(r, keys));
    if (t) t->target_name = c >= 0 ? r->d->constraints[c].name : "";
}

static void read_kind(reader *r, json_t *map, pc_animation_data *a, const timeline_kind *k)
{
    json_t *object = get(r, map, k->key);
    if (!js_truthy(object)) return;
    const char **names;
    json_t **values;
    size_t n = walk(r, object, &names, &values);
    size_t mark = path_push(r, ".%s", k->key);
    for (size_t i = 0; i < n; i++) {
        size_t item = path_push_key(r, names[i]);
        if (!k->by_name) {
            /* The first key is looked at before the constraint is looked up. */
            if (js_truthy(get_index(r, values[i], 0)))
                read_timeline(r, a, k, constraint_named(r, k, names[i]), names[i], values[i]);
        } else {
            int c = constraint_named(r, k, names[i]);
            const char **tl_names;
            json_t **tl_keys;
            size_t m = walk(r, values[i], &tl_names, &tl_keys);
            for (size_t j = 0; j < m; j++) {
                size_t tl = path_push_key(r, tl_names[j]);
                if (js_truthy(get_index(r, tl_keys[j], 0))) read_timeline(r, a, k, c, tl_names[j], tl_keys[j]);
                path_pop(r, tl);
            }
        }
        path_pop(r, item);
    }
    path_pop(r, mark);
}

void read_constraint_timelines(reader *r, json_t *map, pc_animation_data *a)
{
    for (int k = 0; k < 5; k++) read_kind(r, map, a, &timeline_kinds[k]);
}

/* ---- Attachment timelines ----------------------------------------------------------------------------- */

static void read_deform(reader *r, json_t *keys, pc_attachment *att, int slot, pc_animation_data *a)
{
    if (att == NULL || att->kind == PC_ATTACHMENT_REGION)
        reader_throw(r, "TypeError: cannot read properties of undefined (reading 'length'): the attachment has no vertices");
    bool weighted = att->bones_count >= 0;
    double deform_length = weighted ? (double)att->vertices_count / 3 * 2 : att->vertices_count;
    size_t length = (size_t)deform_length;
    double frames = length_of(r, keys);
    pc_timeline *t = timeline_add(r, a, PC_TL_DEFORM, slot, frames, 1, true, frames, true);
    t->attachment = att;
    /* One more than the frames: the runtime's vertices (a plain Array) also hold a key past the keys'
     * length, which a search left on the last frame reads as the next vertices (corpus
     * mut-h37-deform-bezier-nan-time). */
    t->deform = reader_calloc(r, (size_t)t->frames_count + 1, sizeof *t->deform);
    t->deform_counts = reader_calloc(r, (size_t)t->frames_count + 1, sizeof *t->deform_counts);
    json_t *key = get_index(r, keys, 0);
    js_num time = value_or(r, key, "time", 0);
    int bezier = 0;
    for (int frame = 0;; frame++) {
        json_t *vertices = get(r, key, "vertices");
        float *deform = reader_temp(r, calloc(length ? length : 1, sizeof *deform));
        if (!deform) reader_throw(r, "out of memory");
        if (!js_truthy(vertices)) {
            if (!weighted) memcpy(deform, att->vertices, length * sizeof *deform);
        } else {
            json_t *start = get(r, key, "offset");
            double offset = start == NULL ? 0 : js_to_number(start);
            if (start != NULL && js_typeof(start) != JS_NUMBER) reader_unmodelled(r, "a deform offset is not a number");
            double count = length_of(r, vertices);
            for (size_t i = 0; (double)i < count; i++) {
                double j = offset + (double)i;
                if (j >= 0 && j < (double)length && j == trunc(j))
                    deform[(size_t)j] = (float)js_to_number(get_index(r, vertices, i));
            }
            if (!weighted)
                for (size_t i = 0; i < length; i++) deform[i] = (float)((double)deform[i] + (double)att->vertices[i]);
        }
        frame_set_num(r, t, frame, time);
        if (frame <= t->frames_count) {
            t->deform[frame] = malloc((length ? length : 1) * sizeof *deform);
            if (!t->deform[frame]) reader_throw(r, "out of memory");
            memcpy(t->deform[frame], deform, length * sizeof *deform);
            t->deform_counts[frame] = (int)length;
        }
        json_t *next = get_index(r, keys, (size_t)frame + 1);
        if (!js_truthy(next)) { timeline_shrink(t, bezier); break; }
        js_num time2 = value_or(r, next, "time", 0);
        json_t *curve = get(r, key, "curve");
        if (js_truthy(curve))
            bezier = read_curve(r, curve, t, bezier, frame, 0, time, time2, (js_num){ 0, false }, (js_num){ 1, false }, 1);
        time = time2;
        key = next;
    }
}

static void read_sequence_timeline(reader *r, json_t *keys, pc_attachment *att, int slot, pc_animation_data *a)
{
    static const char modes[7][PC_NAME_ROOM] = { "hold", "once", "loop", "pingpong", "onceReverse", "loopReverse",
                                          "pingpongReverse" };
    if (att == NULL || (att->kind != PC_ATTACHMENT_REGION && att->kind != PC_ATTACHMENT_MESH))
        reader_throw(r, "TypeError: cannot read properties of undefined (reading 'id'): the attachment has no sequence");
    double frames = length_of(r, keys);
    pc_timeline *t = timeline_add(r, a, PC_TL_SEQUENCE, slot, frames, 3, false, 0, false);
    t->attachment = att;
    json_t *key = get_index(r, keys, 0);
    js_num last_delay = { 0, false };
    for (size_t frame = 0; (double)frame < length_of(r, keys); frame++) {
        js_num delay = value_or(r, key, "delay", 0);
        if (get(r, key, "delay") == NULL) delay = last_delay;
        js_num time = value_or(r, key, "time", 0);
        json_t *mode_name = get(r, key, "mode");
        int mode = 0;
        if (mode_name == NULL) mode = 0;
        else {
            const char *k = js_property_key(r->heap, mode_name);
            for (int m = 0; m < 7 && k; m++)
                if (strcmp(k, modes[m]) == 0) mode = m;
        }
        json_t *index = get(r, key, "index");
        double packed = (double)(int32_t)((uint32_t)mode | ((uint32_t)js_to_int32(index ? js_to_number(index) : 0) << 4));
        frame_set_num(r, t, (double)frame * 3, time);
        frame_set(t, (double)frame * 3 + 1, packed);
        frame_set_num(r, t, (double)frame * 3 + 2, delay);
        last_delay = delay;
        key = get_index(r, keys, frame + 1);
    }
}

void read_attachment_timelines(reader *r, json_t *map, pc_animation_data *a)
{
    pc_skeleton_data *d = r->d;
    json_t *attachments = get(r, map, "attachments");
    if (!js_truthy(attachments)) return;
    const char **skin_names;
    json_t **skin_maps;
    size_t n = walk(r, attachments, &skin_names, &skin_maps);
    size_t mark = path_push(r, ".attachments");
    for (size_t i = 0; i < n; i++) {
        size_t item = path_push_key(r, skin_names[i]);
        int skin = find_skin_js(r, key_string(r, skin_names[i]));
        if (skin < 0) reader_throw(r, "Skin not found: %s", skin_names[i]);
        const char **slot_names;
        json_t **slot_maps;
        size_t sn = walk(r, skin_maps[i], &slot_names, &slot_maps);
        for (size_t s = 0; s < sn; s++) {
            size_t slot_item = path_push_key(r, slot_names[s]);
            int slot = find_slot_js(r, key_string(r, slot_names[s]));
            if (slot < 0) reader_throw(r, "Attachment slot not found: %s", slot_names[s]);
            const char **att_names;
            json_t **att_maps;
            size_t an = walk(r, slot_maps[s], &att_names, &att_maps);
            for (size_t k = 0; k < an; k++) {
                size_t att_item = path_push_key(r, att_names[k]);
                bool inherited;
                pc_attachment *att = pc_skin_lookup(&d->skins[skin], slot, att_names[k], &inherited);
                if (!att && !inherited) reader_throw(r, "Timeline attachment not found: %s", att_names[k]);
                const char **tl_names;
                json_t **tl_keys;
                size_t tn = walk(r, att_maps[k], &tl_names, &tl_keys);
                for (size_t q = 0; q < tn; q++) {
                    size_t tl = path_push_key(r, tl_names[q]);
                    json_t *keys = tl_keys[q];
                    json_t *first = get_index(r, keys, 0);
                    if (js_truthy(first)) {
                        int before = a->timeline_count;
                        if (strcmp(tl_names[q], "deform") == 0) read_deform(r, keys, att, slot, a);
                        else if (strcmp(tl_names[q], "sequence") == 0) read_sequence_timeline(r, keys, att, slot, a);
                        if (a->timeline_count > before) {
                            pc_timeline *t = &a->timelines[a->timeline_count - 1];
                            t->skin = skin;
                            t->target_name = att->name;
                        }
                    }
                    path_pop(r, tl);
                }
                path_pop(r, att_item);
            }
            path_pop(r, slot_item);
        }
        path_pop(r, item);
    }
    path_pop(r, mark);
}
