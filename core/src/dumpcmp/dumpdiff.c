/* Comparing two read dumps (see dumpdiff.h). The differ walks the data rows, then each pose both sides
 * have, section by section; within a section it first settles which blocks are compared at all (the
 * ones both sides wrote and neither declared unsupported), then matches rows by (block, key). */
#include "dumpdiff.h"
#include "js/numtext.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct differ {
    const struct dump *o, *c;
    struct diff_report *r;
    long *omap, *cmap;     /* block of one side -> block of the same name on the other, or -1 */
    size_t *ostat, *cstat; /* block -> index in r->blocks */
    size_t pose_stat;      /* index of the pseudo block `pose` in r->blocks */
    long *ofield;          /* oracle field (index into o->field_names) -> position in the core's block, or -1 */
    bool *cfield_matched;  /* core field (index into c->field_names) -> some oracle field has its name */
    bool *cblock_extra;    /* core block -> has fields the oracle's block lacks */
    size_t *ocount, *ccount; /* rows per block in the current section */
    bool *oskip, *cskip;     /* blocks not walked in the current section */
    uint32_t *table;         /* fallback matching: core row index + 1, 0 = empty */
    size_t table_size;
    bool *cmatched; /* fallback matching: core rows already matched */
    bool out_of_memory;
};

static bool text_equal(struct dump_text a, struct dump_text b)
{
    return a.len == b.len && memcmp(a.ptr, b.ptr, a.len) == 0;
}

static bool values_equal(const struct dump_value *a, const struct dump_value *b)
{
    if (a->type != b->type) return false;
    switch (a->type) {
    case DUMP_NUMBER:
        if (isnan(a->number) && isnan(b->number)) return true;
        return numtext_bits(a->number) == numtext_bits(b->number);
    case DUMP_STRING: return text_equal(a->string, b->string);
    case DUMP_BOOL: return a->boolean == b->boolean;
    case DUMP_NULL: return true;
    }
    return false;
}

/* ---- the report ---- */

void diff_report_init(struct diff_report *r, size_t max_entries)
{
    memset(r, 0, sizeof *r);
    r->max_entries = max_entries;
}

void diff_report_free(struct diff_report *r)
{
    size_t max = r->max_entries;
    free(r->entries);
    free(r->blocks);
    free(r->notes);
    diff_report_init(r, max);
}

/* A new difference: counted always, kept (and returned, zeroed) while fewer than max_entries are. */
static struct diff_entry *difference(struct differ *df, enum diff_kind kind, long pose, struct dump_text block,
                                     struct dump_text key)
{
    struct diff_report *r = df->r;
    r->difference_count++;
    if (r->entry_count >= r->max_entries) return NULL;
    if (r->entry_count == r->entry_capacity) {
        size_t want = r->entry_capacity ? r->entry_capacity * 2 : 16;
        if (want > r->max_entries) want = r->max_entries;
        struct diff_entry *grown = realloc(r->entries, want * sizeof *grown);
        if (!grown) { df->out_of_memory = true; return NULL; }
        r->entries = grown;
        r->entry_capacity = want;
    }
    struct diff_entry *e = &r->entries[r->entry_count++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->pose = pose;
    e->block = block;
    e->key = key;
    return e;
}

static void value_difference(struct differ *df, enum diff_kind kind, long pose, struct dump_text block,
                             struct dump_text key, struct dump_text field, const struct dump_value *ov,
                             const struct dump_value *cv)
{
    struct diff_entry *e = difference(df, kind, pose, block, key);
    if (!e) return;
    e->field = field;
    if (ov) e->has_oracle = true, e->oracle = *ov;
    if (cv) e->has_core = true, e->core = *cv;
    if (ov && cv && ov->type == DUMP_NUMBER && cv->type == DUMP_NUMBER)
        e->ulp = numtext_ulp_distance(ov->number, cv->number);
}

/* ---- declarations ---- */

/* The declaration of d that keeps block name out of section pose (-1: the data rows), or NULL. */
static const struct dump_unsupported *declared(const struct dump *d, struct dump_text name, long pose)
{
    for (size_t i = 0; i < d->global_unsupported_count; i++)
        if (text_equal(d->unsupported[i].block, name)) return &d->unsupported[i];
    if (pose >= 0 && (size_t)pose < d->pose_count) {
        const struct dump_pose *p = &d->poses[pose];
        for (size_t i = p->first_unsupported; i < p->first_unsupported + p->unsupported_count; i++)
            if (text_equal(d->unsupported[i].block, name)) return &d->unsupported[i];
    }
    return NULL;
}

/* The declaration of either side keeping name out of the section (the core's first), as a note. */
static struct diff_unsupported_note *skipping_note(struct differ *df, struct dump_text name, long pose)
{
    const struct dump_unsupported *u = declared(df->c, name, pose);
    if (u) return &df->r->notes[df->o->unsupported_count + (size_t)(u - df->c->unsupported)];
    u = declared(df->o, name, pose);
    if (u) return &df->r->notes[(size_t)(u - df->o->unsupported)];
    return NULL;
}

/* The `unsupported pose` declaration of d (anywhere), or NULL. */
static struct diff_unsupported_note *pose_note(struct differ *df, bool core)
{
    const struct dump *d = core ? df->c : df->o;
    for (size_t i = 0; i < d->unsupported_count; i++)
        if (d->unsupported[i].block.len == 4 && memcmp(d->unsupported[i].block.ptr, "pose", 4) == 0)
            return &df->r->notes[(core ? df->o->unsupported_count : 0) + i];
    return NULL;
}

/* ---- setup ---- */

static void *zalloc(struct differ *df, size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) df->out_of_memory = true;
    return p;
}

