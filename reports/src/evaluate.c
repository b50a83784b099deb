/* One case of the report (evaluate.h). The differ runs twice on a failure: once keeping 20 entries for
 * posediff's text, once keeping up to MAX_ENTRIES for the pictures and the histograms. */
#include "evaluate.h"
#include "drawn.h"
#include "dumpcmp/dumpdiff.h"
#include "dumpcmp/dumpread.h"
#include "files.h"
#include "findings.h"
#include "picture.h"
#include "skel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ENTRIES 200000
#define DIFF_HEAD_LINES 40

static char *safe_id(size_t n, const char *name)
{
    char *id = str_fmt("%03zu-%s", n, name);
    for (char *p = id; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '.' ||
              *p == '-' || *p == '_'))
            *p = '_';
    if (strlen(id) > 96) id[96] = '\0';
    return id;
}

/* The core's message: its stderr's first line without the program's name. */
static char *core_message(const struct case_input *in)
{
    if (in->core_message) return str_dup(in->core_message);
    char *line = in->core_err ? file_first_line(in->core_err) : NULL;
    if (!line) return str_dup("(no message)");
    if (strncmp(line, "posecore: ", 10) == 0) memmove(line, line + 10, strlen(line + 10) + 1);
    /* Without the file's name, the same reason reads the same for every case (grouped in the page). */
    size_t n = strlen(in->case_path);
    if (strncmp(line, in->case_path, n) == 0 && strncmp(line + n, ": ", 2) == 0)
        memmove(line, line + n + 2, strlen(line + n + 2) + 1);
    return line;
}

static char *memstream_text(void (*print)(FILE *, const void *), const void *arg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return str_dup("");
    print(f, arg);
    fclose(f);
    return text;
}

struct print_args {
    const struct dump *o, *c;
    const struct diff_report *r;
};

static void print_diff(FILE *f, const void *arg)
{
    const struct print_args *a = arg;
    dumpdiff_print(f, a->o, a->c, a->r, false);
}

static void print_entry(FILE *f, const void *arg) { dumpdiff_print_entry(f, arg); }

static char *head_lines(const char *text, int lines)
{
    const char *p = text;
    for (int i = 0; i < lines && *p; i++) {
        const char *nl = strchr(p, '\n');
        p = nl ? nl + 1 : p + strlen(p);
    }
    return str_fmt("%.*s%s", (int)(p - text), text, *p ? "...\n" : "");
}

static char *text_or_null(const struct dump_text *t) { return t->ptr ? str_fmt("%.*s", (int)t->len, t->ptr) : NULL; }

static void fill_rdiff(struct rdiff *d, const struct diff_entry *e)
{
    char dec[VALUE_TEXT_MAX], bits[24], ulp[24];
    d->pose = e->pose;
    d->kind = str_dup(entry_kind_name(e->kind));
    d->block = text_or_null(&e->block);
    d->key = text_or_null(&e->key);
    d->field = text_or_null(&e->field);
    value_text(e->has_oracle, &e->oracle, dec, bits);
    d->oracle = str_dup(dec);
    d->oracle_bits = str_dup(bits);
    value_text(e->has_core, &e->core, dec, bits);
    d->core = str_dup(dec);
    d->core_bits = str_dup(bits);
    ulp_text(e, ulp);
    d->ulp = str_dup(ulp);
    /* Rows, blocks and poses present on one side only: say so instead of two absent values. */
    const char *what = NULL;
    switch (e->kind) {
    case DIFF_ROW_MISSING: case DIFF_ROW_EXTRA: what = "row"; break;
    case DIFF_BLOCK_MISSING: case DIFF_BLOCK_EXTRA: what = "block"; break;
    case DIFF_POSE_MISSING: case DIFF_POSE_EXTRA: what = "pose"; break;
    default: break;
    }
    if (what) {
        bool in_oracle = e->kind == DIFF_ROW_MISSING || e->kind == DIFF_BLOCK_MISSING || e->kind == DIFF_POSE_MISSING;
        char *present = e->kind == DIFF_ROW_MISSING || e->kind == DIFF_ROW_EXTRA
                            ? str_fmt("%s present", what)
                            : str_fmt("%s present (%zu rows)", what, e->rows);
        char *absent = str_fmt("%s absent%s", what, e->kind == DIFF_BLOCK_MISSING || e->kind == DIFF_BLOCK_EXTRA
                                                        ? ", not declared unsupported"
                                                        : "");
        free(d->oracle);
        free(d->core);
        d->oracle = in_oracle ? present : absent;
        d->core = in_oracle ? absent : present;
    }
    d->line = memstream_text(print_entry, e);
    d->line[strcspn(d->line, "\n")] = '\0';
}

