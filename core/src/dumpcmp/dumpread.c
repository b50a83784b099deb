/* Reading a dump into memory (see dumpread.h). One pass counts lines and tabs to size the arena, a
 * second pass parses line by line, in place, and checks everything oracle/FORMAT.md requires. */
#include "dumpread.h"
#include "js/numtext.h"
#include "js/wholefile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- errors ---- */

struct parser {
    struct dump *d;
    struct dump_error *err;
    const char *name;
    size_t line;
    /* duplicate (block, key) detection within one section: open addressing, entries tagged with the
     * section they belong to (0 = empty), so the table never needs clearing between sections */
    uint64_t *seen;
    size_t seen_mask;
    uint32_t section;
    long last_block;
    const char *field; /* the field being read, for messages */
    char label[80];
};

static bool fail(struct parser *p, const char *fmt, ...)
{
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    p->err->line = p->line;
    if (p->line)
        snprintf(p->err->message, sizeof p->err->message, "%s:%zu: %s", p->name, p->line, what);
    else
        snprintf(p->err->message, sizeof p->err->message, "%s: %s", p->name, what);
    return false;
}

/* A token shown in a message: at most 40 bytes, control characters as '?'. */
static const char *shown(const char *s, size_t len, char buf[48])
{
    size_t n = len > 40 ? 40 : len, i;
    for (i = 0; i < n; i++) buf[i] = (unsigned char)s[i] < 0x20 ? '?' : s[i];
    if (len > n) { buf[n++] = '.'; buf[n++] = '.'; buf[n++] = '.'; }
    buf[n] = '\0';
    return buf;
}

/* ---- tokens ---- */

static bool is_word_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.';
}

static bool is_word(const char *s, size_t len)
{
    if (len == 0) return false;
    for (size_t i = 0; i < len; i++)
        if (!is_word_char(s[i])) return false;
    return true;
}

static bool is_block_name(const char *s, size_t len)
{
    return is_word(s, len) && !(s[0] >= '0' && s[0] <= '9');
}

/* The next TAB-separated token of [*cur, end): NUL-terminated in place. False when none is left. */
static bool next_token(char **cur, char *end, char **tok, size_t *len)
{
    if (*cur > end) return false;
    char *s = *cur;
    char *tab = memchr(s, '\t', (size_t)(end - s));
    char *stop = tab ? tab : end;
    *stop = '\0';
    *tok = s;
    *len = (size_t)(stop - s);
    *cur = stop + 1;
    return true;
}

static bool parse_count(const char *s, size_t len, long *out)
{
    if (len == 0 || len > 18) return false;
    long v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (s[i] - '0');
    }
    if (len > 1 && s[0] == '0') return false;
    *out = v;
    return true;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static bool read_hex4(const char *s, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hex_digit(s[i]);
        if (h < 0) return false;
        v = v << 4 | (unsigned)h;
    }
    *out = v;
    return true;
}

static char *put_utf8(char *w, unsigned cp)
{
    if (cp < 0x80) {
        *w++ = (char)cp;
    } else if (cp < 0x800) {
        *w++ = (char)(0xC0 | cp >> 6);
        *w++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *w++ = (char)(0xE0 | cp >> 12);
        *w++ = (char)(0x80 | (cp >> 6 & 0x3F));
        *w++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *w++ = (char)(0xF0 | cp >> 18);
        *w++ = (char)(0x80 | (cp >> 12 & 0x3F));
        *w++ = (char)(0x80 | (cp >> 6 & 0x3F));
        *w++ = (char)(0x80 | (cp & 0x3F));
    }
    return w;
}

/* What a token is called in messages: `what`, or when that is NULL the field being read. Called on
 * failures only, so that reading a field costs no formatting. */
static const char *label(struct parser *p, const char *what)
{
    if (what) return what;
    snprintf(p->label, sizeof p->label, "field %.60s", p->field);
    return p->label;
}

/* A quoted string token, unescaped in place (the result is never longer than the token). `what` names
 * the token in messages (NULL: the current field). */