static size_t add_stats(struct diff_report *r, struct dump_text name)
{
    for (size_t i = 0; i < r->block_count; i++)
        if (text_equal(r->blocks[i].name, name)) return i;
    memset(&r->blocks[r->block_count], 0, sizeof r->blocks[0]);
    r->blocks[r->block_count].name = name;
    return r->block_count++;
}

/* Marks which blocks of d appear among its data rows. */
static bool *data_blocks(struct differ *df, const struct dump *d)
{
    bool *is_data = zalloc(df, d->block_count, sizeof *is_data);
    if (is_data)
        for (size_t i = 0; i < d->data_row_count; i++) is_data[d->rows[i].block] = true;
    return is_data;
}

static bool setup(struct differ *df)
{
    const struct dump *o = df->o, *c = df->c;
    struct diff_report *r = df->r;
    df->omap = zalloc(df, o->block_count, sizeof *df->omap);
    df->cmap = zalloc(df, c->block_count, sizeof *df->cmap);
    df->ostat = zalloc(df, o->block_count, sizeof *df->ostat);
    df->cstat = zalloc(df, c->block_count, sizeof *df->cstat);
    df->ofield = zalloc(df, o->field_name_count, sizeof *df->ofield);
    df->cfield_matched = zalloc(df, c->field_name_count, sizeof *df->cfield_matched);
    df->cblock_extra = zalloc(df, c->block_count, sizeof *df->cblock_extra);
    df->ocount = zalloc(df, o->block_count, sizeof *df->ocount);
    df->ccount = zalloc(df, c->block_count, sizeof *df->ccount);
    df->oskip = zalloc(df, o->block_count, sizeof *df->oskip);
    df->cskip = zalloc(df, c->block_count, sizeof *df->cskip);
    df->cmatched = zalloc(df, c->row_count, sizeof *df->cmatched);
    r->blocks = zalloc(df, o->block_count + c->block_count + 1, sizeof *r->blocks);
    r->notes = zalloc(df, o->unsupported_count + c->unsupported_count, sizeof *r->notes);
    bool *odata = data_blocks(df, o), *cdata = data_blocks(df, c);
    if (df->out_of_memory) {
        free(odata);
        free(cdata);
        return false;
    }

    for (size_t i = 0; i < c->block_count; i++) df->cmap[i] = -1;
    for (size_t i = 0; i < o->block_count; i++) {
        df->omap[i] = dump_find_block(c, o->blocks[i].name.ptr, o->blocks[i].name.len);
        if (df->omap[i] >= 0) df->cmap[df->omap[i]] = (long)i;
    }

    /* the block list: data blocks, then `pose`, then pose blocks; the oracle's, then the core's own */
    for (int data = 1; data >= 0; data--) {
        for (size_t i = 0; i < o->block_count; i++)
            if (odata[i] == data) df->ostat[i] = add_stats(r, o->blocks[i].name);
        for (size_t i = 0; i < c->block_count; i++)
            if (cdata[i] == data) df->cstat[i] = add_stats(r, c->blocks[i].name);
        if (data) df->pose_stat = add_stats(r, (struct dump_text){"pose", 4});
    }
    free(odata);
    free(cdata);

    /* fields by name, for every block both sides have */
    for (size_t ob = 0; ob < o->block_count; ob++) {
        const struct dump_block *obk = &o->blocks[ob];
        for (size_t k = 0; k < obk->field_count; k++) df->ofield[obk->first_field + k] = -1;
        if (df->omap[ob] < 0) continue;
        const struct dump_block *cbk = &c->blocks[df->omap[ob]];
        for (size_t k = 0; k < obk->field_count; k++) {
            struct dump_text name = o->field_names[obk->first_field + k];
            if (k < cbk->field_count && text_equal(c->field_names[cbk->first_field + k], name)) {
                df->ofield[obk->first_field + k] = (long)k;
                df->cfield_matched[cbk->first_field + k] = true;
                continue;
            }
            for (size_t j = 0; j < cbk->field_count; j++)
                if (text_equal(c->field_names[cbk->first_field + j], name)) {
                    df->ofield[obk->first_field + k] = (long)j;
                    df->cfield_matched[cbk->first_field + j] = true;
                    break;
                }
        }
    }
    for (size_t cb = 0; cb < c->block_count; cb++) {
        const struct dump_block *cbk = &c->blocks[cb];
        for (size_t j = 0; j < cbk->field_count; j++)
            if (!df->cfield_matched[cbk->first_field + j]) df->cblock_extra[cb] = true;
    }

    for (size_t i = 0; i < o->unsupported_count; i++) r->notes[r->note_count++].decl = &o->unsupported[i];
    for (size_t i = 0; i < c->unsupported_count; i++) {
        r->notes[r->note_count].by_core = true;
        r->notes[r->note_count++].decl = &c->unsupported[i];
    }
    return true;
}

