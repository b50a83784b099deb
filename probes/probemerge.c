/* build/bin/probemerge: the summary of a population from the verdicts of its parts (shards of a CI
 * matrix, chunks run on other hosts), printed as `probediff diff` prints the whole population's.
 *
 *   probemerge --label L --report R [--summary FILE] [--list NAMES] VERDICTS...
 *
 * VERDICTS are `probediff diff --verdicts` files in the population's order: one line a probe, NAME, its
 * verdict (exact, refused, missed, unsupported), its group and its example, TABs, line breaks and
 * backslashes escaped. Prints `L: E exact of N (M missed[, U unsupported])`, the both-refused count, the
 * misses and the unsupported grouped as probediff groups them (the same order, the same first example,
 * the same 20 and 5 groups shown), `kept in R/` when something missed, and appends
 * `L<TAB>N<TAB>E<TAB>M<TAB>U` to the summary file. With --list, the verdicts must name exactly the
 * probes of NAMES (one a line) in its order: a probe without a verdict (a part that did not come back)
 * fails the merge, naming it; it is never counted. Exit 0, 2 on bad usage, unreadable or incomplete
 * input. probes/merge and probes/hosts call it. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *must(void *p)
{
    if (!p) {
        fprintf(stderr, "probemerge: out of memory\n");
        exit(2);
    }
    return p;
}

/* A group: the misses (or the unsupported) that share their first difference (or their reason). */
typedef struct group {
    char *text, *example;
    size_t count;
} group;

typedef struct groups {
    group *items;
    size_t count, cap;
    size_t *slots; /* open addressing over items, index + 1; 0 is empty */
    size_t slot_cap;
} groups;

static uint64_t hash_text(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h;
}

static void rehash(groups *g)
{
    free(g->slots);
    g->slot_cap = g->slot_cap ? g->slot_cap * 2 : 64;
    g->slots = must(calloc(g->slot_cap, sizeof *g->slots));
    for (size_t i = 0; i < g->count; i++) {
        size_t s = hash_text(g->items[i].text) & (g->slot_cap - 1);
        while (g->slots[s]) s = (s + 1) & (g->slot_cap - 1);
        g->slots[s] = i + 1;
    }
}

/* Counts one more in the group `text`; the first example stays. */
static void add_to_group(groups *g, const char *text, const char *example)
{
    if ((g->count + 1) * 2 > g->slot_cap) rehash(g);
    size_t s = hash_text(text) & (g->slot_cap - 1);
    while (g->slots[s]) {
        group *it = &g->items[g->slots[s] - 1];
        if (strcmp(it->text, text) == 0) {
            it->count++;
            return;
        }
        s = (s + 1) & (g->slot_cap - 1);
    }
    if (g->count == g->cap) {
        g->cap = g->cap ? g->cap * 2 : 16;
        g->items = must(realloc(g->items, g->cap * sizeof *g->items));
    }
    g->items[g->count] = (group){ must(strdup(text)), must(strdup(example)), 1 };
    g->slots[s] = ++g->count;
}

/* probediff's order: most first, then by text. */
static int by_count(const void *a, const void *b)
{
    const group *x = a, *y = b;
    if (x->count != y->count) return x->count < y->count ? 1 : -1;
    return strcmp(x->text, y->text);
}

static void print_groups(groups *g, const char *title, size_t max)
{
    if (!g->count) return;
    qsort(g->items, g->count, sizeof *g->items, by_count);
    printf("  %s:\n", title);
    for (size_t i = 0; i < g->count && i < max; i++)
        printf("    %6zu  %-36s e.g. %s\n", g->items[i].count, g->items[i].text, g->items[i].example);
    if (g->count > max) printf("    ... and %zu more groups\n", g->count - max);
}

/* Splits a verdict line in place into its four fields, undoing the escapes. */
static bool split_verdict(char *line, char *field[4])
{
    int n = 0;
    field[n++] = line;
    char *w = line;
    for (char *r = line; *r; r++) {
        if (*r == '\t') {
            if (n == 4) return false;
            *w++ = '\0';
            field[n++] = w;
        } else if (*r == '\\' && r[1]) {
            r++;
            *w++ = *r == 't' ? '\t' : *r == 'n' ? '\n' : *r == 'r' ? '\r' : *r;
        } else {
            *w++ = *r;
        }
    }
    *w = '\0';
    return n == 4;
}

