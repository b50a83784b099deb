/* Reading a Spine 4.3 JSON document (Jansson) into pc_skeleton_data, with the runtime's defaults.
 *
 * What the runtime refuses (it throws while reading) is refused here with PC_INVALID; what the core
 * cannot pose yet (constraints, values the runtime would coerce in JavaScript ways) with
 * PC_UNSUPPORTED. Each message is one line: the document's name, the JSON path, what is wrong. */
#include "skeleton_data.h"
#include "jsobject.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const pc_inherit_names[5] = {
    "normal", "onlyTranslation", "noRotationOrReflection", "noScale", "noScaleOrReflection"
};

typedef struct reader {
    const char *name;    /* the document's name, for messages */
    pc_error *err;
    pc_skeleton_data *data;
} reader;

/* Fills the error once (the first failure is the one reported) and returns 0 for `return fail(...)`. */
static int fail(reader *r, pc_status status, const char *path, const char *fmt, ...)
{
    if (r->err->status != PC_OK) return 0;
    char what[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    r->err->status = status;
    snprintf(r->err->message, sizeof r->err->message, "%s: %s: %s%s", r->name, path,
             status == PC_UNSUPPORTED ? "unsupported: " : "", what);
    return 0;
}

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c) memcpy(c, s, n);
    return c;
}

/* A numeric field the runtime reads with a default. JavaScript would coerce strings, booleans and
 * null into numbers here; the core reads only numbers and says so for anything else. */
static int read_number(reader *r, json_t *map, const char *key, double fallback, double *out,
                       const char *path)
{
    json_t *v = json_object_get(map, key);
    if (v == NULL) { *out = fallback; return 1; }
    if (!json_is_number(v))
        return fail(r, PC_UNSUPPORTED, path, "`%s` is not a number (JavaScript coercion is not modelled)", key);
    *out = json_number_value(v);
    return 1;
}

/* The inherit mode: the runtime upper-cases the first letter and looks the name up in its enum. */
static int read_inherit(reader *r, json_t *map, pc_inherit *out, const char *path)
{
    static const char *const enum_names[5] = {
        "Normal", "OnlyTranslation", "NoRotationOrReflection", "NoScale", "NoScaleOrReflection"
    };
    json_t *v = json_object_get(map, "inherit");
    if (v == NULL) { *out = PC_INHERIT_NORMAL; return 1; }
    if (!json_is_string(v) || json_string_length(v) == 0)
        return fail(r, PC_INVALID, path, "`inherit` is not a non-empty string");
    const char *s = json_string_value(v);
    char first = (s[0] >= 'a' && s[0] <= 'z') ? (char)(s[0] - 'a' + 'A') : s[0];
    for (int i = 0; i < 5; i++) {
        if (first == enum_names[i][0] && strcmp(s + 1, enum_names[i] + 1) == 0) {
            *out = (pc_inherit)i;
            return 1;
        }
    }
    return fail(r, PC_UNSUPPORTED, path, "unknown inherit mode \"%s\" (the runtime leaves it undefined)", s);
}

int pc_find_bone(const pc_skeleton_data *data, const char *name)
{
    for (int i = 0; i < data->bone_count; i++)
        if (strcmp(data->bones[i].name, name) == 0) return i;
    return -1;
}

int pc_find_skin(const pc_skeleton_data *data, const char *name)
{
    for (int i = 0; i < data->skin_count; i++)
        if (strcmp(data->skins[i].name, name) == 0) return i;
    return -1;
}

static int find_slot(const pc_skeleton_data *data, const char *name)
{
    for (int i = 0; i < data->slot_count; i++)
        if (strcmp(data->slots[i].name, name) == 0) return i;
    return -1;
}