static void teardown(struct differ *df)
{
    free(df->omap);
    free(df->cmap);
    free(df->ostat);
    free(df->cstat);
    free(df->ofield);
    free(df->cfield_matched);
    free(df->cblock_extra);
    free(df->ocount);
    free(df->ccount);
    free(df->oskip);
    free(df->cskip);
    free(df->table);
    free(df->cmatched);
}

/* ---- rows ---- */

static void compare_rows(struct differ *df, long pose, const struct dump_row *orow, const struct dump_row *crow)
{
    const struct dump *o = df->o, *c = df->c;
    const struct dump_block *obk = &o->blocks[orow->block], *cbk = &c->blocks[crow->block];
    struct diff_block_stats *st = &df->r->blocks[df->ostat[orow->block]];
    const struct dump_value *ov = &o->values[orow->first_value], *cv = &c->values[crow->first_value];
    const long *map = &df->ofield[obk->first_field];
    st->rows_compared++;
    for (size_t k = 0; k < obk->field_count; k++) {
        long j = map[k];
        if (j < 0) {
            st->fields_differing++;
            value_difference(df, DIFF_FIELD_MISSING, pose, obk->name, orow->key, o->field_names[obk->first_field + k],
                             &ov[k], NULL);
            continue;
        }
        st->fields_compared++;
        if (!values_equal(&ov[k], &cv[j])) {
            st->fields_differing++;
            value_difference(df, DIFF_VALUE, pose, obk->name, orow->key, o->field_names[obk->first_field + k],
                             &ov[k], &cv[j]);
        }
    }
    if (df->cblock_extra[crow->block])
        for (size_t j = 0; j < cbk->field_count; j++)
            if (!df->cfield_matched[cbk->first_field + j]) {
                st->fields_differing++;
                value_difference(df, DIFF_FIELD_EXTRA, pose, obk->name, orow->key,
                                 c->field_names[cbk->first_field + j], NULL, &cv[j]);
            }
}

static uint64_t hash_key(size_t block, const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)block * 0x9E3779B97F4A7C15ULL;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h ^ h >> 29;
}

