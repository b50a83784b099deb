/* What a pose draws, read off a dump (drawn.h). */
#include "drawn.h"
#include "skel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool is_block(const struct dump *d, const struct dump_row *row, const char *name)
{
    return strcmp(d->blocks[row->block].name.ptr, name) == 0;
}

static bool grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return true;
    size_t c = *cap ? *cap * 2 : 64;
    while (c < need) c *= 2;
    void *q = realloc(*p, c * size);
    if (!q) return false;
    *p = q;
    *cap = c;
    return true;
}

void drawn_free(struct drawn *dr)
{
    free(dr->xy);
    free(dr->outlines);
    free(dr->triangles);
    memset(dr, 0, sizeof *dr);
}

/* The length of a key's slot name: up to its last '['. */
static size_t owner_length(const struct dump_text *key)
{
    for (size_t i = key->len; i > 0; i--)
        if (key->ptr[i - 1] == '[') return i - 1;
    return key->len;
}

bool drawn_build(const struct dump *d, long pose, struct drawn *out)
{
    memset(out, 0, sizeof *out);
    if (pose < 0 || (size_t)pose >= d->pose_count) return true;
    const struct dump_pose *p = &d->poses[pose];
    const struct dump_row *rows = &d->rows[p->first_row];
    size_t xy_cap = 0, outline_cap = 0, tri_cap = 0;
    /* Outlines: vertices.xy rows come slot by slot, each slot's vertices in order. */
    const struct dump_text *owner = NULL;
    for (size_t i = 0; i < p->row_count; i++) {
        const struct dump_row *row = &rows[i];
        if (!is_block(d, row, "vertices.xy")) continue;
        size_t len = owner_length(&row->key);
        if (!owner || owner_length(owner) != len || memcmp(owner->ptr, row->key.ptr, len) != 0) {
            if (!grow((void **)&out->outlines, &outline_cap, out->outline_count + 1, sizeof *out->outlines)) return false;
            struct drawn_outline *o = &out->outlines[out->outline_count++];
            o->first = out->points;
            o->count = 0;
            o->closed = o->point = false;
            /* the slot's kind, from its `vertices` row */
            for (size_t k = 0; k < p->row_count; k++) {
                const struct dump_row *v = &rows[k];
                if (!is_block(d, v, "vertices") || v->key.len != len || memcmp(v->key.ptr, row->key.ptr, len) != 0)
                    continue;
                const struct dump_text *kind = skel_row_string(d, v, "kind");
                if (kind) {
                    o->closed = strcmp(kind->ptr, "region") == 0 || strcmp(kind->ptr, "boundingbox") == 0 ||
                                strcmp(kind->ptr, "clipping") == 0;
                    o->point = strcmp(kind->ptr, "point") == 0;
                    if (strcmp(kind->ptr, "mesh") == 0) o->closed = false;
                }
                break;
            }
            owner = &row->key;
        }
        if (!grow((void **)&out->xy, &xy_cap, 2 * (out->points + 1), sizeof *out->xy)) return false;
        out->xy[2 * out->points] = skel_row_number(d, row, "x");
        out->xy[2 * out->points + 1] = skel_row_number(d, row, "y");
        out->points++;
        out->outlines[out->outline_count - 1].count++;
    }
    /* The render's vertex stream, then each command's triangles into it. */
    out->stream_first = out->points;
    for (size_t i = 0; i < p->row_count; i++) {
        const struct dump_row *row = &rows[i];
        if (!is_block(d, row, "render.vertex")) continue;
        if (!grow((void **)&out->xy, &xy_cap, 2 * (out->points + 1), sizeof *out->xy)) return false;
        out->xy[2 * out->points] = skel_row_number(d, row, "x");
        out->xy[2 * out->points + 1] = skel_row_number(d, row, "y");
        out->points++;
    }
    size_t stream = out->points - out->stream_first;
    for (size_t i = 0; i < p->row_count; i++) {
        const struct dump_row *row = &rows[i];
        if (!is_block(d, row, "render")) continue;
        double first = skel_row_number(d, row, "first");
        const struct dump_text *t = skel_row_string(d, row, "triangles");
        if (!t || !(first >= 0)) continue;
        const char *s = t->ptr, *end = t->ptr + t->len;
        size_t corner = 0, tri[3];
        while (s < end) {
            char *next;
            unsigned long v = strtoul(s, &next, 10);
            if (next == s) break;
            s = next;
            size_t at = (size_t)first + v;
            tri[corner++] = at;
            if (corner == 3) {
                corner = 0;
                if (tri[0] >= stream || tri[1] >= stream || tri[2] >= stream) continue;
                if (!grow((void **)&out->triangles, &tri_cap, 3 * (out->triangle_count + 1), sizeof *out->triangles))
                    return false;
                for (int k = 0; k < 3; k++) out->triangles[3 * out->triangle_count + (size_t)k] = out->stream_first + tri[k];
                out->triangle_count++;
            }
        }
    }
    return true;
}

bool drawn_point(const struct dump *d, long pose, const char *block, const char *key, size_t key_len, double *x,
                 double *y)
{
    if (pose < 0 || (size_t)pose >= d->pose_count || !key) return false;
    const struct dump_pose *p = &d->poses[pose];
    for (size_t i = 0; i < p->row_count; i++) {
        const struct dump_row *row = &d->rows[p->first_row + i];
        if (!is_block(d, row, block) || row->key.len != key_len || memcmp(row->key.ptr, key, key_len) != 0) continue;
        *x = skel_row_number(d, row, "x");
        *y = skel_row_number(d, row, "y");
        return isfinite(*x) && isfinite(*y);
    }
    return false;
}