static bool parse_string(struct parser *p, char *tok, size_t len, const char *what, struct dump_text *out)
{
    char b[48];
    if (len < 2 || tok[0] != '"' || tok[len - 1] != '"') {
        if (len >= 1 && tok[0] == '"') return fail(p, "%s: unterminated string %s", label(p, what), shown(tok, len, b));
        return fail(p, "%s: expected a string in double quotes, got `%s`", label(p, what), shown(tok, len, b));
    }
    const char *r = tok + 1, *last = tok + len - 1;
    char *w = tok;
    while (r < last) {
        unsigned char c = (unsigned char)*r;
        if (c == '"') return fail(p, "%s: unescaped '\"' inside a string", label(p, what));
        if (c < 0x20) return fail(p, "%s: raw control character 0x%02X inside a string", label(p, what), c);
        if (c != '\\') { *w++ = (char)c; r++; continue; }
        if (r + 1 >= last) return fail(p, "%s: unterminated string (the closing quote is escaped)", label(p, what));
        char e = r[1];
        switch (e) {
        case '"': *w++ = '"'; r += 2; break;
        case '\\': *w++ = '\\'; r += 2; break;
        case 't': *w++ = '\t'; r += 2; break;
        case 'n': *w++ = '\n'; r += 2; break;
        case 'r': *w++ = '\r'; r += 2; break;
        case 'u': {
            unsigned cp, lo;
            if (last - r < 6 || !read_hex4(r + 2, &cp))
                return fail(p, "%s: bad escape: \\u needs four hex digits", label(p, what));
            r += 6;
            /* a surrogate pair becomes one 4-byte UTF-8 sequence; a lone surrogate stays 3 bytes */
            if (cp >= 0xD800 && cp < 0xDC00 && last - r >= 6 && r[0] == '\\' && r[1] == 'u' &&
                read_hex4(r + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                r += 6;
            }
            w = put_utf8(w, cp);
            break;
        }
        default:
            if ((unsigned char)e < 0x20 || (unsigned char)e >= 0x7F)
                return fail(p, "%s: bad escape: backslash then byte 0x%02X", label(p, what), (unsigned char)e);
            return fail(p, "%s: bad escape \\%c", label(p, what), e);
        }
    }
    *w = '\0';
    out->ptr = tok;
    out->len = (size_t)(w - tok);
    return true;
}

static bool parse_value(struct parser *p, char *tok, size_t len, const char *what, struct dump_value *v)
{
    char b[48];
    if (len > 0 && tok[0] == '"') {
        v->type = DUMP_STRING;
        return parse_string(p, tok, len, what, &v->string);
    }
    if (len == 4 && memcmp(tok, "null", 4) == 0) { v->type = DUMP_NULL; return true; }
    if (len == 4 && memcmp(tok, "true", 4) == 0) { v->type = DUMP_BOOL; v->boolean = true; return true; }
    if (len == 5 && memcmp(tok, "false", 5) == 0) { v->type = DUMP_BOOL; v->boolean = false; return true; }
    v->type = DUMP_NUMBER;
    if (numtext_parse(tok, len, &v->number)) return true;
    if (len == 0) return fail(p, "%s: empty value", label(p, what));
    return fail(p, "%s: bad value `%s` (not a number, string, null, true or false)", label(p, what), shown(tok, len, b));
}

/* ---- duplicate keys ---- */

static uint64_t hash_key(size_t block, const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)block * 0x9E3779B97F4A7C15ULL;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h ^ h >> 29;
}

/* Records row (just appended) in the current section; false if its (block, key) is already there. */
static bool remember_key(struct parser *p, size_t row_index, size_t *earlier_line)
{
    const struct dump_row *row = &p->d->rows[row_index];
    size_t i = (size_t)hash_key(row->block, row->key.ptr, row->key.len) & p->seen_mask;
    for (;; i = (i + 1) & p->seen_mask) {
        uint64_t e = p->seen[i];
        if ((uint32_t)(e >> 32) != p->section) {
            p->seen[i] = (uint64_t)p->section << 32 | (uint32_t)row_index;
            return true;
        }
        const struct dump_row *other = &p->d->rows[(uint32_t)e];
        if (other->block == row->block && other->key.len == row->key.len &&
            memcmp(other->key.ptr, row->key.ptr, row->key.len) == 0) {
            *earlier_line = other->line;
            return false;
        }
    }
}

/* ---- lines ---- */

