/* The report as JSON (report.h), for tools and for the report's own tests: totals, sources, blocks
 * with their histograms, and each case with its verdict, first difference and pictures. */
#include "report.h"

#include <jansson.h>

static json_t *str_or_null(const char *s) { return s ? json_string(s) : json_null(); }

static json_t *first_json(const struct rdiff *d)
{
    return json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "pose", (json_int_t)d->pose, "kind",
                     str_or_null(d->kind), "block", str_or_null(d->block), "row", str_or_null(d->key), "field",
                     str_or_null(d->field), "oracle", str_or_null(d->oracle), "oracle_bits",
                     str_or_null(d->oracle_bits), "core", str_or_null(d->core), "core_bits", str_or_null(d->core_bits),
                     "ulp", str_or_null(d->ulp), "line", str_or_null(d->line));
}

static json_t *case_json(const struct report *r, const struct rcase *c)
{
    json_t *pics = json_array();
    for (size_t k = 0; k < c->picture_count; k++) {
        const struct rpicture *p = &c->pictures[k];
        json_array_append_new(pics, json_pack("{s:I, s:s, s:o, s:I, s:I, s:I, s:o, s:f}", "pose", (json_int_t)p->pose,
                                              "file", p->file, "caption", str_or_null(p->caption), "bones_differing",
                                              (json_int_t)p->bones_differing, "bones_marked", (json_int_t)p->bones_marked,
                                              "bones_not_drawn", (json_int_t)p->bones_not_drawn, "inset_point",
                                              str_or_null(p->inset_point), "inset_offset",
                                              p->inset_offset == p->inset_offset && p->inset_offset < 1e308
                                                  ? p->inset_offset
                                                  : -1.0));
    }
    json_t *links = json_pack("{s:o, s:o, s:o, s:o}", "case", str_or_null(c->case_link), "oracle_dump",
                              str_or_null(c->oracle_link), "core_dump", str_or_null(c->core_link), "diff",
                              str_or_null(c->diff_link));
    return json_pack("{s:s, s:s, s:s, s:s, s:o, s:o, s:b, s:o, s:o, s:I, s:I, s:I, s:o, s:I, s:o}", "name", c->name,
                     "id", c->id, "source", r->sources[c->source].name, "verdict", verdict_name(c->verdict), "args",
                     str_or_null(c->args), "reason", str_or_null(c->reason), "compared", c->compared, "first",
                     c->has_first ? first_json(&c->first) : json_null(), "bone_path", str_or_null(c->first_path),
                     "differences", (json_int_t)c->differences, "poses_failing", (json_int_t)c->poses_failing,
                     "poses_compared", (json_int_t)c->poses_compared, "pictures", pics, "pictures_left_out",
                     (json_int_t)c->pictures_left_out, "links", links);
}

static json_t *case_json_of(const struct report *r, const struct rcase *c)
{
    json_t *j = case_json(r, c);
    if (j) json_object_set_new(j, "drawn_elsewhere", json_boolean(c->drawn_elsewhere));
    return j;
}

bool report_write_json(const char *path, const struct report *r)
{
    json_t *sources = json_array(), *blocks = json_array(), *cases = json_array();
    for (size_t i = 0; i < r->source_count; i++) {
        const struct rsource *s = &r->sources[i];
        json_array_append_new(sources, json_pack("{s:s, s:o, s:b, s:I, s:I, s:I, s:I}", "name", s->name, "note",
                                                 str_or_null(s->note), "alternative", s->alternative, "cases",
                                                 (json_int_t)s->cases, "passed", (json_int_t)s->passed, "failed",
                                                 (json_int_t)s->failed, "unsupported", (json_int_t)s->unsupported));
    }
    for (size_t i = 0; i < r->block_count; i++) {
        const struct rblock *b = &r->blocks[i];
        json_t *hist = json_object();
        for (int k = 0; k < ULP_BUCKETS; k++)
            if (b->ulp[k]) {
                char key[16];
                snprintf(key, sizeof key, "2^%d", k);
                json_object_set_new(hist, key, json_integer((json_int_t)b->ulp[k]));
            }
        if (b->nan) json_object_set_new(hist, "nan", json_integer((json_int_t)b->nan));
        if (b->other) json_object_set_new(hist, "other", json_integer((json_int_t)b->other));
        json_array_append_new(blocks, json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:o}", "name", b->name,
                                                "rows_compared", (json_int_t)b->rows_compared, "rows_missing",
                                                (json_int_t)b->rows_missing, "rows_extra", (json_int_t)b->rows_extra,
                                                "rows_unsupported", (json_int_t)b->rows_unsupported,
                                                "fields_compared", (json_int_t)b->fields_compared,
                                                "fields_differing", (json_int_t)b->fields_differing, "cases_first",
                                                (json_int_t)b->cases_first, "ulp_histogram", hist));
    }
    for (size_t i = 0; i < r->case_count; i++) json_array_append_new(cases, case_json_of(r, &r->cases[i]));
    struct rgroup *g;
    size_t ng = report_groups(r, &g);
    json_t *groups = json_array();
    for (size_t k = 0; k < ng; k++) {
        json_t *examples = json_array();
        for (size_t e = 0; e < g[k].example_count; e++)
            json_array_append_new(examples, json_string(r->cases[g[k].examples[e]].name));
        json_array_append_new(groups, json_pack("{s:s, s:s, s:s, s:I, s:o}", "source", r->sources[g[k].source].name,
                                                "block", g[k].block, "field", g[k].field, "cases",
                                                (json_int_t)g[k].count, "first_cases", examples));
    }
    free(g);
    json_t *shrunk = json_array();
    for (char **p = r->shrunk; p && *p; p++) json_array_append_new(shrunk, json_string(*p));
    json_t *root = json_pack("{s:s, s:s, s:o, s:{s:I, s:I, s:I, s:I}, s:I, s:o, s:o, s:o, s:o, s:o}", "title", r->title,
                             "generated", r->generated, "rules", str_or_null(r->rules), "totals", "cases",
                             (json_int_t)r->total_cases, "passed", (json_int_t)r->total_passed, "failed",
                             (json_int_t)r->total_failed, "unsupported", (json_int_t)r->total_unsupported, "pictures",
                             (json_int_t)r->pictures, "sources", sources, "blocks", blocks, "cases", cases, "shrunk",
                             shrunk, "groups", groups);
    bool ok = root && json_dump_file(root, path, JSON_INDENT(1) | JSON_PRESERVE_ORDER) == 0;
    json_decref(root);
    return ok;
}
