/* The report as one offline HTML page (report.h): inline style, no external script, font or image
 * other than the pictures beside it. A small inline script, run at load, writes into #page-check what
 * the page shows (the summary's totals as rendered, how many pictures there are and how many loaded),
 * so a headless browser's --dump-dom output can be checked without a debugging protocol. */
#include "report.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void esc(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* A relative link: bytes outside the safe set percent-encoded. */
static void href(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-._~/", c))
            fputc(c, f);
        else
            fprintf(f, "%%%02X", c);
    }
}

static void anchor(FILE *f, const char *target, const char *text)
{
    if (!target) {
        fprintf(f, "<span class=\"none\">%s: none</span>", text);
        return;
    }
    fputs("<a href=\"", f);
    href(f, target);
    fputs("\">", f);
    esc(f, text);
    fputs("</a>", f);
}

static const char *STYLE =
    "body{font-family:system-ui,-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;margin:1.5em auto;"
    "max-width:1100px;padding:0 1em;color:#222;line-height:1.4}"
    "h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:1.6em;border-bottom:1px solid #ddd}"
    "table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ccc;padding:.2em .5em;"
    "text-align:left;vertical-align:top}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}"
    "tr.total th,tr.total td{border-top:2px solid #888;font-weight:bold}"
    ".failed{color:#b00020;font-weight:bold}.passed{color:#1b7a1b}.unsupported{color:#8a6d00}"
    "code,pre,.mono{font-family:ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:.9em}"
    "pre{background:#f6f6f6;padding:.6em;overflow-x:auto}"
    "section.case{border:1px solid #ddd;border-left:4px solid #b00020;padding:.2em 1em 1em;margin:1em 0}"
    "figure{margin:.8em 0}figure img{max-width:100%;height:auto;border:1px solid #ccc}"
    "figcaption{font-size:.9em;color:#555}.meta{color:#666}.none{color:#999}"
    ".bar{display:inline-block;height:.8em;background:#2e68d6;vertical-align:middle}"
    "#page-check{color:#999;font-size:.8em}";

static const char *SCRIPT =
    "window.addEventListener('load', function () {\n"
    "  var images = document.images, loaded = 0;\n"
    "  for (var i = 0; i < images.length; i++)\n"
    "    if (images[i].complete && images[i].naturalWidth > 0) loaded++;\n"
    "  var check = document.getElementById('page-check');\n"
    "  var total = document.getElementById('total');\n"
    "  ['cases', 'passed', 'failed', 'unsupported'].forEach(function (k) {\n"
    "    var cell = total ? total.querySelector('td.' + k) : null;\n"
    "    check.setAttribute('data-' + k, cell ? cell.textContent.trim() : 'missing');\n"
    "  });\n"
    "  check.setAttribute('data-images', String(images.length));\n"
    "  check.setAttribute('data-loaded', String(loaded));\n"
    "  check.setAttribute('data-state', loaded === images.length ? 'all-loaded' : 'missing-pictures');\n"
    "  check.textContent = 'page check: ' + loaded + ' of ' + images.length + ' pictures loaded';\n"
    "});\n";

static void summary(FILE *f, const struct report *r)
{
    fputs("<h2 id=\"summary-title\">Summary</h2>\n<table id=\"summary\">\n<tr><th>source</th><th class=\"n\">cases</th>"
          "<th class=\"n\">passed</th><th class=\"n\">failed</th><th class=\"n\">unsupported</th><th>what</th></tr>\n",
          f);
    for (size_t i = 0; i < r->source_count; i++) {
        const struct rsource *s = &r->sources[i];
        fputs("<tr><td>", f);
        esc(f, s->name);
        fprintf(f, "</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n%s\">%zu</td><td class=\"n\">%zu</td><td>",
                s->cases, s->passed, s->failed ? " failed" : "", s->failed, s->unsupported);
        esc(f, s->note);
        fputs("</td></tr>\n", f);
    }
    fprintf(f,
            "<tr class=\"total\" id=\"total\"><th>total</th><td class=\"n cases\">%zu</td><td class=\"n passed\">%zu</td>"
            "<td class=\"n failed\">%zu</td><td class=\"n unsupported\">%zu</td><td>over the sources above, "
            "rejected readings of rules left out</td></tr>\n</table>\n",
            r->total_cases, r->total_passed, r->total_failed, r->total_unsupported);

    fputs("<h3>Per block</h3>\n<p class=\"meta\">Over the cases compared here (for a probe population: its kept "
          "misses).</p>\n<table id=\"blocks\">\n<tr><th>block</th><th class=\"n\">rows compared</th>"
          "<th class=\"n\">missing in core</th><th class=\"n\">extra in core</th><th class=\"n\">rows unsupported</th>"
          "<th class=\"n\">fields compared</th><th class=\"n\">fields differing</th>"
          "<th class=\"n\">failing cases, first difference here</th></tr>\n",
          f);
    for (size_t i = 0; i < r->block_count; i++) {
        const struct rblock *b = &r->blocks[i];
        fputs("<tr><td><code>", f);
        esc(f, b->name);
        fprintf(f, "</code></td><td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td>"
                   "<td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n%s\">%zu</td><td class=\"n\">%zu</td></tr>\n",
                b->rows_compared, b->rows_missing, b->rows_extra, b->rows_unsupported, b->fields_compared,
                b->fields_differing ? " failed" : "", b->fields_differing, b->cases_first);
    }
    fputs("</table>\n", f);
}

