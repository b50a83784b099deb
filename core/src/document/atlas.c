/* The atlas text reader (atlas.h): spine-core 4.3.13's TextureAtlas, line for line.
 *
 * The runtime's reading, which this file follows:
 * - lines are split at \r\n, \r and \n (a final newline leaves an empty last line); "trimmed" is
 *   JavaScript's trim (ASCII and Unicode white space, U+FEFF too);
 * - an entry is a line with a colon: its name (trimmed) before it, then up to four values split at
 *   commas (trimmed; the fourth keeps the rest). The values live in one array for the whole file, so a
 *   field reading more values than its line gave reads those an earlier line left (or `undefined`);
 * - the entries before the first page line are skipped; a page is a line, then its entries (`size`,
 *   `filter`, `repeat`, `pma`; `format` and the others ignored); each region is a line (its name, not
 *   trimmed) and its entries (`xy`, `size`, `bounds`, `offset`, `orig`, `offsets`, `rotate`, `index`;
 *   others kept as named values the loader never reads); an empty line ends the page;
 * - numbers are parseInt's: leading white space, a sign, `0x` for hexadecimal, the longest run of
 *   digits, NaN for none, -0 for a negative zero;
 * - `filter` passes both values through Utils.enumValue, which throws for a value that is empty or not
 *   there (the runtime refuses the atlas); an entry named like a member of Object.prototype calls it
 *   (`constructor` and `toString` quietly, the others throw);
 * - a region without `orig` (both 0) takes its size; u = x / page width, v = y / page height, and u2, v2
 *   add the size (width and height swapped for `rotate: 90`).
 * Text that is not UTF-8 is left unsupported (the runtime reads it with replacement characters). */
#include "atlas.h"
#include "skeleton_data.h"

#include "js/wholefile.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct span {
    const char *s;
    size_t len;
} span;

/* A value of the runtime's entry array: a string, or undefined before any line set it. */
typedef struct entry_value {
    bool defined;
    span text;
} entry_value;

typedef struct atlas_reader {
    const char *name;
    pc_error *err;
    pc_atlas *atlas;
    const char *text;
    size_t len, pos;
    bool done;
    int line_number;   /* of the line read last */
    entry_value entry[5];
    int page_capacity, region_capacity;
    bool out_of_memory; /* a number's digits could not be copied: it read as NaN, the atlas is refused */
} atlas_reader;

