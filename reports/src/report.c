/* The report model's bookkeeping (report.h): sources, cases, blocks, totals. */
#include "report.h"
#include "files.h"

#include <stdlib.h>
#include <string.h>

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return p;
    size_t c = *cap ? *cap * 2 : 16;
    while (c < need) c *= 2;
    void *q = realloc(p, c * size);
    if (!q) {
        fprintf(stderr, "posereport: out of memory\n");
        exit(2);
    }
    memset((char *)q + *cap * size, 0, (c - *cap) * size);
    *cap = c;
    return q;
}

size_t report_add_source(struct report *r, const char *name, const char *note, bool alternative)
{
    size_t cap = r->source_count;
    r->sources = grow(r->sources, &cap, r->source_count + 1, sizeof *r->sources);
    struct rsource *s = &r->sources[r->source_count];
    memset(s, 0, sizeof *s);
    s->name = str_dup(name);
    s->note = str_dup(note);
    s->alternative = alternative;
    return r->source_count++;
}

struct rcase *report_add_case(struct report *r, size_t source)
{
    r->cases = grow(r->cases, &r->case_cap, r->case_count + 1, sizeof *r->cases);
    struct rcase *c = &r->cases[r->case_count++];
    memset(c, 0, sizeof *c);
    c->source = source;
    return c;
}

struct rblock *report_block(struct report *r, const char *name)
{
    for (size_t i = 0; i < r->block_count; i++)
        if (strcmp(r->blocks[i].name, name) == 0) return &r->blocks[i];
    size_t cap = r->block_count;
    r->blocks = grow(r->blocks, &cap, r->block_count + 1, sizeof *r->blocks);
    struct rblock *b = &r->blocks[r->block_count++];
    memset(b, 0, sizeof *b);
    b->name = str_dup(name);
    return b;
}

void report_count(struct report *r, const struct rcase *c)
{
    struct rsource *s = &r->sources[c->source];
    s->cases++;
    if (c->verdict == VERDICT_PASSED) s->passed++;
    else if (c->verdict == VERDICT_FAILED) s->failed++;
    else s->unsupported++;
}

void report_totals(struct report *r)
{
    r->total_cases = r->total_passed = r->total_failed = r->total_unsupported = 0;
    r->pictures = 0;
    for (size_t i = 0; i < r->source_count; i++) {
        const struct rsource *s = &r->sources[i];
        if (s->alternative) continue;
        r->total_cases += s->cases;
        r->total_passed += s->passed;
        r->total_failed += s->failed;
        r->total_unsupported += s->unsupported;
    }
    for (size_t i = 0; i < r->case_count; i++) r->pictures += r->cases[i].picture_count;
}

const char *verdict_name(enum verdict v)
{
    return v == VERDICT_PASSED ? "passed" : v == VERDICT_FAILED ? "FAILED" : "unsupported";
}

size_t report_reason_count(const struct report *r, size_t i)
{
    const struct rcase *c = &r->cases[i];
    if (c->verdict != VERDICT_UNSUPPORTED) return 0;
    for (size_t j = 0; j < i; j++)
        if (r->cases[j].verdict == VERDICT_UNSUPPORTED && strcmp(r->cases[j].reason, c->reason) == 0) return 0;
    size_t n = 0;
    for (size_t j = i; j < r->case_count; j++)
        n += r->cases[j].verdict == VERDICT_UNSUPPORTED && strcmp(r->cases[j].reason, c->reason) == 0;
    return n;
}

size_t report_groups(const struct report *r, struct rgroup **out)
{
    *out = NULL;
    size_t n = 0, cap = 0;
    struct rgroup *g = NULL;
    for (size_t i = 0; i < r->case_count; i++) {
        const struct rcase *c = &r->cases[i];
        if (c->verdict != VERDICT_FAILED) continue;
        const char *block = c->has_first && c->first.block ? c->first.block : "-";
        const char *field = !c->has_first ? "no comparison" : c->first.field ? c->first.field : c->first.kind;
        size_t k = 0;
        while (k < n && !(g[k].source == c->source && strcmp(g[k].block, block) == 0 && strcmp(g[k].field, field) == 0))
            k++;
        if (k == n) {
            if (n == cap) {
                size_t c2 = cap ? 2 * cap : 16;
                struct rgroup *q = realloc(g, c2 * sizeof *q);
                if (!q) break;
                g = q;
                cap = c2;
            }
            g[n++] = (struct rgroup){ .source = c->source, .block = block, .field = field };
        }
        g[k].count++;
        if (g[k].example_count < GROUP_EXAMPLES) g[k].examples[g[k].example_count++] = i;
    }
    *out = g;
    return n;
}

uint64_t report_block_differences(const struct rblock *b, uint64_t *max)
{
    uint64_t total = b->nan + b->other;
    *max = b->nan > b->other ? b->nan : b->other;
    for (int k = 0; k < ULP_BUCKETS; k++) {
        total += b->ulp[k];
        if (b->ulp[k] > *max) *max = b->ulp[k];
    }
    return total;
}

static void rdiff_free(struct rdiff *d)
{
    free(d->kind);
    free(d->block);
    free(d->key);
    free(d->field);
    free(d->oracle);
    free(d->oracle_bits);
    free(d->core);
    free(d->core_bits);
    free(d->ulp);
    free(d->line);
}

void report_free(struct report *r)
{
    for (size_t i = 0; i < r->case_count; i++) {
        struct rcase *c = &r->cases[i];
        free(c->name);
        free(c->id);
        free(c->args);
        free(c->reason);
        free(c->case_link);
        free(c->oracle_link);
        free(c->core_link);
        free(c->diff_link);
        if (c->has_first) rdiff_free(&c->first);
        free(c->first_path);
        for (size_t k = 0; k < c->picture_count; k++) {
            free(c->pictures[k].file);
            free(c->pictures[k].caption);
            free(c->pictures[k].inset_point);
        }
        free(c->pictures);
        free(c->diff_head);
    }
    free(r->cases);
    for (size_t i = 0; i < r->source_count; i++) {
        free(r->sources[i].name);
        free(r->sources[i].note);
    }
    free(r->sources);
    for (size_t i = 0; i < r->block_count; i++) free(r->blocks[i].name);
    free(r->blocks);
    free(r->title);
    free(r->generated);
    free(r->rules);
    names_free(r->shrunk);
    memset(r, 0, sizeof *r);
}
