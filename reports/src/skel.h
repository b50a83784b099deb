/* The skeleton as a dump holds it, for drawing and for naming: each bone's name, parent and length
 * (block data.bone) and, for one pose, its world matrix (block bone: a b c d worldX worldY). A bone's
 * path from the root ("root/hip/leg") follows the parent fields. */
#ifndef POSEREPORT_SKEL_H
#define POSEREPORT_SKEL_H

#include "dumpcmp/dumpread.h"

#include <stdbool.h>
#include <stddef.h>

struct skel_bone {
    struct dump_text name;        /* points into the dump */
    long parent;                  /* index of the parent bone, -1 for a root (or a parent not found) */
    double length;                /* data.bone length; NaN when the dump has none */
    double a, b, c, d, x, y;      /* the pose's world matrix; NaN for what the pose lacks */
};

struct skel {
    struct skel_bone *bones; /* data.bone order, then bones only the pose has */
    size_t count;
    long *index;             /* open-addressing table of bone indices by name */
    size_t index_size;
};

/* Reads the bones of dump d and, when pose >= 0, the world matrices of that pose. False when memory
 * runs out. */
bool skel_build(const struct dump *d, long pose, struct skel *s);
void skel_free(struct skel *s);

/* The index of the bone named name, or -1. */
long skel_find(const struct skel *s, const char *name, size_t len);

/* The bone's path from its root, names joined by '/', as a new string (NULL when memory runs out). */
char *skel_path(const struct skel *s, long bone);

/* The bone a slot is attached to (data.slot field bone), or -1. */
long skel_slot_bone(const struct dump *d, const struct skel *s, const char *slot, size_t len);

/* The value of field name of a row as a number, NaN when the row has no such number field. */
double skel_row_number(const struct dump *d, const struct dump_row *row, const char *name);

/* The string value of field name of a row, or NULL (absent, null or not a string). */
const struct dump_text *skel_row_string(const struct dump *d, const struct dump_row *row, const char *name);

#endif
