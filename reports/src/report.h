/* The report's model: what posereport found, source by source and case by case, kept as text so that
 * the dumps can be freed as soon as a case is evaluated; and the writers that turn it into the page
 * (html.c), its Markdown twin (markdown.c) and a JSON copy for tools and tests (reportjson.c). */
#ifndef POSEREPORT_REPORT_H
#define POSEREPORT_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum verdict { VERDICT_PASSED, VERDICT_FAILED, VERDICT_UNSUPPORTED };

/* One difference, as text. */
struct rdiff {
    long pose;         /* -1 for the data rows */
    char *kind;        /* "value", "row-missing", ... */
    char *block, *key, *field; /* key and field NULL when the difference has none */
    char *oracle, *oracle_bits, *core, *core_bits; /* bits "" for non-numbers */
    char *ulp;         /* "3", "NaN", "-" */
    char *line;        /* posediff's line for it */
};

struct rpicture {
    long pose;
    char *file;        /* relative to the report's directory */
    char *caption;
    size_t bones_differing, bones_marked, bones_not_drawn;
    char *inset_point; /* "origin", "tip", "y-axis" or NULL */
    double inset_offset;
};

struct rcase {
    size_t source;     /* index into report.sources */
    char *name;        /* as the gate names it: "cases/NAME", "rigs/NAME --samples 30", "LABEL/NAME" */
    char *id;          /* safe as a file name */
    char *args;        /* the dump options */
    enum verdict verdict;
    char *reason;      /* unsupported: why; failed without a comparison: why */
    char *case_link, *oracle_link, *core_link, *diff_link; /* relative to the report's directory, or NULL */
    bool compared;     /* both dumps were read and compared */
    bool has_first;
    struct rdiff first;
    char *first_path;  /* the first difference's bone, from the root, or NULL */
    size_t differences, poses_failing, poses_compared;
    struct rpicture *pictures;
    size_t picture_count, pictures_left_out;
    bool drawn_elsewhere;  /* its group's first cases have the pictures and the dumps */
    char *diff_head;   /* the first lines of posediff's output */
};

struct rsource {
    char *name;        /* "corpus", "rigs", "probes bones-1", "probes bones-1+bone.deg-rad=math-pi" */
    char *note;        /* one line on where it comes from */
    bool alternative;  /* a rule's rejected reading: its misses are expected; not in the totals */
    size_t cases, passed, failed, unsupported;
};

#define ULP_BUCKETS 64 /* bucket k: ULP distances in [2^k, 2^(k+1)) */

struct rblock {
    char *name;
    size_t rows_compared, rows_missing, rows_extra, rows_unsupported, fields_compared, fields_differing;
    size_t cases_first; /* failing cases whose first difference is in this block */
    uint64_t ulp[ULP_BUCKETS], nan, other; /* over the kept differences */
};

struct report {
    char *title;
    char *generated;   /* when, by what */
    char *rules;       /* the --rule options given to the core, or NULL */
    struct rsource *sources;
    size_t source_count;
    struct rcase *cases;
    size_t case_count, case_cap;
    struct rblock *blocks;
    size_t block_count;
    size_t total_cases, total_passed, total_failed, total_unsupported; /* over the current sources */
    size_t pictures;
    size_t max_detailed; /* failing cases shown in full per source; the rest in a table */
    char **shrunk;     /* the shrinker's summaries found under shrunk/ (file names) */
};

size_t report_add_source(struct report *r, const char *name, const char *note, bool alternative);
struct rcase *report_add_case(struct report *r, size_t source);
struct rblock *report_block(struct report *r, const char *name);
void report_count(struct report *r, const struct rcase *c); /* adds the case's verdict to its source */
void report_totals(struct report *r);
void report_free(struct report *r);

const char *verdict_name(enum verdict v); /* "passed", "FAILED", "unsupported" */

/* The unsupported cases share a line per distinct reason, its first case standing for the others: the
 * number of unsupported cases with case i's reason when case i is that first case, else 0. */
size_t report_reason_count(const struct report *r, size_t i);

/* The failing cases grouped by their first difference (source, block, field or kind), in order of
 * first appearance: each group's count and its first cases (indices into r->cases). */
#define GROUP_EXAMPLES 3
struct rgroup {
    size_t source;
    const char *block, *field; /* the first case's (field: its kind when it has none) */
    size_t count;
    size_t examples[GROUP_EXAMPLES];
    size_t example_count;
};
/* The groups into *out (free it); their count. */
size_t report_groups(const struct report *r, struct rgroup **out);

/* A block's kept differences (ULP buckets, NaN on one side, not two numbers); *max the largest count. */
uint64_t report_block_differences(const struct rblock *b, uint64_t *max);

/* The writers: the page, its Markdown twin, the JSON copy. */
void report_write_html(FILE *out, const struct report *r);
void report_write_markdown(FILE *out, const struct report *r);
bool report_write_json(const char *path, const struct report *r);

#endif
