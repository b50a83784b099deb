/* JSON objects walked in JavaScript's property order, and JavaScript truthiness (see jsobject.h). */
#include "jsobject.h"

#include <stdlib.h>
#include <string.h>

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

size_t js_object_keys(json_t *obj, js_key *keys)
{
    size_t count = 0, indexed = 0;
    const char *key;
    json_t *value;
    /* Array-index keys first (insertion sort by value: objects here are small), then the rest. */
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

int js_truthy(const json_t *v)
{
    if (v == NULL) return 0;
    switch (json_typeof(v)) {
    case JSON_NULL: case JSON_FALSE: return 0;
    case JSON_TRUE: case JSON_OBJECT: case JSON_ARRAY: return 1;
    case JSON_STRING: return json_string_length(v) > 0;
    case JSON_INTEGER: return json_integer_value(v) != 0;
    case JSON_REAL: { double d = json_real_value(v); return d == d && d != 0; }
    }
    return 0;
}
