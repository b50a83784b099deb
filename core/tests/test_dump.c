/* Check tests of the dump writer's verdict (core/src/dump.h, oracle/FORMAT.md): an animation the core
 * does not pose ends the sequence with `unsupported pose` after the poses before it, and the dump is
 * then unsupported (status 3, `posecore dump` exits 3 naming the reason), never done (run from the repo
 * root for the command-line test). */
#include "dump/dump.h"
#include "posecore.h"
#include "run_command.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "memory_limit.h"
#include "run_suite.h"

/* malloc, failing once for one size when armed (in a forked child only): glibc's __libc_malloc does the
 * rest, so free, calloc and realloc stay glibc's. Not under a sanitizer (its allocator is its own). */
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define FAILING_MALLOC 1
extern void *__libc_malloc(size_t size);
static size_t fail_malloc_size; /* 0: never fail */
void *malloc(size_t size)
{
    if (fail_malloc_size && size == fail_malloc_size) {
        fail_malloc_size = 0;
        return NULL;
    }
    return __libc_malloc(size);
}
#endif

/* A dump written in a child process (run_in_child): the message is "STATUS MESSAGE". */
struct dump_in_child {
    FILE *out;
    const pc_skeleton_data *data;
    const pc_dump_options *opt;
    size_t fail_malloc_size; /* armed in the child; 0: none */
};

static void dump_in_child(void *context, char *msg, size_t size)
{
    const struct dump_in_child *run = context;
#ifdef FAILING_MALLOC
    fail_malloc_size = run->fail_malloc_size;
#endif
    pc_error e;
    pc_status st = pc_dump_write(run->out, "doc.json", run->data, run->opt, &e);
    snprintf(msg, size, "%d %s", (int)st, e.message);
}

/* Animation "turn" is posed; "sideways" keys an inherit mode that does not exist (the runtime holds
 * undefined as the mode, which the core does not model). */
#define DOC_HEAD \
    "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}, " \
    "{\"name\": \"arm\", \"parent\": \"root\", \"length\": 10}], \"animations\": {" \
    "\"turn\": {\"bones\": {\"arm\": {\"rotate\": [{\"value\": 10}, {\"time\": 1, \"value\": 50}]}}}"
#define DOC_SIDEWAYS ", \"sideways\": {\"bones\": {\"arm\": {\"inherit\": [{\"inherit\": \"sideways\"}]}}}"

static const char with_unposed[] = DOC_HEAD DOC_SIDEWAYS "}}";
static const char posed_only[] = DOC_HEAD "}}";

/* The dump of text under opt; *status its status, *err its message. Caller frees. */
static char *dump_with_error(const char *text, const pc_dump_options *opt, pc_status *status, pc_error *err)
{
    pc_skeleton_data *data = pc_read_text(text, strlen(text), "doc.json", NULL, err);
    ck_assert_msg(data != NULL, "%s", err->message);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ck_assert_ptr_nonnull(f);
    *status = pc_dump_write(f, "doc.json", data, opt, err);
    fclose(f);
    pc_skeleton_data_free(data);
    return out;
}

/* The dump of text with --skin none --samples 2; *status its status, *err its message. Caller frees. */
static char *dump_of(const char *text, pc_status *status, pc_error *err)
{
    pc_dump_options opt = { .skin = NULL, .samples = 2 };
    return dump_with_error(text, &opt, status, err);
}

START_TEST(unposed_animation_is_unsupported)
{
    pc_status status;
    pc_error err;
    char *out = dump_of(with_unposed, &status, &err);
    ck_assert_int_eq(status, PC_UNSUPPORTED);
    ck_assert_msg(strstr(err.message, "unsupported: animation \"sideways\"") != NULL, "%s", err.message);
    ck_assert_msg(strstr(err.message, "the poses before it") != NULL, "%s", err.message);
    /* The setup pose and both samples of "turn" are written, then the declaration, then `end`. */
    const char *turn = strstr(out, "\npose\t2\t\"turn\"\t");
    const char *declared = strstr(out, "\nunsupported\tpose\t\"animation \\\"sideways\\\"");
    const char *end = strstr(out, "\nend\t");
    ck_assert_msg(turn && declared && end && turn < declared && declared < end, "%s", out);
    ck_assert_ptr_null(strstr(out, "\npose\t3\t"));
    free(out);
}
END_TEST

START_TEST(posed_document_is_done)
{
    pc_status status;
    pc_error err;
    char *out = dump_of(posed_only, &status, &err);
    ck_assert_int_eq(status, PC_OK);
    ck_assert_ptr_null(strstr(out, "\nunsupported\t"));
    ck_assert_ptr_nonnull(strstr(out, "\npose\t2\t\"turn\"\t"));
    free(out);
}
END_TEST

