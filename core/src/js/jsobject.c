/* JSON values as JavaScript sees them (see jsobject.h). */
#include "jsobject.h"
#include "numtext.h"
#include "jsmath.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A JSON number too big for a double is Infinity in JSON.parse; Jansson refuses it, so the reader
 * rewrites such a literal into one of these strings (NUL-led: a document that already holds a NUL in
 * a string is never rewritten) and they read as numbers here. */
static const char inf_plus[] = "\0\x01+inf", inf_minus[] = "\0\x01-inf";
#define INF_MARK_LEN 6

/* The value a read of a method by name gives (a function): only its address is used. It is read-only
 * data; its refcount is Jansson's "never freed" mark, so json_incref and json_decref leave it alone. */
static const json_t function_value_storage = { JSON_NULL, (size_t)-1 };
#define function_value ((json_t *)&function_value_storage)

bool js_heap_init(js_heap *h)
{
    h->root = NULL;
    h->out_of_memory = false;
    h->stand_ins = false;
    h->made = json_array();
    return h->made != NULL;
}

void js_heap_free(js_heap *h)
{
    json_decref(h->root);
    json_decref(h->made);
    h->root = h->made = NULL;
}

static json_t *keep(js_heap *h, json_t *v)
{
    if (!v || json_array_append_new(h->made, v) != 0) {
        h->out_of_memory = true;
        return NULL;
    }
    return v;
}

static int inf_marker(const json_t *v)
{
    if (!json_is_string(v) || json_string_length(v) != INF_MARK_LEN) return 0;
    const char *s = json_string_value(v);
    if (memcmp(s, inf_plus, INF_MARK_LEN) == 0) return 1;
    if (memcmp(s, inf_minus, INF_MARK_LEN) == 0) return -1;
    return 0;
}

js_type js_typeof(const json_t *v)
{
    if (v == NULL) return JS_UNDEFINED;
    if (v == function_value) return JS_FUNCTION;
    switch (json_typeof(v)) {
    case JSON_NULL: return JS_NULL;
    case JSON_TRUE: case JSON_FALSE: return JS_BOOLEAN;
    case JSON_INTEGER: case JSON_REAL: return JS_NUMBER;
    case JSON_STRING: return inf_marker(v) ? JS_NUMBER : JS_STRING;
    case JSON_ARRAY: return JS_ARRAY;
    case JSON_OBJECT: return JS_OBJECT;
    }
    return JS_UNDEFINED;
}

double js_number_value(const json_t *v)
{
    int inf = inf_marker(v);
    if (inf) return inf > 0 ? INFINITY : -INFINITY;
    return json_number_value(v);
}

json_t *js_make_number(js_heap *h, double x)
{
    if (isinf(x)) return keep(h, json_stringn(x > 0 ? inf_plus : inf_minus, INF_MARK_LEN));
    if (isnan(x)) {
        /* Jansson holds no NaN; the one NaN a read makes is a length of nothing, kept as undefined
         * by the callers (js_length returns doubles). */
        return NULL;
    }
    return keep(h, json_real(x));
}

json_t *js_make_string(js_heap *h, const char *bytes, size_t len)
{
    return keep(h, json_stringn_nocheck(bytes, len));
}

const char *js_string(const json_t *v, size_t *len)
{
    if (js_typeof(v) != JS_STRING) return NULL;
    if (len) *len = json_string_length(v);
    return json_string_value(v);
}

/* Decodes one code point of WTF-8 at s (n bytes left); *adv its length. Lone surrogates decode as
 * themselves (0xD800..0xDFFF). */
