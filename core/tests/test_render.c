/* Check tests of what is drawn through the public interface (posecore.h): a game's draw loop written
 * with pc_render (with and without premultiplied alpha), pc_skeleton_bounds and the pc_hit_boxes_* hit
 * tests gives, command by command and bit for bit, the `render`, `render.vertex`, `render.pma`,
 * `bounds`, `bounds.aabb`, `bounds.point` and `bounds.segment` rows of the oracle's stored dumps of the
 * same poses (corpus/dumps, written by spine-core's SkeletonRendererCore, getBounds and SkeletonBounds;
 * oracle/FORMAT.md "Pose blocks of what is drawn"), with the stub atlas and with a real one (run from
 * the repository root). The dump writer is not in the way: these calls are what a C renderer makes.
 * And drawing allocates nothing: the same poses posed and drawn again between two snapshots of a
 * counting allocator (core/bench/bench_alloc.c, linked as the benchmark links it: core/render.mk), and
 * so is spineboy-pro with its atlas (two clipping slots) at 30 samples, from $SHARED/rigs. */
#include "../bench/bench_alloc.h"
#include "dumpcmp/dumpread.h"
#include "posecore.h"
#include "render/clipping.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run_suite.h"

/* The row of block `block` keyed `key` in pose `pose`, or NULL. */
static const struct dump_row *pose_row(const struct dump *d, size_t pose, const char *block, const char *key)
{
    const struct dump_pose *p = &d->poses[pose];
    for (size_t r = p->first_row; r < p->first_row + p->row_count; r++) {
        const struct dump_row *row = &d->rows[r];
        if (strcmp(d->blocks[row->block].name.ptr, block) == 0 && strcmp(row->key.ptr, key) == 0) return row;
    }
    return NULL;
}

/* How many rows block `block` has in pose `pose`. */
static size_t block_rows(const struct dump *d, size_t pose, const char *block)
{
    const struct dump_pose *p = &d->poses[pose];
    size_t n = 0;
    for (size_t r = p->first_row; r < p->first_row + p->row_count; r++)
        n += strcmp(d->blocks[d->rows[r].block].name.ptr, block) == 0;
    return n;
}

/* Field `name` of a row (it must have it). */
static const struct dump_value *field(const struct dump *d, const struct dump_row *row, const char *name)
{
    for (size_t k = 0; k < d->blocks[row->block].field_count; k++)
        if (strcmp(dump_field_name(d, row, k)->ptr, name) == 0) return dump_field_value(d, row, k);
    ck_abort_msg("line %zu: no field %s", row->line, name);
    return NULL;
}

static long compared;

static void same_number(const struct dump *d, const struct dump_row *row, const char *name, double have)
{
    const struct dump_value *v = field(d, row, name);
    ck_assert_msg(v->type == DUMP_NUMBER, "line %zu field %s: not a number", row->line, name);
    ck_assert_msg(memcmp(&v->number, &have, sizeof have) == 0, "line %zu field %s: %.17g, want %.17g", row->line,
                  name, have, v->number);
    compared++;
}

static void same_bool(const struct dump *d, const struct dump_row *row, const char *name, bool have)
{
    const struct dump_value *v = field(d, row, name);
    ck_assert_msg(v->type == DUMP_BOOL && v->boolean == have, "line %zu field %s: %d", row->line, name, have);
    compared++;
}

/* A string field equal to `have`, or null when have is NULL. */
static void same_string(const struct dump *d, const struct dump_row *row, const char *name, const char *have)
{
    const struct dump_value *v = field(d, row, name);
    if (!have) ck_assert_msg(v->type == DUMP_NULL, "line %zu field %s: null, want a value", row->line, name);
    else
        ck_assert_msg(v->type == DUMP_STRING && strcmp(v->string.ptr, have) == 0, "line %zu field %s: \"%s\"",
                      row->line, name, have);
    compared++;
}

static const char *blend_name(pc_blend_mode b)
{
    static const char names[4][9] = { "normal", "additive", "multiply", "screen" };
    return b < PC_BLEND_MODE_UNKNOWN ? names[b] : NULL;
}

/* The commands of one render call against the rows of `block` (render or render.pma); the vertex
 * stream against render.vertex (the pma call's is the plain call's). */