static bool fail(atlas_reader *r, pc_status status, const char *fmt, ...)
{
    r->err->status = status;
    char what[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(r->err->message, sizeof r->err->message, "%.150s: line %d: %s", r->name, r->line_number, what);
    return false;
}

/* ---- UTF-8 and JavaScript's white space ------------------------------------------------------------ */

/* The code point at s[i] (n bytes), its length in *size; -1 for bytes that are not UTF-8. */
static long decode(const char *s, size_t n, size_t i, size_t *size)
{
    const unsigned char *u = (const unsigned char *)s + i;
    size_t left = n - i;
    if (u[0] < 0x80) return *size = 1, u[0];
    int k = u[0] >= 0xf0 ? 4 : u[0] >= 0xe0 ? 3 : u[0] >= 0xc2 ? 2 : 0;
    if (k == 0 || u[0] > 0xf4 || left < (size_t)k) return -1;
    long c = u[0] & (0x7f >> k);
    for (int j = 1; j < k; j++) {
        if ((u[j] & 0xc0) != 0x80) return -1;
        c = (c << 6) | (u[j] & 0x3f);
    }
    if ((k == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) || (k == 4 && (c < 0x10000 || c > 0x10ffff))) return -1;
    *size = (size_t)k;
    return c;
}

static bool is_js_space(long c)
{
    return c == 0x09 || c == 0x0a || c == 0x0b || c == 0x0c || c == 0x0d || c == 0x20 || c == 0xa0 ||
           c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f ||
           c == 0x205f || c == 0x3000 || c == 0xfeff;
}

/* The length of the white space at the start of t. */
static size_t leading_space(span t)
{
    size_t i = 0, size;
    while (i < t.len) {
        long c = decode(t.s, t.len, i, &size);
        if (c < 0 || !is_js_space(c)) break;
        i += size;
    }
    return i;
}

/* String.prototype.trim. */
static span trim(span t)
{
    size_t lead = leading_space(t);
    t.s += lead;
    t.len -= lead;
    while (t.len > 0) {
        /* the last code point: back over continuation bytes */
        size_t start = t.len - 1, size;
        while (start > 0 && ((unsigned char)t.s[start] & 0xc0) == 0x80 && t.len - start < 4) start--;
        long c = decode(t.s, t.len, start, &size);
        if (c < 0 || start + size != t.len || !is_js_space(c)) break;
        t.len = start;
    }
    return t;
}

static bool is(span t, const char *word)
{
    return t.len == strlen(word) && memcmp(t.s, word, t.len) == 0;
}

/* ---- parseInt ------------------------------------------------------------------------------------- */

static double parse_int_text(atlas_reader *r, span t)
{
    size_t i = leading_space(t);
    double sign = 1;
    if (i < t.len && (t.s[i] == '-' || t.s[i] == '+')) {
        if (t.s[i] == '-') sign = -1;
        i++;
    }
    bool hex = i + 1 < t.len && t.s[i] == '0' && (t.s[i + 1] == 'x' || t.s[i + 1] == 'X');
    if (hex) i += 2;
    size_t start = i;
    while (i < t.len && (hex ? (t.s[i] >= '0' && t.s[i] <= '9') || (t.s[i] >= 'a' && t.s[i] <= 'f') ||
                                   (t.s[i] >= 'A' && t.s[i] <= 'F')
                             : t.s[i] >= '0' && t.s[i] <= '9'))
        i++;
    size_t digits = i - start;
    if (digits == 0) return NAN;
    /* V8 rounds the digits correctly, as strtod does (hexadecimal too): every digit goes to strtod. */
    char room[64];
    char *buf = digits + 3 <= sizeof room ? room : malloc(digits + 3);
    if (!buf) {
        r->out_of_memory = true;
        return NAN;
    }
    size_t n = 0;
    if (hex) buf[n++] = '0', buf[n++] = 'x';
    memcpy(buf + n, t.s + start, digits);
    buf[n + digits] = '\0';
    double x = strtod(buf, NULL);
    if (buf != room) free(buf);
    return sign * x; /* 0 with the sign -1 is -0 */
}

/* parseInt(entry[k]): undefined reads as the text "undefined" (NaN). */
static double parse_int(atlas_reader *r, int k)
{
    return r->entry[k].defined ? parse_int_text(r, r->entry[k].text) : NAN;
}

/* ---- Lines and entries ---------------------------------------------------------------------------- */

/* TextureAtlasReader.readLine: the next line, false for none (null). */
static bool read_line(atlas_reader *r, span *line)
{
    if (r->done) return false;
    size_t start = r->pos, i = start;
    while (i < r->len && r->text[i] != '\n' && r->text[i] != '\r') i++;
    *line = (span){ r->text + start, i - start };
    if (i >= r->len) r->done = true;
    else if (r->text[i] == '\r' && i + 1 < r->len && r->text[i + 1] == '\n') r->pos = i + 2;
    else r->pos = i + 1;
    r->line_number++;
    return true;
}

/* TextureAtlasReader.readEntry: the number of values (0: not an entry). `present` false for null. */
static int read_entry(atlas_reader *r, bool present, span line)
{
    if (!present || line.len == 0) return 0;
    line = trim(line);
    if (line.len == 0) return 0;
    const char *colon = memchr(line.s, ':', line.len);
    if (!colon) return 0;
    size_t c = (size_t)(colon - line.s);
    r->entry[0] = (entry_value){ true, trim((span){ line.s, c }) };
    size_t last = c + 1;
    for (int i = 1;; i++) {
        const char *comma = memchr(line.s + last, ',', line.len - last);
        if (!comma) {
            r->entry[i] = (entry_value){ true, trim((span){ line.s + last, line.len - last }) };
            return i;
        }
        size_t k = (size_t)(comma - line.s);
        r->entry[i] = (entry_value){ true, trim((span){ line.s + last, k - last }) };
        last = k + 1;
        if (i == 4) return 4;
    }
}

/* What calling Object.prototype's member of the entry's name does: 0 it is not one, 1 nothing,
 * 2 it throws (a TypeError: a `this` of undefined, or a member that is not a function). */
static int prototype_member(span name)
{
    static const char quiet[2][PC_NAME_ROOM] = { "constructor", "toString" };
    static const char throwing[10][PC_NAME_ROOM] = { "__proto__", "__defineGetter__", "__defineSetter__",
        "__lookupGetter__", "__lookupSetter__", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
        "toLocaleString", "valueOf" };
    for (int i = 0; i < 2; i++)
        if (is(name, quiet[i])) return 1;
    for (int i = 0; i < 10; i++)
        if (is(name, throwing[i])) return 2;
    return 0;
}

/* Utils.enumValue(TextureFilter, entry[k]) throws reading the first character of "" or undefined. */
static bool filter_value(atlas_reader *r, int k)
{
    if (r->entry[k].defined && r->entry[k].text.len > 0) return true;
    return fail(r, PC_INVALID, "`filter` value %d is %s (TypeError: Cannot read properties of undefined "
                "(reading '%s'))", k, r->entry[k].defined ? "empty" : "missing",
                r->entry[k].defined ? "toUpperCase" : "0");
}

static char *copy_text(span t)
{
    char *s = malloc(t.len + 1);
    if (!s) return NULL;
    memcpy(s, t.s, t.len);
    s[t.len] = '\0';
    return s;
}

/* A page's entries; false where the runtime throws. */
static bool page_field(atlas_reader *r, pc_atlas_page *page)
{
    span name = r->entry[0].text;
    if (is(name, "size")) {
        page->width = parse_int(r, 1);
        page->height = parse_int(r, 2);
    } else if (is(name, "filter")) {
        if (!filter_value(r, 1) || !filter_value(r, 2)) return false;
    } else if (is(name, "pma")) {
        page->pma = is(r->entry[1].text, "true");
    } else if (prototype_member(name) == 2) {
        return fail(r, PC_INVALID, "the page entry `%.*s` calls Object.prototype's member (TypeError)",
                    (int)(name.len > 40 ? 40 : name.len), name.s);
    }
    /* format, repeat (wrapping only) and the rest: nothing the poses or the draw read */
    return true;
}

static bool region_field(atlas_reader *r, pc_atlas_region *g)
{
    span name = r->entry[0].text;
    if (is(name, "xy")) {
        g->x = parse_int(r, 1);
        g->y = parse_int(r, 2);
    } else if (is(name, "size")) {
        g->width = parse_int(r, 1);
        g->height = parse_int(r, 2);
    } else if (is(name, "bounds")) {
        g->x = parse_int(r, 1);
        g->y = parse_int(r, 2);
        g->width = parse_int(r, 3);
        g->height = parse_int(r, 4);
    } else if (is(name, "offset")) {
        g->offset_x = parse_int(r, 1);
        g->offset_y = parse_int(r, 2);
    } else if (is(name, "orig")) {
        g->original_width = parse_int(r, 1);
        g->original_height = parse_int(r, 2);
    } else if (is(name, "offsets")) {
        g->offset_x = parse_int(r, 1);
        g->offset_y = parse_int(r, 2);
        g->original_width = parse_int(r, 3);
        g->original_height = parse_int(r, 4);
    } else if (is(name, "rotate")) {
        if (is(r->entry[1].text, "true")) g->degrees = 90;
        else if (!is(r->entry[1].text, "false")) g->degrees = parse_int(r, 1);
    } else if (prototype_member(name) == 2) {
        return fail(r, PC_INVALID, "the region entry `%.*s` calls Object.prototype's member (TypeError)",
                    (int)(name.len > 40 ? 40 : name.len), name.s);
    }
    /* index, and any other name: values the loader never reads */
    return true;
}

static bool grow(atlas_reader *r, void **items, int count, int *capacity, size_t size)
{
    if (count < *capacity) return true;
    int cap = *capacity ? *capacity * 2 : 16;
    void *p = realloc(*items, (size_t)cap * size);
    if (!p) return fail(r, PC_INVALID, "out of memory");
    *items = p;
    *capacity = cap;
    return true;
}

static bool read_atlas(atlas_reader *r)
{
    pc_atlas *a = r->atlas;
    span line;
    bool present = read_line(r, &line);
    /* Lines of white space before the first entry (an empty line is falsy and stops this). */
    while (present && line.len > 0 && trim(line).len == 0) present = read_line(r, &line);
    /* Header entries: skipped. */
    while (present && trim(line).len > 0 && read_entry(r, present, line) > 0) present = read_line(r, &line);
    int page = -1;
    while (present) {
        if (trim(line).len == 0) {
            page = -1;
            present = read_line(r, &line);
        } else if (page < 0) {
            if (!grow(r, (void **)&a->pages, a->page_count, &r->page_capacity, sizeof *a->pages)) return false;
            pc_atlas_page *p = &a->pages[a->page_count];
            memset(p, 0, sizeof *p);
            p->name = copy_text(trim(line));
            if (!p->name) return fail(r, PC_INVALID, "out of memory");
            page = a->page_count++;
            for (;;) {
                present = read_line(r, &line);
                if (read_entry(r, present, line) == 0) break;
                if (!page_field(r, &a->pages[page])) return false;
            }
        } else {
            if (!grow(r, (void **)&a->regions, a->region_count, &r->region_capacity, sizeof *a->regions)) return false;
            pc_atlas_region *g = &a->regions[a->region_count++];
            memset(g, 0, sizeof *g);
            g->name = copy_text(line);
            g->name_len = line.len;
            g->page = page;
            if (!g->name) return fail(r, PC_INVALID, "out of memory");
            for (;;) {
                present = read_line(r, &line);
                if (read_entry(r, present, line) == 0) break;
                if (!region_field(r, g)) return false;
            }
            if (g->original_width == 0 && g->original_height == 0) {
                g->original_width = g->width;
                g->original_height = g->height;
            }
            const pc_atlas_page *p = &a->pages[page];
            g->u = g->x / p->width;
            g->v = g->y / p->height;
            if (g->degrees == 90) {
                g->u2 = (g->x + g->height) / p->width;
                g->v2 = (g->y + g->width) / p->height;
            } else {
                g->u2 = (g->x + g->width) / p->width;
                g->v2 = (g->y + g->height) / p->height;
            }
        }
    }
    return true;
}

void pc_atlas_free(pc_atlas *atlas)
{
    if (!atlas) return;
    for (int i = 0; i < atlas->page_count; i++) free(atlas->pages[i].name);
    for (int i = 0; i < atlas->region_count; i++) free(atlas->regions[i].name);
    free(atlas->pages);
    free(atlas->regions);
    free(atlas);
}

pc_atlas *pc_atlas_read_text(const char *text, size_t len, const char *name, pc_error *err)
{
    err->status = PC_OK;
    err->message[0] = '\0';
    atlas_reader r;
    memset(&r, 0, sizeof r);
    r.name = name;
    r.err = err;
    r.text = text;
    r.len = len;
    r.atlas = calloc(1, sizeof *r.atlas);
    if (!r.atlas) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%.150s: out of memory", name);
        return NULL;
    }
    /* Not UTF-8: the line of the first byte that is not. */
    for (size_t i = 0, size; i < len; i += size) {
        if (text[i] == '\n') r.line_number++;
        if (decode(text, len, i, &size) < 0) {
            r.line_number++;
            fail(&r, PC_UNSUPPORTED, "not UTF-8 (the runtime reads replacement characters; not modelled)");
            pc_atlas_free(r.atlas);
            return NULL;
        }
    }
    r.line_number = 0;
    if (!read_atlas(&r) || (r.out_of_memory && !fail(&r, PC_INVALID, "out of memory"))) {
        pc_atlas_free(r.atlas);
        return NULL;
    }
    return r.atlas;
}

pc_atlas *pc_atlas_read_file(const char *path, pc_error *err)
{
    size_t len = 0;
    char *text = file_read(path, &len);
    if (!text) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%.150s: cannot read the atlas", path);
        return NULL;
    }
    pc_atlas *atlas = pc_atlas_read_text(text, len, path, err);
    free(text);
    return atlas;
}

int pc_atlas_page_count(const pc_atlas *atlas)
{
    return atlas ? atlas->page_count : 0;
}

const char *pc_atlas_page_name(const pc_atlas *atlas, int page)
{
    return atlas && page >= 0 && page < atlas->page_count ? atlas->pages[page].name : NULL;
}

const pc_atlas_region *pc_atlas_find(const pc_atlas *atlas, const char *name, size_t len)
{
    for (int i = 0; i < atlas->region_count; i++)
        if (atlas->regions[i].name_len == len && memcmp(atlas->regions[i].name, name, len) == 0)
            return &atlas->regions[i];
    return NULL;
}
