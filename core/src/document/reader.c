/* The reader's helpers every part of the document uses (reader.h): failing as the runtime throws, the
 * JSON path, memory, property reads with JavaScript semantics, lookups by name; and freeing a
 * document. The entry points and the order of the parts are read_document.c's.
 *
 * What the runtime refuses (it throws while reading) is refused here with PC_INVALID and one line:
 * the document's name, the JSON path, what is wrong. What it accepts is accepted: values of
 * unexpected types are read with JavaScript's coercions where the runtime coerces them, and noted as
 * unmodelled where it keeps them as they are (skeleton_data.h). */
#include "reader.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char pc_inherit_names[5][PC_NAME_ROOM] = {
    "normal", "onlyTranslation", "noRotationOrReflection", "noScale", "noScaleOrReflection"
};

/* ---- Failing ---------------------------------------------------------------------------------------- */

static void set_error(reader *r, pc_status status, const char *what)
{
    if (r->err->status != PC_OK) return;
    /* A read that could not allocate gave `undefined`: what followed from that is no fault of the text. */
    if (r->heap && r->heap->out_of_memory) {
        status = PC_INVALID;
        what = "out of memory";
    }
    r->err->status = status;
    snprintf(r->err->message, sizeof r->err->message, "%.200s: %.180s: %s", r->name, r->path_len ? r->path : "$", what);
}

_Noreturn void reader_throw(reader *r, const char *fmt, ...)
{
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    set_error(r, PC_INVALID, what);
    longjmp(r->thrown, 1);
}

_Noreturn void reader_limit(reader *r, const char *what)
{
    char text[300];
    snprintf(text, sizeof text, "unsupported: %s is too large for the core to read", what);
    set_error(r, PC_UNSUPPORTED, text);
    longjmp(r->thrown, 1);
}

_Noreturn void reader_type_error(reader *r, const char *key)
{
    reader_throw(r, "TypeError: cannot read property '%s' of undefined or null", key);
}

void reader_unmodelled(reader *r, const char *fmt, ...)
{
    if (r->d->unmodelled[0]) return;
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(r->d->unmodelled, sizeof r->d->unmodelled, "%.120s: %.120s", r->path_len ? r->path : "$", what);
}

/* ---- The path --------------------------------------------------------------------------------------- */

size_t path_push(reader *r, const char *fmt, ...)
{
    size_t mark = r->path_len, at = mark;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(r->path + at, sizeof r->path - at, fmt, ap);
    va_end(ap);
    if (n > 0) r->path_len = at + (size_t)n < sizeof r->path ? at + (size_t)n : sizeof r->path - 1;
    return mark;
}

void path_pop(reader *r, size_t mark)
{
    r->path_len = mark;
    r->path[mark] = '\0';
}

size_t path_push_key(reader *r, const char *key)
{
    bool identifier = key[0] != '\0' && !(key[0] >= '0' && key[0] <= '9');
    for (const char *p = key; *p && identifier; p++)
        identifier = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_';
    if (identifier) return path_push(r, ".%.60s", key);
    return path_push(r, "[\"%.60s\"]", key);
}

/* ---- Memory ------------------------------------------------------------------------------------------ */

void *reader_calloc(reader *r, size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size);
    if (!p) reader_throw(r, "out of memory");
    return p;
}

void *reader_realloc(reader *r, void *p, size_t count, size_t size)
{
    void *q = realloc(p, (count ? count : 1) * size);
    if (!q) reader_throw(r, "out of memory");
    return q;
}

char *reader_strdup(reader *r, const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (!c) reader_throw(r, "out of memory");
    memcpy(c, s, n);
    return c;
}

void *reader_temp(reader *r, void *p)
{
    if (r->temp_count == r->temp_capacity) {
        size_t cap = r->temp_capacity ? r->temp_capacity * 2 : 64;
        void **t = realloc(r->temps, cap * sizeof *t);
        if (!t) { free(p); reader_throw(r, "out of memory"); }
        r->temps = t;
        r->temp_capacity = cap;
    }
    r->temps[r->temp_count++] = p;
    return p;
}

/* ---- Property reads ------------------------------------------------------------------------------------ */

json_t *get(reader *r, json_t *map, const char *key)
{
    bool type_error = false;
    json_t *v = js_get(r->heap, map, key, &type_error);
    if (type_error) reader_type_error(r, key);
    return v;
}

json_t *get_index(reader *r, json_t *v, size_t index)
{
    bool type_error = false;
    json_t *e = js_get_index(r->heap, v, index, &type_error);
    if (type_error) {
        char key[32];
        snprintf(key, sizeof key, "%zu", index);
        reader_type_error(r, key);
    }
    return e;
}

