/* The report's Markdown twin (report.h), for CI logs and code review: the same summary, failing cases,
 * histograms and unsupported reasons as the page, pictures as links. */
#include "report.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Text inside a table cell: pipes escaped, newlines as spaces. */
static void cell(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '|') fputs("\\|", f);
        else if (*s == '\n') fputc(' ', f);
        else fputc(*s, f);
    }
}

/* Inline code: the text between enough backticks (`` for text holding one). */
static void code(FILE *f, const char *s)
{
    const char *fence = s && strchr(s, '`') ? "`` " : "`";
    const char *close = s && strchr(s, '`') ? " ``" : "`";
    fputs(fence, f);
    cell(f, s ? s : "");
    fputs(close, f);
}

static void md_link(FILE *f, const char *text, const char *target)
{
    if (!target) {
        fprintf(f, "%s: none", text);
        return;
    }
    fprintf(f, "[%s](", text);
    for (const char *p = target; *p; p++) {
        if (*p == ' ') fputs("%20", f);
        else if (*p == '(' || *p == ')') fprintf(f, "%%%02X", (unsigned char)*p);
        else fputc(*p, f);
    }
    fputc(')', f);
}

static void failing_case(FILE *f, const struct rcase *c)
{
    fputs("### ", f);
    cell(f, c->name);
    fputs("\n\n", f);
    if (!c->has_first) {
        fputs("**", f);
        cell(f, c->reason ? c->reason : "failed");
        fputs("**\n\n", f);
    } else {
        const struct rdiff *d = &c->first;
        fprintf(f, "%zu differences in %zu failing poses of %zu compared. The first:\n\n", c->differences,
                c->poses_failing, c->poses_compared);
        fputs("| pose | block | row | field | oracle | core | ULP |\n|---|---|---|---|---|---|--:|\n| ", f);
        if (d->pose < 0) fputs("data", f);
        else fprintf(f, "%ld", d->pose);
        fputs(" | ", f);
        code(f, d->block);
        fputs(" | ", f);
        code(f, d->key ? d->key : "-");
        fputs(" | ", f);
        code(f, d->field ? d->field : d->kind);
        fputs(" | ", f);
        code(f, d->oracle);
        if (*d->oracle_bits) fprintf(f, " %s", d->oracle_bits);
        fputs(" | ", f);
        code(f, d->core);
        if (*d->core_bits) fprintf(f, " %s", d->core_bits);
        fputs(" | ", f);
        cell(f, d->ulp);
        fputs(" |\n\n", f);
        if (c->first_path) {
            fputs("Bone from the root: ", f);
            code(f, c->first_path);
            fputs("\n\n", f);
        }
    }
    md_link(f, "case", c->case_link);
    fputs(" · ", f);
    md_link(f, "oracle dump", c->oracle_link);
    fputs(" · ", f);
    md_link(f, "core dump", c->core_link);
    fputs(" · ", f);
    md_link(f, "posediff output", c->diff_link);
    fputs(" · options ", f);
    code(f, c->args);
    fputs("\n\n", f);
    for (size_t k = 0; k < c->picture_count; k++) {
        const struct rpicture *p = &c->pictures[k];
        fprintf(f, "![pose %ld](%s)  \n", p->pose, p->file);
        cell(f, p->caption);
        fprintf(f, "; %zu bones differ.\n\n", p->bones_differing);
    }
    if (c->pictures_left_out) fprintf(f, "%zu more failing poses not drawn.\n\n", c->pictures_left_out);
    if (c->diff_head) {
        fputs("```\n", f);
        fputs(c->diff_head, f);
        fputs("```\n\n", f);
    }
}