static int read_bones(reader *r, json_t *bones)
{
    pc_skeleton_data *d = r->data;
    size_t n = json_array_size(bones);
    d->bones = calloc(n ? n : 1, sizeof *d->bones);
    if (!d->bones) return fail(r, PC_INVALID, "$.bones", "out of memory");
    for (size_t i = 0; i < n; i++) {
        char path[64];
        snprintf(path, sizeof path, "$.bones[%zu]", i);
        json_t *map = json_array_get(bones, i);
        if (!json_is_object(map)) return fail(r, PC_INVALID, path, "a bone is not an object");
        json_t *name = json_object_get(map, "name");
        if (name == NULL || json_is_null(name) || (json_is_string(name) && json_string_length(name) == 0))
            return fail(r, PC_INVALID, path, "name cannot be null");
        if (!json_is_string(name)) return fail(r, PC_UNSUPPORTED, path, "`name` is not a string");

        pc_bone_data *b = &d->bones[i];
        b->index = (int)i;
        b->parent = -1;
        /* A parent that names no earlier bone leaves the bone a root: the runtime does not refuse it. */
        json_t *parent = json_object_get(map, "parent");
        if (parent != NULL && js_truthy(parent)) {
            if (!json_is_string(parent)) return fail(r, PC_UNSUPPORTED, path, "`parent` is not a string");
            b->parent = pc_find_bone(d, json_string_value(parent));
        }
        pc_bone_local *s = &b->setup;
        if (!read_number(r, map, "length", 0, &b->length, path) || !read_number(r, map, "x", 0, &s->x, path)
            || !read_number(r, map, "y", 0, &s->y, path)
            || !read_number(r, map, "rotation", 0, &s->rotation, path)
            || !read_number(r, map, "scaleX", 1, &s->scale_x, path)
            || !read_number(r, map, "scaleY", 1, &s->scale_y, path)
            || !read_number(r, map, "shearX", 0, &s->shear_x, path)
            || !read_number(r, map, "shearY", 0, &s->shear_y, path) || !read_inherit(r, map, &s->inherit, path))
            return 0;
        /* The runtime multiplies x, y and length by its scale (1): x * 1 is x for every double. */
        json_t *skin = json_object_get(map, "skin");
        if (skin != NULL && !json_is_boolean(skin))
            return fail(r, PC_UNSUPPORTED, path, "`skin` is not a boolean");
        b->skin_required = skin != NULL && json_is_true(skin);
        b->name = copy_string(json_string_value(name));
        if (!b->name) return fail(r, PC_INVALID, path, "out of memory");
        d->bone_count = (int)i + 1;
    }
    return 1;
}

static int read_slots(reader *r, json_t *slots)
{
    pc_skeleton_data *d = r->data;
    size_t n = json_array_size(slots);
    d->slots = calloc(n ? n : 1, sizeof *d->slots);
    if (!d->slots) return fail(r, PC_INVALID, "$.slots", "out of memory");
    for (size_t i = 0; i < n; i++) {
        char path[64];
        snprintf(path, sizeof path, "$.slots[%zu]", i);
        json_t *map = json_array_get(slots, i);
        if (!json_is_object(map)) return fail(r, PC_INVALID, path, "a slot is not an object");
        json_t *name = json_object_get(map, "name");
        json_t *bone = json_object_get(map, "bone");
        if (!json_is_string(bone) || json_string_length(bone) == 0)
            return fail(r, PC_INVALID, path, "boneName cannot be null");
        int bone_index = pc_find_bone(d, json_string_value(bone));
        if (bone_index < 0)
            return fail(r, PC_INVALID, path, "Couldn't find bone %s for slot", json_string_value(bone));
        if (name == NULL || json_is_null(name)) return fail(r, PC_INVALID, path, "name cannot be null");
        if (!json_is_string(name)) return fail(r, PC_UNSUPPORTED, path, "`name` is not a string");
        json_t *attachment = json_object_get(map, "attachment");
        if (attachment != NULL && !json_is_null(attachment) && !json_is_string(attachment))
            return fail(r, PC_UNSUPPORTED, path, "`attachment` is not a string");

        pc_slot_data *s = &d->slots[i];
        s->index = (int)i;
        s->bone = bone_index;
        s->name = copy_string(json_string_value(name));
        s->attachment = json_is_string(attachment) ? copy_string(json_string_value(attachment)) : NULL;
        if (!s->name || (json_is_string(attachment) && !s->attachment))
            return fail(r, PC_INVALID, path, "out of memory");
        d->slot_count = (int)i + 1;
    }
    return 1;
}