START_TEST(cli_exit_status)
{
    char path[] = "/tmp/posecore-test-dump-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, with_unposed, strlen(with_unposed)), (ssize_t)strlen(with_unposed));
    close(fd);
    char cmd[512], err[1024];
    snprintf(cmd, sizeof cmd, "build/bin/posecore dump %s --samples 2 2>&1 >/dev/null", path);
    int status = run_command(cmd, err, sizeof err);
    unlink(path);
    ck_assert_int_eq(status, 3);
    ck_assert_msg(strstr(err, "unsupported: animation \"sideways\"") != NULL, "%s", err);
}
END_TEST

/* The dump of text under opt; *status its status. Caller frees. */
static char *dump_with(const char *text, const pc_dump_options *opt, pc_status *status)
{
    pc_error err;
    return dump_with_error(text, opt, status, &err);
}

/* For core/src/dump/dump.c:293:36 `>` -> `>=`: without --frames (0) and --transitions the normalised
 * options say `--samples N` (oracle/FORMAT.md "The normalised options"), not `--frames 0 --dt`. */
START_TEST(options_text_of_samples)
{
    char buf[256];
    pc_dump_options opt = { .skin = NULL, .samples = 5, .physics = PC_PHYSICS_NONE };
    pc_dump_options_text(&opt, buf, sizeof buf);
    ck_assert_str_eq(buf, "--skin none --physics none --samples 5");
}
END_TEST

/* For core/src/dump/dump.c:275:35 `+` -> `-` and 292:70 `1` -> `2`: with --transitions the options
 * text lists the transitions, every --dt number and the one --mix number (mix is the struct's last field). */
START_TEST(options_text_of_transitions)
{
    char buf[256];
    static const double dt[2] = { 0.5, 0.25 };
    pc_dump_options opt = { .skin = "all", .physics = PC_PHYSICS_NONE, .transitions = 3, .dt = dt, .dt_count = 2,
                            .mix = 0.125 };
    pc_dump_options_text(&opt, buf, sizeof buf);
    ck_assert_str_eq(buf, "--skin all --physics none --transitions 3 --dt 0.5,0.25 --mix 0.125");
}
END_TEST

/* For core/src/dump/dump.c:293:38 `0` -> `1`: one frame is still --frames 1, not samples. */
START_TEST(options_text_of_one_frame)
{
    char buf[256];
    static const double dt[1] = { 0.5 };
    pc_dump_options opt = { .skin = NULL, .physics = PC_PHYSICS_UPDATE, .frames = 1, .dt = dt, .dt_count = 1 };
    pc_dump_options_text(&opt, buf, sizeof buf);
    ck_assert_str_eq(buf, "--skin none --physics update --frames 1 --dt 0.5");
}
END_TEST

/* For core/src/dump/dump.c:299:90 `4` -> `5`: --skeleton lists its four numbers (x, y, scaleX, scaleY; the
 * oracle's normalised options), never a fifth value after them. */
START_TEST(options_text_of_skeleton)
{
    char buf[256];
    static const double dt[1] = { 0.5 }, skeleton[5] = { 1, 2, 0.5, -1, 7 };
    pc_dump_options opt = { .skin = "all", .physics = PC_PHYSICS_NONE, .frames = 1, .dt = dt, .dt_count = 1,
                            .skeleton = skeleton };
    pc_dump_options_text(&opt, buf, sizeof buf);
    ck_assert_str_eq(buf, "--skin all --physics none --frames 1 --dt 0.5 --skeleton 1,2,0.5,-1");
}
END_TEST

/* For core/src/dump/dump.c:296:61 `+` -> `-`: --samples keys, then --atlas and --vertices. */
START_TEST(options_text_of_keys)
{
    char buf[256];
    pc_dump_options opt = { .skin = "s", .physics = PC_PHYSICS_NONE, .keys = true, .atlas = "a.atlas",
                            .vertices = true };
    pc_dump_options_text(&opt, buf, sizeof buf);
    ck_assert_str_eq(buf, "--skin s --physics none --samples keys --atlas a.atlas --vertices");
}
END_TEST

/* For core/src/dump/dump.c:275:45 `-` -> `+` and 304:69 `-` -> `+`: a buffer too small for the options
 * text is filled to its size and no further (snprintf is given the room left, size - n, not size + n). */