static void value_cell(FILE *f, const char *dec, const char *bits)
{
    fputs("<td class=\"mono\">", f);
    esc(f, dec);
    if (bits && *bits) {
        fputs("<br>", f);
        esc(f, bits);
    }
    fputs("</td>", f);
}

static void case_links(FILE *f, const struct rcase *c)
{
    fputs("<p>", f);
    anchor(f, c->case_link, "case");
    fputs(" · ", f);
    anchor(f, c->oracle_link, "oracle dump");
    fputs(" · ", f);
    anchor(f, c->core_link, "core dump");
    fputs(" · ", f);
    anchor(f, c->diff_link, "posediff output");
    fputs(" · options <code>", f);
    esc(f, c->args);
    fputs("</code></p>\n", f);
}

static void failing_case(FILE *f, const struct rcase *c)
{
    fputs("<section class=\"case\" id=\"", f);
    esc(f, c->id);
    fputs("\">\n<h3>", f);
    esc(f, c->name);
    fputs("</h3>\n", f);
    if (!c->has_first) {
        fputs("<p class=\"failed\">", f);
        esc(f, c->reason ? c->reason : "failed");
        fputs("</p>\n", f);
        case_links(f, c);
        fputs("</section>\n", f);
        return;
    }
    const struct rdiff *d = &c->first;
    fprintf(f, "<p>%zu differences in %zu failing poses of %zu compared. The first:</p>\n", c->differences,
            c->poses_failing, c->poses_compared);
    fputs("<table class=\"first\"><tr><th>pose</th><th>block</th><th>row</th><th>field</th><th>oracle</th>"
          "<th>core</th><th class=\"n\">ULP</th></tr>\n<tr><td>",
          f);
    if (d->pose < 0) fputs("data", f);
    else fprintf(f, "%ld", d->pose);
    fputs("</td><td><code>", f);
    esc(f, d->block);
    fputs("</code></td><td><code>", f);
    esc(f, d->key ? d->key : "-");
    fputs("</code></td><td><code>", f);
    esc(f, d->field ? d->field : d->kind);
    fputs("</code></td>", f);
    value_cell(f, d->oracle, d->oracle_bits);
    value_cell(f, d->core, d->core_bits);
    fputs("<td class=\"n\">", f);
    esc(f, d->ulp);
    fputs("</td></tr>\n</table>\n", f);
    if (c->first_path) {
        fputs("<p>Bone from the root: <code>", f);
        esc(f, c->first_path);
        fputs("</code></p>\n", f);
    }
    case_links(f, c);
    for (size_t k = 0; k < c->picture_count; k++) {
        const struct rpicture *p = &c->pictures[k];
        fputs("<figure><img src=\"", f);
        href(f, p->file);
        fputs("\" width=\"960\" height=\"640\" alt=\"", f);
        esc(f, c->name);
        fprintf(f, ", pose %ld\"><figcaption>", p->pose);
        esc(f, p->caption);
        fprintf(f, "; %zu bones differ (ringed in red)", p->bones_differing);
        if (p->bones_not_drawn) fprintf(f, "; %zu bones not drawn (non-finite)", p->bones_not_drawn);
        fputs(".</figcaption></figure>\n", f);
    }
    if (c->pictures_left_out)
        fprintf(f, "<p class=\"meta\">%zu more failing poses not drawn (--max-pictures).</p>\n", c->pictures_left_out);
    if (c->drawn_elsewhere)
        fputs("<p class=\"meta\">Not drawn: the first cases of its group (same block and field) are "
              "(--group-cases); nothing of it is copied (report.json lists it).</p>\n", f);
    fputs("<details><summary>posediff</summary><pre>", f);
    esc(f, c->diff_head);
    fputs("</pre></details>\n</section>\n", f);
}