static int read_skins(reader *r, json_t *skins)
{
    static const char *const constraint_lists[5] = { "ik", "transform", "path", "physics", "slider" };
    pc_skeleton_data *d = r->data;
    size_t n = json_array_size(skins);
    d->skins = calloc(n ? n : 1, sizeof *d->skins);
    if (!d->skins) return fail(r, PC_INVALID, "$.skins", "out of memory");
    for (size_t i = 0; i < n; i++) {
        char path[96];
        snprintf(path, sizeof path, "$.skins[%zu]", i);
        json_t *map = json_array_get(skins, i);
        if (!json_is_object(map)) return fail(r, PC_INVALID, path, "a skin is not an object");
        json_t *name = json_object_get(map, "name");
        if (!js_truthy(name)) return fail(r, PC_INVALID, path, "name cannot be null");
        if (!json_is_string(name)) return fail(r, PC_UNSUPPORTED, path, "`name` is not a string");
        pc_skin_data *skin = &d->skins[i];
        skin->name = copy_string(json_string_value(name));
        d->skin_count = (int)i + 1;
        if (!skin->name) return fail(r, PC_INVALID, path, "out of memory");

        json_t *bones = json_object_get(map, "bones");
        if (js_truthy(bones)) {
            if (!json_is_array(bones)) return fail(r, PC_UNSUPPORTED, path, "`bones` is not an array");
            size_t nb = json_array_size(bones);
            skin->bones = calloc(nb ? nb : 1, sizeof *skin->bones);
            if (!skin->bones) return fail(r, PC_INVALID, path, "out of memory");
            for (size_t k = 0; k < nb; k++) {
                json_t *bn = json_array_get(bones, k);
                int bi = json_is_string(bn) ? pc_find_bone(d, json_string_value(bn)) : -1;
                if (bi < 0) {
                    snprintf(path, sizeof path, "$.skins[%zu].bones[%zu]", i, k);
                    return fail(r, PC_INVALID, path, "Couldn't find bone %s for skin %s",
                                json_is_string(bn) ? json_string_value(bn) : "(not a string)", skin->name);
                }
                skin->bones[skin->bone_count++] = bi;
            }
        }
        /* No constraint is read yet (a document with constraints is unsupported), so any name listed
         * here names no constraint, which the runtime refuses. */
        for (int c = 0; c < 5; c++) {
            json_t *list = json_object_get(map, constraint_lists[c]);
            if (js_truthy(list) && json_array_size(list) > 0) {
                snprintf(path, sizeof path, "$.skins[%zu].%s[0]", i, constraint_lists[c]);
                return fail(r, PC_INVALID, path, "Couldn't find %s constraint for skin %s", constraint_lists[c],
                            skin->name);
            }
        }
        json_t *attachments = json_object_get(map, "attachments");
        if (json_is_object(attachments)) {
            const char *slot_name;
            json_t *entries;
            json_object_foreach(attachments, slot_name, entries) {
                if (find_slot(d, slot_name) < 0) {
                    snprintf(path, sizeof path, "$.skins[%zu].attachments", i);
                    return fail(r, PC_INVALID, path, "Couldn't find skin slot %s for skin %s", slot_name,
                                skin->name);
                }
            }
        }
    }
    return 1;
}

static int read_animations(reader *r, json_t *animations)
{
    pc_skeleton_data *d = r->data;
    size_t n = json_object_size(animations);
    js_key *keys = malloc((n ? n : 1) * sizeof *keys);
    d->animations = calloc(n ? n : 1, sizeof *d->animations);
    if (!keys || !d->animations) {
        free(keys);
        return fail(r, PC_INVALID, "$.animations", "out of memory");
    }
    n = js_object_keys(animations, keys);
    for (size_t i = 0; i < n; i++) {
        d->animations[i].name = copy_string(keys[i].key);
        d->animation_count = (int)i + 1;
        if (!d->animations[i].name) break;
    }
    free(keys);
    return d->animation_count == (int)n ? 1 : fail(r, PC_INVALID, "$.animations", "out of memory");
}