START_TEST(options_text_truncated_in_its_buffer)
{
    char big[160];
    static const double dt[3] = { 0.5, 0.25, 0.125 };
    pc_dump_options opt = { .skin = "all", .physics = PC_PHYSICS_NONE, .transitions = 3, .dt = dt, .dt_count = 3,
                            .mix = 0.125 };
    /* "--skin all --physics none --transitions 3 --dt " is 47 bytes: the first number fits, the second
     * (",0.25") is cut after 52 bytes */
    memset(big, 'X', sizeof big);
    pc_dump_options_text(&opt, big, 53);
    ck_assert_str_eq(big, "--skin all --physics none --transitions 3 --dt 0.5,0");
    for (size_t i = 53; i < sizeof big; i++) ck_assert_msg(big[i] == 'X', "byte %zu written past the buffer", i);
    pc_dump_options keys = { .skin = "s", .physics = PC_PHYSICS_NONE, .keys = true, .atlas = "a-long-atlas-name.atlas" };
    /* "--skin s --physics none --samples keys" is 38 bytes: " --atlas ..." is cut after 44 bytes */
    memset(big, 'X', sizeof big);
    pc_dump_options_text(&keys, big, 45);
    ck_assert_str_eq(big, "--skin s --physics none --samples keys --atl");
    for (size_t i = 45; i < sizeof big; i++) ck_assert_msg(big[i] == 'X', "byte %zu written past the buffer", i);
}
END_TEST

/* For core/src/dump/dump.c:297:54 `-` -> `+`: the `--samples N` text cut by a buffer too small for it is
 * written to the buffer's size and no further (the room left is size - n). */
START_TEST(options_text_of_samples_truncated)
{
    char big[160];
    pc_dump_options opt = { .skin = "s", .physics = PC_PHYSICS_NONE, .samples = 5 };
    /* "--skin s --physics none" is 23 bytes: " --samples 5" is cut after 29 */
    memset(big, 'X', sizeof big);
    pc_dump_options_text(&opt, big, 30);
    ck_assert_str_eq(big, "--skin s --physics none --sam");
    for (size_t i = 30; i < sizeof big; i++) ck_assert_msg(big[i] == 'X', "byte %zu written past the buffer", i);
}
END_TEST

/* For core/src/dump/dump.c:300:78 `2` -> `3`: --move lists its two numbers (dx, dy), never a third value
 * after them. */
START_TEST(options_text_of_move)
{
    char buf[256];
    static const double dt[1] = { 0.5 }, move[3] = { 3, -4, 7 };
    pc_dump_options opt = { .skin = NULL, .physics = PC_PHYSICS_NONE, .frames = 2, .dt = dt, .dt_count = 1,
                            .move = move };
    pc_dump_options_text(&opt, buf, sizeof buf);
    ck_assert_str_eq(buf, "--skin none --physics none --frames 2 --dt 0.5 --move 3,-4");
}
END_TEST

/* For core/src/dump/dumpwrite.c:56:20 `<` -> `<=`: a space is written as itself (only bytes below 0x20
 * are \u escapes), and a control byte as \u00XX. */
START_TEST(space_written_plain)
{
    static const char doc[] = "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"a b\\u0001\"}]}";
    pc_status status;
    pc_dump_options opt = { .skin = NULL, .samples = 1 };
    char *out = dump_with(doc, &opt, &status);
    ck_assert_msg(strstr(out, "\t\"a b\\u0001\"") != NULL, "%s", out);
    free(out);
}
END_TEST

/* Dumps doc with --vertices: `declaration` (the start of an `unsupported` line) is written before the
 * first pose, and the dump declares `count` blocks unsupported in all (no check when count < 0). */
static void assert_declared_before_poses(const char *doc, const char *declaration, int count)
{
    pc_status status;
    pc_dump_options opt = { .skin = NULL, .samples = 1, .vertices = true };
    char *out = dump_with(doc, &opt, &status);
    const char *declared = strstr(out, declaration);
    const char *pose = strstr(out, "\npose\t0\t");
    ck_assert_msg(declared && pose && declared < pose, "%s", out);
    int declarations = 0;
    for (const char *at = out; (at = strstr(at, "\nunsupported\t")) != NULL; at++) declarations++;
    if (count >= 0) ck_assert_int_eq(declarations, count);
    free(out);
}

/* For core/src/dump/dump_render.c:75:84 `||` -> `&&`: a slider whose animation keys a slot's alpha
 * makes the render blocks unsupported (the applied colors are not kept), declared before the poses. */
START_TEST(slider_keying_alpha_declares_render)
{
    static const char doc[] =
        "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
        "\"slots\": [{\"name\": \"s\", \"bone\": \"root\"}], "
        "\"constraints\": [{\"type\": \"slider\", \"name\": \"sl\", \"animation\": \"fade\"}], "
        "\"animations\": {\"fade\": {\"slots\": {\"s\": {\"alpha\": [{\"value\": 0.5}, {\"time\": 1, \"value\": 1}]}}}}}";
    /* dump_render.c:89:29 `5` -> `6`: exactly the five render blocks are declared */
    assert_declared_before_poses(doc, "\nunsupported\trender\t\"a slider keys slot colors", 5);
    pc_status status;
    pc_dump_options opt = { .skin = NULL, .samples = 1, .vertices = true };
    char *out = dump_with(doc, &opt, &status);
    ck_assert_ptr_null(strstr(out, "\nrender\t"));
    free(out);
}
END_TEST

