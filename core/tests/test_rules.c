/* Check tests of the rule ledger (core/src/document/rules.h): the registry's shape, parsing
 * `NAME=READING` into a pc_readings, unknown rules and readings refused with a message naming what is
 * known, selection observable in the readings and in a pose (and only in the document read under it),
 * and `posecore dump --rule` / `posecore rules` (run from the repo root). */
#include "js/jsmath.h"
#include "posecore.h"
#include "document/rules.h"
#include "js/runtime_math.h"
#include "run_command.h"
#include "instance/skeleton.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run_suite.h"

START_TEST(registry_shape)
{
    pc_readings current;
    pc_readings_init(&current);
    ck_assert_uint_ge(pc_rule_count(), 2);
    for (size_t i = 0; i < pc_rule_count(); i++) {
        const pc_rule *r = pc_rule_at(i);
        ck_assert_ptr_nonnull(r);
        ck_assert_msg(r->reading_count >= 2, "%s has no alternative", r->name);
        ck_assert_msg(r->reading_count <= PC_READINGS_MAX, "%s counts more readings than it holds", r->name);
        ck_assert_msg(r->population && *r->population, "%s names no population", r->name);
        ck_assert_ptr_eq(pc_rule_find(r->name), r);
        ck_assert_int_eq(pc_readings_selected(&current, i), 0);
        for (size_t j = 0; j < i; j++) ck_assert_str_ne(pc_rule_at(j)->name, r->name);
        for (int k = 0; k < r->reading_count; k++) {
            ck_assert_msg(*r->readings[k].name && strchr(r->readings[k].name, '=') == NULL, "%s: reading %d",
                          r->name, k);
            for (int m = 0; m < k; m++) ck_assert_str_ne(r->readings[m].name, r->readings[k].name);
        }
    }
    ck_assert_ptr_null(pc_rule_at(pc_rule_count()));
    /* Past the ledger no rule is selected: -1, not the byte after the table (rules.c:304:75 < -> <=). */
    ck_assert_int_eq(pc_readings_selected(&current, pc_rule_count()), -1);
    ck_assert_int_eq(pc_readings_selected(&current, pc_rule_count() + 1), -1);
    ck_assert_ptr_null(pc_rule_find("no.such.rule"));
    ck_assert_ptr_nonnull(pc_rule_find("math.trig"));
    ck_assert_ptr_nonnull(pc_rule_find("bone.deg-rad"));
}
END_TEST

