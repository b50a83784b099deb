/* A hash index of names while a document is read: the first index given each name (as bytes, the
 * WTF-8 of a JavaScript string: equal bytes are equal strings), so that finding a bone by name is not a
 * walk over every bone (a chain of 10,000 bones read its parents in 4.6 s that way). */
#ifndef POSECORE_NAME_INDEX_H
#define POSECORE_NAME_INDEX_H

#include <stdbool.h>
#include <stddef.h>

typedef struct name_entry {
    const char *key; /* not owned: the name's bytes, alive while the document is read */
    size_t len;
    int index;
} name_entry;

typedef struct name_index {
    name_entry *entries; /* open addressing, cap a power of two (0 when empty) */
    size_t cap, count;
} name_index;

/* The first index added under the name, or -1. */
int name_index_find(const name_index *ix, const char *key, size_t len);
/* Adds the name's index unless the name has one already. False when memory runs out. */
bool name_index_add(name_index *ix, const char *key, size_t len, int index);
void name_index_free(name_index *ix);

#endif