/* For core/src/dump/dump_render.c:74:52 `||` -> `&&` and 91:29 `9` -> `10`: a slider whose animation keys
 * the draw order makes every vertex block unsupported (its applied draw order is not kept): the 5 render
 * and the 9 vertices and bounds blocks, no more, declared before the poses. */
START_TEST(slider_keying_draw_order_declares_all)
{
    static const char doc[] =
        "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
        "\"slots\": [{\"name\": \"s\", \"bone\": \"root\"}, {\"name\": \"t\", \"bone\": \"root\"}], "
        "\"constraints\": [{\"type\": \"slider\", \"name\": \"sl\", \"animation\": \"swap\"}], "
        "\"animations\": {\"swap\": {\"drawOrder\": [{\"time\": 0, \"offsets\": [{\"slot\": \"s\", \"offset\": 1}]}]}}}";
    assert_declared_before_poses(doc, "\nunsupported\tbounds.segment\t\"a slider keys the draw order", 14);
}
END_TEST

/* For core/src/dump/dump_render.c:75:104 `||` -> `&&`: a slider whose animation keys only a slot's rgb2
 * (light and dark colors) makes the render blocks unsupported too. */
START_TEST(slider_keying_rgb2_declares_render)
{
    static const char doc[] =
        "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
        "\"slots\": [{\"name\": \"s\", \"bone\": \"root\", \"dark\": \"000000\"}], "
        "\"constraints\": [{\"type\": \"slider\", \"name\": \"sl\", \"animation\": \"tint\"}], "
        "\"animations\": {\"tint\": {\"slots\": {\"s\": {\"rgb2\": [{\"light\": \"ff0000\", \"dark\": \"00ff00\"}, "
        "{\"time\": 1, \"light\": \"ffffff\", \"dark\": \"000000\"}]}}}}}";
    assert_declared_before_poses(doc, "\nunsupported\trender\t\"a slider keys slot colors", -1);
}
END_TEST

/* For core/src/dump/dump.c:459:36 `0` -> `1`: the first constraint of the update order (index 0) is a
 * slider the core does not solve (its animation keys an inherit mode that does not exist): no pose is
 * written, `unsupported pose` says why, and the dump is unsupported. */
START_TEST(unsolved_constraint_zero_writes_no_pose)
{
    static const char doc[] =
        "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}, "
        "{\"name\": \"arm\", \"parent\": \"root\", \"length\": 10}], "
        "\"constraints\": [{\"type\": \"slider\", \"name\": \"sl\", \"animation\": \"sideways\"}], "
        "\"animations\": {\"sideways\": {\"bones\": {\"arm\": {\"inherit\": [{\"inherit\": \"sideways\"}]}}}}}";
    pc_status status;
    pc_dump_options opt = { .skin = NULL, .samples = 1 };
    char *out = dump_with(doc, &opt, &status);
    ck_assert_int_eq(status, PC_UNSUPPORTED);
    ck_assert_msg(strstr(out, "\nunsupported\tpose\t\"slider \\\"sl\\\"") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "\npose\t") == NULL, "%s", out);
    free(out);
}
END_TEST

/* For core/src/dump/dump_render.c:352:17 `&&` -> `||` and :359:22 `3` -> `4`: a clipping polygon of two
 * vertices is something the core does not follow (not a runtime error): the render blocks and all six
 * bounds blocks (`bounds` first) are declared unsupported in the pose, and the dump is still written. */
