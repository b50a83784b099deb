/* Reading a Spine 4.3 JSON document into pc_skeleton_data as spine-core 4.3.13 reads it: the entry
 * points (pc_read_text, pc_read_file), the JSON text as JSON.parse takes it, the skeleton header, then
 * the parts in the runtime's order (read_bones.c, read_constraints.c, read_skins.c, read_events.c,
 * read_animations.c), each on the helpers of reader.c. The top of the document layer: nothing in it
 * calls back here. */
#include "reader.h"
#include "js/wholefile.h"
#include "js/jsontext.h"
#include "js/jsondeep.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The header ------------------------------------------------------------------------------------------ */

static pc_opt_num opt_num(reader *r, json_t *map, const char *key)
{
    json_t *v = get(r, map, key);
    pc_opt_num n = { false, 0 };
    if (v == NULL || js_typeof(v) == JS_NULL) return n; /* undefined or null: both dumped as null */
    n.set = true;
    n.v = num_value(r, v, key);
    return n;
}

static void read_header(reader *r, json_t *root)
{
    pc_skeleton_header *h = &r->d->header;
    /* SkeletonData's own defaults, kept when the document has no `skeleton`; with one, its fields are
     * taken as they are (absent ones undefined). */
    h->reference_scale = 100;
    h->x = h->y = h->width = h->height = (pc_opt_num){ true, 0 };
    h->fps = (pc_opt_num){ true, 30 };
    json_t *map = get(r, root, "skeleton");
    if (!js_truthy(map)) return;
    size_t mark = path_push(r, ".skeleton");
    h->hash = str_raw(r, map, "hash");
    h->version = str_raw(r, map, "spine");
    h->x = opt_num(r, map, "x");
    h->y = opt_num(r, map, "y");
    h->width = opt_num(r, map, "width");
    h->height = opt_num(r, map, "height");
    h->reference_scale = num_coerced(r, map, "referenceScale", 100);
    h->fps = opt_num(r, map, "fps");
    h->images = str_raw(r, map, "images");
    h->audio = str_raw(r, map, "audio");
    path_pop(r, mark);
}

/* ---- The text ---------------------------------------------------------------------------------------------- */

/* JSON.parse accepts a \u escape of a lone surrogate and a NUL in an object key; Jansson refuses both.
 * Rewrites each lone surrogate escape into a stand-in of the Supplementary Private Use Area-A
 * (U+F0000 + its offset from U+D800) and each \u0000, in a key or a value alike, into U+10FFFD, so names
 * compare as the runtime compares them: a bone named "\u0000" is found by the key "\u0000" (their texts
 * differ: the document is then unmodelled, exit 3). A text already holding such code points may then
 * compare two names equal that the runtime tells apart: unmodelled all the same, never refused (h7's
 * reading of read_document.c: spine-core poses both). NULL when nothing needs it. */
static char *rewrite_escapes(const char *text, size_t len, size_t *out_len)
{
    char *out = malloc(len * 2 + 16);
    if (!out) return NULL;
    size_t o = 0;
    bool changed = false;
    for (size_t i = 0; i < len;) {
        if (text[i] != '"') { out[o++] = text[i++]; continue; }
        /* A string: find its end. */
        size_t end = i + 1;
        while (end < len && text[end] != '"') end += text[end] == '\\' ? 2 : 1;
        out[o++] = text[i++];
        while (i < len && i < end) {
            unsigned code = 0;
            bool escape = text[i] == '\\' && i + 5 < len && text[i + 1] == 'u';
            if (escape) {
                char hex[5] = { text[i + 2], text[i + 3], text[i + 4], text[i + 5], 0 };
                char *stop;
                code = (unsigned)strtoul(hex, &stop, 16);
                if (*stop) escape = false;
            }
            if (escape && code >= 0xD800 && code <= 0xDBFF) {
                /* a pair (high then low escape) stays as it is */
                bool paired = i + 11 < len && text[i + 6] == '\\' && text[i + 7] == 'u';
                if (paired) {
                    char hex[5] = { text[i + 8], text[i + 9], text[i + 10], text[i + 11], 0 };
                    char *stop;
                    unsigned low = (unsigned)strtoul(hex, &stop, 16);
                    paired = !*stop && low >= 0xDC00 && low <= 0xDFFF;
                }
                if (paired) { memcpy(out + o, text + i, 12); o += 12; i += 12; continue; }
            }
            if (escape && ((code >= 0xD800 && code <= 0xDFFF) || code == 0)) {
                unsigned c = code == 0 ? 0x10FFFD : 0xF0000 + (code - 0xD800);
                out[o++] = (char)(0xF0 | (c >> 18));
                out[o++] = (char)(0x80 | ((c >> 12) & 0x3F));
                out[o++] = (char)(0x80 | ((c >> 6) & 0x3F));
                out[o++] = (char)(0x80 | (c & 0x3F));
                i += 6;
                changed = true;
                continue;
            }
            if (text[i] == '\\' && i + 1 < len) out[o++] = text[i++];
            out[o++] = text[i++];
        }
    }
    if (!changed) { free(out); return NULL; }
    *out_len = o;
    return out;
}

