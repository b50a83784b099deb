/* Reading one attachment of a skin: region, bounding box, mesh and linked mesh, path, point and
 * clipping, with sequences and weighted or unweighted vertices, as the runtime reads them through
 * AtlasAttachmentLoader: with the stub atlas (every region a 1x1 texture region spanning u 0..1, v 0..1)
 * or a real one (atlas.h: each frame's path looked up, missing ones refused, and the offsets and uvs
 * computed from the region as RegionAttachment.computeUVs and MeshAttachment.computeUVs do).
 *
 * Rules that are not the obvious reading:
 * - the name defaults to the placeholder, the texture path to the name;
 * - a `type` the runtime does not know skips the attachment; any `source` makes a linked mesh;
 * - vertices are unweighted exactly when `vertices.length` === the expected length (`vertexCount << 1`,
 *   a mesh's `uvs.length`), else read as weighted runs (bone count, then bone, x, y, weight);
 * - a path's `lengths` has ceil(vertexCount / 3) zeros, overwritten by the document's entries;
 * - a mesh's uvs are 0 + regionUV * 1 through Float32Array (so -0 reads as 0);
 * - a region's offsets (doubles) and uvs (float32) are computed once it is read, with MathUtils.degRad
 *   (3.1415927 / 180) and V8's cos and sin (corpus/cases/read-region-offsets; every rig, `--skin all`);
 * - a source mesh's timelineSlots gain, once each and in link order, the slots of the linked meshes that
 *   inherit its timelines from another slot (corpus/cases/read-linkedmesh-timeline-slots);
 * - the vertex numbers are kept as doubles too only under the rule path.vertex-numbers=doubles. */
#include "reader.h"
#include "atlas.h"
#include "rules.h"
#include "js/numtext.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char pc_attachment_kind_names[6][PC_NAME_ROOM] = { "region", "boundingbox", "mesh", "path", "point", "clipping" };

/* V8's longest string: a sequence path longer than this throws a RangeError. */
#define JS_MAX_STRING_LENGTH 536870888.0

static pc_attachment *new_attachment(reader *r, pc_attachment_kind kind)
{
    pc_skeleton_data *d = r->d;
    if (d->attachment_count == d->attachment_capacity) {
        int cap = d->attachment_capacity ? d->attachment_capacity * 2 : 32;
        d->attachments = reader_realloc(r, d->attachments, (size_t)cap, sizeof *d->attachments);
        d->attachment_capacity = cap;
    }
    pc_attachment *a = reader_calloc(r, 1, sizeof *a);
    d->attachments[d->attachment_count++] = a;
    a->kind = kind;
    a->bones_count = -1;
    a->edges_count = 0;
    a->end_slot = -1;
    a->color = (pc_color){ 1, 1, 1, 1 };
    a->timeline_attachment = a;
    a->sequence.region_count = 1;
    return a;
}

/* ToIndex(x) for a typed array of x elements: RangeError for negatives and past V8's longest typed
 * array (READER_MAX_TYPED_LENGTH), the core's limit for the merely huge. */
static size_t to_index(reader *r, double x, const char *what)
{
    if (isnan(x)) return 0;
    double t = trunc(x);
    if (t < 0 || t > READER_MAX_TYPED_LENGTH) reader_throw(r, "RangeError: invalid %s length", what);
    if (t > READER_MAX_ELEMENTS) reader_limit(r, what);
    return (size_t)t;
}

/* readSequence: Sequence(1, false) without a `sequence`; else `new Array(count)` regions (a count that
 * is not a number makes one region holding it; a number that is not a valid length throws). */