int main(int argc, char **argv)
{
    const char *label = NULL, *report = NULL, *summary = NULL, *list_path = NULL;
    int first_file = argc;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] != '-') {
            first_file = i;
            break;
        }
        if (i + 1 >= argc) break;
        if (strcmp(a, "--label") == 0) label = argv[++i];
        else if (strcmp(a, "--report") == 0) report = argv[++i];
        else if (strcmp(a, "--summary") == 0) summary = argv[++i];
        else if (strcmp(a, "--list") == 0) list_path = argv[++i];
        else {
            first_file = argc + 1;
            break;
        }
    }
    if (!label || !report || first_file >= argc) {
        fprintf(stderr, "usage: probemerge --label L --report R [--summary FILE] [--list NAMES] VERDICTS...\n");
        return 2;
    }
    FILE *list = NULL;
    if (list_path && !(list = fopen(list_path, "r"))) {
        fprintf(stderr, "probemerge: cannot read %s: %s\n", list_path, strerror(errno));
        return 2;
    }

    size_t n = 0, exact = 0, missed = 0, unsupported = 0, both_refused = 0;
    groups misses = { 0 }, unsupported_why = { 0 };
    char *line = NULL, *want = NULL;
    size_t cap = 0, want_cap = 0;
    for (int f = first_file; f < argc; f++) {
        FILE *in = fopen(argv[f], "r");
        if (!in) {
            fprintf(stderr, "probemerge: cannot read %s: %s\n", argv[f], strerror(errno));
            return 2;
        }
        ssize_t len;
        for (size_t line_no = 1; (len = getline(&line, &cap, in)) >= 0; line_no++) {
            if (len > 0 && line[len - 1] == '\n') line[--len] = '\0';
            char *field[4];
            if (!split_verdict(line, field)) {
                fprintf(stderr, "probemerge: %s line %zu: not a verdict line\n", argv[f], line_no);
                return 2;
            }
            if (list) {
                ssize_t wl = getline(&want, &want_cap, list);
                if (wl > 0 && want[wl - 1] == '\n') want[--wl] = '\0';
                if (wl < 0 || strcmp(want, field[0]) != 0) {
                    fprintf(stderr, "probemerge: %s line %zu: a verdict for %s where %s%s was due\n", argv[f],
                            line_no, field[0], wl < 0 ? "no probe" : "the probe ", wl < 0 ? "" : want);
                    return 2;
                }
            }
            n++;
            const char *verdict = field[1];
            if (strcmp(verdict, "exact") == 0) {
                exact++;
            } else if (strcmp(verdict, "refused") == 0) {
                exact++;
                both_refused++;
            } else if (strcmp(verdict, "missed") == 0) {
                missed++;
                add_to_group(&misses, field[2], field[3]);
            } else if (strcmp(verdict, "unsupported") == 0) {
                unsupported++;
                add_to_group(&unsupported_why, field[2], field[3]);
            } else {
                fprintf(stderr, "probemerge: %s line %zu: unknown verdict %s\n", argv[f], line_no, verdict);
                return 2;
            }
        }
        fclose(in);
    }
    if (list) {
        ssize_t wl = getline(&want, &want_cap, list);
        if (wl > 0) {
            if (want[wl - 1] == '\n') want[--wl] = '\0';
            fprintf(stderr, "probemerge: no verdict from the probe %s on (%zu of the list's probes have one): "
                            "a part did not come back\n", want, n);
            return 2;
        }
        fclose(list);
    }

    printf("%s: %zu exact of %zu (%zu missed", label, exact, n, missed);
    if (unsupported) printf(", %zu unsupported", unsupported);
    printf(")\n");
    if (both_refused) printf("  of the exact, %zu refused by both the oracle and the core\n", both_refused);
    print_groups(&misses, "misses by first difference", 20);
    print_groups(&unsupported_why, "unsupported", 5);
    if (missed) printf("  kept in %s/\n", report);
    if (summary) {
        FILE *s = fopen(summary, "a");
        if (!s || fprintf(s, "%s\t%zu\t%zu\t%zu\t%zu\n", label, n, exact, missed, unsupported) < 0 || fclose(s) != 0) {
            fprintf(stderr, "probemerge: cannot write %s\n", summary);
            return 2;
        }
    }
    free(line);
    free(want);
    return fflush(stdout) == 0 ? 0 : 2;
}
