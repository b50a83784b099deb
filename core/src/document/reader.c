/* Reading a Spine 4.3 JSON document into pc_skeleton_data as spine-core 4.3.13 reads it: the entry
 * points, the JSON text, the skeleton header, the helpers every part uses (reader.h), and freeing.
 *
 * What the runtime refuses (it throws while reading) is refused here with PC_INVALID and one line:
 * the document's name, the JSON path, what is wrong. What it accepts is accepted: values of
 * unexpected types are read with JavaScript's coercions where the runtime coerces them, and noted as
 * unmodelled where it keeps them as they are (skeleton_data.h). */
#include "reader.h"
#include "js/wholefile.h"

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
    /* parseInt(hex.substr(at, 2), 16): the leading hex digits of those (up to) two characters. */
    double v = 0;
    int digits = 0;
    for (size_t i = at; i < len && i < at + 2; i++) {
        char c = hex[i];
        int d = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
        if (d < 0) break;
        v = v * 16 + d;
        digits++;
    }
    return digits ? v : NAN;
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
    for (int i = 0; i < r->d->bone_count; i++)
        if (js_strict_equals(r->d->bones[i].id.js, name)) return i;
    return -1;
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

int pc_find_skin(const pc_skeleton_data *data, const char *name)
{
    for (int i = 0; i < data->skin_count; i++)
        if (strcmp(data->skins[i].name, name) == 0) return i;
    return -1;
}

/* ---- The header ------------------------------------------------------------------------------------------ */

static pc_opt_num opt_num(reader *r, json_t *map, const char *key)
{
    json_t *v = get(r, map, key);
    pc_opt_num n = { false, 0 };
    if (v == NULL || js_typeof(v) == JS_NULL) return n; /* undefined or null: both dumped as null */
    n.set = true;
    n.v = num_value(r, v, key);
    return n;
}

static void read_header(reader *r, json_t *root)
{
    pc_skeleton_header *h = &r->d->header;
    /* SkeletonData's own defaults, kept when the document has no `skeleton`; with one, its fields are
     * taken as they are (absent ones undefined). */
    h->reference_scale = 100;
    h->x = h->y = h->width = h->height = (pc_opt_num){ true, 0 };
    h->fps = (pc_opt_num){ true, 30 };
    json_t *map = get(r, root, "skeleton");
    if (!js_truthy(map)) return;
    size_t mark = path_push(r, ".skeleton");
    h->hash = str_raw(r, map, "hash");
    h->version = str_raw(r, map, "spine");
    h->x = opt_num(r, map, "x");
    h->y = opt_num(r, map, "y");
    h->width = opt_num(r, map, "width");
    h->height = opt_num(r, map, "height");
    h->reference_scale = num_coerced(r, map, "referenceScale", 100);
    h->fps = opt_num(r, map, "fps");
    h->images = str_raw(r, map, "images");
    h->audio = str_raw(r, map, "audio");
    path_pop(r, mark);
}

/* ---- The text ---------------------------------------------------------------------------------------------- */

/* Node decodes the file's bytes as UTF-8, replacing each invalid sequence by U+FFFD (the WHATWG
 * decoder's maximal subparts); Jansson refuses invalid UTF-8. Returns a decoded copy, or NULL when the
 * bytes are valid as they are. */
static char *replace_invalid_utf8(const char *text, size_t len, size_t *out_len)
{
    const unsigned char *s = (const unsigned char *)text;
    bool valid = true;
    char *out = NULL;
    size_t o = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            if (valid) return NULL;
            out = malloc(len * 3 + 1);
            if (!out) return NULL;
        }
        for (size_t i = 0; i < len;) {
            unsigned char c = s[i];
            size_t need = 0;
            unsigned char lo = 0x80, hi = 0xBF;
            if (c < 0x80) { if (pass) out[o++] = (char)c; i++; continue; }
            if (c >= 0xC2 && c <= 0xDF) need = 1;
            else if (c >= 0xE0 && c <= 0xEF) { need = 2; if (c == 0xE0) lo = 0xA0; if (c == 0xED) hi = 0x9F; }
            else if (c >= 0xF0 && c <= 0xF4) { need = 3; if (c == 0xF0) lo = 0x90; if (c == 0xF4) hi = 0x8F; }
            size_t k = 1;
            if (need) {
                while (k <= need && i + k < len) {
                    unsigned char b = s[i + k];
                    if (b < lo || b > hi) break;
                    lo = 0x80;
                    hi = 0xBF;
                    k++;
                }
            }
            if (need && k == need + 1) {
                if (pass) memcpy(out + o, s + i, k), o += k;
                i += k;
            } else {
                valid = false;
                if (pass) { out[o++] = (char)0xEF; out[o++] = (char)0xBF; out[o++] = (char)0xBD; }
                i += k; /* the maximal subpart (at least the lead byte) becomes one U+FFFD */
            }
        }
    }
    *out_len = o;
    return out;
}