long dump_find_block(const struct dump *d, const char *name, size_t len)
{
    for (size_t i = 0; i < d->block_count; i++)
        if (d->blocks[i].name.len == len && memcmp(d->blocks[i].name.ptr, name, len) == 0) return (long)i;
    return -1;
}

static bool parse_row(struct parser *p, char *tag, size_t tag_len, char **cur, char *end)
{
    struct dump *d = p->d;
    char b[48];
    if (!is_block_name(tag, tag_len)) {
        if (tag_len == 0) return fail(p, "empty tag (a line must start with a tag)");
        return fail(p, "bad tag `%s` (not a line kind, nor a block name [A-Za-z_.][A-Za-z0-9_.]*)",
                    shown(tag, tag_len, b));
    }
    long bi = p->last_block;
    if (bi < 0 || d->blocks[bi].name.len != tag_len || memcmp(d->blocks[bi].name.ptr, tag, tag_len) != 0)
        bi = dump_find_block(d, tag, tag_len);
    bool new_block = bi < 0;
    if (new_block) {
        bi = (long)d->block_count++;
        d->blocks[bi] = (struct dump_block){{tag, tag_len}, d->field_name_count, 0};
    }
    p->last_block = bi;
    struct dump_block *block = &d->blocks[bi];

    char *tok;
    size_t len;
    struct dump_row *row = &d->rows[d->row_count];
    row->block = (size_t)bi;
    row->line = p->line;
    row->first_value = d->value_count;
    if (!next_token(cur, end, &tok, &len)) return fail(p, "row of block %s has no key", block->name.ptr);
    if (!parse_string(p, tok, len, "row key", &row->key)) return false;

    size_t k = 0;
    while (next_token(cur, end, &tok, &len)) {
        char *eq = memchr(tok, '=', len);
        if (!eq) return fail(p, "field %zu: expected FIELD=VALUE, got `%s`", k + 1, shown(tok, len, b));
        size_t name_len = (size_t)(eq - tok);
        if (!is_word(tok, name_len))
            return fail(p, "field %zu: bad field name `%s` (want [A-Za-z0-9_.]+)", k + 1, shown(tok, name_len, b));
        *eq = '\0';
        if (new_block) {
            for (size_t j = 0; j < k; j++) {
                const struct dump_text *f = &d->field_names[block->first_field + j];
                if (f->len == name_len && memcmp(f->ptr, tok, name_len) == 0)
                    return fail(p, "field `%s` appears twice in the row", tok);
            }
            d->field_names[d->field_name_count++] = (struct dump_text){tok, name_len};
            block->field_count++;
        } else {
            if (k >= block->field_count)
                return fail(p, "block %s: this row has more fields than the block's first row (%zu)",
                            block->name.ptr, block->field_count);
            const struct dump_text *f = &d->field_names[block->first_field + k];
            if (f->len != name_len || memcmp(f->ptr, tok, name_len) != 0)
                return fail(p, "block %s: field %zu is `%s`, the block's first row has `%s` there",
                            block->name.ptr, k + 1, tok, f->ptr);
        }
        p->field = tok;
        if (!parse_value(p, eq + 1, len - name_len - 1, NULL, &d->values[d->value_count++])) return false;
        k++;
    }
    if (!new_block && k != block->field_count)
        return fail(p, "block %s: this row has %zu fields, the block's first row has %zu", block->name.ptr, k,
                    block->field_count);

    size_t earlier;
    if (!remember_key(p, d->row_count, &earlier))
        return fail(p, "duplicate row: block %s key \"%s\" already on line %zu", block->name.ptr, row->key.ptr,
                    earlier);
    d->row_count++;
    if (d->pose_count) d->poses[d->pose_count - 1].row_count++;
    else d->data_row_count++;
    return true;
}

static bool expect_no_more(struct parser *p, char **cur, char *end, const char *kind, int want)
{
    char *tok;
    size_t len;
    if (next_token(cur, end, &tok, &len))
        return fail(p, "`%s` line has more than %d fields after the tag", kind, want);
    return true;
}