/* Line and column (from 1) of a byte offset, as the messages of malformed JSON give them. */
static void text_position(const char *text, size_t len, size_t at, int *line, int *column)
{
    *line = 1;
    *column = 1;
    for (size_t i = 0; i < at && i < len; i++) {
        if (text[i] == '\n') { (*line)++; *column = 1; }
        else (*column)++;
    }
}

/* The members of the document the runtime reads (read_root's parts). A text nested deeper than Jansson
 * parses is cut (jsondeep.h); a cut inside one of these is unsupported (the runtime reads it, and its
 * answer may rest on V8's stack: a bone's `x` of 3,000 nested one-element arrays reads as the number
 * inside, of 5,000 overflows the stack), a cut elsewhere is a member the runtime never reads. */
static const char read_members[7][12] = { "skeleton", "bones", "slots", "constraints", "skins", "events", "animations" };

static void refuse_read_cuts(reader *r, json_t *root)
{
    if (!json_is_object(root)) return;
    for (size_t k = 0; k < sizeof read_members / sizeof read_members[0]; k++) {
        json_t *v = json_object_get(root, read_members[k]);
        if (!v || !js_holds_cut(v)) continue;
        r->path_len = (size_t)snprintf(r->path, sizeof r->path, "$.%s", read_members[k]);
        reader_limit(r, "a value nested 2,000 levels deep or more");
    }
}

/* V8's longest string (String::kMaxLength on 64 bits). */
#define JS_MAX_STRING_LENGTH ((size_t)0x1fffffe8)

static json_t *parse(reader *r, const char *text, size_t len)
{
    /* Node will not make a string of a UTF-8 buffer longer than 0x1fffffe8 bytes, whatever its count of
     * UTF-16 units ("Cannot create a string longer than 0x1fffffe8 characters"; measured in Node 20 on a
     * valid document of 0x1fffffe9 bytes and 0x1fffffe8 units), so spine-core never reads one:
     * unsupported. The raw bytes count, before invalid UTF-8 is replaced. */
    if (len > JS_MAX_STRING_LENGTH) reader_limit(r, "a text longer than V8's longest string (0x1fffffe8 characters)");
    size_t fixed_len;
    char *fixed = js_replace_invalid_utf8(text, len, &fixed_len);
    if (fixed) { reader_temp(r, fixed); text = fixed; len = fixed_len; }
    json_error_t jerr;
    /* Every number as a double, as JSON.parse reads it (integers too big for 64 bits included). */
    const size_t flags = JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL | JSON_ALLOW_NUL;
    json_t *root = json_loadb(text, len, flags, &jerr);
    bool numbers_done = false, escapes_done = false, deep_done = false;
    size_t cuts = 0;
    while (!root) {
        size_t rewritten_len;
        char *rewritten = NULL;
        if (!numbers_done && strstr(jerr.text, "overflow")) {
            numbers_done = true;
            rewritten = js_rewrite_overflowing_numbers(text, len, &rewritten_len);
        } else if (!escapes_done && (strstr(jerr.text, "invalid Unicode") || strstr(jerr.text, "NUL byte in object key"))) {
            escapes_done = true;
            rewritten = rewrite_escapes(text, len, &rewritten_len);
            if (rewritten) reader_unmodelled(r, "a lone surrogate or a NUL in a key (held with a stand-in)");
            r->heap->stand_ins = rewritten != NULL;
        } else if (!deep_done && strstr(jerr.text, "maximum parsing depth")) {
            deep_done = true;
            size_t error_at;
            rewritten = js_cut_deep_json(text, len, &rewritten_len, &cuts, &error_at);
            if (!rewritten && error_at == (size_t)-1) reader_limit(r, "a text nested this deep");
            if (!rewritten) {
                int line, column;
                text_position(text, len, error_at, &line, &column);
                r->path_len = (size_t)snprintf(r->path, sizeof r->path, "line %d column %d", line, column);
                reader_throw(r, "SyntaxError: malformed JSON: unexpected %s", error_at < len ? "character" : "end");
            }
        }
        if (!rewritten) break;
        reader_temp(r, rewritten);
        text = rewritten;
        len = rewritten_len;
        root = json_loadb(text, len, flags, &jerr);
    }
    if (!root) {
        r->path_len = (size_t)snprintf(r->path, sizeof r->path, "line %d column %d", jerr.line, jerr.column);
        reader_throw(r, "SyntaxError: malformed JSON: %s", jerr.text);
    }
    if (cuts > 0) {
        r->heap->root = root; /* freed with the heap when the cut is refused */
        refuse_read_cuts(r, root);
    }
    return root;
}