static void read_sequence(reader *r, json_t *map, pc_sequence *s, json_t *path_value)
{
    json_t *v = get(r, map, "sequence");
    s->region_count = 1;
    s->path_suffix = false;
    s->start = s->digits = s->setup_index = 0;
    if (js_typeof(v) == JS_UNDEFINED || js_typeof(v) == JS_NULL) return;
    size_t mark = path_push(r, ".sequence");
    json_t *count = get(r, v, "count");
    if (count == NULL || js_typeof(count) == JS_NUMBER) {
        double c = count == NULL ? 0 : js_number_value(count);
        if (!(c >= 0 && c <= 4294967295.0 && c == trunc(c))) reader_throw(r, "RangeError: Invalid array length");
        if (c > READER_MAX_ELEMENTS) reader_limit(r, "a sequence's count");
        s->region_count = c;
    } else {
        s->region_count = 1;
        reader_unmodelled(r, "`count` is not a number");
    }
    s->path_suffix = true;
    s->start = num_raw(r, v, "start", 1);
    s->digits = num_raw(r, v, "digits", 0);
    s->setup_index = num_raw(r, v, "setup", 0);
    /* Each region's path pads the frame number with zeros up to `digits`: the runtime builds that
     * string, and throws once it passes V8's longest string. */
    if (s->region_count >= 1) {
        double digits = js_to_number(get(r, v, "digits"));
        if (get(r, v, "digits") == NULL) digits = 0;
        double base = js_typeof(path_value) == JS_STRING ? (double)js_string_units(r->heap, path_value) : 16;
        if (digits - 1 + base > JS_MAX_STRING_LENGTH) reader_throw(r, "RangeError: Invalid string length");
    }
    path_pop(r, mark);
}

/* new Float32Array(v) for the vertices of an unweighted attachment; under the rule
 * path.vertex-numbers=doubles also the numbers as doubles (a->vertex_doubles). */
static void float32_array_of(reader *r, json_t *v, pc_attachment *a)
{
    size_t n = 0;
    switch (js_typeof(v)) {
    case JS_ARRAY:
        n = json_array_size(v);
        if ((double)n > READER_MAX_ELEMENTS) reader_limit(r, "vertices");
        a->vertices = reader_calloc(r, n, sizeof *a->vertices);
        a->vertices_count = (int)n;
        if (r->d->readings.vertex_doubles) a->vertex_doubles = reader_calloc(r, n, sizeof *a->vertex_doubles);
        for (size_t i = 0; i < n; i++) {
            double d = js_to_number(json_array_get(v, i));
            a->vertices[i] = (float)d;
            if (a->vertex_doubles) a->vertex_doubles[i] = d;
        }
        return;
    case JS_OBJECT: {
        double len = js_to_number(json_object_get(v, "length"));
        n = isnan(len) || len <= 0 ? 0 : (size_t)fmin(trunc(len), READER_MAX_ELEMENTS + 1);
        if ((double)n > READER_MAX_ELEMENTS) reader_limit(r, "vertices");
        a->vertices = reader_calloc(r, n, sizeof *a->vertices);
        a->vertices_count = (int)n;
        for (size_t i = 0; i < n; i++) {
            bool type_error = false;
            a->vertices[i] = (float)js_to_number(js_get_index(r->heap, v, i, &type_error));
        }
        reader_unmodelled(r, "vertices are an object");
        return;
    }
    default:
        /* A primitive is a length: that many zeros. */
        n = to_index(r, js_to_number(v), "vertices");
        a->vertices = reader_calloc(r, n, sizeof *a->vertices);
        a->vertices_count = (int)n;
        reader_unmodelled(r, "vertices are not an array");
        return;
    }
}

/* The growing lists of a weighted attachment while it is read: bone counts and indices, the (x, y,
 * weight) numbers through float32, and (only under path.vertex-numbers=doubles) the same as doubles. */
typedef struct weighted_lists {
    double *bones;
    float *weights;
    double *doubles;
    size_t bone_count, weight_count, bone_cap, weight_cap;
    size_t bone_slot, weight_slot, double_slot; /* their places among the reader's temps */
} weighted_lists;

static void *grow(reader *r, void *p, size_t cap, size_t size, size_t slot)
{
    void *q = realloc(p, cap * size);
    if (!q) reader_throw(r, "out of memory");
    r->temps[slot] = q;
    return q;
}

/* Room for `bones` more bone entries and `weights` more numbers. */
static void weighted_reserve(reader *r, weighted_lists *l, size_t bones, size_t weights)
{
    if (l->bone_count + bones <= l->bone_cap && l->weight_count + weights <= l->weight_cap) return;
    l->bone_cap *= 2;
    l->weight_cap *= 2;
    l->bones = grow(r, l->bones, l->bone_cap, sizeof *l->bones, l->bone_slot);
    l->weights = grow(r, l->weights, l->weight_cap, sizeof *l->weights, l->weight_slot);
    if (l->doubles) l->doubles = grow(r, l->doubles, l->weight_cap, sizeof *l->doubles, l->double_slot);
}