START_TEST(select_and_reset)
{
    char msg[256];
    pc_readings r, other;
    pc_readings_init(&r);
    pc_readings_init(&other);
    ck_assert(!r.trig_libm);
    ck_assert(r.deg_rad == PC_DEG_RAD && r.rad_deg == PC_RAD_DEG);
    ck_assert_int_eq(pc_readings_select(&r, "math.trig=libm", msg, sizeof msg), 0);
    ck_assert_int_eq(pc_readings_selected(&r, PC_RULE_MATH_TRIG), 1);
    ck_assert_int_eq(pc_readings_selected(&r, PC_RULE_BONE_DEG_RAD), 0);
    ck_assert_int_eq(pc_readings_select(&r, "bone.deg-rad=math-pi", msg, sizeof msg), 0);
    ck_assert_int_eq(pc_readings_selected(&r, PC_RULE_BONE_DEG_RAD), 1);
    ck_assert(r.deg_rad == JS_MATH_DEG_RAD);
    ck_assert(r.rad_deg == JS_MATH_RAD_DEG);
    /* Another readings struct is untouched: nothing is global. */
    ck_assert_int_eq(pc_readings_selected(&other, PC_RULE_MATH_TRIG), 0);
    ck_assert(!other.trig_libm && other.deg_rad == PC_DEG_RAD);
    /* Selecting the current reading by name is allowed and sets it back. */
    ck_assert_int_eq(pc_readings_select(&r, "bone.deg-rad=spine-pi", msg, sizeof msg), 0);
    ck_assert(r.deg_rad == PC_DEG_RAD);
    ck_assert(r.deg_rad == JS_DEG_RAD);
    ck_assert(r.rad_deg == JS_RAD_DEG);
    ck_assert_int_eq(pc_readings_select(&r, "math.trig=v8-fdlibm", msg, sizeof msg), 0);
    ck_assert_int_eq(pc_readings_selected(&r, PC_RULE_MATH_TRIG), 0);
    ck_assert(!r.trig_libm);
    /* A bounding box's polygon: float32 by default, the doubles under the other reading
     * (document/rules.c:276:64 `1` -> `2`: doubles would set nothing). */
    ck_assert(!r.hit_doubles);
    ck_assert_int_eq(pc_readings_select(&r, "bounds.polygon-float32=doubles", msg, sizeof msg), 0);
    ck_assert(r.hit_doubles);
    ck_assert_int_eq(pc_readings_select(&r, "bounds.polygon-float32=float32", msg, sizeof msg), 0);
    ck_assert(!r.hit_doubles);
    /* physics.delta: the time since the last update by default, the frame's dt under the other reading
     * (document/rules.c:278:60 `1` -> `2`: dt would set nothing). */
    ck_assert(!r.physics_delta_dt);
    ck_assert_int_eq(pc_readings_select(&r, "physics.delta=dt", msg, sizeof msg), 0);
    ck_assert(r.physics_delta_dt);
    ck_assert_int_eq(pc_readings_selected(&r, PC_RULE_PHYSICS_DELTA), 1);
    ck_assert_int_eq(pc_readings_select(&r, "physics.delta=time-since-last", msg, sizeof msg), 0);
    ck_assert(!r.physics_delta_dt);
}
END_TEST

/* The message of a refused spec: -1, the selection unchanged, the message containing `want`. */
static void refused(const char *spec, const char *want)
{
    char msg[256];
    pc_readings r;
    pc_readings_init(&r);
    ck_assert_int_eq(pc_readings_select(&r, spec, msg, sizeof msg), -1);
    ck_assert_msg(strstr(msg, want) != NULL, "\"%s\": message \"%s\" lacks \"%s\"", spec, msg, want);
    for (size_t i = 0; i < pc_rule_count(); i++) ck_assert_int_eq(pc_readings_selected(&r, i), 0);
}

START_TEST(bad_specs)
{
    refused("math.trig", "NAME=READING");
    refused("=libm", "NAME=READING");
    refused("math.trig=", "NAME=READING");
    refused("", "NAME=READING");
    refused("nope=x", "unknown rule \"nope\"");
    refused("nope=x", "math.trig");
    refused("nope=x", "bone.deg-rad");
    refused("math.trig.x=libm", "unknown rule");
    refused("math=libm", "unknown rule \"math\"");
    refused("math.trig=nope", "rule math.trig has no reading \"nope\"");
    refused("math.trig=nope", "v8-fdlibm, libm");
    refused("math.trig=LIBM", "no reading");
    refused("bone.deg-rad=libm", "spine-pi, math-pi");

    char small[12];
    pc_readings r;
    pc_readings_init(&r);
    ck_assert_int_eq(pc_readings_select(&r, "nope=x", small, sizeof small), -1);
    ck_assert_uint_eq(strlen(small), sizeof small - 1);
    ck_assert_int_eq(pc_readings_select(&r, "nope=x", NULL, 0), -1);
}
END_TEST

/* The unknown-rule message, in a buffer that holds it all, lists every rule once and ends with the last
 * one's name and `)`: nothing is read past the registry. */
