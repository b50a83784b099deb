/* Evaluating one case for the report: the oracle's answer and the core's, judged as the gate judges
 * them (unsupported never counts as passed), compared with the differ library, and for a failure: its
 * first difference as text with the bone's path from the root, a picture per failing pose, the ULP
 * distances added to the blocks' histograms, and copies of the case and both dumps for the links. */
#ifndef POSEREPORT_EVALUATE_H
#define POSEREPORT_EVALUATE_H

#include "report.h"

struct case_input {
    size_t source;
    const char *name;           /* as the gate names it */
    const char *case_path;      /* the skeleton document */
    const char *args;           /* the dump options, as one line */
    const char *oracle_dump;    /* path, or NULL when the oracle gave no dump */
    const char *oracle_message; /* why not (refused, unrepresentable, stale), when oracle_dump is NULL */
    bool oracle_unsupported;    /* the oracle cannot spell what spine-core holds: unsupported, not failed */
    const char *core_dump;      /* path of the core's output */
    int core_status;            /* its exit status */
    const char *core_err;       /* path of its stderr, or NULL */
    const char *core_message;   /* instead of core_err's first line, or NULL */
    const char *failure;        /* a failure already judged elsewhere (a probe run's account), or NULL */
    const char *refusal;        /* spine-core refuses the case (a stored NAME.refused: its message): the
                                 * core must refuse it too */
};

/* The failing cases seen so far per group (source, block and field of the first difference): only a
 * group's first few get pictures and copies of their dumps, so the report stays small when thousands
 * of cases fail the same way (every case is still listed, and in report.json). */
struct picture_groups {
    char **keys;
    size_t *cases;
    size_t count, capacity;
};

struct eval_options {
    const char *out_dir;        /* the report's directory */
    size_t max_pictures;        /* per case */
    size_t group_cases;         /* cases of a group drawn (0: every case) */
    struct picture_groups *groups; /* NULL: no grouping */
};

void picture_groups_free(struct picture_groups *g);

/* Whether a core's output is a whole dump (its last line is `end`): an unsupported one may be. */
bool dump_is_complete(const char *path);

/* Adds the case to r (and counts it). */
void evaluate_case(struct report *r, const struct case_input *in, const struct eval_options *opt);

#endif