static void weighted_push(weighted_lists *l, double number)
{
    if (l->doubles) l->doubles[l->weight_count] = number;
    l->weights[l->weight_count++] = (float)number;
}

/* readVertices: the expected length is a number (vertexCount << 1) or a mesh's `uvs.length` value. */
static void read_vertices(reader *r, json_t *map, pc_attachment *a, json_t *expected_length)
{
    a->world_vertices_length = js_to_number(expected_length);
    if (js_typeof(expected_length) != JS_NUMBER) reader_unmodelled(r, "the vertices' expected length is not a number");
    json_t *vertices = get(r, map, "vertices");
    size_t mark = path_push(r, ".vertices");
    json_t *length = get(r, vertices, "length");
    if (js_strict_equals(expected_length, length)) {
        float32_array_of(r, vertices, a);
        a->bones_count = -1;
        path_pop(r, mark);
        return;
    }
    /* Weighted: per vertex a bone count, then (bone, x, y, weight) for each bone. */
    double n = js_to_number(length);
    weighted_lists l = { .bone_cap = 16, .weight_cap = 48 };
    l.bones = reader_temp(r, malloc(l.bone_cap * sizeof *l.bones));
    l.bone_slot = r->temp_count - 1;
    l.weights = reader_temp(r, malloc(l.weight_cap * sizeof *l.weights));
    l.weight_slot = r->temp_count - 1;
    if (r->d->readings.vertex_doubles) {
        l.doubles = reader_temp(r, malloc(l.weight_cap * sizeof *l.doubles));
        l.double_slot = r->temp_count - 1;
        if (!l.doubles) reader_throw(r, "out of memory");
    }
    if (!l.bones || !l.weights) reader_throw(r, "out of memory");
    double i = 0, steps = 0;
    while (i < n) {
        json_t *count = get_index(r, vertices, (size_t)i);
        i++;
        weighted_reserve(r, &l, 1 + 8, 24);
        if (js_typeof(count) != JS_NUMBER) reader_unmodelled(r, "a weighted vertex's bone count is not a number");
        l.bones[l.bone_count++] = js_to_number(count);
        double end = i + js_to_number(count) * 4;
        /* The loop below runs ceil((end - i) / 4) times (i grows by exactly 4 until long past the limit):
         * beyond the limit it is refused at once, not after READER_MAX_ELEMENTS steps (the fuzzer's
         * core/fuzz/regressions/skeleton/weighted-bone-count-huge.json: 27 s under ASan). */
        if (end - i > 0 && ceil((end - i) / 4) > READER_MAX_ELEMENTS - steps) reader_limit(r, "weighted vertices");
        while (i < end) {
            if (++steps > READER_MAX_ELEMENTS) reader_limit(r, "weighted vertices");
            weighted_reserve(r, &l, 1, 3);
            json_t *bone = get_index(r, vertices, (size_t)i);
            if (js_typeof(bone) != JS_NUMBER) reader_unmodelled(r, "a weighted vertex's bone is not a number");
            l.bones[l.bone_count++] = js_to_number(bone);
            weighted_push(&l, js_to_number(get_index(r, vertices, (size_t)i + 1)));
            weighted_push(&l, js_to_number(get_index(r, vertices, (size_t)i + 2)));
            weighted_push(&l, js_to_number(get_index(r, vertices, (size_t)i + 3)));
            i += 4;
        }
    }
    a->bones = reader_calloc(r, l.bone_count, sizeof *a->bones);
    memcpy(a->bones, l.bones, l.bone_count * sizeof *a->bones);
    a->bones_count = (int)l.bone_count;
    a->vertices = reader_calloc(r, l.weight_count, sizeof *a->vertices);
    memcpy(a->vertices, l.weights, l.weight_count * sizeof *a->vertices);
    a->vertices_count = (int)l.weight_count;
    if (l.doubles) {
        a->vertex_doubles = reader_calloc(r, l.weight_count, sizeof *a->vertex_doubles);
        memcpy(a->vertex_doubles, l.doubles, l.weight_count * sizeof *a->vertex_doubles);
    }
    path_pop(r, mark);
}

