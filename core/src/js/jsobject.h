/* JSON values as JavaScript sees them after JSON.parse: the runtime's reader walks the document with
 * property reads, truthiness, `for ... in`, `for ... of`, `===` and numeric coercions, and reads
 * whatever the document holds without checking types. To read every document as it does (and refuse
 * exactly where it throws), the reader goes through these operations instead of Jansson's.
 *
 * A value is a json_t *; NULL is `undefined`. Reads that make values (a string's characters, a
 * length) keep them in a js_heap, which also owns the parsed document.
 *
 * Object keys are walked as JavaScript walks them (`for ... in`, Object.entries): keys that are array
 * indices ("0", "1", ... up to 2^32 - 2, no leading zeros) first in ascending numeric order, then the
 * other keys in the order they first appear in the text. Strings index by UTF-16 code unit. */
#ifndef POSECORE_JSOBJECT_H
#define POSECORE_JSOBJECT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

typedef enum js_type {
    JS_UNDEFINED, JS_NULL, JS_BOOLEAN, JS_NUMBER, JS_STRING, JS_ARRAY, JS_OBJECT,
    JS_FUNCTION /* a method of a built-in prototype, met by reading e.g. `keys` of an array */
} js_type;

/* Owner of the parsed document and of the values reads make. A read that cannot allocate the value it
 * makes gives NULL, which reads as `undefined`: `out_of_memory` is then set, and the reader refuses the
 * document rather than pose what such reads gave (make test-oom). */
typedef struct js_heap {
    json_t *root;      /* the document */
    json_t *made;      /* an array holding every value made by reads */
    bool out_of_memory; /* a read could not allocate what it makes: the values read since are wrong */
    /* The text's lone surrogates and NULs are held as stand-ins (read_document.c: U+F0000 + the
     * surrogate's offset from U+D800, U+10FFFD for NUL): each stand-in is one UTF-16 unit. */
    bool stand_ins;
} js_heap;

bool js_heap_init(js_heap *h);
void js_heap_free(js_heap *h);

js_type js_typeof(const json_t *v);

/* Numbers: JSON reals, and the ±Infinity a JSON number that overflows parses to (see reader.c). */
double js_number_value(const json_t *v);
json_t *js_make_number(js_heap *h, double x);
json_t *js_make_string(js_heap *h, const char *bytes, size_t len); /* WTF-8 bytes */

/* `v[key]`: *type_error is set (and NULL returned) when v is undefined or null. Own properties of
 * objects; `length` and indices of arrays and strings; methods of the built-in prototypes as a
 * JS_FUNCTION value for the names the reader reads (`keys` of an array). */
json_t *js_get(js_heap *h, json_t *v, const char *key, bool *type_error);
json_t *js_get_index(js_heap *h, json_t *v, size_t index, bool *type_error);

/* ToNumber(v.length), with v's TypeError as js_get. */
double js_length(js_heap *h, json_t *v, bool *type_error);

/* ToNumber(v) for values of a parsed document. */
double js_to_number(const json_t *v);
/* ToInt32(ToNumber(v)). */
int js_to_int32_value(const json_t *v);

/* JavaScript truthiness (false, null, undefined, 0, -0, NaN and "" are falsy). */
int js_truthy(const json_t *v);
/* ===, for values of a parsed document (objects and arrays equal only themselves). */
bool js_strict_equals(const json_t *a, const json_t *b);
/* v is a string equal to the C string s. */
bool js_is(const json_t *v, const char *s);
/* The UTF-8 text of a string value (NULL for other types); *len its length in bytes. */
const char *js_string(const json_t *v, size_t *len);
/* Length in UTF-16 code units of a string value (a stand-in one unit, see js_heap). */
size_t js_string_units(const js_heap *h, const json_t *v);

/* ToString(v) for a key (ToPropertyKey) of a primitive or array value; NULL (and not a key of any
 * JSON object) for objects. The text lives in the heap. */
const char *js_property_key(js_heap *h, const json_t *v);

/* Keys `for ... in` visits (and Object.entries lists) on v: an object's keys in JavaScript order, an
 * array's or a string's indices; none for other values. keys[i] live in the heap or the document;
 * values[i] is v[keys[i]] (may be NULL if values is NULL). Returns the count, or (size_t)-1 when out
 * of memory. The arrays are malloc'd: free(*keys) and free(*values). */
size_t js_for_in(js_heap *h, json_t *v, const char ***keys, json_t ***values);

/* The values `for ... of` visits: an array's elements, a string's code points (as strings). Returns
 * false (not iterable: the runtime throws a TypeError) for other values. *count, *items malloc'd. */
bool js_for_of(js_heap *h, json_t *v, json_t ***items, size_t *count);

/* JavaScript's property order of object keys, without the heap (kept for jsobject's older callers). */
typedef struct js_key {
    const char *key;
    json_t *value;
} js_key;
size_t js_object_keys(json_t *obj, js_key *keys);

/* A property read on a plain object whose own properties are looked up elsewhere: true when `key`
 * names a property every object inherits (Object.prototype's `toString`, `constructor`, ...). */
bool js_is_object_prototype_key(const char *key);

/* StringToNumber of WTF-8 text: the JavaScript numeric string grammar (whitespace trimmed, "" is 0,
 * Infinity, 0x/0o/0b integers, decimal literals), NaN otherwise. */
double js_string_to_number(const char *s, size_t len);

#endif