void report_write_markdown(FILE *f, const struct report *r)
{
    fprintf(f, "# %s\n\n%s. Bit for bit: a difference is any field whose bits differ. The page: index.html.\n\n",
            r->title, r->generated);
    fputs("## Summary\n\n| source | cases | passed | failed | unsupported |\n|---|--:|--:|--:|--:|\n", f);
    for (size_t i = 0; i < r->source_count; i++) {
        const struct rsource *s = &r->sources[i];
        fputs("| ", f);
        cell(f, s->name);
        if (s->alternative) fputs(" (rejected reading)", f);
        fprintf(f, " | %zu | %zu | %zu | %zu |\n", s->cases, s->passed, s->failed, s->unsupported);
    }
    fprintf(f, "| **total** | **%zu** | **%zu** | **%zu** | **%zu** |\n\n", r->total_cases, r->total_passed,
            r->total_failed, r->total_unsupported);
    fputs("Per block (over the cases compared here):\n\n| block | rows compared | missing | extra | rows unsupported |"
          " fields compared | fields differing | cases failing first here |\n|---|--:|--:|--:|--:|--:|--:|--:|\n",
          f);
    for (size_t i = 0; i < r->block_count; i++) {
        const struct rblock *b = &r->blocks[i];
        fputs("| ", f);
        code(f, b->name);
        fprintf(f, " | %zu | %zu | %zu | %zu | %zu | %zu | %zu |\n", b->rows_compared, b->rows_missing, b->rows_extra,
                b->rows_unsupported, b->fields_compared, b->fields_differing, b->cases_first);
    }
    struct rgroup *g;
    size_t ng = report_groups(r, &g);
    if (ng) {
        fputs("\n## Misses by first difference\n\n| source | block | field | cases | first cases |\n|---|---|---|--:|---|\n", f);
        for (size_t k = 0; k < ng; k++) {
            fputs("| ", f);
            cell(f, r->sources[g[k].source].name);
            fputs(" | ", f);
            code(f, g[k].block);
            fputs(" | ", f);
            code(f, g[k].field);
            fprintf(f, " | %zu | ", g[k].count);
            for (size_t e = 0; e < g[k].example_count; e++) {
                if (e) fputs(", ", f);
                cell(f, r->cases[g[k].examples[e]].name);
            }
            fputs(" |\n", f);
        }
    }
    free(g);
    fputs("\n## Failing cases\n\n", f);
    bool any = false;
    for (size_t s = 0; s < r->source_count; s++) {
        size_t shown = 0;
        for (size_t i = 0; i < r->case_count; i++) {
            const struct rcase *c = &r->cases[i];
            if (c->source != s || c->verdict != VERDICT_FAILED) continue;
            any = true;
            if (shown++ < r->max_detailed) {
                failing_case(f, c);
            } else {
                fputs("- ", f);
                cell(f, c->name);
                fputs(": ", f);
                code(f, c->has_first ? c->first.line : c->reason);
                fputs("\n", f);
            }
        }
    }
    if (!any) fputs("None.\n", f);
    fputs("\n## ULP distances per block\n\n", f);
    for (size_t i = 0; i < r->block_count; i++) {
        const struct rblock *b = &r->blocks[i];
        uint64_t max, total = report_block_differences(b, &max);
        if (!total) continue;
        fputs("```\n", f);
        fprintf(f, "%s: %" PRIu64 " differences\n", b->name, total);
        for (int k = 0; k < ULP_BUCKETS + 2; k++) {
            uint64_t n = k < ULP_BUCKETS ? b->ulp[k] : k == ULP_BUCKETS ? b->nan : b->other;
            if (!n) continue;
            char label[48];
            if (k == ULP_BUCKETS) snprintf(label, sizeof label, "NaN on one side");
            else if (k == ULP_BUCKETS + 1) snprintf(label, sizeof label, "not two numbers");
            else if (k == 0) snprintf(label, sizeof label, "ulp 1");
            else snprintf(label, sizeof label, "ulp 2^%d..2^%d-1", k, k + 1);
            int bar = (int)(40.0 * (double)n / (double)max + 0.5);
            fprintf(f, "  %-18s %10" PRIu64 " %.*s\n", label, n, bar < 1 ? 1 : bar,
                    "########################################");
        }
        fputs("```\n\n", f);
    }
    fputs("## Unsupported\n\n", f);
    size_t n_unsupported = 0;
    for (size_t i = 0; i < r->case_count; i++) {
        size_t n = report_reason_count(r, i);
        if (!n) continue;
        const struct rcase *c = &r->cases[i];
        fprintf(f, "- %zu: ", n);
        cell(f, c->reason);
        fputs(" (e.g. ", f);
        cell(f, c->name);
        fputs(")\n", f);
        n_unsupported++;
    }
    if (!n_unsupported) fputs("None.\n", f);
    if (r->shrunk && r->shrunk[0]) {
        fputs("\n## Shrunk cases\n\n", f);
        for (char **p = r->shrunk; *p; p++) fprintf(f, "- [%s](shrunk/%s)\n", *p, *p);
    }
}