/* JSON.parse reads a number literal too big for a double as ±Infinity; Jansson refuses it. Rewrites
 * every such literal into jsobject.c's Infinity marker string. NULL when nothing needs rewriting or
 * the text already holds an escaped NUL (the marker would be ambiguous). */
static char *rewrite_overflowing_numbers(const char *text, size_t len, size_t *out_len)
{
    for (size_t i = 0; i + 6 <= len; i++)
        if (memcmp(text + i, "\\u0000", 6) == 0) return NULL;
    char *out = malloc(len * 2 + 32);
    if (!out) return NULL;
    size_t o = 0;
    bool changed = false, in_string = false;
    for (size_t i = 0; i < len;) {
        char c = text[i];
        if (in_string) {
            out[o++] = c;
            if (c == '\\' && i + 1 < len) { out[o++] = text[i + 1]; i += 2; continue; }
            if (c == '"') in_string = false;
            i++;
            continue;
        }
        if (c == '"') { in_string = true; out[o++] = c; i++; continue; }
        if (c == '-' || (c >= '0' && c <= '9')) {
            size_t j = i + 1;
            while (j < len && (text[j] == '.' || text[j] == 'e' || text[j] == 'E' || text[j] == '+' || text[j] == '-'
                               || (text[j] >= '0' && text[j] <= '9')))
                j++;
            char token[64], *big = NULL;
            char *t = j - i < sizeof token ? token : (big = malloc(j - i + 1));
            if (!t) { free(out); return NULL; }
            memcpy(t, text + i, j - i);
            t[j - i] = '\0';
            double x = strtod(t, NULL);
            free(big);
            if (isinf(x)) {
                const char *mark = x > 0 ? "\"\\u0000\\u0001+inf\"" : "\"\\u0000\\u0001-inf\"";
                size_t n = strlen(mark);
                if (n > j - i) {
                    char *grown = realloc(out, len * 2 + 32 + o + n);
                    if (!grown) { free(out); return NULL; }
                    out = grown;
                }
                memcpy(out + o, mark, n);
                o += n;
                changed = true;
            } else {
                memcpy(out + o, text + i, j - i);
                o += j - i;
            }
            i = j;
            continue;
        }
        out[o++] = c;
        i++;
    }
    if (!changed) { free(out); return NULL; }
    *out_len = o;
    return out;
}

/* JSON.parse accepts a \u escape of a lone surrogate and a NUL in an object key; Jansson refuses both.
 * Rewrites each lone surrogate escape into a stand-in of the Supplementary Private Use Area-A
 * (U+F0000 + its offset from U+D800) and each \u0000 in a key into U+10FFFD: a bijection, so names
 * compare as the runtime compares them (their texts differ: the document is then unmodelled). NULL when
 * nothing needs it or the text already holds such code points. */
static char *rewrite_escapes(const char *text, size_t len, size_t *out_len)
{
    for (size_t i = 0; i + 1 < len; i++) {
        unsigned char a = (unsigned char)text[i], b = (unsigned char)text[i + 1];
        if ((a == 0xF3 && b >= 0xB0 && b <= 0xB3) || (a == 0xF4 && b == 0x8F)) return NULL;
    }
    char *out = malloc(len * 2 + 16);
    if (!out) return NULL;
    size_t o = 0;
    bool changed = false;
    for (size_t i = 0; i < len;) {
        if (text[i] != '"') { out[o++] = text[i++]; continue; }
        /* A string: find its end, then whether a ':' follows (a key). */
        size_t end = i + 1;
        while (end < len && text[end] != '"') end += text[end] == '\\' ? 2 : 1;
        size_t after = end + 1;
        while (after < len && (text[after] == ' ' || text[after] == '\t' || text[after] == '\n' || text[after] == '\r'))
            after++;
        bool key = after < len && text[after] == ':';
        out[o++] = text[i++];
        while (i < len && i < end) {
            unsigned code = 0;
            bool escape = text[i] == '\\' && i + 5 < len && text[i + 1] == 'u';
            if (escape) {
                char hex[5] = { text[i + 2], text[i + 3], text[i + 4], text[i + 5], 0 };
                char *stop;
                code = (unsigned)strtoul(hex, &stop, 16);
                if (*stop) escape = false;
            }
            if (escape && code >= 0xD800 && code <= 0xDBFF) {
                /* a pair (high then low escape) stays as it is */
                bool paired = i + 11 < len && text[i + 6] == '\\' && text[i + 7] == 'u';
                if (paired) {
                    char hex[5] = { text[i + 8], text[i + 9], text[i + 10], text[i + 11], 0 };
                    char *stop;
                    unsigned low = (unsigned)strtoul(hex, &stop, 16);
                    paired = !*stop && low >= 0xDC00 && low <= 0xDFFF;
                }
                if (paired) { memcpy(out + o, text + i, 12); o += 12; i += 12; continue; }
            }
            if (escape && ((code >= 0xD800 && code <= 0xDFFF) || (code == 0 && key))) {
                unsigned c = code == 0 ? 0x10FFFD : 0xF0000 + (code - 0xD800);
                out[o++] = (char)(0xF0 | (c >> 18));
                out[o++] = (char)(0x80 | ((c >> 12) & 0x3F));
                out[o++] = (char)(0x80 | ((c >> 6) & 0x3F));
                out[o++] = (char)(0x80 | (c & 0x3F));
                i += 6;
                changed = true;
                continue;
            }
            if (text[i] == '\\' && i + 1 < len) out[o++] = text[i++];
            out[o++] = text[i++];
        }
    }
    if (!changed) { free(out); return NULL; }
    *out_len = o;
    return out;
}