static bool parse_line(struct parser *p, char *line, char *end, bool *saw_end)
{
    struct dump *d = p->d;
    char *cur = line, *tag = line, *tok;
    size_t tag_len = 0, len;
    char b[48];
    next_token(&cur, end, &tag, &tag_len);

    if (strcmp(tag, "posecore-dump") == 0) return fail(p, "`posecore-dump` header repeated");
    if (strcmp(tag, "meta") == 0) {
        if (d->pose_count) return fail(p, "`meta` line after the first pose");
        struct dump_meta *m = &d->metas[d->meta_count];
        if (!next_token(&cur, end, &tok, &len)) return fail(p, "`meta` line without a key");
        if (!parse_string(p, tok, len, "meta key", &m->key)) return false;
        if (!next_token(&cur, end, &tok, &len)) return fail(p, "`meta` line without a value");
        if (!parse_string(p, tok, len, "meta value", &m->value)) return false;
        if (!expect_no_more(p, &cur, end, "meta", 2)) return false;
        d->meta_count++;
        return true;
    }
    if (strcmp(tag, "pose") == 0) {
        struct dump_pose *pose = &d->poses[d->pose_count];
        pose->line = p->line;
        if (!next_token(&cur, end, &tok, &len) || !parse_count(tok, len, &pose->index))
            return fail(p, "`pose` line: the index must be a whole number");
        if (pose->index != (long)d->pose_count)
            return fail(p, "`pose` line: index %ld, expected %zu (poses are numbered 0, 1, ...)", pose->index,
                        d->pose_count);
        if (!next_token(&cur, end, &tok, &len)) return fail(p, "`pose` line without an animation");
        if (!parse_value(p, tok, len, "pose animation", &pose->animation)) return false;
        if (pose->animation.type != DUMP_STRING && pose->animation.type != DUMP_NULL)
            return fail(p, "pose animation: must be a string or null");
        struct dump_value t;
        if (!next_token(&cur, end, &tok, &len)) return fail(p, "`pose` line without a time");
        if (!parse_value(p, tok, len, "pose time", &t)) return false;
        if (t.type != DUMP_NUMBER) return fail(p, "pose time: must be a number");
        if (!expect_no_more(p, &cur, end, "pose", 3)) return false;
        pose->time = t.number;
        pose->first_row = d->row_count;
        pose->row_count = 0;
        pose->first_unsupported = d->unsupported_count;
        pose->unsupported_count = 0;
        d->pose_count++;
        p->section++;
        return true;
    }
    if (strcmp(tag, "unsupported") == 0) {
        struct dump_unsupported *u = &d->unsupported[d->unsupported_count];
        u->pose = (long)d->pose_count - 1;
        u->line = p->line;
        if (!next_token(&cur, end, &tok, &len)) return fail(p, "`unsupported` line without a block");
        if (!is_block_name(tok, len)) return fail(p, "`unsupported` line: bad block name `%s`", shown(tok, len, b));
        u->block = (struct dump_text){tok, len};
        if (!next_token(&cur, end, &tok, &len)) return fail(p, "`unsupported` line without a reason");
        if (!parse_string(p, tok, len, "unsupported reason", &u->reason)) return false;
        if (!expect_no_more(p, &cur, end, "unsupported", 2)) return false;
        d->unsupported_count++;
        if (d->pose_count) d->poses[d->pose_count - 1].unsupported_count++;
        else d->global_unsupported_count++;
        return true;
    }
    if (strcmp(tag, "end") == 0) {
        long n;
        if (!next_token(&cur, end, &tok, &len) || !parse_count(tok, len, &n))
            return fail(p, "`end` line: the row count must be a whole number");
        if (!expect_no_more(p, &cur, end, "end", 1)) return false;
        if ((size_t)n != d->row_count)
            return fail(p, "truncated or corrupt: `end` says %ld rows, the dump has %zu", n, d->row_count);
        *saw_end = true;
        return true;
    }
    return parse_row(p, tag, tag_len, &cur, end);
}

static size_t round_up(size_t n) { return (n + 15) & ~(size_t)15; }