/* Rows the in-order walk could not pair: matched through a hash of the core's remaining rows. */
static void match_by_key(struct differ *df, long pose, size_t i, size_t o1, size_t j, size_t c1)
{
    const struct dump *o = df->o, *c = df->c;
    size_t size = 16;
    while (size < 2 * (c1 - j)) size <<= 1;
    if (size > df->table_size) {
        free(df->table);
        df->table = malloc(size * sizeof *df->table);
        df->table_size = df->table ? size : 0;
        if (!df->table) { df->out_of_memory = true; return; }
    }
    size_t mask = size - 1;
    memset(df->table, 0, size * sizeof *df->table);
    for (size_t jj = j; jj < c1; jj++) {
        const struct dump_row *row = &c->rows[jj];
        df->cmatched[jj] = false;
        if (df->cskip[row->block]) continue;
        size_t h = (size_t)hash_key(row->block, row->key.ptr, row->key.len) & mask;
        while (df->table[h]) h = (h + 1) & mask;
        df->table[h] = (uint32_t)(jj + 1);
    }
    for (; i < o1; i++) {
        const struct dump_row *orow = &o->rows[i];
        if (df->oskip[orow->block]) continue;
        size_t cb = (size_t)df->omap[orow->block]; /* not skipped: the core has the block */
        size_t h = (size_t)hash_key(cb, orow->key.ptr, orow->key.len) & mask;
        const struct dump_row *crow = NULL;
        for (; df->table[h]; h = (h + 1) & mask) {
            const struct dump_row *cand = &c->rows[df->table[h] - 1];
            if (cand->block == cb && text_equal(cand->key, orow->key)) {
                crow = cand;
                df->cmatched[df->table[h] - 1] = true;
                break;
            }
        }
        if (crow) {
            compare_rows(df, pose, orow, crow);
        } else {
            df->r->blocks[df->ostat[orow->block]].rows_missing++;
            difference(df, DIFF_ROW_MISSING, pose, o->blocks[orow->block].name, orow->key);
        }
    }
    for (; j < c1; j++) {
        const struct dump_row *crow = &c->rows[j];
        if (df->cskip[crow->block] || df->cmatched[j]) continue;
        df->r->blocks[df->cstat[crow->block]].rows_extra++;
        difference(df, DIFF_ROW_EXTRA, pose, c->blocks[crow->block].name, crow->key);
    }
}

/* One section: the data rows (pose -1) or one pose's rows, o->rows[o0, o1) against c->rows[c0, c1). */
static void compare_section(struct differ *df, long pose, size_t o0, size_t o1, size_t c0, size_t c1)
{
    const struct dump *o = df->o, *c = df->c;
    struct diff_report *r = df->r;
    memset(df->ocount, 0, o->block_count * sizeof *df->ocount);
    memset(df->ccount, 0, c->block_count * sizeof *df->ccount);
    memset(df->oskip, 0, o->block_count * sizeof *df->oskip);
    memset(df->cskip, 0, c->block_count * sizeof *df->cskip);
    for (size_t i = o0; i < o1; i++) df->ocount[o->rows[i].block]++;
    for (size_t j = c0; j < c1; j++) df->ccount[c->rows[j].block]++;

    /* which blocks are walked: unsupported ones and one-sided ones are settled here as a whole */
    for (size_t ob = 0; ob < o->block_count; ob++) {
        if (!df->ocount[ob]) continue;
        long cb = df->omap[ob];
        size_t other = cb >= 0 ? df->ccount[cb] : 0;
        struct diff_unsupported_note *note = skipping_note(df, o->blocks[ob].name, pose);
        df->oskip[ob] = note || !other;
        if (cb >= 0) df->cskip[cb] = df->oskip[ob];
        if (note) {
            size_t n = df->ocount[ob] > other ? df->ocount[ob] : other;
            note->rows_skipped += n;
            r->blocks[df->ostat[ob]].rows_unsupported += n;
        } else if (!other) {
            r->blocks[df->ostat[ob]].rows_missing += df->ocount[ob];
            struct diff_entry *e = difference(df, DIFF_BLOCK_MISSING, pose, o->blocks[ob].name, (struct dump_text){0});
            if (e) e->rows = df->ocount[ob];
        }
    }
    for (size_t cb = 0; cb < c->block_count; cb++) {
        long ob = df->cmap[cb];
        if (!df->ccount[cb] || (ob >= 0 && df->ocount[ob])) continue; /* settled above */
        df->cskip[cb] = true;
        struct diff_unsupported_note *note = skipping_note(df, c->blocks[cb].name, pose);
        if (note) {
            note->rows_skipped += df->ccount[cb];
            r->blocks[df->cstat[cb]].rows_unsupported += df->ccount[cb];
        } else {
            r->blocks[df->cstat[cb]].rows_extra += df->ccount[cb];
            struct diff_entry *e = difference(df, DIFF_BLOCK_EXTRA, pose, c->blocks[cb].name, (struct dump_text){0});
            if (e) e->rows = df->ccount[cb];
        }
    }

    /* rows in order while both sides agree on it */
    size_t i = o0, j = c0;
    for (;;) {
        while (i < o1 && df->oskip[o->rows[i].block]) i++;
        while (j < c1 && df->cskip[c->rows[j].block]) j++;
        if (i == o1 || j == c1) break;
        const struct dump_row *orow = &o->rows[i], *crow = &c->rows[j];
        if (df->omap[orow->block] != (long)crow->block || !text_equal(orow->key, crow->key)) break;
        compare_rows(df, pose, orow, crow);
        i++, j++;
    }
    if (i < o1 || j < c1) match_by_key(df, pose, i, o1, j, c1);
}