static json_t *parse(reader *r, const char *text, size_t len)
{
    size_t fixed_len;
    char *fixed = replace_invalid_utf8(text, len, &fixed_len);
    if (fixed) { reader_temp(r, fixed); text = fixed; len = fixed_len; }
    json_error_t jerr;
    /* Every number as a double, as JSON.parse reads it (integers too big for 64 bits included). */
    const size_t flags = JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL | JSON_ALLOW_NUL;
    json_t *root = json_loadb(text, len, flags, &jerr);
    bool numbers_done = false, escapes_done = false;
    while (!root) {
        size_t rewritten_len;
        char *rewritten = NULL;
        if (!numbers_done && strstr(jerr.text, "overflow")) {
            numbers_done = true;
            rewritten = rewrite_overflowing_numbers(text, len, &rewritten_len);
        } else if (!escapes_done && (strstr(jerr.text, "invalid Unicode") || strstr(jerr.text, "NUL byte in object key"))) {
            escapes_done = true;
            rewritten = rewrite_escapes(text, len, &rewritten_len);
            if (rewritten) reader_unmodelled(r, "a lone surrogate or a NUL in a key (held with a stand-in)");
        }
        if (!rewritten) break;
        reader_temp(r, rewritten);
        text = rewritten;
        len = rewritten_len;
        root = json_loadb(text, len, flags, &jerr);
    }
    if (!root) {
        r->path_len = (size_t)snprintf(r->path, sizeof r->path, "line %d column %d", jerr.line, jerr.column);
        reader_throw(r, "SyntaxError: malformed JSON: %s", jerr.text);
    }
    return root;
}

/* ---- The document --------------------------------------------------------------------------------------- */

static void read_root(reader *r, json_t *root)
{
    /* `root.skeleton` of null throws; a number, string or array has no such properties. */
    if (js_typeof(root) == JS_NULL) reader_throw(r, "TypeError: cannot read properties of null (reading 'skeleton')");
    read_header(r, root);
    read_bones(r, root);
    read_slots(r, root);
    read_constraints(r, root);
    read_skins(r, root);
    resolve_linked_meshes(r);
    read_events(r, root);
    read_animations(r, root);
    read_slider_animations(r, root);
}

pc_skeleton_data *pc_read_text(const char *text, size_t len, const char *name, const pc_readings *readings,
                               pc_error *err)
{
    err->status = PC_OK;
    err->message[0] = '\0';
    reader r;
    memset(&r, 0, sizeof r);
    r.name = name;
    r.err = err;
    r.d = calloc(1, sizeof *r.d);
    js_heap *heap = calloc(1, sizeof *heap);
    if (!r.d || !heap || !js_heap_init(heap)) {
        free(r.d);
        free(heap);
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: $: out of memory", name);
        return NULL;
    }
    r.d->heap = heap;
    r.heap = heap;
    if (readings) r.d->readings = *readings;
    else pc_readings_init(&r.d->readings);
    r.d->default_skin = -1;
    r.path[0] = '$';
    r.path_len = 1;
    pc_skeleton_data *volatile data = r.d;
    if (setjmp(r.thrown) == 0) {
        heap->root = parse(&r, text, len);
        read_root(&r, heap->root);
    } else {
        pc_skeleton_data_free(data);
        data = NULL;
    }
    for (size_t i = 0; i < r.temp_count; i++) free(r.temps[i]);
    free(r.temps);
    free(r.links);
    return data;
}

pc_skeleton_data *pc_read_file(const char *path, const pc_readings *readings, pc_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: cannot open the file", path);
        return NULL;
    }
    size_t len = 0;
    int read_error = 0;
    char *buf = file_slurp(f, &len, &read_error);
    fclose(f);
    if (!buf) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: cannot read the file", path);
        return NULL;
    }
    pc_skeleton_data *data = pc_read_text(buf, len, path, readings, err);
    free(buf);
    return data;
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
        for (int i = 0; i < t->frames_count; i++) free(t->deform[i]);
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
