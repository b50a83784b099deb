/* JSON objects walked as JavaScript walks them (`for ... in`, Object.entries): keys that are array
 * indices ("0", "1", ... up to 2^32 - 2, no leading zeros) first in ascending numeric order, then the
 * other keys in the order they first appear in the text. The runtime's reader iterates skins'
 * attachments, events and animations this way, so their order is this order. */
#ifndef POSECORE_JSOBJECT_H
#define POSECORE_JSOBJECT_H

#include <jansson.h>

typedef struct js_key {
    const char *key;
    json_t *value;
} js_key;

/* Fills keys (capacity json_object_size(obj)) in JavaScript order and returns the count. */
size_t js_object_keys(json_t *obj, js_key *keys);

/* JavaScript truthiness of a JSON value (false, null, 0, -0, NaN and "" are falsy). */
int js_truthy(const json_t *v);

#endif