static void same_commands(const struct dump *d, size_t pose, const char *block, const pc_render_command *cmds,
                          int count)
{
    ck_assert_msg(block_rows(d, pose, block) == (size_t)count, "pose %zu %s: %d commands, want %zu", pose, block,
                  count, block_rows(d, pose, block));
    char key[32], triangles[8 * 4096];
    for (int i = 0; i < count; i++) {
        const pc_render_command *c = &cmds[i];
        snprintf(key, sizeof key, "%d", i);
        const struct dump_row *row = pose_row(d, pose, block, key);
        ck_assert_ptr_nonnull(row);
        same_string(d, row, "blend", blend_name(c->blend));
        same_number(d, row, "texture", c->texture);
        same_number(d, row, "first", c->first_vertex);
        same_number(d, row, "vertices", c->vertex_count);
        same_number(d, row, "indices", c->index_count);
        if (c->has_color) {
            same_number(d, row, "color", c->color);
            same_number(d, row, "dark", c->dark);
        } else {
            ck_assert(field(d, row, "color")->type == DUMP_NULL && field(d, row, "dark")->type == DUMP_NULL);
        }
        size_t n = 0;
        triangles[0] = '\0';
        for (int k = 0; k < c->index_count && n + 8 < sizeof triangles; k++)
            n += (size_t)snprintf(triangles + n, sizeof triangles - n, k ? " %u" : "%u", c->indices[k]);
        same_string(d, row, "triangles", triangles);
        for (int k = 0; k < c->vertex_count; k++) {
            snprintf(key, sizeof key, "%d", c->first_vertex + k);
            const struct dump_row *v = pose_row(d, pose, "render.vertex", key);
            ck_assert_msg(v != NULL, "pose %zu: no render.vertex %s", pose, key);
            same_number(d, v, "x", c->positions[2 * k]);
            same_number(d, v, "y", c->positions[2 * k + 1]);
            same_number(d, v, "u", c->uvs[2 * k]);
            same_number(d, v, "v", c->uvs[2 * k + 1]);
        }
    }
}

/* The hit tests of the rows of `block` (bounds.point: x y; bounds.segment: x1 y1 x2 y2), each row's
 * aabb and hit (the first polygon's attachment name, or null). */
static void same_hits(const struct dump *d, size_t pose, const pc_renderer *r, bool segments)
{
    const char *block = segments ? "bounds.segment" : "bounds.point";
    size_t rows = block_rows(d, pose, block);
    if (pc_hit_box_count(r) > 0) ck_assert_uint_gt(rows, 0);
    for (size_t i = 0; i < rows; i++) {
        char key[32];
        snprintf(key, sizeof key, "%zu", i);
        const struct dump_row *row = pose_row(d, pose, block, key);
        ck_assert_ptr_nonnull(row);
        int hit;
        if (segments) {
            double x1 = field(d, row, "x1")->number, y1 = field(d, row, "y1")->number;
            double x2 = field(d, row, "x2")->number, y2 = field(d, row, "y2")->number;
            same_bool(d, row, "aabb", pc_hit_boxes_aabb_intersects_segment(r, x1, y1, x2, y2));
            hit = pc_hit_boxes_intersects_segment(r, x1, y1, x2, y2);
        } else {
            double x = field(d, row, "x")->number, y = field(d, row, "y")->number;
            same_bool(d, row, "aabb", pc_hit_boxes_aabb_contains_point(r, x, y));
            hit = pc_hit_boxes_contains_point(r, x, y);
        }
        /* no polygon hit is -1 (render/bounds.c:234:13 and 241:13 `1` -> `2`) */
        ck_assert_int_ge(hit, -1);
        const char *name = NULL;
        if (hit >= 0) {
            int vertex_count;
            ck_assert_ptr_nonnull(pc_hit_box_polygon(r, hit, &vertex_count, &name));
        }
        same_string(d, row, "hit", name);
    }
}

/* Draws one posed instance as a game would and holds it against pose `pose` of the dump. */
static void same_drawing(const struct dump *d, size_t pose, pc_renderer *r, const pc_skeleton *sk)
{
    const pc_render_command *cmds;
    int count;
    pc_error err;
    ck_assert_msg(pc_render(r, sk, false, &cmds, &count, &err) == PC_OK, "%s", err.message);
    same_commands(d, pose, "render", cmds, count);
    ck_assert_msg(pc_render(r, sk, true, &cmds, &count, &err) == PC_OK, "%s", err.message);
    same_commands(d, pose, "render.pma", cmds, count);

    static const char names[4][8] = { "x", "y", "width", "height" };
    for (int clipped = 0; clipped < 2; clipped++) {
        double box[4];
        ck_assert_msg(pc_skeleton_bounds(r, sk, clipped, box, &err) == PC_OK, "%s", err.message);
        const struct dump_row *row = pose_row(d, pose, "bounds", clipped ? "clipped" : "skeleton");
        ck_assert_ptr_nonnull(row);
        for (int k = 0; k < 4; k++) same_number(d, row, names[k], box[k]);
    }

    ck_assert_msg(pc_hit_boxes_update(r, sk, &err) == PC_OK, "%s", err.message);
    const struct dump_row *row = pose_row(d, pose, "bounds.aabb", "aabb");
    ck_assert_ptr_nonnull(row);
    double aabb[4];
    pc_hit_boxes_aabb(r, aabb);
    same_number(d, row, "minX", aabb[0]);
    same_number(d, row, "minY", aabb[1]);
    same_number(d, row, "maxX", aabb[2]);
    same_number(d, row, "maxY", aabb[3]);
    ck_assert_uint_eq(block_rows(d, pose, "bounds.box"), (size_t)pc_hit_box_count(r));
    /* no polygon outside 0 to the count - 1 (render/bounds.c:156:24 `>=` -> `>`) */
    ck_assert_ptr_null(pc_hit_box_polygon(r, pc_hit_box_count(r), NULL, NULL));
    ck_assert_ptr_null(pc_hit_box_polygon(r, -1, NULL, NULL));
    same_hits(d, pose, r, false);
    same_hits(d, pose, r, true);
}

