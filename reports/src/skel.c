/* Bones from a dump (skel.h): the data.bone rows give the names, parents and lengths; the pose's bone
 * rows the world matrices. Names are found through a small hash table, so a rig of a thousand bones
 * over many poses stays linear. */
#include "skel.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash_text(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

long skel_find(const struct skel *s, const char *name, size_t len)
{
    if (!s->index_size) return -1;
    for (size_t k = hash_text(name, len) & (s->index_size - 1);; k = (k + 1) & (s->index_size - 1)) {
        long i = s->index[k];
        if (i < 0) return -1;
        const struct dump_text *n = &s->bones[i].name;
        if (n->len == len && memcmp(n->ptr, name, len) == 0) return i;
    }
}

static void index_add(struct skel *s, long i)
{
    const struct dump_text *n = &s->bones[i].name;
    size_t k = hash_text(n->ptr, n->len) & (s->index_size - 1);
    while (s->index[k] >= 0) k = (k + 1) & (s->index_size - 1);
    s->index[k] = i;
}

static long field_index(const struct dump *d, size_t block, const char *name)
{
    const struct dump_block *b = &d->blocks[block];
    for (size_t k = 0; k < b->field_count; k++) {
        const struct dump_text *f = &d->field_names[b->first_field + k];
        if (strcmp(f->ptr, name) == 0) return (long)k;
    }
    return -1;
}

double skel_row_number(const struct dump *d, const struct dump_row *row, const char *name)
{
    long k = field_index(d, row->block, name);
    if (k < 0) return NAN;
    const struct dump_value *v = dump_field_value(d, row, (size_t)k);
    return v->type == DUMP_NUMBER ? v->number : NAN;
}

const struct dump_text *skel_row_string(const struct dump *d, const struct dump_row *row, const char *name)
{
    long k = field_index(d, row->block, name);
    if (k < 0) return NULL;
    const struct dump_value *v = dump_field_value(d, row, (size_t)k);
    return v->type == DUMP_STRING ? &v->string : NULL;
}

static bool is_block(const struct dump *d, const struct dump_row *row, const char *name)
{
    return strcmp(d->blocks[row->block].name.ptr, name) == 0;
}

static void unposed(struct skel_bone *b)
{
    b->a = b->b = b->c = b->d = b->x = b->y = NAN;
}

bool skel_build(const struct dump *d, long pose, struct skel *s)
{
    memset(s, 0, sizeof *s);
    const struct dump_row *prow = NULL;
    size_t pcount = 0;
    if (pose >= 0 && (size_t)pose < d->pose_count) {
        prow = &d->rows[d->poses[pose].first_row];
        pcount = d->poses[pose].row_count;
    }
    size_t cap = 0;
    for (size_t i = 0; i < d->data_row_count; i++) cap += is_block(d, &d->rows[i], "data.bone");
    for (size_t i = 0; i < pcount; i++) cap += is_block(d, &prow[i], "bone");
    s->bones = calloc(cap ? cap : 1, sizeof *s->bones);
    s->index_size = 16;
    while (s->index_size < 2 * cap) s->index_size *= 2;
    s->index = malloc(s->index_size * sizeof *s->index);
    if (!s->bones || !s->index) {
        skel_free(s);
        return false;
    }
    for (size_t k = 0; k < s->index_size; k++) s->index[k] = -1;

    /* The data rows: names, lengths; parents once every name is known. */
    for (size_t i = 0; i < d->data_row_count; i++) {
        const struct dump_row *row = &d->rows[i];
        if (!is_block(d, row, "data.bone") || skel_find(s, row->key.ptr, row->key.len) >= 0) continue;
        struct skel_bone *b = &s->bones[s->count];
        b->name = row->key;
        b->length = skel_row_number(d, row, "length");
        b->parent = -1;
        unposed(b);
        index_add(s, (long)s->count++);
    }
    for (size_t i = 0; i < d->data_row_count; i++) {
        const struct dump_row *row = &d->rows[i];
        if (!is_block(d, row, "data.bone")) continue;
        const struct dump_text *p = skel_row_string(d, row, "parent");
        long self = skel_find(s, row->key.ptr, row->key.len);
        if (p && self >= 0) s->bones[self].parent = skel_find(s, p->ptr, p->len);
    }
    /* The pose's world matrices. */
    for (size_t i = 0; i < pcount; i++) {
        const struct dump_row *row = &prow[i];
        if (!is_block(d, row, "bone")) continue;
        long k = skel_find(s, row->key.ptr, row->key.len);
        if (k < 0) {
            k = (long)s->count++;
            s->bones[k].name = row->key;
            s->bones[k].parent = -1;
            s->bones[k].length = NAN;
            index_add(s, k);
        }
        struct skel_bone *b = &s->bones[k];
        b->a = skel_row_number(d, row, "a");
        b->b = skel_row_number(d, row, "b");
        b->c = skel_row_number(d, row, "c");
        b->d = skel_row_number(d, row, "d");
        b->x = skel_row_number(d, row, "worldX");
        b->y = skel_row_number(d, row, "worldY");
    }
    return true;
}

void skel_free(struct skel *s)
{
    free(s->bones);
    free(s->index);
    memset(s, 0, sizeof *s);
}

char *skel_path(const struct skel *s, long bone)
{
    if (bone < 0 || (size_t)bone >= s->count) return NULL;
    /* The chain up to a root, at most count bones (a cycle of parents ends it there). */
    size_t names = 0, depth = 0;
    for (long i = bone; i >= 0 && depth < s->count; i = s->bones[i].parent, depth++) names += s->bones[i].name.len;
    size_t len = names + depth - 1, at = len;
    char *out = malloc(len + 1);
    if (!out) return NULL;
    out[len] = '\0';
    size_t k = 0;
    for (long i = bone; k < depth; i = s->bones[i].parent, k++) {
        const struct dump_text *n = &s->bones[i].name;
        at -= n->len;
        memcpy(out + at, n->ptr, n->len);
        if (k + 1 < depth) out[--at] = '/';
    }
    return out;
}

long skel_slot_bone(const struct dump *d, const struct skel *s, const char *slot, size_t len)
{
    for (size_t i = 0; i < d->data_row_count; i++) {
        const struct dump_row *row = &d->rows[i];
        if (!is_block(d, row, "data.slot") || row->key.len != len || memcmp(row->key.ptr, slot, len) != 0) continue;
        const struct dump_text *b = skel_row_string(d, row, "bone");
        return b ? skel_find(s, b->ptr, b->len) : -1;
    }
    return -1;
}