static void add_block_counts(struct report *r, const struct diff_report *d)
{
    for (size_t i = 0; i < d->block_count; i++) {
        const struct diff_block_stats *s = &d->blocks[i];
        char *name = str_fmt("%.*s", (int)s->name.len, s->name.ptr);
        struct rblock *b = report_block(r, name);
        free(name);
        b->rows_compared += s->rows_compared;
        b->rows_missing += s->rows_missing;
        b->rows_extra += s->rows_extra;
        b->rows_unsupported += s->rows_unsupported;
        b->fields_compared += s->fields_compared;
        b->fields_differing += s->fields_differing;
    }
}

static void add_histogram(struct report *r, const struct diff_report *d)
{
    struct rblock *b = NULL;
    for (size_t i = 0; i < d->entry_count; i++) {
        const struct diff_entry *e = &d->entries[i];
        const char *name = e->block.ptr ? e->block.ptr : "-";
        if (!b || strcmp(b->name, name) != 0) b = report_block(r, name);
        uint64_t rank = entry_rank(e);
        if (rank != UINT64_MAX && rank > 0) {
            int k = 63;
            while (!(rank >> k)) k--;
            b->ulp[k]++;
        } else if (e->kind == DIFF_VALUE && e->has_oracle && e->has_core && e->oracle.type == DUMP_NUMBER &&
                   e->core.type == DUMP_NUMBER) {
            b->nan++;
        } else {
            b->other++;
        }
    }
}