START_TEST(short_clipping_polygon_declares_render_and_bounds)
{
    static const char doc[] =
        "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
        "\"slots\": [{\"name\": \"clip\", \"bone\": \"root\", \"attachment\": \"clip\"}], "
        "\"skins\": [{\"name\": \"default\", \"attachments\": {\"clip\": {\"clip\": "
        "{\"type\": \"clipping\", \"vertexCount\": 2, \"vertices\": [0, 0, 10, 0]}}}}]}";
    pc_status status;
    pc_dump_options opt = { .skin = NULL, .samples = 1, .vertices = true };
    char *out = dump_with(doc, &opt, &status);
    ck_assert_int_eq(status, PC_OK);
    ck_assert_ptr_nonnull(out);
    const char *pose = strstr(out, "\npose\t0\tnull\t0\n");
    ck_assert_msg(pose != NULL, "%s", out);
    static const char *const blocks[] = { "render", "render.pma.part", "bounds", "bounds.aabb", "bounds.segment" };
    for (int i = 0; i < 5; i++) {
        char line[128];
        snprintf(line, sizeof line, "\nunsupported\t%s\t\"a clipping polygon of fewer than three vertices\"\n",
                 blocks[i]);
        const char *at = strstr(out, line);
        ck_assert_msg(at != NULL && at > pose, "no %s declaration in the pose: %s", blocks[i], out);
    }
    ck_assert_msg(strstr(out, "\nend\t") != NULL, "%s", out);
    /* dump_render.c:359:27 `<` -> `<=`: exactly the 5 render and 6 bounds blocks are declared */
    int declarations = 0;
    for (const char *at = out; (at = strstr(at, "\nunsupported\t")) != NULL; at++) declarations++;
    ck_assert_int_eq(declarations, 11);
    free(out);
}
END_TEST

/* For core/src/render/render_commands.c:73:49 `<` -> `<=`: a clipped mesh whose triangles name vertex 4 of
 * its 4 (one past its array) is not drawn from memory past the array: the render blocks are declared
 * unsupported (spine-core reads undefined there and draws NaN). */
START_TEST(clipped_mesh_triangle_past_vertices_declares_render)
{
    static const char doc[] =
        "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
        "\"slots\": [{\"name\": \"clip\", \"bone\": \"root\", \"attachment\": \"clip\"}, "
        "{\"name\": \"m\", \"bone\": \"root\", \"attachment\": \"m\"}], "
        "\"skins\": [{\"name\": \"default\", \"attachments\": {\"clip\": {\"clip\": {\"type\": \"clipping\", "
        "\"end\": \"m\", \"vertexCount\": 4, \"vertices\": [-50, -50, 50, -50, 50, 50, -50, 50]}}, "
        "\"m\": {\"m\": {\"type\": \"mesh\", \"uvs\": [0, 0, 1, 0, 1, 1, 0, 1], \"triangles\": [0, 1, 2, 0, 2, 4], "
        "\"vertices\": [-100, -100, 100, -100, 100, 100, -100, 100], \"hull\": 4}}}}]}";
    pc_status status;
    pc_dump_options opt = { .skin = "default", .samples = 1, .vertices = true };
    char *out = dump_with(doc, &opt, &status);
    ck_assert_int_eq(status, PC_OK);
    ck_assert_ptr_nonnull(out);
    ck_assert_msg(strstr(out, "\nunsupported\trender\t\"a clipped mesh whose triangles do not name its vertices\"\n") != NULL,
                  "the render blocks are not declared unsupported");
    free(out);
}
END_TEST

/* For core/src/dump/dump.c:289:36 `0` -> `1`: one transition is still --transitions 1 (with its --dt and
 * --mix), not the samples. */
START_TEST(options_text_of_one_transition)
{
    char buf[256];
    static const double dt[1] = { 0.5 };
    pc_dump_options opt = { .skin = NULL, .physics = PC_PHYSICS_NONE, .samples = 5, .transitions = 1, .dt = dt,
                            .dt_count = 1, .mix = 0.25 };
    pc_dump_options_text(&opt, buf, sizeof buf);
    ck_assert_str_eq(buf, "--skin none --physics none --transitions 1 --dt 0.5 --mix 0.25");
}
END_TEST

/* For core/src/dump/dump.c:301:22 `0` -> `1` and 301:41 `<` -> `<=`: every --anim name is listed, the
 * first one too, and none past anim_count (the array holds a third name that is not an option). */
START_TEST(options_text_of_anims)
{
    char buf[256];
    static const char *anims[3] = { "walk", "run", "not-given" };
    pc_dump_options opt = { .skin = "all", .physics = PC_PHYSICS_NONE, .samples = 2, .anims = anims, .anim_count = 2 };
    pc_dump_options_text(&opt, buf, sizeof buf);
    ck_assert_str_eq(buf, "--skin all --physics none --samples 2 --anim walk --anim run");
}
END_TEST

/* For core/src/dump/dump.c:271:55 `-` -> `+`: a buffer that ends inside an option's name (` --dt `) is
 * filled to its size and no further (append_numbers gives snprintf the room left, size - n). */