/* ---- poses ---- */

static void compare_pose_lines(struct differ *df, long pose)
{
    const struct dump_pose *op = &df->o->poses[pose], *cp = &df->c->poses[pose];
    struct diff_block_stats *st = &df->r->blocks[df->pose_stat];
    struct dump_text block = {"pose", 4};
    struct dump_value ot = {.type = DUMP_NUMBER, .number = op->time}, ct = {.type = DUMP_NUMBER, .number = cp->time};
    st->rows_compared++;
    st->fields_compared += 2;
    if (!values_equal(&op->animation, &cp->animation)) {
        st->fields_differing++;
        value_difference(df, DIFF_VALUE, pose, block, (struct dump_text){0}, (struct dump_text){"animation", 9},
                         &op->animation, &cp->animation);
    }
    if (!values_equal(&ot, &ct)) {
        st->fields_differing++;
        value_difference(df, DIFF_VALUE, pose, block, (struct dump_text){0}, (struct dump_text){"time", 4}, &ot, &ct);
    }
}

/* Poses [from, to) of one side that the other lacks: unsupported if the other declared `unsupported
 * pose`, else differences. */
static void one_sided_poses(struct differ *df, bool core_has_them, size_t from, size_t to)
{
    const struct dump *d = core_has_them ? df->c : df->o;
    const size_t *stat = core_has_them ? df->cstat : df->ostat;
    struct diff_report *r = df->r;
    struct diff_unsupported_note *note = pose_note(df, !core_has_them);
    for (size_t p = from; p < to; p++) {
        const struct dump_pose *pose = &d->poses[p];
        if (note) {
            note->poses_skipped++;
            note->rows_skipped += pose->row_count;
            r->poses_unsupported++;
            r->blocks[df->pose_stat].rows_unsupported++;
            for (size_t i = pose->first_row; i < pose->first_row + pose->row_count; i++)
                r->blocks[stat[d->rows[i].block]].rows_unsupported++;
        } else {
            struct diff_entry *e = difference(df, core_has_them ? DIFF_POSE_EXTRA : DIFF_POSE_MISSING, (long)p,
                                              (struct dump_text){"pose", 4}, (struct dump_text){0});
            if (e) {
                e->rows = pose->row_count;
                e->time = pose->time;
                if (core_has_them) e->has_core = true, e->core = pose->animation;
                else e->has_oracle = true, e->oracle = pose->animation;
            }
            if (core_has_them) r->blocks[df->pose_stat].rows_extra++;
            else r->blocks[df->pose_stat].rows_missing++;
            for (size_t i = pose->first_row; i < pose->first_row + pose->row_count; i++) {
                if (core_has_them) r->blocks[stat[d->rows[i].block]].rows_extra++;
                else r->blocks[stat[d->rows[i].block]].rows_missing++;
            }
        }
    }
}