/* The pictures of the failing poses, at most opt->max_pictures. */
static void draw_pictures(struct rcase *c, const struct dump *od, const struct dump *cd, const struct diff_report *d,
                          const struct eval_options *opt)
{
    struct skel data;
    if (!skel_build(od, -1, &data)) return;
    size_t np;
    struct failing_pose *fp = failing_poses(d, od, &data, &np);
    if (!fp) {
        skel_free(&data);
        return;
    }
    /* Differences of the data rows mark their bones in every picture; with nothing else failing, pose 0
     * is drawn for them. */
    size_t data_entries = np && fp[0].pose < 0 ? fp[0].count : 0;
    size_t want = 0;
    for (size_t i = 0; i < np; i++) want += fp[i].pose >= 0;
    if (want == 0 && data_entries && od->pose_count) {
        fp[0].pose = 0;
        want = 1;
        data_entries = 0; /* now part of "pose 0" */
    }
    c->poses_failing = want;
    c->pictures = calloc(want < opt->max_pictures ? want : opt->max_pictures, sizeof *c->pictures);
    for (size_t i = 0; i < np && c->pictures; i++) {
        if (fp[i].pose < 0) continue;
        if (c->picture_count >= opt->max_pictures) {
            c->pictures_left_out++;
            continue;
        }
        long pose = fp[i].pose;
        struct skel so, sc;
        if (!skel_build(od, pose, &so)) continue;
        if (!skel_build(cd, pose, &sc)) {
            skel_free(&so);
            continue;
        }
        bool *differs = calloc(so.count ? so.count : 1, sizeof *differs);
        size_t ranges[2][2] = { { fp[i].first, fp[i].count }, { 0, data_entries } };
        for (int k = 0; k < 2; k++)
            for (size_t j = ranges[k][0]; j < ranges[k][0] + ranges[k][1]; j++) {
                long b = entry_bone(od, &so, &d->entries[j]);
                if (b >= 0 && differs) differs[b] = true;
            }
        const struct diff_entry *w = &d->entries[fp[i].worst];
        long worst = entry_bone(od, &so, w);
        char od_text[VALUE_TEXT_MAX], ob[24], cd_text[VALUE_TEXT_MAX], cb[24], ulp[24];
        value_text(w->has_oracle, &w->oracle, od_text, ob);
        value_text(w->has_core, &w->core, cd_text, cb);
        ulp_text(w, ulp);
        char *ov = str_fmt("%s%s%s", od_text, *ob ? " " : "", ob), *cv = str_fmt("%s%s%s", cd_text, *cb ? " " : "", cb);
        char *path = worst >= 0 ? skel_path(&so, worst) : NULL;
        char *field = text_or_null(&w->field);
        const struct dump_pose *dp = &od->poses[pose];
        char time[40];
        snprintf(time, sizeof time, "%.17g", dp->time);
        char *anim = dp->animation.type == DUMP_STRING ? str_fmt("animation \"%s\"", dp->animation.string.ptr)
                                                       : str_dup("setup pose");
        const struct diff_entry *f = &d->entries[fp[i].first];
        char *subtitle = str_fmt("pose %ld (%s, time %s): %zu differences; first: block %s row \"%s\" field %s",
                                 pose, anim, time, fp[i].count, f->block.ptr ? f->block.ptr : "-",
                                 f->key.ptr ? f->key.ptr : "-", f->field.ptr ? f->field.ptr : "-");
        /* What both sides draw, and the oracle's points of the differing vertices. */
        struct drawn dro, drc;
        bool has_drawn = drawn_build(od, pose, &dro);
        if (!has_drawn) drawn_free(&dro);
        bool has_drawn_core = drawn_build(cd, pose, &drc);
        if (!has_drawn_core) drawn_free(&drc);
        double *marks = calloc(2 * (fp[i].count + 1), sizeof *marks);
        size_t mark_count = 0;
        static const char *const vertex_blocks[3] = { "vertices.xy", "render.vertex", "bounds.box.xy" };
        for (size_t j = fp[i].first; marks && j < fp[i].first + fp[i].count; j++) {
            const struct diff_entry *e = &d->entries[j];
            if (!e->block.ptr || !e->key.ptr) continue;
            for (int k = 0; k < 3; k++) {
                if (strcmp(e->block.ptr, vertex_blocks[k]) != 0) continue;
                double x, y;
                if (drawn_point(od, pose, vertex_blocks[k], e->key.ptr, e->key.len, &x, &y) ||
                    drawn_point(cd, pose, vertex_blocks[k], e->key.ptr, e->key.len, &x, &y)) {
                    bool seen = false;
                    for (size_t m = 0; m < mark_count && !seen; m++) seen = marks[2 * m] == x && marks[2 * m + 1] == y;
                    if (!seen) marks[2 * mark_count] = x, marks[2 * mark_count + 1] = y, mark_count++;
                }
            }
        }
        struct picture_spec spec = {
            .title = c->name, .subtitle = subtitle, .oracle = &so, .core = &sc, .differs = differs,
            .worst = worst, .worst_field = field, .worst_ulp = ulp, .worst_oracle = ov, .worst_core = cv,
            .worst_path = path, .oracle_drawn = has_drawn ? &dro : NULL, .core_drawn = has_drawn_core ? &drc : NULL,
            .marks = marks, .mark_count = mark_count,
        };
        struct rpicture *p = &c->pictures[c->picture_count];
        p->pose = pose;
        p->file = str_fmt("pictures/%s-pose%ld.png", c->id, pose);
        char *full = str_fmt("%s/%s", opt->out_dir, p->file);
        struct picture_facts facts;
        char msg[300];
        if (picture_write(full, &spec, &facts, msg, sizeof msg)) {
            if (worst >= 0)
                p->caption = str_fmt("pose %ld (%s, time %s): worst bone %s, field %s, ulp %s", pose, anim, time,
                                     path ? path : "?", field ? field : "-", ulp);
            else
                p->caption = str_fmt("pose %ld (%s, time %s): no bone differs", pose, anim, time);
            for (size_t b = 0; b < so.count; b++) p->bones_differing += differs && differs[b];
            p->bones_marked = facts.bones_marked;
            p->bones_not_drawn = facts.bones_not_drawn;
            p->inset_point = str_dup(facts.inset_point);
            p->inset_offset = facts.inset_offset;
            c->picture_count++;
        } else {
            fprintf(stderr, "posereport: %s\n", msg);
            free(p->file);
            p->file = NULL;
        }
        free(full);
        free(subtitle);
        free(anim);
        free(field);
        free(path);
        free(ov);
        free(cv);
        free(differs);
        free(marks);
        if (has_drawn) drawn_free(&dro);
        if (has_drawn_core) drawn_free(&drc);
        skel_free(&so);
        skel_free(&sc);
    }
    free(fp);
    skel_free(&data);
}