double length_of(reader *r, json_t *v)
{
    bool type_error = false;
    double n = js_length(r->heap, v, &type_error);
    if (type_error) reader_type_error(r, "length");
    return n;
}

double num_coerced(reader *r, json_t *map, const char *key, double def)
{
    json_t *v = get(r, map, key);
    return v == NULL ? def : js_to_number(v);
}

double num_value(reader *r, json_t *v, const char *what)
{
    if (js_typeof(v) != JS_NUMBER) reader_unmodelled(r, "`%s` is not a number (held as it is)", what);
    return js_to_number(v);
}

double num_raw(reader *r, json_t *map, const char *key, double def)
{
    json_t *v = get(r, map, key);
    return v == NULL ? def : num_value(r, v, key);
}

bool bool_raw(reader *r, json_t *map, const char *key, bool def)
{
    json_t *v = get(r, map, key);
    if (v == NULL) return def;
    if (js_typeof(v) != JS_BOOLEAN) reader_unmodelled(r, "`%s` is not a boolean (held as it is)", key);
    return js_truthy(v);
}

const char *str_raw(reader *r, json_t *map, const char *key)
{
    json_t *v = get(r, map, key);
    js_type t = js_typeof(v);
    if (t == JS_UNDEFINED || t == JS_NULL) return NULL;
    size_t len;
    const char *s = js_string(v, &len);
    if (!s || strlen(s) != len) {
        reader_unmodelled(r, "`%s` is not a string (held as it is)", key);
        return "";
    }
    return s;
}

char *name_text(reader *r, json_t *v, const char *what)
{
    size_t len;
    const char *s = js_string(v, &len);
    if (!s || strlen(s) != len) {
        reader_unmodelled(r, "the %s is not a string", what);
        return reader_strdup(r, "");
    }
    return reader_strdup(r, s);
}

/* The first UTF-16 unit of s upper-cased as String.prototype.toUpperCase does, for the letters whose
 * capital is an ASCII letter (every enum name is ASCII): a-z, and U+0131 and U+017F. */
static int upper_ascii(const unsigned char *s, size_t len, size_t *adv)
{
    if (len >= 1 && s[0] < 0x80) { *adv = 1; return s[0] >= 'a' && s[0] <= 'z' ? s[0] - 'a' + 'A' : s[0]; }
    if (len >= 2 && s[0] == 0xC4 && s[1] == 0xB1) { *adv = 2; return 'I'; } /* dotless i */
    if (len >= 2 && s[0] == 0xC5 && s[1] == 0xBF) { *adv = 2; return 'S'; } /* long s */
    *adv = 0;
    return -1;
}

int enum_value(reader *r, json_t *name, const char (*names)[PC_NAME_ROOM], int count, int unknown, bool *is_undefined)
{
    /* name[0].toUpperCase() + name.slice(1): a non-empty string; or an array whose first element is a
     * string, the rest joined by commas. Anything else throws. */
    const char *first, *rest = "";
    size_t first_len = 0, rest_len = 0;
    json_t *joined_rest = NULL;
    if (js_typeof(name) == JS_STRING) {
        first = js_string(name, &first_len);
        if (first_len == 0) reader_throw(r, "TypeError: cannot read properties of undefined (reading 'toUpperCase')");
    } else if (js_typeof(name) == JS_ARRAY && json_array_size(name) > 0 && js_typeof(json_array_get(name, 0)) == JS_STRING) {
        first = js_string(json_array_get(name, 0), &first_len);
        json_t *tail = json_array();
        if (!tail) reader_throw(r, "out of memory");
        for (size_t i = 1; i < json_array_size(name); i++) json_array_append(tail, json_array_get(name, i));
        const char *t = js_property_key(r->heap, tail);
        json_decref(tail);
        if (!t) reader_throw(r, "out of memory");
        rest = t;
        rest_len = strlen(t);
        joined_rest = name;
        /* The whole first element is upper-cased: it has to be ASCII letters to match a name. */
    } else {
        reader_throw(r, "TypeError: %s has no first character to upper-case",
                     js_typeof(name) == JS_ARRAY ? "the array" : "the value");
    }
    if (is_undefined) *is_undefined = true;
    /* Compose the key, upper-casing the first unit (string) or the whole first element (array). */
    char key[128];
    size_t k = 0;
    if (!joined_rest) {
        size_t adv;
        int c = upper_ascii((const unsigned char *)first, first_len, &adv);
        if (c < 0) return unknown; /* a non-ASCII capital matches no name */
        key[k++] = (char)c;
        if (first_len - adv >= sizeof key - 1) return unknown;
        memcpy(key + k, first + adv, first_len - adv);
        k += first_len - adv;
    } else {
        for (size_t i = 0; i < first_len; ) {
            size_t adv;
            int c = upper_ascii((const unsigned char *)first + i, first_len - i, &adv);
            if (c < 0 || k >= sizeof key - 1) return unknown;
            key[k++] = (char)c;
            i += adv;
        }
        if (k + rest_len >= sizeof key) return unknown;
        memcpy(key + k, rest, rest_len);
        k += rest_len;
    }
    key[k] = '\0';
    if (strlen(key) != k) return unknown;
    for (int i = 0; i < count; i++) {
        /* names are the document's spellings: compare with the first letter capitalised */
        const char *n = names[i];
        if ((n[0] >= 'a' && n[0] <= 'z' ? n[0] - 'a' + 'A' : n[0]) == key[0] && strcmp(n + 1, key + 1) == 0) {
            if (is_undefined) *is_undefined = false;
            return i;
        }
    }
    /* The enum object's other keys: its reverse mapping ("0", "1", ...) and what every object
     * inherits. The runtime then holds a string or a function, not undefined. */
    bool numeric = k == 1 && key[0] >= '0' && key[0] < '0' + count;
    if (numeric || js_is_object_prototype_key(key)) {
        if (is_undefined) *is_undefined = false;
        reader_unmodelled(r, "the runtime holds the enum's key \"%s\" as the mode", key);
    }
    return unknown;
}