bool dumpdiff_run(const struct dump *oracle, const struct dump *core, struct diff_report *r)
{
    diff_report_free(r);
    struct differ df = {0};
    df.o = oracle;
    df.c = core;
    df.r = r;
    if (!setup(&df)) {
        teardown(&df);
        return false;
    }

    compare_section(&df, -1, 0, oracle->data_row_count, 0, core->data_row_count);
    size_t both = oracle->pose_count < core->pose_count ? oracle->pose_count : core->pose_count;
    for (size_t p = 0; p < both && !df.out_of_memory; p++) {
        const struct dump_pose *op = &oracle->poses[p], *cp = &core->poses[p];
        compare_pose_lines(&df, (long)p);
        compare_section(&df, (long)p, op->first_row, op->first_row + op->row_count, cp->first_row,
                        cp->first_row + cp->row_count);
        r->poses_compared++;
    }
    one_sided_poses(&df, false, both, oracle->pose_count);
    one_sided_poses(&df, true, both, core->pose_count);

    for (size_t i = 0; i < r->block_count; i++) {
        const struct diff_block_stats *st = &r->blocks[i];
        if (i != df.pose_stat) {
            r->rows_compared += st->rows_compared;
            r->rows_unsupported += st->rows_unsupported;
        }
        r->fields_compared += st->fields_compared;
        r->fields_differing += st->fields_differing;
    }
    if (r->difference_count) r->verdict = DIFF_DIFFERENT;
    else if (r->note_count) r->verdict = DIFF_IDENTICAL_BUT_UNSUPPORTED;
    else r->verdict = DIFF_IDENTICAL;
    bool ok = !df.out_of_memory;
    teardown(&df);
    return ok;
}

int dumpdiff_exit_code(const struct diff_report *r)
{
    switch (r->verdict) {
    case DIFF_IDENTICAL: return 0;
    case DIFF_DIFFERENT: return 1;
    case DIFF_IDENTICAL_BUT_UNSUPPORTED: return 3;
    }
    return 1;
}

const char *dumpdiff_verdict_name(enum diff_verdict v)
{
    switch (v) {
    case DIFF_IDENTICAL: return "identical";
    case DIFF_DIFFERENT: return "different";
    case DIFF_IDENTICAL_BUT_UNSUPPORTED: return "identical-but-unsupported";
    }
    return "?";
}

/* ---- printing ---- */

static void print_string(FILE *out, struct dump_text s)
{
    fputc('"', out);
    for (size_t i = 0; i < s.len; i++) {
        unsigned char ch = (unsigned char)s.ptr[i];
        switch (ch) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\t': fputs("\\t", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        default:
            if (ch < 0x20) fprintf(out, "\\u%04x", ch);
            else fputc(ch, out);
        }
    }
    fputc('"', out);
}

void dumpdiff_print_value(FILE *out, const struct dump_value *v)
{
    char buf[NUMTEXT_MAX];
    switch (v->type) {
    case DUMP_NULL: fputs("null", out); break;
    case DUMP_BOOL: fputs(v->boolean ? "true" : "false", out); break;
    case DUMP_STRING: print_string(out, v->string); break;
    case DUMP_NUMBER:
        numtext_format(v->number, buf);
        fprintf(out, "%s (0x%016" PRIx64 ")", buf, numtext_bits(v->number));
        break;
    }
}

static void print_animation_and_time(FILE *out, const struct dump_value *animation, double time)
{
    char buf[NUMTEXT_MAX];
    if (animation->type == DUMP_STRING) print_string(out, animation->string);
    else fputs("null", out);
    numtext_format(time, buf);
    fprintf(out, ", time %s", buf);
}

static void print_where(FILE *out, const struct diff_entry *e)
{
    if (e->pose < 0) fputs("pose data", out);
    else fprintf(out, "pose %ld", e->pose);
}