START_TEST(unknown_rule_lists_every_rule)
{
    static char msg[16384];
    pc_readings r;
    pc_readings_init(&r);
    ck_assert_int_eq(pc_readings_select(&r, "nope=x", msg, sizeof msg), -1);
    size_t n = strlen(msg);
    ck_assert_uint_lt(n, sizeof msg - 1);
    for (size_t i = 0; i < pc_rule_count(); i++) ck_assert_msg(strstr(msg, pc_rule_at(i)->name), "%s", msg);
    const char *last = pc_rule_at(pc_rule_count() - 1)->name;
    size_t m = strlen(last);
    ck_assert_uint_gt(n, m + 3);
    ck_assert_msg(memcmp(msg + n - m - 3, ", ", 2) == 0 && memcmp(msg + n - m - 1, last, m) == 0 && msg[n - 1] == ')',
                  "the message does not end with \", %s)\": %s", last, msg + (n > 80 ? n - 80 : 0));
}
END_TEST

/* Each reading of render.clip-input sets the flag the render layer reads. */
START_TEST(render_clip_input_selects_the_flag)
{
    char msg[256];
    pc_readings r;
    pc_readings_init(&r);
    ck_assert(!r.render_clip_doubles);
    ck_assert_int_eq(pc_readings_select(&r, "render.clip-input=doubles", msg, sizeof msg), 0);
    ck_assert(r.render_clip_doubles);
    ck_assert_int_eq(pc_readings_select(&r, "render.clip-input=float32", msg, sizeof msg), 0);
    ck_assert(!r.render_clip_doubles);
}
END_TEST

/* Each reading of bounds.clipped-when-cut sets the flag getBounds reads (document/rules.c:275:72 `1` -> `2`:
 * `always` would set nothing). */
START_TEST(bounds_clipped_when_cut_selects_the_flag)
{
    char msg[256];
    pc_readings r;
    pc_readings_init(&r);
    ck_assert(!r.bounds_clip_always);
    ck_assert_int_eq(pc_readings_select(&r, "bounds.clipped-when-cut=always", msg, sizeof msg), 0);
    ck_assert(r.bounds_clip_always);
    ck_assert_int_eq(pc_readings_selected(&r, PC_RULE_BOUNDS_CLIPPED_WHEN_CUT), 1);
    ck_assert_int_eq(pc_readings_select(&r, "bounds.clipped-when-cut=when-cut", msg, sizeof msg), 0);
    ck_assert(!r.bounds_clip_always);
}
END_TEST

/* A message buffer the first words fit but the list does not: the list is cut at the buffer's end and
 * nothing past `size` is written (document/rules.c:311:46 `-` -> `+` would let snprintf run on). */
START_TEST(refusal_message_stays_in_its_buffer)
{
    char buf[512];
    static const size_t sizes[] = { 30, 40, 64, 100 };
    for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        size_t size = sizes[t];
        memset(buf, 'X', sizeof buf);
        pc_readings r;
        pc_readings_init(&r);
        ck_assert_int_eq(pc_readings_select(&r, "nope=x", buf, size), -1);
        ck_assert_uint_eq(strlen(buf), size - 1);
        for (size_t i = size; i < sizeof buf; i++) ck_assert_msg(buf[i] == 'X', "byte %zu of a %zu-byte buffer written", i, size);
        memset(buf, 'X', sizeof buf);
        ck_assert_int_eq(pc_readings_select(&r, "order.slider=x", buf, size), -1);
        ck_assert_uint_lt(strlen(buf), size);
        for (size_t i = size; i < sizeof buf; i++) ck_assert_msg(buf[i] == 'X', "byte %zu of a %zu-byte buffer written", i, size);
    }
}
END_TEST

/* Each reading of path.vertex-numbers and of render.empty-part sets the flag the reader, vertices.c and
 * the render layer read (document/rules.c:271:64 and 273:68 `1` -> `2`: `doubles` and `slot-color`
 * would set nothing); a rule past the registry has no selection (-1; 304:114 `1` -> `2` would say -2). */