START_TEST(options_text_cut_in_an_option_name)
{
    char big[160];
    static const double dt[1] = { 0.5 };
    pc_dump_options opt = { .skin = "all", .physics = PC_PHYSICS_NONE, .transitions = 3, .dt = dt, .dt_count = 1,
                            .mix = 0.125 };
    /* "--skin all --physics none --transitions 3" is 41 bytes: " --dt " is cut after 43 */
    memset(big, 'X', sizeof big);
    pc_dump_options_text(&opt, big, 44);
    ck_assert_str_eq(big, "--skin all --physics none --transitions 3 -");
    for (size_t i = 44; i < sizeof big; i++) ck_assert_msg(big[i] == 'X', "byte %zu written past the buffer", i);
}
END_TEST

/* For core/src/dump/dump.c:302:49 `-` -> `+`: a buffer that ends inside an --anim name is filled to its
 * size and no further (snprintf is given the room left, size - n). */
START_TEST(options_text_cut_in_an_anim)
{
    char big[160];
    static const char *anims[1] = { "walking" };
    pc_dump_options opt = { .skin = "all", .physics = PC_PHYSICS_NONE, .samples = 2, .anims = anims, .anim_count = 1 };
    /* "--skin all --physics none --samples 2" is 37 bytes: " --anim walking" is cut after 41 */
    memset(big, 'X', sizeof big);
    pc_dump_options_text(&opt, big, 42);
    ck_assert_str_eq(big, "--skin all --physics none --samples 2 --a");
    for (size_t i = 42; i < sizeof big; i++) ck_assert_msg(big[i] == 'X', "byte %zu written past the buffer", i);
}
END_TEST

/* For core/src/instance/animation.c:200:38 `==` -> `!=` and 200:41 `0` -> `1`: an animation whose
 * two-entry timeline's keys have length 0 (no whole frame) is unsupported as "no whole frame (a length
 * under 1)", one whose keys have length 1.5 (a partial frame) as "a partial frame (a fractional length)". */
START_TEST(unsupported_keys_name_no_whole_or_partial_frame)
{
    static const char frameless[] = "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
        "\"slots\": [{\"name\": \"s\", \"bone\": \"root\"}], \"animations\": {\"a\": {\"slots\": {\"s\": "
        "{\"alpha\": {\"length\": 0, \"0\": {\"time\": 0.5, \"value\": 0.25}}}}}}}";
    static const char partial[] = "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], "
        "\"slots\": [{\"name\": \"s\", \"bone\": \"root\"}], \"animations\": {\"a\": {\"slots\": {\"s\": "
        "{\"alpha\": {\"length\": 1.5, \"0\": {\"time\": 0, \"value\": 0.25}, \"1\": {\"time\": 1, \"value\": 1}}}}}}}";
    pc_status status;
    pc_error err;
    char *out = dump_of(frameless, &status, &err);
    ck_assert_int_eq(status, PC_UNSUPPORTED);
    ck_assert_msg(strstr(err.message, "a alpha timeline's keys hold no whole frame (a length under 1)") != NULL, "%s",
                  err.message);
    free(out);
    out = dump_of(partial, &status, &err);
    ck_assert_int_eq(status, PC_UNSUPPORTED);
    ck_assert_msg(strstr(err.message, "a alpha timeline's keys hold a partial frame (a fractional length)") != NULL, "%s",
                  err.message);
    free(out);
}
END_TEST

/* For core/src/dump/dump.c:504:70 `||` -> `&&`: a dump the stream does not take (fwrite on a stream open
 * for reading writes nothing; its fflush has nothing to flush and succeeds) is a failure: status
 * PC_INVALID, "cannot write the dump". */
