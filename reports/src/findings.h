/* What a comparison's differences (core/src/dumpdiff.h) say for triage: the values as text, how bad a
 * difference is (its ULP distance), which bone it belongs to, which poses fail and the worst difference
 * of each, and the signature of a failure (kind, block, field of the first difference) that shrinking
 * must keep. */
#ifndef POSEREPORT_FINDINGS_H
#define POSEREPORT_FINDINGS_H

#include "dumpcmp/dumpdiff.h"
#include "skel.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A value as decimal text (shortest round trip, quoted strings, true/false/null, "absent" when the side
 * lacks it) and, for numbers, its bits as 0x + 16 hex digits ("" otherwise). */
#define VALUE_TEXT_MAX 160
void value_text(bool present, const struct dump_value *v, char dec[VALUE_TEXT_MAX], char bits[24]);

/* The ULP distance of a difference as text: the number, "NaN" when exactly one side is NaN, "-" when
 * the values are not both numbers. */
void ulp_text(const struct diff_entry *e, char out[24]);

/* How bad a difference is, for choosing the worst: its ULP distance for two numbers, the largest value
 * for anything else (a NaN, a missing value, a type change). */
uint64_t entry_rank(const struct diff_entry *e);

/* The bone a difference belongs to, in s (built from the oracle's dump d): the row's bone for blocks
 * bone and data.bone, the slot's bone for blocks slot and data.slot; -1 otherwise. */
long entry_bone(const struct dump *d, const struct skel *s, const struct diff_entry *e);

/* The kind of a difference as a word: "value", "field-missing", "row-missing", ... */
const char *entry_kind_name(enum diff_kind k);

/* A failure's signature: "KIND BLOCK FIELD" of the first difference (e.g. "value bone a"). */
void diff_signature(const struct diff_report *r, char *out, size_t size);

/* The poses that have differences, in order, with the range of their entries and their worst. */
struct failing_pose {
    long pose;         /* -1 for the data rows */
    size_t first;      /* entries [first, first + count) */
    size_t count;
    size_t worst;      /* the entry with the largest rank that belongs to a bone, else the first */
};

/* Groups r's kept entries by pose; the array is new (free it), *count its length. */
struct failing_pose *failing_poses(const struct diff_report *r, const struct dump *oracle, const struct skel *s,
                                   size_t *count);

#endif