/* ---- The document --------------------------------------------------------------------------------------- */

static void read_root(reader *r, json_t *root)
{
    /* `root.skeleton` of null throws; a number, string or array has no such properties. */
    if (js_typeof(root) == JS_NULL) reader_throw(r, "TypeError: cannot read properties of null (reading 'skeleton')");
    read_header(r, root);
    read_bones(r, root);
    read_slots(r, root);
    read_constraints(r, root);
    read_skins(r, root);
    resolve_linked_meshes(r);
    read_events(r, root);
    read_animations(r, root);
    read_slider_animations(r, root);
}

pc_skeleton_data *pc_read_text(const char *text, size_t len, const char *name, const pc_readings *readings,
                               pc_error *err)
{
    return pc_read_text_atlas(text, len, name, NULL, readings, err);
}

pc_skeleton_data *pc_read_text_atlas(const char *text, size_t len, const char *name, const pc_atlas *atlas,
                                     const pc_readings *readings, pc_error *err)
{
    err->status = PC_OK;
    err->message[0] = '\0';
    reader r;
    memset(&r, 0, sizeof r);
    r.name = name;
    r.err = err;
    r.atlas = atlas;
    r.d = calloc(1, sizeof *r.d);
    js_heap *heap = calloc(1, sizeof *heap);
    if (!r.d || !heap || !js_heap_init(heap)) {
        free(r.d);
        free(heap);
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: $: out of memory", name);
        return NULL;
    }
    r.d->heap = heap;
    r.heap = heap;
    if (readings) r.d->readings = *readings;
    else pc_readings_init(&r.d->readings);
    r.d->default_skin = -1;
    r.path[0] = '$';
    r.path_len = 1;
    pc_skeleton_data *volatile data = r.d;
    if (setjmp(r.thrown) == 0) {
        heap->root = parse(&r, text, len);
        read_root(&r, heap->root);
        if (heap->out_of_memory) reader_throw(&r, "out of memory");
        /* The atlas regions were needed while reading (the reader's temps hold them). */
        for (int i = 0; i < r.d->attachment_count; i++) r.d->attachments[i]->atlas_regions = NULL;
    } else {
        pc_skeleton_data_free(data);
        data = NULL;
    }
    for (size_t i = 0; i < r.temp_count; i++) free(r.temps[i]);
    free(r.temps);
    free(r.links);
    name_index_free(&r.bone_names);
    return data;
}

pc_skeleton_data *pc_read_file(const char *path, const pc_readings *readings, pc_error *err)
{
    return pc_read_file_atlas(path, NULL, readings, err);
}

pc_skeleton_data *pc_read_file_atlas(const char *path, const pc_atlas *atlas, const pc_readings *readings,
                                     pc_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: cannot open the file", path);
        return NULL;
    }
    size_t len = 0;
    int read_error = 0;
    char *buf = file_slurp(f, &len, &read_error);
    fclose(f);
    if (!buf) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: cannot read the file", path);
        return NULL;
    }
    pc_skeleton_data *data = pc_read_text_atlas(buf, len, path, atlas, readings, err);
    free(buf);
    return data;
}