void picture_groups_free(struct picture_groups *g)
{
    for (size_t i = 0; i < g->count; i++) free(g->keys[i]);
    free(g->keys);
    free(g->cases);
    memset(g, 0, sizeof *g);
}

/* Whether the case is among the first opt->group_cases of its group (counting it when it is). */
static bool first_of_group(const struct rcase *c, const struct eval_options *opt)
{
    struct picture_groups *g = opt->groups;
    if (!g || opt->group_cases == 0 || !c->has_first) return true;
    char *key = str_fmt("%zu\t%s\t%s", c->source, c->first.block ? c->first.block : "-",
                        c->first.field ? c->first.field : c->first.kind);
    if (!key) return true;
    for (size_t i = 0; i < g->count; i++)
        if (strcmp(g->keys[i], key) == 0) {
            free(key);
            return g->cases[i]++ < opt->group_cases;
        }
    if (g->count == g->capacity) {
        size_t cap = g->capacity ? 2 * g->capacity : 32;
        char **k = realloc(g->keys, cap * sizeof *k);
        if (k) g->keys = k;
        size_t *n = realloc(g->cases, cap * sizeof *n);
        if (n) g->cases = n;
        if (!k || !n) {
            free(key);
            return true;
        }
        g->capacity = cap;
    }
    g->keys[g->count] = key;
    g->cases[g->count++] = 1;
    return true;
}

/* Copies the case, its options and both dumps beside the report, for its links. */
static void keep_files(struct rcase *c, const struct case_input *in, const char *diff_text,
                       const struct eval_options *opt)
{
    char *dir = str_fmt("%s/cases/%s", opt->out_dir, c->id);
    if (!dir_make(dir)) {
        free(dir);
        return;
    }
    const char *base = strrchr(in->case_path, '/');
    base = base ? base + 1 : in->case_path;
    char *to = str_fmt("%s/%s", dir, base);
    if (file_copy(in->case_path, to)) c->case_link = str_fmt("cases/%s/%s", c->id, base);
    free(to);
    if (in->args) {
        to = str_fmt("%s/options.args", dir);
        char *line = str_fmt("%s\n", in->args);
        file_write(to, line, strlen(line));
        free(line);
        free(to);
    }
    if (in->oracle_dump) {
        to = str_fmt("%s/oracle.dump", dir);
        if (file_copy(in->oracle_dump, to)) c->oracle_link = str_fmt("cases/%s/oracle.dump", c->id);
        free(to);
    }
    if (in->core_dump && file_exists(in->core_dump)) {
        to = str_fmt("%s/core.dump", dir);
        if (file_copy(in->core_dump, to)) c->core_link = str_fmt("cases/%s/core.dump", c->id);
        free(to);
    }
    if (diff_text) {
        to = str_fmt("%s/diff.txt", dir);
        if (file_write(to, diff_text, strlen(diff_text))) c->diff_link = str_fmt("cases/%s/diff.txt", c->id);
        free(to);
    }
    free(dir);
}

/* Compares the two dumps into c: passed, unsupported (with the first declaration as the reason) or, on
 * a difference, failed with everything the page shows. Returns false when the dumps cannot be compared
 * (c->reason says why). */
