/* Comparing two read dumps, the oracle's and the core's, field by field and bit for bit (the logic of
 * build/bin/posediff, as a library for the gate, the probes and the reports; oracle/FORMAT.md).
 *
 * Data rows are compared first, then pose by pose: the pose line's animation and time (as fields of a
 * pseudo block `pose` keyed by the pose index), then the pose's rows. Rows are matched by (block, key),
 * in order when both sides agree on the order, by hashing when they do not. Numbers are equal when their
 * bits are (NaN equals NaN, -0 differs from 0), strings when their bytes are; values of different types
 * differ. A block that either side declares `unsupported` is not compared and its rows are counted as
 * unsupported; poses one side lacks after declaring `unsupported pose` are counted as unsupported poses.
 * Anything else present on one side only is a difference. */
#ifndef POSECORE_DUMPDIFF_H
#define POSECORE_DUMPDIFF_H

#include "dumpread.h"

#include <stdio.h>

enum diff_kind {
    DIFF_VALUE,         /* a field's values differ */
    DIFF_FIELD_MISSING, /* the oracle's row has the field, the core's has not */
    DIFF_FIELD_EXTRA,   /* the core's row has a field the oracle's has not */
    DIFF_ROW_MISSING,   /* a (block, key) of the oracle's section is not in the core's */
    DIFF_ROW_EXTRA,
    DIFF_BLOCK_MISSING, /* a block of the oracle's section the core neither wrote nor declared */
    DIFF_BLOCK_EXTRA,
    DIFF_POSE_MISSING,  /* a pose the core lacks without declaring `unsupported pose` */
    DIFF_POSE_EXTRA,
};

/* One difference. Texts point into the dumps: valid while both live. */
struct diff_entry {
    enum diff_kind kind;
    long pose;              /* -1 for the data rows */
    struct dump_text block; /* `pose` for the pose lines themselves */
    struct dump_text key;   /* row key; {NULL, 0} for the pseudo block `pose` (its key is the index) */
    struct dump_text field;
    bool has_oracle, has_core;         /* whether each value exists */
    struct dump_value oracle, core;
    uint64_t ulp;                      /* both numbers: numtext_ulp_distance, else 0 */
    size_t rows;                       /* DIFF_BLOCK_*: rows of the block; DIFF_POSE_*: rows of the pose */
    double time;                       /* DIFF_POSE_*: the pose's time (its animation is oracle or core) */
};

/* Counts for one block name (the union of both sides' blocks, and `pose`). */
struct diff_block_stats {
    struct dump_text name;
    size_t rows_compared, rows_missing, rows_extra, rows_unsupported;
    size_t fields_compared, fields_differing;
};

/* One `unsupported` line of either side, with what it kept from being compared. */
struct diff_unsupported_note {
    bool by_core; /* else by the oracle */
    const struct dump_unsupported *decl;
    size_t rows_skipped;  /* rows not compared because of it */
    size_t poses_skipped; /* block `pose`: poses of the other side not compared */
};

enum diff_verdict { DIFF_IDENTICAL, DIFF_DIFFERENT, DIFF_IDENTICAL_BUT_UNSUPPORTED };

struct diff_report {
    size_t max_entries; /* set by diff_report_init: how many entries to keep */
    struct diff_entry *entries; /* the first entry_count differences */
    size_t entry_count, entry_capacity;
    size_t difference_count; /* all of them */
    struct diff_block_stats *blocks;
    size_t block_count;
    struct diff_unsupported_note *notes;
    size_t note_count;
    size_t poses_compared, poses_unsupported;
    /* totals over the blocks: rows those of the real blocks (poses are counted above), fields those of
     * every block, `pose` included */
    size_t rows_compared, rows_unsupported, fields_compared, fields_differing;
    enum diff_verdict verdict;
};

/* Prepares r to keep the first max_entries differences. */
void diff_report_init(struct diff_report *r, size_t max_entries);
void diff_report_free(struct diff_report *r);

/* Compares the two dumps into r (made by diff_report_init; anything in it from an earlier run is freed
 * first). False only when memory runs out. */
bool dumpdiff_run(const struct dump *oracle, const struct dump *core, struct diff_report *r);

/* 0 identical, 1 different, 3 identical but unsupported: posediff's exit code. */
int dumpdiff_exit_code(const struct diff_report *r);
const char *dumpdiff_verdict_name(enum diff_verdict v); /* "identical", "different", ... */

/* posediff's output: the differences kept (`pose P block B row "K" field F: oracle V (0xBITS) core V
 * (0xBITS) ulp N`), both sides' meta lines when not identical, a line per block, a line per unsupported
 * declaration and a summary line. quiet: the summary line only. */
void dumpdiff_print(FILE *out, const struct dump *oracle, const struct dump *core, const struct diff_report *r,
                    bool quiet);
void dumpdiff_print_entry(FILE *out, const struct diff_entry *e);
void dumpdiff_print_summary(FILE *out, const struct diff_report *r);

/* A value as the dump spells it (strings quoted and escaped, numbers shortest round-trip); for numbers
 * followed by " (0xBITS)". */
void dumpdiff_print_value(FILE *out, const struct dump_value *v);

#endif