static double hex_pair(const char *hex, size_t len, size_t at)
{
    /* parseInt(hex.substr(at, 2), 16): a sign, then "0x" dropped, then the leading hex digits of those (up
     * to) two characters: "-1" is -1, "-0" -0, "+f" 15, "0x" and "-" NaN (fuzz-parity found "-1" read NaN). */
    double v = 0, sign = 1;
    int digits = 0;
    size_t end = at + 2 < len ? at + 2 : len;
    if (at < end && (hex[at] == '-' || hex[at] == '+')) sign = hex[at++] == '-' ? -1 : 1;
    if (at + 1 < end && hex[at] == '0' && (hex[at + 1] | 0x20) == 'x') return NAN;
    for (size_t i = at; i < end; i++) {
        char c = hex[i];
        int d = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
        if (d < 0) break;
        v = v * 16 + d;
        digits++;
    }
    return digits ? sign * v : NAN;
}

void color_from(reader *r, json_t *color, pc_color *c, bool *alpha_from_text)
{
    size_t len;
    const char *hex = js_string(color, &len);
    if (!hex) reader_throw(r, "TypeError: hex.charAt is not a function (a color is not a string)");
    /* Non-ASCII text: substr counts UTF-16 units, and parseInt stops at the first non-hex one; the
     * bytes here stop there too, but the lengths differ. */
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)hex[i] >= 0x80) { reader_unmodelled(r, "a color with non-ASCII text"); break; }
    /* parseInt skips leading whitespace: text with whitespace is not modelled. */
    for (size_t i = 0; i < len; i++)
        if (hex[i] == ' ' || (hex[i] >= '\t' && hex[i] <= '\r')) { reader_unmodelled(r, "a color with whitespace"); break; }
    if (len > 0 && hex[0] == '#') { hex++; len--; }
    c->r = hex_pair(hex, len, 0) / 255;
    c->g = hex_pair(hex, len, 2) / 255;
    c->b = hex_pair(hex, len, 4) / 255;
    c->a = len != 8 ? 1 : hex_pair(hex, len, 6) / 255;
    if (alpha_from_text) *alpha_from_text = len == 8;
}

/* ---- Lookups ------------------------------------------------------------------------------------------ */

int find_bone_js(reader *r, json_t *name)
{
    if (!js_truthy(name)) reader_throw(r, "boneName cannot be null.");
    /* A string equals only strings, the first of which the index holds (reader_add_bone_name). */
    if (js_typeof(name) == JS_STRING) return name_index_find(&r->bone_names, json_string_value(name), json_string_length(name));
    for (int i = 0; i < r->d->bone_count; i++)
        if (js_strict_equals(r->d->bones[i].id.js, name)) return i;
    return -1;
}

void reader_add_bone_name(reader *r, int bone)
{
    const json_t *name = r->d->bones[bone].id.js;
    if (js_typeof(name) != JS_STRING) return;
    if (!name_index_add(&r->bone_names, json_string_value(name), json_string_length(name), bone))
        reader_throw(r, "out of memory");
}

int find_slot_js(reader *r, json_t *name)
{
    if (!js_truthy(name)) reader_throw(r, "slotName cannot be null.");
    for (int i = 0; i < r->d->slot_count; i++)
        if (js_strict_equals(r->d->slots[i].id.js, name)) return i;
    return -1;
}

int find_skin_js(reader *r, json_t *name)
{
    if (!js_truthy(name)) reader_throw(r, "skinName cannot be null.");
    for (int i = 0; i < r->d->skin_count; i++)
        if (js_strict_equals(r->d->skins[i].id.js, name)) return i;
    return -1;
}