/* A raw array the runtime keeps as it is (triangles, edges, uvs): its numbers. */
static double *number_list(reader *r, json_t *v, int *count, const char *what)
{
    *count = 0;
    if (js_typeof(v) != JS_ARRAY) {
        reader_unmodelled(r, "`%s` is not an array", what);
        return NULL;
    }
    size_t n = json_array_size(v);
    double *out = reader_calloc(r, n, sizeof *out);
    for (size_t i = 0; i < n; i++) {
        json_t *e = json_array_get(v, i);
        if (js_typeof(e) != JS_NUMBER) reader_unmodelled(r, "an element of `%s` is not a number", what);
        out[i] = js_to_number(e);
    }
    *count = (int)n;
    return out;
}

/* The texture region the loader found for region k of a's sequence; NULL for the stub's. */
static const pc_atlas_region *atlas_region(const pc_attachment *a, int k)
{
    return a->atlas_regions ? a->atlas_regions[k] : NULL;
}

/* How many regions' offsets and uvs a keeps (pc_region_index): none without a region, one for the stub
 * (all alike), each with an atlas. */
static int kept_regions(const pc_attachment *a)
{
    if (a->sequence.region_count < 1) return 0;
    return a->atlas_regions ? (int)a->sequence.region_count : 1;
}

static inline double region_uv(const pc_attachment *mesh, int i)
{
    return i < mesh->region_uvs_count ? mesh->region_uvs[i] : NAN; /* regionUVs[n]: undefined */
}

/* MeshAttachment.computeUVs for each region (Sequence.update): the stub's region spans 0..1 (u + uv *
 * (u2 - u)); an atlas region maps the uvs into its place on the page, turned by its degrees (90, 180,
 * 270; anything else as 0), whitespace stripping undone from the original size. Float32Array. */
void mesh_update_uvs(reader *r, pc_attachment *mesh)
{
    free(mesh->uvs);
    free(mesh->region_pages);
    mesh->uvs = NULL;
    mesh->region_pages = NULL;
    mesh->uvs_count = 0;
    int kept = kept_regions(mesh);
    if (kept == 0) return;
    int n = mesh->region_uvs_count;
    mesh->uvs = reader_calloc(r, (size_t)n * (size_t)kept + 1, sizeof *mesh->uvs);
    mesh->region_pages = reader_calloc(r, (size_t)kept, sizeof *mesh->region_pages);
    mesh->uvs_count = n;
    mesh->regions_distinct = mesh->atlas_regions != NULL;
    for (int k = 0; k < kept; k++) {
        float *uvs = mesh->uvs + (size_t)k * (size_t)n;
        const pc_atlas_region *g = atlas_region(mesh, k);
        if (!g) {
            for (int i = 0; i < n; i++) uvs[i] = (float)(0 + mesh->region_uvs[i] * 1);
            continue;
        }
        const pc_atlas_page *page = &r->atlas->pages[g->page];
        mesh->region_pages[k] = g->page;
        double tw = page->width, th = page->height, u = g->u, v = g->v, width, height;
        if (g->degrees == 90) {
            u -= (g->original_height - g->offset_y - g->height) / tw;
            v -= (g->original_width - g->offset_x - g->width) / th;
            width = g->original_height / tw;
            height = g->original_width / th;
            for (int i = 0; i < n; i += 2) {
                uvs[i] = (float)(u + region_uv(mesh, i + 1) * width);
                if (i + 1 < n) uvs[i + 1] = (float)(v + (1 - mesh->region_uvs[i]) * height);
            }
        } else if (g->degrees == 180) {
            u -= (g->original_width - g->offset_x - g->width) / tw;
            v -= g->offset_y / th;
            width = g->original_width / tw;
            height = g->original_height / th;
            for (int i = 0; i < n; i += 2) {
                uvs[i] = (float)(u + (1 - mesh->region_uvs[i]) * width);
                if (i + 1 < n) uvs[i + 1] = (float)(v + (1 - mesh->region_uvs[i + 1]) * height);
            }
        } else if (g->degrees == 270) {
            u -= g->offset_y / tw;
            v -= g->offset_x / th;
            width = g->original_height / tw;
            height = g->original_width / th;
            for (int i = 0; i < n; i += 2) {
                uvs[i] = (float)(u + (1 - region_uv(mesh, i + 1)) * width);
                if (i + 1 < n) uvs[i + 1] = (float)(v + mesh->region_uvs[i] * height);
            }
        } else {
            u -= g->offset_x / tw;
            v -= (g->original_height - g->offset_y - g->height) / th;
            width = g->original_width / tw;
            height = g->original_height / th;
            for (int i = 0; i < n; i += 2) {
                uvs[i] = (float)(u + mesh->region_uvs[i] * width);
                if (i + 1 < n) uvs[i + 1] = (float)(v + mesh->region_uvs[i + 1] * height);
            }
        }
    }
}