/* Parses d->text[0 .. len) (owned by d, NUL after it). */
static bool parse(struct dump *d, size_t len, const char *name, struct dump_error *err)
{
    struct parser p = {.d = d, .err = err, .name = name, .section = 1, .last_block = -1};
    char *text = d->text, *end = text + len;

    size_t lines = 0, tabs = 0;
    for (char *s = text; (s = memchr(s, '\n', (size_t)(end - s))) != NULL; s++) lines++;
    for (char *s = text; (s = memchr(s, '\t', (size_t)(end - s))) != NULL; s++) tabs++;
    if (len > 0 && end[-1] != '\n') lines++;
    d->line_count = lines;

    size_t table = 16;
    while (table < 2 * lines) table <<= 1;
    size_t sz_meta = round_up(lines * sizeof *d->metas), sz_block = round_up(lines * sizeof *d->blocks),
           sz_names = round_up(tabs * sizeof *d->field_names), sz_values = round_up(tabs * sizeof *d->values),
           sz_rows = round_up(lines * sizeof *d->rows), sz_poses = round_up(lines * sizeof *d->poses),
           sz_unsup = round_up(lines * sizeof *d->unsupported), sz_seen = table * sizeof(uint64_t);
    char *a = malloc(sz_meta + sz_block + sz_names + sz_values + sz_rows + sz_poses + sz_unsup + sz_seen + 16);
    if (!a) return fail(&p, "out of memory");
    d->arena = a;
    d->metas = (void *)a, a += sz_meta;
    d->blocks = (void *)a, a += sz_block;
    d->field_names = (void *)a, a += sz_names;
    d->values = (void *)a, a += sz_values;
    d->rows = (void *)a, a += sz_rows;
    d->poses = (void *)a, a += sz_poses;
    d->unsupported = (void *)a, a += sz_unsup;
    p.seen = (void *)a;
    p.seen_mask = table - 1;
    memset(p.seen, 0, sz_seen);

    if (len == 0) {
        p.line = 1;
        return fail(&p, "empty file (expected the header `posecore-dump<TAB>1`)");
    }
    bool saw_end = false;
    char *line = text;
    while (line < end) {
        p.line++;
        char *nl = memchr(line, '\n', (size_t)(end - line));
        if (saw_end) return fail(&p, "text after the `end` line");
        if (!nl) return fail(&p, "truncated: the last line has no newline");
        if (p.line == 1) {
            char *cur = line, *tag = line, *tok;
            size_t tag_len = 0, n;
            char b[48];
            next_token(&cur, nl, &tag, &tag_len);
            if (strcmp(tag, "posecore-dump") != 0)
                return fail(&p, "not a dump: the first line must be `posecore-dump<TAB>1`, not `%s`",
                            shown(tag, tag_len, b));
            if (!next_token(&cur, nl, &tok, &n)) return fail(&p, "header without a version");
            if (strcmp(tok, "1") != 0) return fail(&p, "unsupported dump version `%s` (want 1)", shown(tok, n, b));
            if (!expect_no_more(&p, &cur, nl, "posecore-dump", 1)) return false;
        } else if (!parse_line(&p, line, nl, &saw_end)) {
            return false;
        }
        line = nl + 1;
    }
    if (!saw_end) return fail(&p, "truncated: no `end` line (the dump stops after line %zu)", p.line);
    return true;
}

static bool start(struct dump *out, const char *path)
{
    memset(out, 0, sizeof *out);
    out->path = path;
    return true;
}

bool dump_read_buffer(const char *bytes, size_t len, const char *name, struct dump *out, struct dump_error *err)
{
    start(out, name);
    err->line = 0;
    err->message[0] = '\0';
    out->text = malloc(len + 1);
    if (!out->text) {
        snprintf(err->message, sizeof err->message, "%s: out of memory", name);
        return false;
    }
    if (len) memcpy(out->text, bytes, len);
    out->text[len] = '\0';
    if (parse(out, len, name, err)) return true;
    dump_free(out);
    out->path = name;
    return false;
}

bool dump_read_file(const char *path, struct dump *out, struct dump_error *err)
{
    start(out, path);
    err->line = 0;
    err->message[0] = '\0';
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err->message, sizeof err->message, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    size_t len = 0;
    int error = 0;
    errno = 0;
    out->text = file_slurp(f, &len, &error);
    fclose(f);
    if (!out->text) {
        snprintf(err->message, sizeof err->message, "%s: cannot read: %s", path, strerror(error));
        return false;
    }
    if (parse(out, len, path, err)) return true;
    dump_free(out);
    out->path = path;
    return false;
}

void dump_free(struct dump *d)
{
    free(d->text);
    free(d->arena);
    memset(d, 0, sizeof *d);
}