START_TEST(unwritable_stream_fails)
{
    pc_error err;
    pc_skeleton_data *data = pc_read_text(posed_only, strlen(posed_only), "doc.json", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    FILE *f = fopen("/dev/null", "r");
    ck_assert_ptr_nonnull(f);
    pc_dump_options opt = { .skin = NULL, .samples = 2 };
    pc_status status = pc_dump_write(f, "doc.json", data, &opt, &err);
    fclose(f);
    pc_skeleton_data_free(data);
    ck_assert_int_eq(status, PC_INVALID);
    ck_assert_str_eq(err.message, "doc.json: cannot write the dump");
}
END_TEST


/* For core/src/dump/dump.c:415:35 `0` -> `1` and core/src/play/scenario_run.c:216:17 `0` -> `1`: a step
 * limit of 1 in the dump's options is the skeleton's, so the physics constraint (constraint 0) stops the
 * dump unsupported, named, at the second frame of 0.5 s: the first update after the reset only notes the
 * time, so the second owes the 1 s since then, 60 steps at fps 60 (with `> 1` the limit is not set; with
 * `late >= 1` constraint 0 is never named: both pose). A limit of 60 lets the same dump through. */
START_TEST(physics_step_limit_of_one)
{
    static const char doc[] =
        "{\"bones\": [{\"name\": \"root\"}, {\"name\": \"b\", \"parent\": \"root\", \"length\": 10}], "
        "\"constraints\": [{\"type\": \"physics\", \"name\": \"p\", \"bone\": \"b\", \"x\": 1, \"fps\": 60}], "
        "\"animations\": {\"a\": {}}}";
    static const double dt[] = { 0.5 };
    pc_dump_options opt = { .skin = NULL, .physics = PC_PHYSICS_UPDATE, .frames = 2, .dt = dt, .dt_count = 1,
                            .physics_step_limit = 1 };
    pc_status status;
    pc_error err;
    free(dump_with_error(doc, &opt, &status, &err));
    ck_assert_int_eq(status, PC_UNSUPPORTED);
    ck_assert_msg(strstr(err.message, "physics constraint \"p\" owes 60 steps of 0.016666666666666666 s in one update, "
                                      "more than 1:") != NULL, "%s", err.message);
    opt.physics_step_limit = 60;
    free(dump_with_error(doc, &opt, &status, &err));
    ck_assert_msg(status == PC_OK, "%s", err.message);
}
END_TEST


/* When the in-memory dump cannot grow (the address space limited to what is mapped plus 4 MB, in a child
 * process, and the dump of 200 bones over 101 poses about 6 MB), the dump fails ("cannot write the dump")
 * rather than write what it kept: glibc's memory stream writes short without setting ferror, so the
 * writer counts its short writes (before, the truncated dump was written with status 0). Not under
 * AddressSanitizer (its allocator stops the program when memory runs out). */
START_TEST(dump_beyond_memory_fails)
{
#if defined(__SANITIZE_ADDRESS__)
    return;
#endif
    size_t room = 64 + 200 * 64, len = 0;
    char *doc = malloc(room);
    ck_assert_ptr_nonnull(doc);
    len += (size_t)snprintf(doc + len, room - len, "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}");
    for (int i = 1; i < 200; i++)
        len += (size_t)snprintf(doc + len, room - len, ", {\"name\": \"bone%d\", \"parent\": \"root\", \"x\": %d.25}", i, i);
    len += (size_t)snprintf(doc + len, room - len, "], \"animations\": {\"a\": {}}}");
    ck_assert_uint_lt(len, room);
    pc_error err;
    pc_skeleton_data *data = pc_read_text(doc, len, "doc.json", NULL, &err);
    free(doc);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_dump_options opt = { .skin = NULL, .samples = 100 };
    FILE *null = fopen("/dev/null", "w");
    ck_assert_ptr_nonnull(null);
    struct dump_in_child run = { null, data, &opt, 0 };
    char msg[600];
    int st;
    bool ran = run_in_child((size_t)4 << 20, dump_in_child, &run, msg, sizeof msg, &st);
    fclose(null);
    /* the dump is larger than the room: without a limit it is written whole (measured after the child,
     * so the child's heap had not grown to it) */
    char *whole = NULL;
    size_t whole_len = 0;
    FILE *mem = open_memstream(&whole, &whole_len);
    ck_assert_ptr_nonnull(mem);
    ck_assert_int_eq(pc_dump_write(mem, "doc.json", data, &opt, &err), PC_OK);
    fclose(mem);
    free(whole);
    ck_assert_uint_gt(whole_len, (size_t)4 << 20);
    pc_skeleton_data_free(data);
    ck_assert_msg(ran, "the dump died (status %d)", st);
    char want[64];
    snprintf(want, sizeof want, "%d doc.json: cannot write the dump", (int)PC_INVALID);
    ck_assert_str_eq(msg, want);
}
END_TEST


#ifdef FAILING_MALLOC
/* The document read, then dumped in a child whose first malloc of fail_size bytes fails: the dump must
 * fail as out of memory, and the child live to say so (a mutant that goes on writes through NULL). */
static void assert_dump_out_of_memory(const char *doc, size_t len, const pc_dump_options *opt, size_t fail_size)
{
    pc_error err;
    pc_skeleton_data *data = pc_read_text(doc, len, "doc.json", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    FILE *null = fopen("/dev/null", "w");
    ck_assert_ptr_nonnull(null);
    struct dump_in_child run = { null, data, opt, fail_size };
    char msg[600];
    int st;
    bool ran = run_in_child(0, dump_in_child, &run, msg, sizeof msg, &st);
    fclose(null);
    pc_skeleton_data_free(data);
    ck_assert_msg(ran, "the dump died (status %d)", st);
    char want[64];
    snprintf(want, sizeof want, "%d doc.json: out of memory", (int)PC_INVALID);
    ck_assert_str_eq(msg, want);
}
#endif

/* For core/src/dump/dump.c:345:15 `&&` -> `||`: when the names array of the shorthand scenario cannot be
 * allocated (1,000 animations: 8,000 bytes, the first malloc of that size in the dump; its ints, 4,000
 * bytes, allocated), the dump fails as out of memory (with `||` it wrote through the NULL names: the
 * child dies). */
START_TEST(shorthand_names_out_of_memory_fails)
{
#ifdef FAILING_MALLOC
    size_t room = 128 + 1000 * 16, len = 0;
    char *doc = malloc(room);
    ck_assert_ptr_nonnull(doc);
    len += (size_t)snprintf(doc + len, room - len, "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], \"animations\": {");
    for (int i = 0; i < 1000; i++) len += (size_t)snprintf(doc + len, room - len, "%s\"a%d\": {}", i ? ", " : "", i);
    len += (size_t)snprintf(doc + len, room - len, "}}");
    ck_assert_uint_lt(len, room);
    pc_dump_options opt = { .skin = NULL, .samples = 1 };
    assert_dump_out_of_memory(doc, len, &opt, 1000 * sizeof(const char *));
    free(doc);
#endif
}
END_TEST

/* For core/src/play/scenario_shorthand.c:177:19 `&&` -> `||`: frames in the shorthand build their cycle
 * apart and add a repeat step for it; when the steps before it could not be made (the first step's
 * "(options)" path, the first 10-byte malloc of the dump, fails), the dump fails as out of memory (with
 * `||` the cycle made whole is hung on the repeat step that was never made: the child dies). */
START_TEST(shorthand_repeat_out_of_memory_fails)
{
#ifdef FAILING_MALLOC
    static const char doc[] = DOC_HEAD "}}";
    static const double dt[] = { 1.0 / 60 };
    pc_dump_options opt = { .skin = NULL, .physics = PC_PHYSICS_NONE, .frames = 2, .dt = dt, .dt_count = 1 };
    assert_dump_out_of_memory(doc, sizeof doc - 1, &opt, sizeof "(options)");
#endif
}
END_TEST

/* For core/src/play/scenario_run.c:558:37 `||` -> `&&`: when the run's sample times cannot be allocated
 * (61 samples: 488 bytes, the first malloc of that size in the dump), the dump fails as out of memory
 * (with `&&` the run goes on and writes the times through NULL: the child dies). */
START_TEST(sample_times_out_of_memory_fails)
{
#ifdef FAILING_MALLOC
    static const char doc[] = DOC_HEAD "}}";
    pc_dump_options opt = { .skin = NULL, .samples = 61 };
    assert_dump_out_of_memory(doc, sizeof doc - 1, &opt, 61 * sizeof(double));
#endif
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dump");
    TCase *t = tcase_create("dump");
    tcase_add_test(t, unposed_animation_is_unsupported);
    tcase_add_test(t, clipped_mesh_triangle_past_vertices_declares_render);
    tcase_add_test(t, posed_document_is_done);
    tcase_add_test(t, cli_exit_status);
    tcase_add_test(t, options_text_of_samples);
    tcase_add_test(t, options_text_of_transitions);
    tcase_add_test(t, options_text_of_one_frame);
    tcase_add_test(t, options_text_of_keys);
    tcase_add_test(t, options_text_of_skeleton);
    tcase_add_test(t, options_text_truncated_in_its_buffer);
    tcase_add_test(t, options_text_of_samples_truncated);
    tcase_add_test(t, options_text_of_move);
    tcase_add_test(t, space_written_plain);
    tcase_add_test(t, slider_keying_alpha_declares_render);
    tcase_add_test(t, slider_keying_draw_order_declares_all);
    tcase_add_test(t, slider_keying_rgb2_declares_render);
    tcase_add_test(t, unsolved_constraint_zero_writes_no_pose);
    tcase_add_test(t, short_clipping_polygon_declares_render_and_bounds);
    tcase_add_test(t, options_text_of_one_transition);
    tcase_add_test(t, options_text_of_anims);
    tcase_add_test(t, options_text_cut_in_an_option_name);
    tcase_add_test(t, options_text_cut_in_an_anim);
    tcase_add_test(t, unsupported_keys_name_no_whole_or_partial_frame);
    tcase_add_test(t, unwritable_stream_fails);
    tcase_add_test(t, physics_step_limit_of_one);
    suite_add_tcase(s, t);
    TCase *memory = tcase_create("memory");
    tcase_set_timeout(memory, 30);
    tcase_add_test(memory, dump_beyond_memory_fails);
    tcase_add_test(memory, shorthand_names_out_of_memory_fails);
    tcase_add_test(memory, shorthand_repeat_out_of_memory_fails);
    tcase_add_test(memory, sample_times_out_of_memory_fails);
    suite_add_tcase(s, memory);
    return run_suite(s);
}