/* RegionAttachment.updateSequence, region by region: each region's offsets are the corners in doubles,
 * (x, y) plus the rotated and scaled half-extents, the region's whitespace (offset, original size)
 * added back; its uvs, a Float32Array, are the region's u, v2, u, v, u2, v, u2, v2 (for `rotate: 90`
 * u2, v2, u, v, u, v, u2, v). The stub's region: u = v = 0, u2 = v2 = 1, width = height =
 * originalWidth = originalHeight = 1, offsets 0. Every term is kept as the runtime spells it (0 * scale
 * is NaN for an infinite scale, -0 for a negative one). */
static void region_update_sequence(reader *r, pc_attachment *a)
{
    int kept = kept_regions(a);
    if (kept == 0) return;
    a->offsets = reader_calloc(r, 8 * (size_t)kept, sizeof *a->offsets);
    a->uvs = reader_calloc(r, 8 * (size_t)kept, sizeof *a->uvs);
    a->region_pages = reader_calloc(r, (size_t)kept, sizeof *a->region_pages);
    a->uvs_count = 8;
    a->regions_distinct = a->atlas_regions != NULL;
    for (int k = 0; k < kept; k++) {
        const pc_atlas_region *g = atlas_region(a, k);
        const pc_atlas_region stub = { .u2 = 1, .v2 = 1, .width = 1, .height = 1, .original_width = 1,
                                       .original_height = 1 };
        if (g) a->region_pages[k] = g->page;
        else g = &stub;
        double region_scale_x = a->width / g->original_width * a->scale_x;
        double region_scale_y = a->height / g->original_height * a->scale_y;
        double local_x = -a->width / 2 * a->scale_x + g->offset_x * region_scale_x;
        double local_y = -a->height / 2 * a->scale_y + g->offset_y * region_scale_y;
        double local_x2 = local_x + g->width * region_scale_x;
        double local_y2 = local_y + g->height * region_scale_y;
        double radians = a->rotation * JS_DEG_RAD;
        double cos_r = js_cos(radians), sin_r = js_sin(radians);
        double x_cos = local_x * cos_r + a->x, x_sin = local_x * sin_r;
        double y_cos = local_y * cos_r + a->y, y_sin = local_y * sin_r;
        double x2_cos = local_x2 * cos_r + a->x, x2_sin = local_x2 * sin_r;
        double y2_cos = local_y2 * cos_r + a->y, y2_sin = local_y2 * sin_r;
        double *o = a->offsets + 8 * k;
        o[0] = x_cos - y_sin;
        o[1] = y_cos + x_sin;
        o[2] = x_cos - y2_sin;
        o[3] = y2_cos + x_sin;
        o[4] = x2_cos - y2_sin;
        o[5] = y2_cos + x2_sin;
        o[6] = x2_cos - y_sin;
        o[7] = y_cos + x2_sin;
        double uvs[8] = { g->u, g->v2, g->u, g->v, g->u2, g->v, g->u2, g->v2 };
        if (g->degrees == 90) {
            uvs[0] = g->u2;
            uvs[3] = g->v2;
            uvs[4] = g->u;
            uvs[7] = g->v;
        }
        for (int i = 0; i < 8; i++) a->uvs[8 * k + i] = (float)uvs[i];
    }
}

