/* The reader's hash index of names (name_index.h): FNV-1a over the bytes, linear probing, doubled at
 * half full. */
#include "name_index.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash(const char *key, size_t len)
{
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)key[i]) * 1099511628211ULL;
    return h;
}

static name_entry *slot(name_entry *entries, size_t cap, const char *key, size_t len)
{
    size_t i = (size_t)hash(key, len) & (cap - 1);
    while (entries[i].key && !(entries[i].len == len && memcmp(entries[i].key, key, len) == 0)) i = (i + 1) & (cap - 1);
    return &entries[i];
}

int name_index_find(const name_index *ix, const char *key, size_t len)
{
    if (ix->cap == 0) return -1;
    const name_entry *e = slot(ix->entries, ix->cap, key, len);
    return e->key ? e->index : -1;
}

bool name_index_add(name_index *ix, const char *key, size_t len, int index)
{
    if (2 * (ix->count + 1) > ix->cap) {
        size_t cap = ix->cap ? ix->cap * 2 : 64;
        name_entry *entries = calloc(cap, sizeof *entries);
        if (!entries) return false;
        for (size_t i = 0; i < ix->cap; i++)
            if (ix->entries[i].key) *slot(entries, cap, ix->entries[i].key, ix->entries[i].len) = ix->entries[i];
        free(ix->entries);
        ix->entries = entries;
        ix->cap = cap;
    }
    name_entry *e = slot(ix->entries, ix->cap, key, len);
    if (e->key) return true;
    e->key = key;
    e->len = len;
    e->index = index;
    ix->count++;
    return true;
}

void name_index_free(name_index *ix)
{
    free(ix->entries);
    ix->entries = NULL;
    ix->cap = ix->count = 0;
}