void dumpdiff_print_entry(FILE *out, const struct diff_entry *e)
{
    print_where(out, e);
    switch (e->kind) {
    case DIFF_POSE_MISSING:
    case DIFF_POSE_EXTRA:
        fprintf(out, ": pose %s in core (animation ", e->kind == DIFF_POSE_MISSING ? "missing" : "extra");
        print_animation_and_time(out, e->kind == DIFF_POSE_MISSING ? &e->oracle : &e->core, e->time);
        fprintf(out, ", %zu rows)\n", e->rows);
        return;
    case DIFF_BLOCK_MISSING:
    case DIFF_BLOCK_EXTRA:
        fprintf(out, " block %s: block %s in core (%zu rows), not declared unsupported\n", e->block.ptr,
                e->kind == DIFF_BLOCK_MISSING ? "missing" : "extra", e->rows);
        return;
    default: break;
    }
    fprintf(out, " block %s row ", e->block.ptr);
    if (e->key.ptr) print_string(out, e->key);
    else fprintf(out, "\"%ld\"", e->pose);
    if (e->kind == DIFF_ROW_MISSING || e->kind == DIFF_ROW_EXTRA) {
        fprintf(out, ": row %s in core\n", e->kind == DIFF_ROW_MISSING ? "missing" : "extra");
        return;
    }
    fprintf(out, " field %s: oracle ", e->field.ptr);
    if (e->has_oracle) dumpdiff_print_value(out, &e->oracle);
    else fputs("absent", out);
    fputs(" core ", out);
    if (e->has_core) dumpdiff_print_value(out, &e->core);
    else fputs("absent", out);
    if (e->has_oracle && e->has_core && e->oracle.type == DUMP_NUMBER && e->core.type == DUMP_NUMBER) {
        if (e->ulp == UINT64_MAX) fputs(" ulp NaN", out);
        else fprintf(out, " ulp %" PRIu64, e->ulp);
    }
    fputc('\n', out);
}

void dumpdiff_print_summary(FILE *out, const struct diff_report *r)
{
    fprintf(out,
            "summary: %s: %zu differences, %zu poses compared, %zu rows compared, %zu fields compared, "
            "%zu fields differ, %zu rows unsupported, %zu poses unsupported\n",
            dumpdiff_verdict_name(r->verdict), r->difference_count, r->poses_compared, r->rows_compared,
            r->fields_compared, r->fields_differing, r->rows_unsupported, r->poses_unsupported);
}

/* One line: "SIDE PATH: KEY=VALUE ..." */
static void print_metas(FILE *out, const char *side, const struct dump *d)
{
    fprintf(out, "%s %s:", side, d->path ? d->path : "?");
    for (size_t i = 0; i < d->meta_count; i++) {
        struct dump_text key = d->metas[i].key;
        bool bare = key.len > 0;
        for (size_t k = 0; k < key.len; k++)
            if (!((key.ptr[k] >= 'a' && key.ptr[k] <= 'z') || (key.ptr[k] >= '0' && key.ptr[k] <= '9'))) bare = false;
        fputc(' ', out);
        if (bare) fputs(key.ptr, out);
        else print_string(out, key);
        fputc('=', out);
        print_string(out, d->metas[i].value);
    }
    fputc('\n', out);
}

void dumpdiff_print(FILE *out, const struct dump *oracle, const struct dump *core, const struct diff_report *r,
                    bool quiet)
{
    if (!quiet) {
        for (size_t i = 0; i < r->entry_count; i++) dumpdiff_print_entry(out, &r->entries[i]);
        if (r->difference_count > r->entry_count)
            fprintf(out, "... %zu more differences not shown\n", r->difference_count - r->entry_count);
        if (r->verdict == DIFF_DIFFERENT) {
            print_metas(out, "oracle", oracle);
            print_metas(out, "core", core);
        }
        for (size_t i = 0; i < r->note_count; i++) {
            const struct diff_unsupported_note *n = &r->notes[i];
            const struct dump_unsupported *u = n->decl;
            fprintf(out, "unsupported by %s: ", n->by_core ? "core" : "oracle");
            if (u->block.len == 4 && memcmp(u->block.ptr, "pose", 4) == 0)
                fprintf(out, "poses after the ones written (line %zu): ", u->line);
            else if (u->pose < 0) fprintf(out, "block %s everywhere (line %zu): ", u->block.ptr, u->line);
            else fprintf(out, "block %s in pose %ld (line %zu): ", u->block.ptr, u->pose, u->line);
            print_string(out, u->reason);
            fprintf(out, "; %zu rows and %zu poses not compared\n", n->rows_skipped, n->poses_skipped);
        }
        for (size_t i = 0; i < r->block_count; i++) {
            const struct diff_block_stats *st = &r->blocks[i];
            fprintf(out,
                    "block %s: rows compared %zu, missing in core %zu, extra in core %zu, unsupported %zu; "
                    "fields compared %zu, differing %zu\n",
                    st->name.ptr, st->rows_compared, st->rows_missing, st->rows_extra, st->rows_unsupported,
                    st->fields_compared, st->fields_differing);
        }
    }
    dumpdiff_print_summary(out, r);
}