/* Sequence.getPath(basePath, k): the path, then with a suffix as many zeros as `digits` asks beyond
 * the frame number's length and the frame number (start + k as JavaScript spells it). False when that
 * is longer than `room` (no region can have that name, the reader's callers compare). */
static bool sequence_path(const pc_attachment *a, double k, char *out, size_t room, size_t *len)
{
    size_t n = strlen(a->path);
    if (!a->sequence.path_suffix) {
        if (n >= room) return false;
        memcpy(out, a->path, n + 1);
        *len = n;
        return true;
    }
    char frame[NUMTEXT_MAX];
    size_t f = numtext_format(a->sequence.start + k, frame);
    if (f == 2 && frame[0] == '-' && frame[1] == '0') f = 1, frame[0] = '0', frame[1] = '\0'; /* (-0).toString() */
    double zeros = a->sequence.digits - (double)f;
    if (!(zeros > 0)) zeros = 0;
    zeros = ceil(zeros);
    if ((double)n + zeros + (double)f >= (double)room) return false;
    memcpy(out, a->path, n);
    memset(out + n, '0', (size_t)zeros);
    memcpy(out + n + (size_t)zeros, frame, f + 1);
    *len = n + (size_t)zeros + f;
    return true;
}

/* AtlasAttachmentLoader.findRegions: each frame of the sequence looked up by its path; a missing one is
 * refused as the loader throws. */
static void find_regions(reader *r, pc_attachment *a, const char *name)
{
    const pc_atlas *atlas = r->atlas;
    int count = (int)a->sequence.region_count;
    size_t longest = 0;
    for (int i = 0; i < atlas->region_count; i++)
        if (atlas->regions[i].name_len > longest) longest = atlas->regions[i].name_len;
    a->atlas_regions = reader_temp(r, calloc((size_t)count + 1, sizeof *a->atlas_regions));
    char *path = reader_temp(r, malloc(longest + 2));
    if (!a->atlas_regions || !path) reader_throw(r, "out of memory");
    for (int k = 0; k < count; k++) {
        size_t len = 0;
        const pc_atlas_region *g = NULL;
        if (sequence_path(a, k, path, longest + 2, &len)) g = pc_atlas_find(atlas, path, len);
        if (!g) {
            char shown[200];
            if (!sequence_path(a, k, shown, sizeof shown, &len)) snprintf(shown, sizeof shown, "%.150s...", a->path);
            reader_throw(r, "Region not found in atlas: %s (attachment: %s)", shown, name);
        }
        a->atlas_regions[k] = g;
    }
}

void attachment_add_timeline_slot(reader *r, pc_attachment *source, int slot)
{
    for (int i = 0; i < source->timeline_slot_count; i++)
        if (source->timeline_slots[i] == slot) return;
    source->timeline_slots = reader_realloc(r, source->timeline_slots, (size_t)source->timeline_slot_count + 1,
                                            sizeof *source->timeline_slots);
    source->timeline_slots[source->timeline_slot_count++] = slot;
}

static char *attachment_text(reader *r, json_t *v, const char *what)
{
    size_t len;
    const char *s = js_string(v, &len);
    if (!s || strlen(s) != len) {
        reader_unmodelled(r, "the attachment's %s is not a string", what);
        return reader_strdup(r, "");
    }
    return reader_strdup(r, s);
}

static void read_color(reader *r, json_t *map, pc_attachment *a)
{
    json_t *color = get(r, map, "color");
    if (js_truthy(color)) color_from(r, color, &a->color, NULL);
}

/* The vertex count of a bounding box, path or clipping: `vertexCount << 1`. */
static json_t *shifted_vertex_count(reader *r, json_t *map)
{
    double count = js_to_int32(js_to_number(get(r, map, "vertexCount")));
    double shifted = js_to_int32(count * 2);
    return js_make_number(r->heap, shifted);
}

/* Checks a weighted attachment's runs against a skeleton of bone_count bones: every bone count and
 * bone index a whole number, every run inside the bones, every index naming a bone, the vertex
 * numbers of every bone entry inside the vertices. When they are, fills index (3 * bones_count ints)
 * and sets a's weight_index to it (skeleton_data.h), and the pose (instance/vertices.c) walks those ints instead
 * of the document's numbers: the same reads, without testing each. */
