/* The edits the shrinker tries on a skeleton document (a Jansson value), each returning a new document
 * and leaving the given one alone:
 *  - removing a set of bones, their children given to the nearest kept ancestor (a root's children
 *    become roots), with what names them dropped too: slots on them (and those slots' skin attachments
 *    and timelines), constraints that use them, their timelines, their names in skins' bone lists;
 *  - removing a run of a container's members or elements, anywhere in the document;
 *  - replacing a number by a simpler one (0, 1, then rounder decimals: fewer significant digits).
 * Nothing here knows whether an edit keeps the failure: the shrinker asks the oracle and the core. */
#ifndef POSEREPORT_REDUCE_H
#define POSEREPORT_REDUCE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* The bones array's length (0 when the document has none). */
size_t reduce_bone_count(const json_t *doc);

/* The document without the bones flagged in remove[0 .. bone count). */
json_t *reduce_remove_bones(const json_t *doc, const bool *remove);

/* Flags bone i and every bone below it (by the parent fields) in remove. */
void reduce_mark_subtree(const json_t *doc, size_t i, bool *remove);

/* A place in the document: the keys and indices from the root. */
struct jpath {
    size_t depth;
    struct jstep {
        const char *key; /* a member (borrowed from the document it was made from: copy before editing) */
        size_t index;    /* an element, when key is NULL */
    } steps[32];
};

/* The value at path in doc, or NULL. */
json_t *jpath_get(const json_t *doc, const struct jpath *p);

/* The document without the children [from, from + n) of the container at path (in iteration order). */
json_t *reduce_remove_children(const json_t *doc, const struct jpath *p, size_t from, size_t n);

/* The document with the value at path replaced by number x (an integer when x is one). */
json_t *reduce_set_number(const json_t *doc, const struct jpath *p, double x);

/* Simpler numbers than x to try, simplest first: writes up to max of them into out, returns how many.
 * "Simpler" means a shorter shortest spelling, with 0 and 1 the simplest of all. */
size_t reduce_simpler_numbers(double x, double *out, size_t max);

#endif
