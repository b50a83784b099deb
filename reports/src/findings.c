/* Reading differences for triage (findings.h). */
#include "findings.h"
#include "js/numtext.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void value_text(bool present, const struct dump_value *v, char dec[VALUE_TEXT_MAX], char bits[24])
{
    bits[0] = '\0';
    if (!present) {
        snprintf(dec, VALUE_TEXT_MAX, "absent");
        return;
    }
    switch (v->type) {
    case DUMP_NULL: snprintf(dec, VALUE_TEXT_MAX, "null"); break;
    case DUMP_BOOL: snprintf(dec, VALUE_TEXT_MAX, "%s", v->boolean ? "true" : "false"); break;
    case DUMP_NUMBER:
        numtext_format(v->number, dec);
        snprintf(bits, 24, "0x%016" PRIx64, numtext_bits(v->number));
        break;
    case DUMP_STRING: {
        /* Quoted, control characters escaped, cut to fit. */
        size_t at = 0;
        dec[at++] = '"';
        for (size_t i = 0; i < v->string.len && at < VALUE_TEXT_MAX - 8; i++) {
            unsigned char ch = (unsigned char)v->string.ptr[i];
            if (ch == '"' || ch == '\\') {
                dec[at++] = '\\';
                dec[at++] = (char)ch;
            } else if (ch < 0x20 || ch == 0x7f) {
                at += (size_t)snprintf(dec + at, VALUE_TEXT_MAX - at, "\\u%04x", ch);
            } else {
                dec[at++] = (char)ch;
            }
        }
        if (at >= VALUE_TEXT_MAX - 8) at += (size_t)snprintf(dec + at, VALUE_TEXT_MAX - at, "...");
        dec[at++] = '"';
        dec[at] = '\0';
        break;
    }
    }
}

static bool both_numbers(const struct diff_entry *e)
{
    return e->kind == DIFF_VALUE && e->has_oracle && e->has_core && e->oracle.type == DUMP_NUMBER &&
           e->core.type == DUMP_NUMBER;
}

void ulp_text(const struct diff_entry *e, char out[24])
{
    if (!both_numbers(e)) snprintf(out, 24, "-");
    else if (isnan(e->oracle.number) != isnan(e->core.number)) snprintf(out, 24, "NaN");
    else snprintf(out, 24, "%" PRIu64, e->ulp);
}

uint64_t entry_rank(const struct diff_entry *e) { return both_numbers(e) ? e->ulp : UINT64_MAX; }

static bool text_is(const struct dump_text *t, const char *s) { return t->ptr && strcmp(t->ptr, s) == 0; }

long entry_bone(const struct dump *d, const struct skel *s, const struct diff_entry *e)
{
    if (!e->key.ptr) return -1;
    if (text_is(&e->block, "bone") || text_is(&e->block, "data.bone")) return skel_find(s, e->key.ptr, e->key.len);
    if (text_is(&e->block, "slot") || text_is(&e->block, "data.slot"))
        return skel_slot_bone(d, s, e->key.ptr, e->key.len);
    return -1;
}

const char *entry_kind_name(enum diff_kind k)
{
    switch (k) {
    case DIFF_VALUE: return "value";
    case DIFF_FIELD_MISSING: return "field-missing";
    case DIFF_FIELD_EXTRA: return "field-extra";
    case DIFF_ROW_MISSING: return "row-missing";
    case DIFF_ROW_EXTRA: return "row-extra";
    case DIFF_BLOCK_MISSING: return "block-missing";
    case DIFF_BLOCK_EXTRA: return "block-extra";
    case DIFF_POSE_MISSING: return "pose-missing";
    case DIFF_POSE_EXTRA: return "pose-extra";
    }
    return "?";
}

void diff_signature(const struct diff_report *r, char *out, size_t size)
{
    if (!r->entry_count) {
        snprintf(out, size, "%s", dumpdiff_verdict_name(r->verdict));
        return;
    }
    const struct diff_entry *e = &r->entries[0];
    snprintf(out, size, "%s %s %s", entry_kind_name(e->kind), e->block.ptr ? e->block.ptr : "-",
             e->field.ptr ? e->field.ptr : "-");
}

struct failing_pose *failing_poses(const struct diff_report *r, const struct dump *oracle, const struct skel *s,
                                   size_t *count)
{
    *count = 0;
    struct failing_pose *out = malloc((r->entry_count ? r->entry_count : 1) * sizeof *out);
    if (!out) return NULL;
    size_t n = 0;
    for (size_t i = 0; i < r->entry_count; i++) {
        const struct diff_entry *e = &r->entries[i];
        if (n == 0 || out[n - 1].pose != e->pose) {
            out[n].pose = e->pose;
            out[n].first = i;
            out[n].count = 0;
            out[n].worst = i;
            n++;
        }
        struct failing_pose *p = &out[n - 1];
        p->count++;
        const struct diff_entry *w = &r->entries[p->worst];
        bool e_bone = entry_bone(oracle, s, e) >= 0, w_bone = entry_bone(oracle, s, w) >= 0;
        if ((e_bone && !w_bone) || (e_bone == w_bone && entry_rank(e) > entry_rank(w))) p->worst = i;
    }
    *count = n;
    return out;
}