static bool index_weights(pc_attachment *a, int bone_count, int *index)
{
    int n = a->bones_count, *ints = index, *runs = index + n, *before = index + 2 * n, k = 0, entries = 0;
    for (int v = 0; v < n; k++) {
        double count = a->bones[v];
        if (!(count >= 0 && count <= n - v - 1 && count == (double)(int)count)) return false;
        runs[k] = v;
        before[k] = entries;
        ints[v] = (int)count;
        for (int e = v + 1; e <= v + (int)count; e++) {
            double bone = a->bones[e];
            if (!(bone >= 0 && bone < bone_count && bone == (double)(int)bone)) return false;
            ints[e] = (int)bone;
        }
        entries += (int)count;
        v += (int)count + 1;
    }
    if (3LL * entries > a->vertices_count) return false;
    /* before[] follows runs[] directly: one array of 2 ints a vertex after the bones */
    memmove(index + n + k, before, (size_t)k * sizeof *before);
    a->weight_index = index;
    a->weight_vertex_count = k;
    a->weight_entries = entries;
    return true;
}

pc_attachment *read_attachment(reader *r, json_t *map, int skin, int slot, const char *placeholder)
{
    (void)skin;
    json_t *name = get(r, map, "name");
    if (name == NULL) name = js_make_string(r->heap, placeholder, strlen(placeholder));
    json_t *type = get(r, map, "type");
    int kind;
    bool linked_type = false;
    if (type == NULL || js_is(type, "region")) kind = PC_ATTACHMENT_REGION;
    else if (js_is(type, "boundingbox")) kind = PC_ATTACHMENT_BOUNDINGBOX;
    else if (js_is(type, "mesh")) kind = PC_ATTACHMENT_MESH;
    else if (js_is(type, "linkedmesh")) { kind = PC_ATTACHMENT_MESH; linked_type = true; }
    else if (js_is(type, "path")) kind = PC_ATTACHMENT_PATH;
    else if (js_is(type, "point")) kind = PC_ATTACHMENT_POINT;
    else if (js_is(type, "clipping")) kind = PC_ATTACHMENT_CLIPPING;
    else return NULL;
    (void)linked_type;

    pc_attachment *a;
    if (kind == PC_ATTACHMENT_REGION || kind == PC_ATTACHMENT_MESH) {
        json_t *path = get(r, map, "path");
        if (path == NULL) path = name;
        pc_sequence sequence;
        read_sequence(r, map, &sequence, path);
        a = new_attachment(r, (pc_attachment_kind)kind);
        a->sequence = sequence;
        a->name = attachment_text(r, name, "name");
        a->path = attachment_text(r, path, "path");
        if (r->atlas) find_regions(r, a, a->name); /* before the attachment is made (its name checked) */
        if (!js_truthy(name)) reader_throw(r, "name cannot be null.");
    } else {
        if (!js_truthy(name)) reader_throw(r, "name cannot be null.");
        a = new_attachment(r, (pc_attachment_kind)kind);
        a->name = attachment_text(r, name, "name");
    }

    switch (kind) {
    case PC_ATTACHMENT_REGION:
        a->x = num_coerced(r, map, "x", 0);
        a->y = num_coerced(r, map, "y", 0);
        a->scale_x = num_raw(r, map, "scaleX", 1);
        a->scale_y = num_raw(r, map, "scaleY", 1);
        a->rotation = num_raw(r, map, "rotation", 0);
        a->width = js_to_number(get(r, map, "width"));
        a->height = js_to_number(get(r, map, "height"));
        read_color(r, map, a);
        region_update_sequence(r, a);
        break;
    case PC_ATTACHMENT_BOUNDINGBOX:
        read_vertices(r, map, a, shifted_vertex_count(r, map));
        read_color(r, map, a);
        break;
    case PC_ATTACHMENT_MESH: {
        read_color(r, map, a);
        a->mesh_width = num_coerced(r, map, "width", 0);
        a->mesh_height = num_coerced(r, map, "height", 0);
        json_t *source = get(r, map, "source");
        if (js_truthy(source)) {
            int source_slot = slot;
            json_t *slot_name = get(r, map, "slot");
            if (js_truthy(slot_name)) {
                source_slot = find_slot_js(r, slot_name);
                if (source_slot < 0) {
                    const char *text = js_property_key(r->heap, slot_name);
                    reader_throw(r, "Source mesh slot not found: %s", text ? text : "?");
                }
            }
            if (r->link_count == r->link_capacity) {
                int cap = r->link_capacity ? r->link_capacity * 2 : 16;
                r->links = reader_realloc(r, r->links, (size_t)cap, sizeof *r->links);
                r->link_capacity = cap;
            }
            pending_link *link = &r->links[r->link_count++];
            link->mesh = a;
            link->skin = get(r, map, "skin");
            link->slot = slot;
            link->source_slot = source_slot;
            link->source = js_property_key(r->heap, source);
            if (!link->source) reader_throw(r, "out of memory");
            json_t *timelines = get(r, map, "timelines");
            link->inherit_timelines = timelines == NULL || js_truthy(timelines);
            snprintf(link->path, sizeof link->path, "%.150s", r->path);
            a->linked = true;
            /* Until its source is set: a mesh's defaults (no bones, empty arrays). */
            break;
        }
        json_t *uvs = get(r, map, "uvs");
        json_t *uvs_length = get(r, uvs, "length");
        read_vertices(r, map, a, uvs_length);
        json_t *triangles = get(r, map, "triangles");
        a->triangles = number_list(r, triangles, &a->triangles_count, "triangles");
        a->region_uvs = number_list(r, uvs, &a->region_uvs_count, "uvs");
        json_t *edges = get(r, map, "edges");
        if (edges == NULL || js_typeof(edges) == JS_NULL) a->edges_count = -1;
        else a->edges = number_list(r, edges, &a->edges_count, "edges");
        a->hull_length = num_coerced(r, map, "hull", 0) * 2;
        mesh_update_uvs(r, a);
        break;
    }
    case PC_ATTACHMENT_PATH: {
        a->closed = bool_raw(r, map, "closed", false);
        a->constant_speed = bool_raw(r, map, "constantSpeed", true);
        json_t *vertex_count = get(r, map, "vertexCount");
        read_vertices(r, map, a, shifted_vertex_count(r, map));
        if (a->bones_count > 0) {
            int *index = reader_calloc(r, 3 * (size_t)a->bones_count, sizeof *index);
            if (!index_weights(a, r->d->bone_count, index)) free(index);
        }
        double size = js_to_number(vertex_count) / 3;
        double zeros = size > 0 ? ceil(size) : 0;
        if (zeros > READER_MAX_ELEMENTS) reader_limit(r, "a path's lengths");
        json_t *lengths = get(r, map, "lengths");
        size_t mark = path_push(r, ".lengths");
        double n = length_of(r, lengths);
        if (n > READER_MAX_ELEMENTS) reader_limit(r, "a path's lengths");
        size_t given = n > 0 ? (size_t)ceil(n) : 0;
        size_t total = (size_t)zeros > given ? (size_t)zeros : given;
        a->lengths = reader_calloc(r, total, sizeof *a->lengths);
        a->lengths_count = (int)total;
        for (size_t i = 0; i < given; i++) a->lengths[i] = js_to_number(get_index(r, lengths, i)) * 1;
        path_pop(r, mark);
        read_color(r, map, a);
        break;
    }
    case PC_ATTACHMENT_POINT:
        a->color = (pc_color){ 0.38, 0.94, 0, 1 };
        a->x = num_coerced(r, map, "x", 0);
        a->y = num_coerced(r, map, "y", 0);
        a->rotation = num_raw(r, map, "rotation", 0);
        read_color(r, map, a);
        break;
    case PC_ATTACHMENT_CLIPPING: {
        a->color = (pc_color){ 0.2275, 0.2275, 0.8078, 1 };
        json_t *end = get(r, map, "end");
        if (js_truthy(end)) a->end_slot = find_slot_js(r, end);
        a->convex = bool_raw(r, map, "convex", false);
        a->inverse = bool_raw(r, map, "inverse", false);
        read_vertices(r, map, a, shifted_vertex_count(r, map));
        read_color(r, map, a);
        break;
    }
    }
    return a;
}