static bool compare(struct report *r, struct rcase *c, const struct case_input *in, const struct eval_options *opt)
{
    struct dump od, cd;
    struct dump_error err;
    memset(&od, 0, sizeof od);
    memset(&cd, 0, sizeof cd);
    bool ok = false;
    if (!dump_read_file(in->oracle_dump, &od, &err) || !dump_read_file(in->core_dump, &cd, &err)) {
        c->reason = str_fmt("unreadable dump: %s", err.message);
        keep_files(c, in, NULL, opt);
        goto done;
    }
    struct diff_report d;
    diff_report_init(&d, 20);
    if (!dumpdiff_run(&od, &cd, &d)) {
        c->reason = str_dup("out of memory comparing the dumps");
        diff_report_free(&d);
        goto done;
    }
    ok = c->compared = true;
    c->poses_compared = d.poses_compared;
    add_block_counts(r, &d);
    if (d.verdict == DIFF_IDENTICAL) {
        c->verdict = VERDICT_PASSED;
    } else if (d.verdict == DIFF_IDENTICAL_BUT_UNSUPPORTED) {
        c->verdict = VERDICT_UNSUPPORTED;
        if (d.note_count) {
            const struct diff_unsupported_note *n = &d.notes[0];
            c->reason = str_fmt("unsupported by %s: %s: %s; identical in the %zu poses compared",
                                n->by_core ? "core" : "oracle", n->decl->block.ptr, n->decl->reason.ptr,
                                d.poses_compared);
        } else {
            c->reason = str_dup("identical in all compared, something unsupported");
        }
    } else {
        c->verdict = VERDICT_FAILED;
        struct print_args pa = { &od, &cd, &d };
        char *text = memstream_text(print_diff, &pa);
        c->diff_head = head_lines(text, DIFF_HEAD_LINES);
        c->differences = d.difference_count;
        if (d.entry_count) {
            c->has_first = true;
            fill_rdiff(&c->first, &d.entries[0]);
            struct skel data;
            if (skel_build(&od, -1, &data)) {
                long b = entry_bone(&od, &data, &d.entries[0]);
                if (b >= 0) c->first_path = skel_path(&data, b);
                skel_free(&data);
            }
            report_block(r, c->first.block ? c->first.block : "-")->cases_first++;
        }
        bool drawn = first_of_group(c, opt);
        c->drawn_elsewhere = !drawn;
        if (drawn) keep_files(c, in, text, opt); /* the others: listed, nothing copied */
        free(text);
        struct diff_report all;
        diff_report_init(&all, MAX_ENTRIES);
        if (dumpdiff_run(&od, &cd, &all)) {
            add_histogram(r, &all);
            if (drawn) draw_pictures(c, &od, &cd, &all, opt);
        }
        diff_report_free(&all);
    }
    diff_report_free(&d);
done:
    dump_free(&od);
    dump_free(&cd);
    return ok;
}

bool dump_is_complete(const char *path)
{
    size_t len = 0;
    char *text = path ? file_read(path, &len) : NULL;
    bool ok = false;
    if (text && len > 1 && text[len - 1] == '\n') {
        text[len - 1] = '\0';
        const char *last = strrchr(text, '\n');
        ok = strncmp(last ? last + 1 : text, "end\t", 4) == 0;
    }
    free(text);
    return ok;
}

void evaluate_case(struct report *r, const struct case_input *in, const struct eval_options *opt)
{
    struct rcase *c = report_add_case(r, in->source);
    c->name = str_dup(in->name);
    c->id = safe_id(r->case_count, in->name);
    c->args = str_dup(in->args);
    c->verdict = VERDICT_FAILED;

    if (in->failure) {
        c->reason = str_dup(in->failure);
        keep_files(c, in, NULL, opt);
    } else if (in->refusal) {
        /* spine-core refuses the document: the core must refuse it too. */
        if (in->core_status == 2) {
            c->verdict = VERDICT_PASSED;
        } else {
            c->reason = str_fmt("spine-core refuses it (%s) but the core exits %d", in->refusal, in->core_status);
            keep_files(c, in, NULL, opt);
        }
    } else if (in->core_status == 3) {
        /* What an unsupported dump does hold (the data rows of a document with constraints) is compared
         * when it is whole: a difference there fails. */
        if (in->oracle_dump && dump_is_complete(in->core_dump) && compare(r, c, in, opt) &&
            c->verdict == VERDICT_FAILED) {
            /* failed, with its differences */
        } else {
            char *m = core_message(in);
            free(c->reason);
            c->verdict = VERDICT_UNSUPPORTED;
            c->reason = str_fmt("the core does not pose it yet: %s", m);
            free(m);
        }
    } else if (!in->oracle_dump && in->oracle_unsupported) {
        c->verdict = VERDICT_UNSUPPORTED;
        c->reason = str_fmt("the oracle cannot spell it: %s", in->oracle_message ? in->oracle_message : "-");
    } else if (!in->oracle_dump) {
        c->reason = str_fmt("%s", in->oracle_message ? in->oracle_message : "the oracle gave no dump");
        keep_files(c, in, NULL, opt);
    } else if (in->core_status != 0) {
        char *m = core_message(in);
        c->reason = in->core_status == 2 ? str_fmt("the core refused it: %s", m)
                                         : str_fmt("the core failed (exit %d): %s", in->core_status, m);
        free(m);
        keep_files(c, in, NULL, opt);
    } else {
        compare(r, c, in, opt);
    }
    report_count(r, c);
}