/* The failing cases by their first difference, with links to each group's first cases (those have the
 * pictures: posereport draws a group's first --group-cases cases only). */
static void groups(FILE *f, const struct report *r)
{
    struct rgroup *g;
    size_t n = report_groups(r, &g);
    if (n == 0) {
        free(g);
        return;
    }
    fputs("<h2>Misses by first difference</h2>\n<table class=\"groups\"><tr><th>source</th><th>block</th>"
          "<th>field</th><th class=\"n\">cases</th><th>first cases</th></tr>\n", f);
    for (size_t k = 0; k < n; k++) {
        fputs("<tr><td>", f);
        esc(f, r->sources[g[k].source].name);
        fputs("</td><td><code>", f);
        esc(f, g[k].block);
        fputs("</code></td><td><code>", f);
        esc(f, g[k].field);
        fprintf(f, "</code></td><td class=\"n\">%zu</td><td>", g[k].count);
        for (size_t e = 0; e < g[k].example_count; e++) {
            const struct rcase *c = &r->cases[g[k].examples[e]];
            if (e) fputs(", ", f);
            if (c->picture_count) {
                fputs("<a href=\"", f);
                href(f, c->pictures[0].file);
                fputs("\">", f);
                esc(f, c->name);
                fputs("</a>", f);
            } else {
                esc(f, c->name);
            }
        }
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
    free(g);
}

/* Rows of the compact table of failing cases beyond the detailed ones, per source; the rest are in
 * report.json. */
#define REST_ROWS 200

static void failing(FILE *f, const struct report *r)
{
    groups(f, r);
    fputs("<h2>Failing cases</h2>\n", f);
    bool any = false;
    for (size_t s = 0; s < r->source_count; s++) {
        size_t shown = 0, rest = 0;
        for (size_t i = 0; i < r->case_count; i++) {
            const struct rcase *c = &r->cases[i];
            if (c->source != s || c->verdict != VERDICT_FAILED) continue;
            if (shown == 0) {
                fputs("<h3 class=\"source\">", f);
                esc(f, r->sources[s].name);
                fputs("</h3>\n", f);
            }
            any = true;
            if (shown < r->max_detailed) {
                failing_case(f, c);
                shown++;
            } else if (rest++ >= REST_ROWS) {
                continue;
            } else {
                if (rest == 1)
                    fputs("<table class=\"rest\"><tr><th>more failing cases</th><th>first difference</th><th>files</th></tr>\n", f);
                fputs("<tr><td>", f);
                esc(f, c->name);
                fputs("</td><td class=\"mono\">", f);
                esc(f, c->has_first ? c->first.line : c->reason);
                fputs("</td><td>", f);
                anchor(f, c->case_link, "case");
                fputs(" ", f);
                anchor(f, c->diff_link, "diff");
                fputs("</td></tr>\n", f);
            }
        }
        if (rest) fputs("</table>\n", f);
        if (rest > REST_ROWS)
            fprintf(f, "<p class=\"meta\">%zu more failing cases of this source in report.json.</p>\n", rest - REST_ROWS);
    }
    if (!any) fputs("<p class=\"passed\">None.</p>\n", f);
}

static void bucket_label(FILE *f, int k)
{
    if (k == 0) fputs("1", f);
    else if (k < 20) fprintf(f, "%" PRIu64 "&ndash;%" PRIu64, (uint64_t)1 << k, ((uint64_t)1 << (k + 1)) - 1);
    else fprintf(f, "2<sup>%d</sup>&ndash;2<sup>%d</sup>", k, k + 1);
}

static void histograms(FILE *f, const struct report *r)
{
    fputs("<h2>ULP distances per block</h2>\n", f);
    bool any = false;
    for (size_t i = 0; i < r->block_count; i++) {
        const struct rblock *b = &r->blocks[i];
        uint64_t max, total = report_block_differences(b, &max);
        if (!total) continue;
        int lo = ULP_BUCKETS, hi = -1;
        for (int k = 0; k < ULP_BUCKETS; k++) {
            if (!b->ulp[k]) continue;
            if (k < lo) lo = k;
            hi = k;
        }
        any = true;
        fputs("<h3><code>", f);
        esc(f, b->name);
        fprintf(f, "</code>: %" PRIu64 " differences</h3>\n<table class=\"hist\"><tr><th>ULP distance</th>"
                   "<th class=\"n\">differences</th><th></th></tr>\n", total);
        for (int k = lo; k <= hi; k++) {
            fputs("<tr><td>", f);
            bucket_label(f, k);
            fprintf(f, "</td><td class=\"n\">%" PRIu64 "</td><td><span class=\"bar\" style=\"width:%.1fpx\"></span></td></tr>\n",
                    b->ulp[k], 300.0 * (double)b->ulp[k] / (double)max);
        }
        if (b->nan)
            fprintf(f, "<tr><td>NaN on one side</td><td class=\"n\">%" PRIu64 "</td><td><span class=\"bar\" "
                       "style=\"width:%.1fpx\"></span></td></tr>\n", b->nan, 300.0 * (double)b->nan / (double)max);
        if (b->other)
            fprintf(f, "<tr><td>not two numbers</td><td class=\"n\">%" PRIu64 "</td><td><span class=\"bar\" "
                       "style=\"width:%.1fpx\"></span></td></tr>\n", b->other, 300.0 * (double)b->other / (double)max);
        fputs("</table>\n", f);
    }
    if (!any) fputs("<p class=\"meta\">No differences.</p>\n", f);
    else fputs("<p class=\"meta\">Over the differences kept (up to 200000 per case).</p>\n", f);
}

static void unsupported(FILE *f, const struct report *r)
{
    fputs("<h2>Unsupported</h2>\n", f);
    bool any = false;
    for (size_t i = 0; i < r->case_count; i++) {
        size_t n = report_reason_count(r, i);
        if (!n) continue;
        const struct rcase *c = &r->cases[i];
        if (!any) fputs("<table id=\"unsupported\"><tr><th class=\"n\">cases</th><th>why</th><th>for example</th></tr>\n", f);
        any = true;
        fprintf(f, "<tr><td class=\"n\">%zu</td><td>", n);
        esc(f, c->reason);
        fputs("</td><td>", f);
        esc(f, c->name);
        fputs("</td></tr>\n", f);
    }
    fputs(any ? "</table>\n" : "<p class=\"meta\">None.</p>\n", f);
}

static void others(FILE *f, const struct report *r)
{
    if (r->shrunk && r->shrunk[0]) {
        fputs("<h2>Shrunk cases</h2>\n<ul>\n", f);
        for (char **p = r->shrunk; *p; p++) {
            size_t len = strlen(*p) - strlen(".txt");
            fputs("<li><a href=\"shrunk/", f);
            href(f, *p);
            fputs("\">", f);
            esc(f, *p);
            fputs("</a> (<a href=\"shrunk/", f);
            char *json = malloc(len + 6);
            if (json) {
                memcpy(json, *p, len);
                strcpy(json + len, ".json");
                href(f, json);
                free(json);
            }
            fputs("\">document</a>)</li>\n", f);
        }
        fputs("</ul>\n", f);
    }
    fprintf(f, "<h2>Passed</h2>\n<details><summary>%zu cases</summary><p class=\"mono\">", r->total_passed);
    for (size_t i = 0; i < r->case_count; i++) {
        if (r->cases[i].verdict != VERDICT_PASSED) continue;
        esc(f, r->cases[i].name);
        fputs("<br>\n", f);
    }
    fputs("</p></details>\n", f);
}

void report_write_html(FILE *f, const struct report *r)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", f);
    esc(f, r->title);
    fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", STYLE);
    esc(f, r->title);
    fputs("</h1>\n<p class=\"meta\">", f);
    esc(f, r->generated);
    fprintf(f, ". Bit for bit: a difference is any field whose bits differ. %zu pictures. "
               "<a href=\"report.md\">Markdown</a> · <a href=\"report.json\">JSON</a></p>\n",
            r->pictures);
    summary(f, r);
    failing(f, r);
    histograms(f, r);
    unsupported(f, r);
    others(f, r);
    fprintf(f, "<p id=\"page-check\" data-state=\"not-run\">page check: not run</p>\n<script>\n%s</script>\n"
               "</body>\n</html>\n", SCRIPT);
}