static uint32_t next_code_point(const unsigned char *s, size_t n, size_t *adv)
{
    uint32_t c = s[0];
    if (c < 0x80 || n < 2) { *adv = 1; return c; }
    if ((c & 0xE0) == 0xC0) { *adv = 2; return ((c & 0x1F) << 6) | (s[1] & 0x3F); }
    if ((c & 0xF0) == 0xE0 && n >= 3) {
        *adv = 3;
        return ((c & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
    }
    if (n >= 4) {
        *adv = 4;
        return ((c & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12) | ((uint32_t)(s[2] & 0x3F) << 6) | (s[3] & 0x3F);
    }
    *adv = 1;
    return c;
}

static size_t encode_wtf8(uint32_t c, char *out)
{
    if (c < 0x80) { out[0] = (char)c; return 1; }
    if (c < 0x800) { out[0] = (char)(0xC0 | (c >> 6)); out[1] = (char)(0x80 | (c & 0x3F)); return 2; }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18));
    out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

/* Whether code point c takes two UTF-16 units: a supplementary one, but a stand-in (js_heap). */
static bool two_units(const js_heap *h, uint32_t c)
{
    if (c < 0x10000) return false;
    return !(h->stand_ins && ((c >= 0xF0000 && c <= 0xF07FF) || c == 0x10FFFD));
}

size_t js_string_units(const js_heap *h, const json_t *v)
{
    size_t len = 0, units = 0;
    const unsigned char *s = (const unsigned char *)js_string(v, &len);
    if (!s) return 0;
    for (size_t i = 0, adv; i < len; i += adv) units += two_units(h, next_code_point(s + i, len - i, &adv)) ? 2 : 1;
    return units;
}

/* The code unit at UTF-16 index `index` of a string, as a one-unit string. */
static json_t *string_unit(js_heap *h, const json_t *v, size_t index)
{
    size_t len = 0, unit = 0;
    const unsigned char *s = (const unsigned char *)js_string(v, &len);
    for (size_t i = 0, adv; i < len; i += adv) {
        uint32_t c = next_code_point(s + i, len - i, &adv);
        char out[4];
        if (two_units(h, c)) {
            uint32_t hi = 0xD800 + ((c - 0x10000) >> 10), lo = 0xDC00 + ((c - 0x10000) & 0x3FF);
            if (unit == index) return js_make_string(h, out, encode_wtf8(hi, out));
            if (unit + 1 == index) return js_make_string(h, out, encode_wtf8(lo, out));
            unit += 2;
        } else {
            if (unit == index) return js_make_string(h, (const char *)s + i, adv);
            unit++;
        }
    }
    return NULL;
}

/* An array index is a canonical decimal integer below 2^32 - 1. */
static int array_index(const char *key, unsigned long long *out)
{
    size_t n = strlen(key);
    if (n == 0 || n > 10 || (n > 1 && key[0] == '0')) return 0;
    unsigned long long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (key[i] < '0' || key[i] > '9') return 0;
        v = v * 10 + (unsigned)(key[i] - '0');
    }
    if (v >= 4294967295ULL) return 0;
    *out = v;
    return 1;
}

bool js_is_object_prototype_key(const char *key)
{
    static const char names[][24] = {
        "constructor", "__defineGetter__", "__defineSetter__", "hasOwnProperty", "__lookupGetter__",
        "__lookupSetter__", "isPrototypeOf", "propertyIsEnumerable", "toString", "valueOf", "__proto__",
        "toLocaleString",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(key, names[i]) == 0) return true;
    return false;
}

json_t *js_get(js_heap *h, json_t *v, const char *key, bool *type_error)
{
    unsigned long long index;
    switch (js_typeof(v)) {
    case JS_UNDEFINED: case JS_NULL:
        *type_error = true;
        return NULL;
    case JS_OBJECT:
        return json_object_get(v, key);
    case JS_ARRAY:
        if (strcmp(key, "length") == 0) return js_make_number(h, (double)json_array_size(v));
        if (array_index(key, &index)) return index < json_array_size(v) ? json_array_get(v, (size_t)index) : NULL;
        /* Array.prototype's methods the reader reads by name. */
        if (strcmp(key, "keys") == 0 || strcmp(key, "values") == 0 || strcmp(key, "entries") == 0)
            return function_value;
        return NULL;
    case JS_STRING:
        if (strcmp(key, "length") == 0) return js_make_number(h, (double)js_string_units(h, v));
        if (array_index(key, &index)) return string_unit(h, v, (size_t)index);
        return NULL;
    default:
        return NULL;
    }
}

json_t *js_get_index(js_heap *h, json_t *v, size_t index, bool *type_error)
{
    switch (js_typeof(v)) {
    case JS_UNDEFINED: case JS_NULL:
        *type_error = true;
        return NULL;
    case JS_ARRAY:
        return json_array_get(v, index);
    case JS_STRING:
        return string_unit(h, v, index);
    case JS_OBJECT: {
        char key[32];
        snprintf(key, sizeof key, "%zu", index);
        return json_object_get(v, key);
    }
    default:
        return NULL;
    }
}

double js_length(js_heap *h, json_t *v, bool *type_error)
{
    switch (js_typeof(v)) {
    case JS_UNDEFINED: case JS_NULL:
        *type_error = true;
        return NAN;
    case JS_ARRAY: return (double)json_array_size(v);
    case JS_STRING: return (double)js_string_units(h, v);
    case JS_OBJECT: return js_to_number(json_object_get(v, "length"));
    default: (void)h; return NAN;
    }
}

/* ---- ToNumber ------------------------------------------------------------------------------------ */

static bool is_js_space(uint32_t c)
{
    return c == 0x09 || c == 0x0A || c == 0x0B || c == 0x0C || c == 0x0D || c == 0x20 || c == 0xA0 || c == 0x1680
           || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F
           || c == 0x3000 || c == 0xFEFF;
}

/* The value of a 0x / 0o / 0b digit string, rounded to the nearest double as JavaScript does. */
static double radix_integer(const char *s, size_t n, int bits_per_digit)
{
    double value = 0;
    /* Exact while below 2^53; beyond, collect the leading 64 bits and a sticky bit and round. */
    uint64_t top = 0;
    int top_bits = 0, extra_bits = 0;
    bool sticky = false;
    for (size_t i = 0; i < n; i++) {
        int d = s[i] <= '9' ? s[i] - '0' : (s[i] | 0x20) - 'a' + 10;
        for (int b = bits_per_digit - 1; b >= 0; b--) {
            int bit = (d >> b) & 1;
            if (top_bits == 0 && bit == 0) continue;
            if (top_bits < 64) { top = top << 1 | (uint64_t)bit; top_bits++; }
            else { extra_bits++; sticky |= bit; }
        }
    }
    if (top_bits <= 53) return (double)top;
    /* top has 64 bits when extra_bits > 0; round to 53 bits. */
    int drop = top_bits - 53;
    uint64_t mant = top >> drop;
    uint64_t rest = top & ((UINT64_C(1) << drop) - 1), half = UINT64_C(1) << (drop - 1);
    bool more = sticky || (rest & (half - 1)) != 0;
    if ((rest & half) && (more || (mant & 1))) mant++;
    value = ldexp((double)mant, drop + extra_bits);
    return value;
}

double js_string_to_number(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t start = 0, end = len, adv;
    while (start < end) {
        uint32_t c = next_code_point(u + start, end - start, &adv);
        if (!is_js_space(c)) break;
        start += adv;
    }
    while (end > start) {
        /* find the last code point */
        size_t k = end - 1;
        while (k > start && (u[k] & 0xC0) == 0x80) k--;
        uint32_t c = next_code_point(u + k, end - k, &adv);
        if (!is_js_space(c)) break;
        end = k;
    }
    size_t n = end - start;
    const char *t = s + start;
    if (n == 0) return 0;
    if (n > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X' || t[1] == 'o' || t[1] == 'O' || t[1] == 'b' || t[1] == 'B')) {
        int bits = (t[1] | 0x20) == 'x' ? 4 : (t[1] | 0x20) == 'o' ? 3 : 1;
        for (size_t i = 2; i < n; i++) {
            char c = t[i];
            bool ok = bits == 4 ? ((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'))
                    : bits == 3 ? (c >= '0' && c <= '7') : (c == '0' || c == '1');
            if (!ok) return NAN;
        }
        return radix_integer(t + 2, n - 2, bits);
    }
    size_t i = 0;
    bool negative = false;
    if (t[0] == '+' || t[0] == '-') { negative = t[0] == '-'; i = 1; }
    if (n - i == 8 && memcmp(t + i, "Infinity", 8) == 0) return negative ? -INFINITY : INFINITY;
    /* StrDecimalLiteral: digits [. digits] | . digits, then an optional exponent. */
    size_t int_digits = 0, frac_digits = 0;
    while (i < n && t[i] >= '0' && t[i] <= '9') { i++; int_digits++; }
    if (i < n && t[i] == '.') {
        i++;
        while (i < n && t[i] >= '0' && t[i] <= '9') { i++; frac_digits++; }
    }
    if (int_digits + frac_digits == 0) return NAN;
    if (i < n && (t[i] == 'e' || t[i] == 'E')) {
        i++;
        if (i < n && (t[i] == '+' || t[i] == '-')) i++;
        size_t exp_digits = 0;
        while (i < n && t[i] >= '0' && t[i] <= '9') { i++; exp_digits++; }
        if (exp_digits == 0) return NAN;
    }
    if (i != n) return NAN;
    char small[64], *copy = n < sizeof small ? small : malloc(n + 1);
    if (!copy) return NAN;
    memcpy(copy, t, n);
    copy[n] = '\0';
    double x = strtod(copy, NULL); /* the grammar is checked: strtod reads exactly this literal */
    if (copy != small) free(copy);
    return x;
}

/* ToNumber of the text ToString gives an array (Array.prototype.join): "" for no elements, the one
 * element's text for one, and a text with a comma (never numeric) for more. */
static double array_to_number(const json_t *a)
{
    size_t n = json_array_size(a);
    if (n == 0) return 0;
    if (n > 1) return NAN;
    const json_t *e = json_array_get(a, 0);
    switch (js_typeof(e)) {
    case JS_UNDEFINED: case JS_NULL: return 0;       /* "" */
    case JS_BOOLEAN: return NAN;                      /* "true", "false" */
    case JS_NUMBER: {                                 /* String(x) reads back as x, but -0 as 0 */
        double x = js_number_value(e);
        return x == 0 ? 0 : x;
    }
    case JS_STRING: return js_string_to_number(json_string_value(e), json_string_length(e));
    case JS_ARRAY: return array_to_number(e);
    default: return NAN;                              /* "[object Object]" */
    }
}

double js_to_number(const json_t *v)
{
    switch (js_typeof(v)) {
    case JS_UNDEFINED: return NAN;
    case JS_NULL: return 0;
    case JS_BOOLEAN: return json_is_true(v) ? 1 : 0;
    case JS_NUMBER: return js_number_value(v);
    case JS_STRING: return js_string_to_number(json_string_value(v), json_string_length(v));
    case JS_ARRAY: return array_to_number(v);
    default: return NAN;
    }
}

int js_to_int32_value(const json_t *v)
{
    return (int)js_to_int32(js_to_number(v));
}

int js_truthy(const json_t *v)
{
    switch (js_typeof(v)) {
    case JS_UNDEFINED: case JS_NULL: return 0;
    case JS_BOOLEAN: return json_is_true(v);
    case JS_NUMBER: { double d = js_number_value(v); return d == d && d != 0; }
    case JS_STRING: return json_string_length(v) > 0;
    default: return 1;
    }
}

bool js_strict_equals(const json_t *a, const json_t *b)
{
    js_type ta = js_typeof(a), tb = js_typeof(b);
    if (ta != tb) return false;
    switch (ta) {
    case JS_UNDEFINED: case JS_NULL: return true;
    case JS_BOOLEAN: return json_is_true(a) == json_is_true(b);
    case JS_NUMBER: return js_number_value(a) == js_number_value(b);
    case JS_STRING:
        return json_string_length(a) == json_string_length(b)
               && memcmp(json_string_value(a), json_string_value(b), json_string_length(a)) == 0;
    default: return a == b;
    }
}

bool js_is(const json_t *v, const char *s)
{
    size_t n = strlen(s);
    return js_typeof(v) == JS_STRING && json_string_length(v) == n && memcmp(json_string_value(v), s, n) == 0;
}

/* String(x) for a number, as JavaScript spells it (numtext's spelling, but "0" for -0). */
static void number_text(double x, char *buf, size_t size)
{
    char text[NUMTEXT_MAX];
    if (x == 0) x = 0;
    numtext_format(x, text);
    snprintf(buf, size, "%s", text);
}

/* The text of a property key as it is built: `no_memory` once the buffer could not grow. */
typedef struct key_text {
    char *bytes;
    size_t len, cap;
    bool no_memory;
} key_text;

/* Appends ToString(v) (for Array.prototype.join) to a growing buffer. */
static bool append_text(key_text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t c = (t->cap ? t->cap * 2 : 64);
        while (c < t->len + n + 1) c *= 2;
        char *b = realloc(t->bytes, c);
        if (!b) {
            t->no_memory = true;
            return false;
        }
        t->bytes = b;
        t->cap = c;
    }
    memcpy(t->bytes + t->len, s, n);
    t->len += n;
    t->bytes[t->len] = '\0';
    return true;
}

static bool value_text(const json_t *v, key_text *t)
{
    char num[64];
    switch (js_typeof(v)) {
    case JS_UNDEFINED: return append_text(t, "undefined", 9);
    case JS_NULL: return append_text(t, "null", 4);
    case JS_BOOLEAN: return json_is_true(v) ? append_text(t, "true", 4) : append_text(t, "false", 5);
    case JS_NUMBER:
        number_text(js_number_value(v), num, sizeof num);
        return append_text(t, num, strlen(num));
    case JS_STRING: return append_text(t, json_string_value(v), json_string_length(v));
    case JS_ARRAY:
        /* join at any depth, as V8 does (measured to 2,100 levels: a sequence mode of "loop" in 66,
         * 500, 1,990 and 2,100 nested arrays is read "loop"; a cut at 64 read hold). The recursion is
         * bounded by what was parsed: Jansson stops at 2,048 levels (jsondeep.h). */
        for (size_t i = 0; i < json_array_size(v); i++) {
            if (i > 0 && !append_text(t, ",", 1)) return false;
            const json_t *e = json_array_get(v, i);
            if (js_typeof(e) == JS_NULL) continue; /* join writes "" for null and undefined */
            if (!value_text(e, t)) return false;
        }
        if (t->bytes == NULL) return append_text(t, "", 0);
        return true;
    default: return append_text(t, "[object Object]", 15);
    }
}

const char *js_property_key(js_heap *h, const json_t *v)
{
    key_text t = { NULL, 0, 0, false };
    if (!value_text(v, &t)) {
        free(t.bytes);
        if (t.no_memory) h->out_of_memory = true;
        return NULL;
    }
    json_t *s = js_make_string(h, t.bytes ? t.bytes : "", t.len);
    free(t.bytes);
    return s ? json_string_value(s) : NULL;
}

/* ---- Walking -------------------------------------------------------------------------------------- */

size_t js_object_keys(json_t *obj, js_key *keys)
{
    size_t count = 0, indexed = 0;
    const char *key;
    json_t *value;
    /* Array-index keys first (insertion sort by value), then the rest. */
    json_object_foreach(obj, key, value) {
        unsigned long long v, w;
        if (!array_index(key, &v)) continue;
        size_t at = indexed;
        while (at > 0 && array_index(keys[at - 1].key, &w) && w > v) {
            keys[at] = keys[at - 1];
            at--;
        }
        keys[at].key = key;
        keys[at].value = value;
        indexed++;
    }
    count = indexed;
    json_object_foreach(obj, key, value) {
        unsigned long long v;
        if (array_index(key, &v)) continue;
        keys[count].key = key;
        keys[count].value = value;
        count++;
    }
    return count;
}

static int compare_index_keys(const void *a, const void *b)
{
    unsigned long long x = 0, y = 0;
    array_index(((const js_key *)a)->key, &x);
    array_index(((const js_key *)b)->key, &y);
    return x < y ? -1 : x > y;
}

size_t js_for_in(js_heap *h, json_t *v, const char ***keys_out, json_t ***values_out)
{
    *keys_out = NULL;
    if (values_out) *values_out = NULL;
    size_t n = 0;
    js_type t = js_typeof(v);
    if (t == JS_OBJECT) n = json_object_size(v);
    else if (t == JS_ARRAY) n = json_array_size(v);
    else if (t == JS_STRING) n = js_string_units(h, v);
    const char **keys = malloc((n ? n : 1) * sizeof *keys);
    json_t **values = values_out ? malloc((n ? n : 1) * sizeof *values) : NULL;
    if (!keys || (values_out && !values)) { free(keys); free(values); return (size_t)-1; }
    if (t == JS_OBJECT) {
        js_key *pairs = malloc((n ? n : 1) * sizeof *pairs);
        if (!pairs) { free(keys); free(values); return (size_t)-1; }
        /* index keys sorted numerically (qsort: objects may be large), the rest in text order */
        size_t indexed = 0, count = 0;
        const char *key;
        json_t *value;
        unsigned long long idx;
        json_object_foreach(v, key, value) {
            if (array_index(key, &idx)) { pairs[indexed].key = key; pairs[indexed].value = value; indexed++; }
        }
        qsort(pairs, indexed, sizeof *pairs, compare_index_keys);
        count = indexed;
        json_object_foreach(v, key, value) {
            if (!array_index(key, &idx)) { pairs[count].key = key; pairs[count].value = value; count++; }
        }
        for (size_t i = 0; i < count; i++) {
            keys[i] = pairs[i].key;
            if (values) values[i] = pairs[i].value;
        }
        free(pairs);
        n = count;
    } else if (t == JS_ARRAY || t == JS_STRING) {
        bool type_error = false;
        for (size_t i = 0; i < n; i++) {
            char key[32];
            int kn = snprintf(key, sizeof key, "%zu", i);
            json_t *k = js_make_string(h, key, (size_t)kn);
            if (!k) { free(keys); free(values); return (size_t)-1; }
            keys[i] = json_string_value(k);
            if (values) values[i] = js_get_index(h, v, i, &type_error);
        }
    }
    *keys_out = keys;
    if (values_out) *values_out = values;
    return n;
}

bool js_for_of(js_heap *h, json_t *v, json_t ***items_out, size_t *count_out)
{
    *items_out = NULL;
    *count_out = 0;
    js_type t = js_typeof(v);
    if (t == JS_ARRAY) {
        size_t n = json_array_size(v);
        json_t **items = malloc((n ? n : 1) * sizeof *items);
        if (!items) return false;
        for (size_t i = 0; i < n; i++) items[i] = json_array_get(v, i);
        *items_out = items;
        *count_out = n;
        return true;
    }
    if (t == JS_STRING) {
        size_t len = 0;
        const unsigned char *s = (const unsigned char *)js_string(v, &len);
        json_t **items = malloc((len ? len : 1) * sizeof *items);
        if (!items) return false;
        size_t n = 0;
        for (size_t i = 0, adv; i < len; i += adv) {
            next_code_point(s + i, len - i, &adv);
            items[n++] = js_make_string(h, (const char *)s + i, adv);
        }
        *items_out = items;
        *count_out = n;
        return true;
    }
    return false;
}