static pc_skeleton_data *read_root(reader *r, json_t *root)
{
    if (!json_is_object(root)) {
        /* JSON.parse gives a number, string or array, whose properties are all undefined: an empty
         * skeleton. null has no properties at all, and the runtime throws reading them. */
        if (json_is_null(root)) { fail(r, PC_INVALID, "$", "the document is null"); return NULL; }
        return r->data;
    }
    json_t *bones = json_object_get(root, "bones");
    json_t *slots = json_object_get(root, "slots");
    json_t *constraints = json_object_get(root, "constraints");
    json_t *skins = json_object_get(root, "skins");
    json_t *animations = json_object_get(root, "animations");

    if (js_truthy(bones) && !json_is_array(bones)) { fail(r, PC_UNSUPPORTED, "$.bones", "not an array"); return NULL; }
    if (js_truthy(bones) && !read_bones(r, bones)) return NULL;
    if (js_truthy(slots) && !json_is_array(slots)) { fail(r, PC_UNSUPPORTED, "$.slots", "not an array"); return NULL; }
    if (js_truthy(slots) && !read_slots(r, slots)) return NULL;
    if (js_truthy(constraints) && json_array_size(constraints) > 0) {
        fail(r, PC_UNSUPPORTED, "$.constraints", "constraints are not posed yet (issues 5 and 8)");
        return NULL;
    }
    if (js_truthy(skins) && !json_is_array(skins)) { fail(r, PC_UNSUPPORTED, "$.skins", "not an array"); return NULL; }
    if (js_truthy(skins) && !read_skins(r, skins)) return NULL;
    if (js_truthy(animations) && !json_is_object(animations)) {
        fail(r, PC_UNSUPPORTED, "$.animations", "not an object");
        return NULL;
    }
    if (js_truthy(animations) && !read_animations(r, animations)) return NULL;
    return r->data;
}

pc_skeleton_data *pc_read_text(const char *text, size_t len, const char *name, pc_error *err)
{
    err->status = PC_OK;
    err->message[0] = '\0';
    reader r = { name, err, calloc(1, sizeof(pc_skeleton_data)) };
    if (!r.data) { fail(&r, PC_INVALID, "$", "out of memory"); return NULL; }
    json_error_t jerr;
    /* Every number as a double, as JSON.parse reads it (integers too big for 64 bits included). */
    json_t *root = json_loadb(text, len, JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL | JSON_ALLOW_NUL, &jerr);
    if (!root) {
        char where[64];
        snprintf(where, sizeof where, "line %d column %d", jerr.line, jerr.column);
        fail(&r, PC_INVALID, where, "malformed JSON: %s", jerr.text);
        pc_skeleton_data_free(r.data);
        return NULL;
    }
    pc_skeleton_data *data = read_root(&r, root);
    json_decref(root);
    if (!data) pc_skeleton_data_free(r.data);
    return data;
}

pc_skeleton_data *pc_read_file(const char *path, pc_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: cannot open the file", path);
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) { free(buf); buf = NULL; break; }
            buf = bigger;
            cap *= 2;
        }
    }
    int read_error = ferror(f);
    fclose(f);
    if (!buf || read_error) {
        free(buf);
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: cannot read the file", path);
        return NULL;
    }
    pc_skeleton_data *data = pc_read_text(buf, len, path, err);
    free(buf);
    return data;
}

void pc_skeleton_data_free(pc_skeleton_data *d)
{
    if (!d) return;
    for (int i = 0; i < d->bone_count; i++) free(d->bones[i].name);
    for (int i = 0; i < d->slot_count; i++) { free(d->slots[i].name); free(d->slots[i].attachment); }
    for (int i = 0; i < d->skin_count; i++) { free(d->skins[i].name); free(d->skins[i].bones); }
    for (int i = 0; i < d->animation_count; i++) free(d->animations[i].name);
    free(d->bones);
    free(d->slots);
    free(d->skins);
    free(d->animations);
    free(d);
}