int find_constraint_js(reader *r, json_t *name, pc_constraint_kind kind)
{
    if (!js_truthy(name)) reader_throw(r, "constraintName cannot be null.");
    for (int i = 0; i < r->d->constraint_count; i++)
        if (r->d->constraints[i].kind == kind && js_strict_equals(r->d->constraints[i].id.js, name)) return i;
    return -1;
}

int find_event_js(reader *r, json_t *name)
{
    if (!js_truthy(name)) reader_throw(r, "eventDataName cannot be null.");
    for (int i = 0; i < r->d->event_count; i++)
        if (js_is(name, r->d->events[i].name) && strlen(r->d->events[i].name) == json_string_length(name)) return i;
    return -1;
}

int find_animation_js(reader *r, json_t *name)
{
    if (!js_truthy(name)) reader_throw(r, "animationName cannot be null.");
    for (int i = 0; i < r->d->animation_count; i++)
        if (js_strict_equals(r->d->animations[i].id.js, name)) return i;
    return -1;
}

int pc_find_bone(const pc_skeleton_data *data, const char *name)
{
    for (int i = 0; i < data->bone_count; i++)
        if (strcmp(data->bones[i].name, name) == 0) return i;
    return -1;
}

int pc_find_slot(const pc_skeleton_data *data, const char *name)
{
    for (int i = 0; i < data->slot_count; i++)
        if (strcmp(data->slots[i].name, name) == 0) return i;
    return -1;
}

int pc_find_skin(const pc_skeleton_data *data, const char *name)
{
    for (int i = 0; i < data->skin_count; i++)
        if (strcmp(data->skins[i].name, name) == 0) return i;
    return -1;
}

/* ---- Freeing ------------------------------------------------------------------------------------------- */

static void free_attachment(pc_attachment *a)
{
    if (!a) return;
    free(a->name);
    free(a->path);
    free(a->bones);
    free(a->vertices);
    free(a->vertex_doubles);
    free(a->weight_index);
    free(a->timeline_slots);
    free(a->region_uvs);
    free(a->uvs);
    free(a->offsets);
    free(a->region_pages);
    free(a->triangles);
    free(a->edges);
    free(a->lengths);
    free(a);
}

static void free_timeline(pc_timeline *t)
{
    free(t->frames);
    free(t->key_start);
    free(t->curves);
    if (t->attachment_names)
        for (int i = 0; i < t->frames_count; i++) free(t->attachment_names[i]);
    free(t->attachment_names);
    if (t->deform)
        for (int i = 0; i <= t->frames_count; i++) free(t->deform[i]);
    free(t->deform);
    free(t->deform_counts);
    if (t->draw_orders)
        for (int i = 0; i < t->frames_count; i++) free(t->draw_orders[i]);
    free(t->draw_orders);
    free(t->folder_slots);
    if (t->events)
        for (int i = 0; i < t->event_count; i++) free(t->events[i].string_value);
    free(t->events);
}

void pc_skeleton_data_free(pc_skeleton_data *d)
{
    if (!d) return;
    for (int i = 0; i < d->bone_count; i++) free(d->bones[i].name);
    for (int i = 0; i < d->slot_count; i++) { free(d->slots[i].name); free(d->slots[i].attachment); }
    for (int i = 0; i < d->constraint_count; i++) {
        pc_constraint_data *c = &d->constraints[i];
        free(c->name);
        free(c->bones);
        if (c->kind == PC_TRANSFORM) {
            for (int k = 0; k < c->u.transform.property_count; k++) free(c->u.transform.properties[k].to);
            free(c->u.transform.properties);
        }
    }
    for (int i = 0; i < d->skin_count; i++) {
        pc_skin_data *s = &d->skins[i];
        free(s->name);
        free(s->bones);
        free(s->constraints);
        for (int k = 0; k < s->entry_count; k++) free(s->entries[k].placeholder);
        free(s->entries);
    }
    for (int i = 0; i < d->attachment_count; i++) free_attachment(d->attachments[i]);
    for (int i = 0; i < d->event_count; i++) {
        free(d->events[i].name);
        free(d->events[i].string_value);
        free(d->events[i].audio);
    }
    for (int i = 0; i < d->animation_count; i++) {
        pc_animation_data *a = &d->animations[i];
        free(a->name);
        for (int k = 0; k < a->timeline_count; k++) free_timeline(&a->timelines[k]);
        free(a->timelines);
        free(a->bones);
    }
    free(d->bones);
    free(d->slots);
    free(d->constraints);
    free(d->skins);
    free(d->attachments);
    free(d->events);
    free(d->animations);
    if (d->heap) { js_heap_free(d->heap); free(d->heap); }
    free(d);
}