/* Poses the instance as pose `p` of the dump says (the setup pose, or an animation at a time from the
 * setup pose); *animation and *last_time carry the previous apply. */
static const char *pose_as(const struct dump *d, size_t p, const pc_skeleton_data *data, pc_skeleton *sk,
                           pc_events *events, int *animation, double *last_time)
{
    const struct dump_pose *pose = &d->poses[p];
    pc_skeleton_setup_pose(sk);
    const char *thrown = NULL;
    if (pose->animation.type == DUMP_STRING) {
        int a = 0;
        while (a < pc_data_animation_count(data) && strcmp(pc_data_animation_name(data, a), pose->animation.string.ptr))
            a++;
        if (a == pc_data_animation_count(data)) return "no such animation";
        if (a != *animation) *animation = a, *last_time = -1;
        thrown = pc_skeleton_apply_animation(sk, a, *last_time, pose->time, events);
        *last_time = pose->time;
    }
    pc_skeleton_update_world_transform(sk);
    return thrown;
}

/* Every call a frame of a game draws: the render commands (plain and premultiplied), both bounds, the
 * hit boxes and a few hit tests. False when one failed. */
static bool draw_frame(pc_renderer *r, const pc_skeleton *sk)
{
    const pc_render_command *cmds;
    int count;
    pc_error err;
    double box[4];
    bool ok = pc_render(r, sk, false, &cmds, &count, &err) == PC_OK && pc_render(r, sk, true, &cmds, &count, &err) == PC_OK
              && pc_skeleton_bounds(r, sk, false, box, &err) == PC_OK && pc_skeleton_bounds(r, sk, true, box, &err) == PC_OK
              && pc_hit_boxes_update(r, sk, &err) == PC_OK;
    for (int k = -2; ok && k <= 2; k++) {
        (void)pc_hit_boxes_contains_point(r, 50.0 * k, 25.0 * k);
        (void)pc_hit_boxes_intersects_segment(r, -500, 40.0 * k, 500, -40.0 * k);
    }
    return ok;
}

/* The pose sequence of the stored dump (its poses name the animation and time: the setup pose, then
 * each animation's samples from the setup pose), posed through the public interface and drawn. */