START_TEST(vertex_numbers_and_empty_part_select_their_flags)
{
    char msg[256];
    pc_readings r;
    pc_readings_init(&r);
    ck_assert(!r.vertex_doubles && !r.render_empty_colored);
    ck_assert_int_eq(pc_readings_select(&r, "path.vertex-numbers=doubles", msg, sizeof msg), 0);
    ck_assert(r.vertex_doubles);
    ck_assert_int_eq(pc_readings_selected(&r, PC_RULE_PATH_VERTEX_NUMBERS), 1);
    ck_assert_int_eq(pc_readings_select(&r, "path.vertex-numbers=float32", msg, sizeof msg), 0);
    ck_assert(!r.vertex_doubles);
    ck_assert_int_eq(pc_readings_select(&r, "render.empty-part=slot-color", msg, sizeof msg), 0);
    ck_assert(r.render_empty_colored);
    ck_assert_int_eq(pc_readings_selected(&r, PC_RULE_RENDER_EMPTY_PART), 1);
    ck_assert_int_eq(pc_readings_select(&r, "render.empty-part=no-color", msg, sizeof msg), 0);
    ck_assert(!r.render_empty_colored);
    ck_assert_int_eq(pc_readings_selected(&r, pc_rule_count()), -1);
    ck_assert_int_eq(pc_readings_selected(&r, pc_rule_count() + 7), -1);
}
END_TEST

/* A refusal's message in a buffer of any size is the whole message cut at size - 1 bytes, nothing written
 * past it: each list item is appended as far as it fits, down to its first character
 * (document/rules.c:311:13 `1` -> `2` would stop one byte short whenever an item starts at size - 2). */
START_TEST(refusal_message_cut_at_every_size)
{
    static const char *const specs[] = { "nope=x", "order.slider=x", "path.curve-parameter=x" };
    for (size_t s = 0; s < sizeof specs / sizeof specs[0]; s++) {
        char full[16384], buf[16384];
        pc_readings r;
        pc_readings_init(&r);
        ck_assert_int_eq(pc_readings_select(&r, specs[s], full, sizeof full), -1);
        size_t len = strlen(full);
        ck_assert_uint_lt(len, sizeof full - 1);
        for (size_t size = 1; size <= len + 2; size++) {
            memset(buf, 'X', len + 3);
            if (pc_readings_select(&r, specs[s], buf, size) != -1) ck_abort_msg("\"%s\" accepted", specs[s]);
            size_t want = len < size - 1 ? len : size - 1;
            if (strlen(buf) != want || memcmp(buf, full, want) != 0)
                ck_abort_msg("\"%s\" in %zu bytes: \"%s\", want %zu bytes of \"%s\"", specs[s], size, buf, want, full);
            size_t past = size;
            while (past < len + 3 && buf[past] == 'X') past++;
            if (past != len + 3) ck_abort_msg("byte %zu of a %zu-byte buffer written", past, size);
        }
    }
}
END_TEST

/* math.trig=libm selects the C library's functions: an argument where they differ from V8's shows it. */
START_TEST(trig_selection_observable)
{
    char msg[128];
    pc_readings r;
    pc_readings_init(&r);
    ck_assert(pc_sin(&r, 0.5) == js_sin(0.5));
    ck_assert_int_eq(pc_readings_select(&r, "math.trig=libm", msg, sizeof msg), 0);
    ck_assert(r.trig_libm);
    double x = 0;
    for (int k = 1; k < 100000 && x == 0; k++)
        if (pc_sin(&r, k * 0.0123) != js_sin(k * 0.0123)) x = k * 0.0123;
    ck_assert_msg(x != 0, "no argument where V8's sin and the selected libm's differ");
    ck_assert(pc_sin(&r, x) == js_libm_sin(x) && pc_cos(&r, x) == js_libm_cos(x));
    ck_assert(pc_atan2(&r, x, 0.75) == js_libm_atan2(x, 0.75));
    double s, c;
    pc_sincos(&r, x, &s, &c);
    ck_assert(s == pc_sin(&r, x) && c == pc_cos(&r, x));
    pc_readings_init(&r);
    ck_assert(pc_sin(&r, x) == js_sin(x));
    pc_sincos(&r, x, &s, &c);
    ck_assert(s == js_sin(x) && c == js_cos(x));
}
END_TEST