static void draw_case(const char *name, const char *atlas_path, const char *skin)
{
    char path[256];
    pc_error err;
    pc_atlas *atlas = NULL;
    if (atlas_path) {
        atlas = pc_atlas_read_file(atlas_path, &err);
        ck_assert_msg(atlas != NULL, "%s", err.message);
    }
    snprintf(path, sizeof path, "corpus/cases/%s.json", name);
    pc_skeleton_data *data = pc_read_file_atlas(path, atlas, NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_atlas_free(atlas);
    snprintf(path, sizeof path, "corpus/dumps/%s.dump", name);
    struct dump d;
    struct dump_error derr;
    ck_assert_msg(dump_read_file(path, &d, &derr), "%s", derr.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    pc_events *events = pc_events_new(data);
    pc_renderer *r = pc_renderer_new(data);
    ck_assert(sk && events && r && pc_skeleton_set_skin(sk, skin));

    long before = compared;
    int animation = -1;
    double last_time = -1;
    for (size_t p = 0; p < d.pose_count; p++) {
        ck_assert_ptr_null(pose_as(&d, p, data, sk, events, &animation, &last_time));
        same_drawing(&d, p, r, sk);
    }
    /* Again, counting allocations: posing and drawing make none. */
    animation = -1;
    bool ok = true;
    bench_alloc_counts c0 = bench_alloc_snapshot();
    for (size_t p = 0; p < d.pose_count; p++)
        ok = !pose_as(&d, p, data, sk, events, &animation, &last_time) && draw_frame(r, sk) && ok;
    bench_alloc_counts c1 = bench_alloc_snapshot();
    ck_assert(ok);
    ck_assert_msg(c1.allocations == c0.allocations, "%s: %llu allocations while drawing %zu poses", name,
                  c1.allocations - c0.allocations, d.pose_count);
    ck_assert_int_gt(d.pose_count, 1);
    ck_assert_int_gt(compared - before, 100);
    pc_renderer_free(r);
    pc_events_free(events);
    pc_skeleton_free(sk);
    dump_free(&d);
    pc_skeleton_data_free(data);
}

/* Colors (light, dark, alpha), blend modes and the batches they split; stub atlas. */
START_TEST(colors_and_batches_match_the_oracle) { draw_case("render-colors-and-batches", NULL, NULL); }
END_TEST

/* A concave clipping polygon cutting regions and meshes: the render path of SkeletonClipping. */
START_TEST(concave_clip_matches_the_oracle) { draw_case("clip-concave-star", NULL, "all"); }
END_TEST

/* Bounding boxes: SkeletonBounds' polygons, its box and every hit test. */
START_TEST(hit_boxes_match_the_oracle) { draw_case("bounds-hit-boxes", NULL, NULL); }
END_TEST

/* A real atlas: rotated and whitespace-stripped regions, pages. */
START_TEST(atlas_regions_match_the_oracle) { draw_case("atlas-regions", "corpus/cases/atlas-regions.atlas", "all"); }
END_TEST

/* The renderer's first room (pc_renderer_new, pc_clipper_init: sized from the document) holds what
 * every frame draws: posed as the stored dump's poses and drawn from the very first frame after the
 * renderer is made (render plain and pma, both bounds, the hit boxes), nothing is allocated. Clips plain,
 * concave, inverse and nested, hit boxes (mut-h32-clip-many-hexagons is made to outgrow it: not here). */
static void first_frames_allocate_nothing(const char *name, const char *skin)
{
    char path[256];
    pc_error err;
    snprintf(path, sizeof path, "corpus/cases/%s.json", name);
    pc_skeleton_data *data = pc_read_file_atlas(path, NULL, NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    snprintf(path, sizeof path, "corpus/dumps/%s.dump", name);
    struct dump d;
    struct dump_error derr;
    ck_assert_msg(dump_read_file(path, &d, &derr), "%s", derr.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    pc_events *events = pc_events_new(data);
    ck_assert(sk && events && pc_skeleton_set_skin(sk, skin));
    pc_renderer *r = pc_renderer_new(data);
    ck_assert_ptr_nonnull(r);
    int animation = -1;
    double last_time = -1;
    bool ok = true;
    bench_alloc_counts c0 = bench_alloc_snapshot();
    for (size_t p = 0; p < d.pose_count; p++)
        ok = !pose_as(&d, p, data, sk, events, &animation, &last_time) && draw_frame(r, sk) && ok;
    bench_alloc_counts c1 = bench_alloc_snapshot();
    ck_assert_msg(ok, "%s: a frame failed", name);
    ck_assert_msg(c1.allocations == c0.allocations, "%s: %llu allocations while drawing %zu poses from the first", name,
                  c1.allocations - c0.allocations, d.pose_count);
    pc_renderer_free(r);
    pc_events_free(events);
    pc_skeleton_free(sk);
    dump_free(&d);
    pc_skeleton_data_free(data);
}

START_TEST(first_frames_draw_without_allocating)
{
    first_frames_allocate_nothing("render-colors-and-batches", NULL);
    first_frames_allocate_nothing("clip-concave-star", "all");
    first_frames_allocate_nothing("clip-inverse-and-hull", "all");
    first_frames_allocate_nothing("bounds-hit-boxes", NULL);
    first_frames_allocate_nothing("clip-nested-and-empty", "all");
    first_frames_allocate_nothing("clip-bounds-when-cut", "all");
    first_frames_allocate_nothing("mut-h17-clip-concave-merge", "default");
    first_frames_allocate_nothing("mut-h3-inverse-clip-entering-t-past-one", "default");
    first_frames_allocate_nothing("mut-h33-clip-edge-t-one", NULL);
    first_frames_allocate_nothing("mut-h33-bounds-empty-and-high-box", NULL);
    first_frames_allocate_nothing("mut-h33-render-attachment-red", NULL);
    first_frames_allocate_nothing("mut-h33-clip-forty-gon", NULL);
}
END_TEST

/* A rig that clips (spineboy-pro, its atlas: two clipping slots), every animation at 30 samples, posed
 * and drawn without an allocation once its renderer is made. */
START_TEST(rig_draws_without_allocating)
{
    /* The reference rigs: $SHARED (make unit passes the Makefile's), else ../shared. Missing, the test
     * fails: skipping it passed a mutant of the clipper that only this rig sees. */
    const char *shared = getenv("SHARED") ? getenv("SHARED") : "../shared";
    char rig[1024], atlas_path[1024];
    snprintf(rig, sizeof rig, "%s/rigs/spineboy-pro.json", shared);
    snprintf(atlas_path, sizeof atlas_path, "%s/atlases/spineboy.atlas", shared);
    FILE *f = fopen(rig, "r");
    ck_assert_msg(f != NULL, "%s: no such rig (set SHARED to the reference material)", rig);
    fclose(f);
    pc_error err;
    pc_atlas *atlas = pc_atlas_read_file(atlas_path, &err);
    ck_assert_msg(atlas != NULL, "%s", err.message);
    pc_skeleton_data *data = pc_read_file_atlas(rig, atlas, NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_atlas_free(atlas);
    pc_skeleton *sk = pc_skeleton_new(data);
    pc_events *events = pc_events_new(data);
    pc_renderer *r = pc_renderer_new(data);
    ck_assert(sk && events && r && pc_skeleton_set_skin(sk, "all"));
    int poses = 0;
    bool ok = true;
    bench_alloc_counts c0 = bench_alloc_snapshot();
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform(sk);
    ok = draw_frame(r, sk);
    for (int a = 0; a < pc_data_animation_count(data); a++) {
        double duration = pc_data_animation_duration(data, a), last_time = -1;
        for (int i = 0; i < 30; i++, poses++) {
            double time = duration * i / 29;
            pc_skeleton_setup_pose(sk);
            ok = !pc_skeleton_apply_animation(sk, a, last_time, time, events) && ok;
            pc_skeleton_update_world_transform(sk);
            ok = draw_frame(r, sk) && ok;
            last_time = time;
        }
    }
    bench_alloc_counts c1 = bench_alloc_snapshot();
    ck_assert(ok);
    ck_assert_int_gt(poses, 300);
    ck_assert_msg(c1.allocations == c0.allocations, "%llu allocations while drawing %d poses",
                  c1.allocations - c0.allocations, poses);
    pc_renderer_free(r);
    pc_events_free(events);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

/* For core/src/render/renderer.c:119:24 `0` -> `1`: a render that fails (here unsupported: a clipping
 * polygon of two vertices) gives no commands, *count 0, not one command of a failed draw. */
START_TEST(failed_render_gives_no_commands)
{
    static const char doc[] =
        "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
        "\"slots\": [{\"name\": \"r\", \"bone\": \"root\", \"attachment\": \"r\"}, "
        "{\"name\": \"clip\", \"bone\": \"root\", \"attachment\": \"clip\"}], "
        "\"skins\": [{\"name\": \"default\", \"attachments\": {\"r\": {\"r\": {\"width\": 10, \"height\": 10}}, "
        "\"clip\": {\"clip\": {\"type\": \"clipping\", \"vertexCount\": 2, \"vertices\": [0, 0, 10, 0]}}}}]}";
    pc_error err;
    pc_skeleton_data *data = pc_read_text(doc, strlen(doc), "doc.json", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    pc_renderer *r = pc_renderer_new(data);
    ck_assert(sk && r);
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform(sk);
    const pc_render_command *cmds = NULL;
    int count = -1;
    ck_assert_int_eq(pc_render(r, sk, false, &cmds, &count, &err), PC_UNSUPPORTED);
    ck_assert_int_eq(count, 0);
    count = -1;
    ck_assert_int_eq(pc_render(r, sk, true, &cmds, &count, &err), PC_UNSUPPORTED);
    ck_assert_int_eq(count, 0);
    pc_renderer_free(r);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

/* A skeleton whose one slot clips with a triangle (inverse or not), in its setup pose, and a clipper made
 * for it with that clip started: what the clipper tests below draw through. */
static void start_triangle_clip(bool inverse, pc_skeleton_data **data, pc_skeleton **sk, pc_clipper *c)
{
    char doc[512];
    snprintf(doc, sizeof doc,
             "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
             "\"slots\": [{\"name\": \"clip\", \"bone\": \"root\", \"attachment\": \"clip\"}], "
             "\"skins\": [{\"name\": \"default\", \"attachments\": {\"clip\": {\"clip\": {\"type\": \"clipping\", "
             "%s\"vertexCount\": 3, \"vertices\": [-5, -5, 5, -5, 0, 5]}}}}]}",
             inverse ? "\"inverse\": true, " : "");
    pc_error err;
    *data = pc_read_text(doc, strlen(doc), "doc.json", NULL, &err);
    ck_assert_msg(*data != NULL, "%s", err.message);
    *sk = pc_skeleton_new(*data);
    ck_assert(*sk);
    pc_skeleton_setup_pose(*sk);
    pc_skeleton_update_world_transform(*sk);
    ck_assert(pc_clipper_init(c, *data));
    const pc_slot *slot = &(*sk)->slots[0];
    ck_assert_ptr_null(pc_clip_start(c, *sk, slot, slot->applied->attachment));
}

/* For core/src/render/render_commands.c:144:29 `+` -> `-`: two slots each drawing a mesh of 3 vertices and
 * 11,000 equal triangles, same texture, blend and colors, are not batched: their 66,000 indices reach
 * 0xffff, so two commands (spine-core's dump of this document, 3 MB of index rows, too large to store,
 * has two `render` rows: 33,000 indices each). */
START_TEST(batches_stop_at_0xffff_indices)
{
    enum { TRIANGLES = 11000 };
    size_t size = 600 + 2 * (TRIANGLES * 6 + 200);
    char *doc = malloc(size);
    ck_assert_ptr_nonnull(doc);
    size_t n = (size_t)snprintf(doc, size, "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
                               "\"slots\": [{\"name\": \"a\", \"bone\": \"root\", \"attachment\": \"m\"}, "
                               "{\"name\": \"b\", \"bone\": \"root\", \"attachment\": \"m\"}], "
                               "\"skins\": [{\"name\": \"default\", \"attachments\": {");
    for (int s = 0; s < 2; s++) {
        n += (size_t)snprintf(doc + n, size - n, "%s\"%c\": {\"m\": {\"type\": \"mesh\", \"uvs\": [0.5, 0, 0, 1, 1, 1], "
                              "\"vertices\": [0, -10, -8.66, 5, 8.66, 5], \"hull\": 3, \"triangles\": [",
                              s ? ", " : "", s ? 'b' : 'a');
        for (int t = 0; t < TRIANGLES; t++) n += (size_t)snprintf(doc + n, size - n, t ? ",0,1,2" : "0,1,2");
        n += (size_t)snprintf(doc + n, size - n, "]}}");
    }
    n += (size_t)snprintf(doc + n, size - n, "}}]}");
    ck_assert_uint_lt(n, size - 1);
    pc_error err;
    pc_skeleton_data *data = pc_read_text(doc, n, "doc.json", NULL, &err);
    free(doc);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    pc_renderer *r = pc_renderer_new(data);
    ck_assert(sk && r && pc_skeleton_set_skin(sk, "default"));
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform(sk);
    const pc_render_command *cmds;
    int count;
    ck_assert_int_eq(pc_render(r, sk, false, &cmds, &count, &err), PC_OK);
    ck_assert_int_eq(count, 2);
    ck_assert_int_eq(cmds[0].index_count, 3 * TRIANGLES);
    ck_assert_int_eq(cmds[1].index_count, 3 * TRIANGLES);
    ck_assert_int_eq(cmds[1].first_vertex, 3);
    pc_renderer_free(r);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

/* Two slots each drawing a mesh of 3 vertices, `ta` and `tb` equal triangles, same texture, blend and
 * colors, drawn in their setup pose: the commands' count and index counts (room for two). */
static void draw_two_meshes(int ta, int tb, int *count, int index_counts[2])
{
    size_t size = 800 + 6 * ((size_t)ta + (size_t)tb);
    char *doc = malloc(size);
    ck_assert_ptr_nonnull(doc);
    size_t n = (size_t)snprintf(doc, size, "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
                               "\"slots\": [{\"name\": \"a\", \"bone\": \"root\", \"attachment\": \"m\"}, "
                               "{\"name\": \"b\", \"bone\": \"root\", \"attachment\": \"m\"}], "
                               "\"skins\": [{\"name\": \"default\", \"attachments\": {");
    for (int s = 0; s < 2; s++) {
        n += (size_t)snprintf(doc + n, size - n, "%s\"%c\": {\"m\": {\"type\": \"mesh\", \"uvs\": [0.5, 0, 0, 1, 1, 1], "
                              "\"vertices\": [0, -10, -8.66, 5, 8.66, 5], \"hull\": 3, \"triangles\": [",
                              s ? ", " : "", s ? 'b' : 'a');
        for (int t = 0, tn = s ? tb : ta; t < tn; t++) n += (size_t)snprintf(doc + n, size - n, t ? ",0,1,2" : "0,1,2");
        n += (size_t)snprintf(doc + n, size - n, "]}}");
    }
    n += (size_t)snprintf(doc + n, size - n, "}}]}");
    ck_assert_uint_lt(n, size - 1);
    pc_error err;
    pc_skeleton_data *data = pc_read_text(doc, n, "doc.json", NULL, &err);
    free(doc);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    pc_renderer *r = pc_renderer_new(data);
    ck_assert(sk && r && pc_skeleton_set_skin(sk, "default"));
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform(sk);
    const pc_render_command *cmds;
    ck_assert_int_eq(pc_render(r, sk, false, &cmds, count, &err), PC_OK);
    ck_assert_int_le(*count, 2);
    for (int i = 0; i < *count; i++) index_counts[i] = cmds[i].index_count;
    pc_renderer_free(r);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}

/* For core/src/render/render_commands.c:144:49 `<` -> `<=`: a part joins a batch only while the indices
 * stay below 0xffff (SkeletonRendererCore: numIndices + cmd.numIndices < 0xffff): 32,766 + 32,769 =
 * 65,535 indices are two commands, one index fewer is one. */
START_TEST(batches_stop_at_exactly_0xffff_indices)
{
    int count, indices[2];
    draw_two_meshes(10922, 10923, &count, indices);
    ck_assert_int_eq(count, 2);
    ck_assert_int_eq(indices[0], 32766);
    ck_assert_int_eq(indices[1], 32769);
    draw_two_meshes(10922, 10922, &count, indices);
    ck_assert_int_eq(count, 1);
    ck_assert_int_eq(indices[0], 65532);
}
END_TEST

/* For core/src/render/bounds.c:175:13 `<=` -> `<`: SkeletonBounds.aabbIntersectsSegment rejects a segment
 * whose both ends lie on or beyond one side of the box (x1 <= minX && x2 <= minX, ...), a segment that
 * only touches a side included; the dump's probe segments never touch minX from outside, so here: a
 * square box -10..10 and segments ending on its sides from outside (false), one crossing it (true). */
START_TEST(aabb_segment_touching_a_side_misses)
{
    static const char doc[] =
        "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
        "\"slots\": [{\"name\": \"b\", \"bone\": \"root\", \"attachment\": \"b\"}], "
        "\"skins\": [{\"name\": \"default\", \"attachments\": {\"b\": {\"b\": {\"type\": \"boundingbox\", "
        "\"vertexCount\": 4, \"vertices\": [-10, -10, 10, -10, 10, 10, -10, 10]}}}}]}";
    pc_error err;
    pc_skeleton_data *data = pc_read_text(doc, strlen(doc), "doc.json", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    pc_renderer *r = pc_renderer_new(data);
    ck_assert(sk && r);
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform(sk);
    ck_assert_int_eq(pc_hit_boxes_update(r, sk, &err), PC_OK);
    double aabb[4];
    pc_hit_boxes_aabb(r, aabb);
    ck_assert(aabb[0] == -10 && aabb[1] == -10 && aabb[2] == 10 && aabb[3] == 10);
    ck_assert(!pc_hit_boxes_aabb_intersects_segment(r, -10, 0, -20, 0));
    ck_assert(!pc_hit_boxes_aabb_intersects_segment(r, -20, 0, -10, 0));
    ck_assert(!pc_hit_boxes_aabb_intersects_segment(r, 0, -10, 0, -20));
    ck_assert(!pc_hit_boxes_aabb_intersects_segment(r, 10, 0, 20, 0));
    ck_assert(!pc_hit_boxes_aabb_intersects_segment(r, 0, 10, 0, 20));
    ck_assert(pc_hit_boxes_aabb_intersects_segment(r, -20, 0, 20, 1));
    pc_renderer_free(r);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

/* pc_slot_vertex_count and pc_slot_world_vertices take every slot from 0 to the count - 1 and no other:
 * for core/src/render/renderer.c:98:16 `0` -> `1` and 105:14 `<` -> `<=` (slot 0 refused). */
START_TEST(slot_vertices_by_number)
{
    pc_skeleton_data *data;
    pc_skeleton *sk;
    pc_clipper c;
    start_triangle_clip(false, &data, &sk, &c);
    ck_assert_int_eq(pc_data_slot_count(data), 1);
    ck_assert_int_eq(pc_slot_vertex_count(sk, 0), 3);
    ck_assert_int_eq(pc_slot_vertex_count(sk, 1), 0);
    ck_assert_int_eq(pc_slot_vertex_count(sk, -1), 0);
    double out[6] = { 0 };
    pc_error err;
    ck_assert_int_eq(pc_slot_world_vertices(sk, 0, out, &err), PC_OK);
    static const double local[6] = { -5, -5, 5, -5, 0, 5 };
    double w[6];
    pc_skeleton_bone_world(sk, 0, w); /* the slot's bone: a b c d worldX worldY */
    for (int i = 0; i < 6; i += 2) {
        double x = local[i] * w[0] + local[i + 1] * w[1] + w[4], y = local[i] * w[2] + local[i + 1] * w[3] + w[5];
        ck_assert_msg(out[i] == x && out[i + 1] == y, "vertex %d: %.17g %.17g, want %.17g %.17g", i / 2, out[i],
                      out[i + 1], x, y);
    }
    ck_assert_int_eq(pc_slot_world_vertices(sk, 1, out, &err), PC_INVALID);
    ck_assert_int_eq(pc_slot_world_vertices(sk, -1, out, &err), PC_INVALID);
    pc_clipper_free(&c);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

/* For core/src/render/clipping.c:427:59 `*` -> `/` and 427:100 `+` -> `-`: the render path's clipped
 * positions and UVs grow past the room the clipper was made with (sized for the document: here a
 * triangle clip and no mesh, 2 triangles a part), as the runtime's arrays grow: 200 triangles, each cut
 * to the clip's triangle, give 200 equal pieces, every one in the arrays' room. */
START_TEST(clipped_render_grows_past_its_room)
{
    pc_skeleton_data *data;
    pc_skeleton *sk;
    pc_clipper c;
    start_triangle_clip(false, &data, &sk, &c);
    ck_assert(pc_clipping(&c));
    enum { TRIANGLES = 200 };
    static const float vertices[6] = { -100, -100, 100, -100, 0, 100 }, uvs[6] = { 0, 0, 1, 0, 0.5f, 1 };
    static double triangles[3 * TRIANGLES];
    for (int i = 0; i < 3 * TRIANGLES; i++) triangles[i] = i % 3;
    int room = c.vertices.cap;
    ck_assert_int_lt(room, 6 * TRIANGLES);
    pc_clip_triangles_render(&c, vertices, NULL, triangles, 3 * TRIANGLES, uvs);
    ck_assert(!c.vertices.failed && !c.uvs.failed && !c.triangles.failed);
    ck_assert_int_eq(c.vertices.n, 6 * TRIANGLES);
    ck_assert_int_eq(c.uvs.n, 6 * TRIANGLES);
    ck_assert_int_le(c.vertices.n, c.vertices.cap);
    ck_assert_int_le(c.uvs.n, c.uvs.cap);
    ck_assert_int_eq(c.triangles.n, 3 * TRIANGLES);
    for (int t = 1; t < TRIANGLES; t++) {
        ck_assert(memcmp(c.vertices.v + 6 * t, c.vertices.v, 6 * sizeof *c.vertices.v) == 0);
        ck_assert(memcmp(c.uvs.v + 6 * t, c.uvs.v, 6 * sizeof *c.uvs.v) == 0);
    }
    pc_clipper_free(&c);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

/* For core/src/render/clipping.c:476:37 `<` -> `<=`: an inverse clip's render path writes each
 * fragment's points and nothing past them (the positions and UVs after the last piece are left as
 * they were; no number after a fragment is read as a point of it). */
START_TEST(inverse_clip_writes_only_its_pieces)
{
    pc_skeleton_data *data;
    pc_skeleton *sk;
    pc_clipper c;
    start_triangle_clip(true, &data, &sk, &c);
    ck_assert(c.inverse);
    static const float vertices[6] = { -100, -100, 100, -100, 0, 100 }, uvs[6] = { 0, 0, 1, 0, 0.5f, 1 };
    static const double triangles[3] = { 0, 1, 2 };
    const float sentinel = 1234.5f;
    ck_assert(PC_VEC_RESERVE(&c.vertices, 256) && PC_VEC_RESERVE(&c.uvs, 256));
    for (int i = 0; i < c.vertices.cap; i++) c.vertices.v[i] = sentinel;
    for (int i = 0; i < c.uvs.cap; i++) c.uvs.v[i] = sentinel;
    pc_clip_triangles_render(&c, vertices, NULL, triangles, 3, uvs);
    ck_assert(!c.vertices.failed && !c.uvs.failed && !c.triangles.failed);
    int n = c.vertices.n;
    ck_assert_int_gt(n, 6);
    ck_assert_int_eq(c.uvs.n, n);
    ck_assert_int_le(n + 2, c.vertices.cap);
    ck_assert_int_le(n + 2, c.uvs.cap);
    for (int i = 0; i < n; i++) ck_assert(c.vertices.v[i] != sentinel && c.uvs.v[i] != sentinel);
    for (int i = n; i < n + 2; i++)
        ck_assert_msg(c.vertices.v[i] == sentinel && c.uvs.v[i] == sentinel, "number %d written past the %d", i, n);
    pc_clipper_free(&c);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

int main(void)
{
    bench_alloc_init();
    Suite *s = suite_create("render");
    TCase *tc = tcase_create("render");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, colors_and_batches_match_the_oracle);
    tcase_add_test(tc, concave_clip_matches_the_oracle);
    tcase_add_test(tc, hit_boxes_match_the_oracle);
    tcase_add_test(tc, atlas_regions_match_the_oracle);
    tcase_add_test(tc, rig_draws_without_allocating);
    tcase_add_test(tc, first_frames_draw_without_allocating);
    tcase_add_test(tc, failed_render_gives_no_commands);
    tcase_add_test(tc, clipped_render_grows_past_its_room);
    tcase_add_test(tc, inverse_clip_writes_only_its_pieces);
    tcase_add_test(tc, slot_vertices_by_number);
    tcase_add_test(tc, batches_stop_at_0xffff_indices);
    tcase_add_test(tc, batches_stop_at_exactly_0xffff_indices);
    tcase_add_test(tc, aabb_segment_touching_a_side_misses);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