/* A pose: one bone rotated 30 degrees under a noRotationOrReflection child (atan2 in degrees). */
static void pose(const pc_readings *readings, double out[4])
{
    static const char doc[] = "{\"bones\": [ { \"name\": \"root\", \"rotation\": 30, \"scaleX\": 1.5 },"
                              " { \"name\": \"c\", \"parent\": \"root\", \"rotation\": 12.5,"
                              "   \"inherit\": \"noRotationOrReflection\" } ] }";
    pc_error err;
    pc_skeleton_data *data = pc_read_text(doc, strlen(doc), "mem.json", readings, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    ck_assert_ptr_nonnull(sk);
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform(sk);
    out[0] = sk->bones[0].applied->a;
    out[1] = sk->bones[0].applied->c;
    out[2] = sk->bones[1].applied->a;
    out[3] = sk->bones[1].applied->c;
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}

START_TEST(deg_rad_selection_observable)
{
    char msg[128];
    double cur[4], alt[4], back[4];
    pose(NULL, cur);
    ck_assert(cur[0] == js_cos(30 * JS_DEG_RAD) * 1.5);
    pc_readings *r = pc_readings_new();
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(pc_readings_select(r, "bone.deg-rad=math-pi", msg, sizeof msg), 0);
    pose(r, alt);
    ck_assert(alt[0] == js_cos(30 * JS_MATH_DEG_RAD) * 1.5);
    ck_assert(alt[0] != cur[0]);
    pc_readings_free(r);
    pose(NULL, back);
    ck_assert(memcmp(back, cur, sizeof cur) == 0);
}
END_TEST

START_TEST(cli)
{
    char out[8192];
    ck_assert_int_eq(run_command("build/bin/posecore dump corpus/cases/empty-skeleton.json --rule nope=x 2>&1",
                                 out, sizeof out), 2);
    ck_assert_msg(strstr(out, "unknown rule \"nope\"") != NULL, "%s", out);
    ck_assert_int_eq(run_command("build/bin/posecore dump corpus/cases/empty-skeleton.json --rule math.trig=x 2>&1",
                                 out, sizeof out), 2);
    ck_assert_msg(strstr(out, "has no reading \"x\"") != NULL, "%s", out);
    ck_assert_int_eq(run_command("build/bin/posecore dump corpus/cases/rotation-multiples-of-90.json "
                                 "--rule math.trig=libm --rule bone.deg-rad=math-pi >/dev/null 2>&1",
                                 out, sizeof out), 0);
    ck_assert_int_eq(run_command("build/bin/posecore rules --tsv", out, sizeof out), 0);
    ck_assert_msg(strstr(out, "math.trig\tv8-fdlibm\tcurrent\tbones\t") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "math.trig\tlibm\talternative\tbones\t") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "bone.deg-rad\tmath-pi\talternative\tbones\t") != NULL, "%s", out);
    ck_assert_int_eq(run_command("build/bin/posecore rules", out, sizeof out), 0);
    ck_assert_msg(strstr(out, "(current)") != NULL, "%s", out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rules");
    TCase *t = tcase_create("rules");
    tcase_add_test(t, registry_shape);
    tcase_add_test(t, select_and_reset);
    tcase_add_test(t, bad_specs);
    tcase_add_test(t, unknown_rule_lists_every_rule);
    tcase_add_test(t, render_clip_input_selects_the_flag);
    tcase_add_test(t, bounds_clipped_when_cut_selects_the_flag);
    tcase_add_test(t, refusal_message_stays_in_its_buffer);
    tcase_add_test(t, vertex_numbers_and_empty_part_select_their_flags);
    tcase_add_test(t, refusal_message_cut_at_every_size);
    tcase_add_test(t, trig_selection_observable);
    tcase_add_test(t, deg_rad_selection_observable);
    tcase_add_test(t, cli);
    suite_add_tcase(s, t);
    return run_suite(s);
}
