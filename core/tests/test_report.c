/* Check tests of the report tools' parts (reports/src): bones and paths from a dump (skel.c), reading
 * differences (findings.c), the shrinker's edits (reduce.c) and document writer (jsonout.c), the raster
 * (canvas.c) and the picture (picture.c) on hostile values: NaN, 1e308, differences of 1e-9. */
#include "canvas.h"
#include "dumpcmp/dumpdiff.h"
#include "dumpcmp/dumpread.h"
#include "findings.h"
#include "jsonout.h"
#include "picture.h"
#include "reduce.h"
#include "skel.h"

#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "run_suite.h"

/* A dump of four bones root <- a <- b, and c whose parent is unknown; one pose. */
static const char DUMP[] =
    "posecore-dump\t1\n"
    "data.bone\t\"root\"\tparent=null\tlength=0\n"
    "data.bone\t\"a\"\tparent=\"root\"\tlength=10\n"
    "data.bone\t\"b\"\tparent=\"a\"\tlength=5\n"
    "data.bone\t\"c\"\tparent=\"nobody\"\tlength=2\n"
    "data.slot\t\"s\"\tbone=\"b\"\n"
    "pose\t0\tnull\t0\n"
    "bone\t\"root\"\ta=1\tb=0\tc=0\td=1\tworldX=0\tworldY=0\n"
    "bone\t\"a\"\ta=1\tb=0\tc=0\td=1\tworldX=0\tworldY=0\n"
    "bone\t\"b\"\ta=0\tb=-1\tc=1\td=0\tworldX=10\tworldY=0\n"
    "bone\t\"c\"\ta=1\tb=0\tc=0\td=1\tworldX=NaN\tworldY=1e308\n"
    "end\t9\n";

static void read_dump(const char *text, struct dump *d)
{
    struct dump_error err;
    ck_assert_msg(dump_read_buffer(text, strlen(text), "test.dump", d, &err), "%s", err.message);
}

START_TEST(skel_bones_and_paths)
{
    struct dump d;
    read_dump(DUMP, &d);
    struct skel s;
    ck_assert(skel_build(&d, 0, &s));
    ck_assert_uint_eq(s.count, 4);
    long b = skel_find(&s, "b", 1), c = skel_find(&s, "c", 1);
    ck_assert_int_eq(b, 2);
    ck_assert_int_eq(s.bones[b].parent, 1);
    ck_assert_int_eq(s.bones[c].parent, -1);
    ck_assert(s.bones[b].length == 5 && s.bones[b].c == 1 && s.bones[b].x == 10);
    ck_assert(isnan(s.bones[c].x) && s.bones[c].y == 1e308);
    ck_assert_int_eq(skel_find(&s, "nobody", 6), -1);
    char *p = skel_path(&s, b);
    ck_assert_str_eq(p, "root/a/b");
    free(p);
    p = skel_path(&s, c);
    ck_assert_str_eq(p, "c");
    free(p);
    ck_assert_int_eq(skel_slot_bone(&d, &s, "s", 1), b);
    ck_assert_int_eq(skel_slot_bone(&d, &s, "t", 1), -1);
    skel_free(&s);
    /* Data only: no world values. */
    ck_assert(skel_build(&d, -1, &s));
    ck_assert(isnan(s.bones[0].a));
    skel_free(&s);
    dump_free(&d);
}
END_TEST

START_TEST(skel_parent_cycle)
{
    static const char cyc[] = "posecore-dump\t1\n"
                              "data.bone\t\"x\"\tparent=\"y\"\tlength=1\n"
                              "data.bone\t\"y\"\tparent=\"x\"\tlength=1\n"
                              "end\t2\n";
    struct dump d;
    read_dump(cyc, &d);
    struct skel s;
    ck_assert(skel_build(&d, -1, &s));
    char *p = skel_path(&s, 0);
    ck_assert_ptr_nonnull(p);
    ck_assert_str_eq(p, "y/x"); /* two bones, each once: the walk stops where it would repeat */
    free(p);
    skel_free(&s);
    dump_free(&d);
}
END_TEST

START_TEST(findings_values_and_worst)
{
    char dec[VALUE_TEXT_MAX], bits[24];
    struct dump_value v = { .type = DUMP_NUMBER, .number = -0.0 };
    value_text(true, &v, dec, bits);
    ck_assert_str_eq(dec, "-0");
    ck_assert_str_eq(bits, "0x8000000000000000");
    v.number = 0.1;
    value_text(true, &v, dec, bits);
    ck_assert_str_eq(dec, "0.1");
    ck_assert_str_eq(bits, "0x3fb999999999999a");
    value_text(false, &v, dec, bits);
    ck_assert_str_eq(dec, "absent");
    ck_assert_str_eq(bits, "");
    struct dump_value s = { .type = DUMP_STRING, .string = { "a\"b\x01", 4 } };
    value_text(true, &s, dec, bits);
    ck_assert_str_eq(dec, "\"a\\\"b\\u0001\"");

    /* Two poses' worth of differences: the worst of a pose is its largest ULP distance on a bone. */
    struct dump o, c;
    read_dump(DUMP, &o);
    char *changed = strdup(DUMP);
    char *at = strstr(changed, "bone\t\"a\"\ta=1\tb=0");
    ck_assert_ptr_nonnull(at);
    at[strlen("bone\t\"a\"\ta=")] = '2'; /* a: 1 -> 2 */
    at = strstr(changed, "worldX=10");
    at[strlen("worldX=1")] = '1'; /* b: worldX 10 -> 11 */
    read_dump(changed, &c);
    struct diff_report r;
    diff_report_init(&r, 100);
    ck_assert(dumpdiff_run(&o, &c, &r));
    ck_assert_uint_eq(r.entry_count, 2);
    char sig[128];
    diff_signature(&r, sig, sizeof sig);
    ck_assert_str_eq(sig, "value bone a");
    struct skel sk;
    ck_assert(skel_build(&o, 0, &sk));
    size_t n;
    struct failing_pose *fp = failing_poses(&r, &o, &sk, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(fp[0].pose, 0);
    ck_assert_uint_eq(fp[0].count, 2);
    /* 1 -> 2 is 2^52 ULPs, 10 -> 11 fewer: the worst is bone a. */
    ck_assert_int_eq(entry_bone(&o, &sk, &r.entries[fp[0].worst]), skel_find(&sk, "a", 1));
    char ulp[24];
    ulp_text(&r.entries[0], ulp);
    ck_assert_str_eq(ulp, "4503599627370496");
    free(fp);
    skel_free(&sk);
    diff_report_free(&r);
    dump_free(&o);
    dump_free(&c);
    free(changed);
}
END_TEST

static json_t *doc_of(const char *text)
{
    json_error_t e;
    json_t *d = json_loads(text, JSON_DECODE_INT_AS_REAL, &e);
    ck_assert_msg(d != NULL, "%s", e.text);
    return d;
}

static const char DOC[] =
    "{\"skeleton\":{\"spine\":\"4.3.13\"},"
    "\"bones\":[{\"name\":\"root\"},{\"name\":\"a\",\"parent\":\"root\",\"x\":1.5},"
    "{\"name\":\"b\",\"parent\":\"a\",\"rotation\":13.25},{\"name\":\"c\",\"parent\":\"b\"},{\"name\":\"d\",\"parent\":\"a\"}],"
    "\"slots\":[{\"name\":\"sa\",\"bone\":\"a\"},{\"name\":\"sc\",\"bone\":\"c\"}],"
    "\"constraints\":[{\"type\":\"ik\",\"name\":\"k\",\"bones\":[\"b\"],\"target\":\"c\"}],"
    "\"skins\":[{\"name\":\"default\",\"bones\":[\"a\",\"b\"],\"constraints\":[\"k\"],"
    "\"attachments\":{\"sa\":{},\"sc\":{}}}],"
    "\"animations\":{\"run\":{\"bones\":{\"a\":{},\"b\":{}},\"slots\":{\"sc\":{}},\"ik\":{\"k\":[]},"
    "\"drawOrder\":[{\"offsets\":[{\"slot\":\"sc\",\"offset\":1},{\"slot\":\"sa\",\"offset\":0}]}]}}}";

START_TEST(reduce_bones_reparent_and_clean)
{
    json_t *doc = doc_of(DOC);
    ck_assert_uint_eq(reduce_bone_count(doc), 5);
    bool rm[5] = { false, true, false, false, false }; /* a */
    json_t *out = reduce_remove_bones(doc, rm);
    ck_assert_uint_eq(reduce_bone_count(out), 4);
    json_t *bones = json_object_get(out, "bones");
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(bones, 1), "name")), "b");
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(bones, 1), "parent")), "root");
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(bones, 3), "parent")), "root"); /* d */
    /* The slot on a went, with its attachments and draw-order offset; the rest stays. */
    ck_assert_uint_eq(json_array_size(json_object_get(out, "slots")), 1);
    json_t *skin = json_array_get(json_object_get(out, "skins"), 0);
    ck_assert_ptr_null(json_object_get(json_object_get(skin, "attachments"), "sa"));
    ck_assert_uint_eq(json_array_size(json_object_get(skin, "bones")), 1);
    json_t *run = json_object_get(json_object_get(out, "animations"), "run");
    ck_assert_ptr_null(json_object_get(json_object_get(run, "bones"), "a"));
    json_t *offsets = json_object_get(json_array_get(json_object_get(run, "drawOrder"), 0), "offsets");
    ck_assert_uint_eq(json_array_size(offsets), 1);
    ck_assert_uint_eq(json_array_size(json_object_get(out, "constraints")), 1);
    json_decref(out);
    /* The given document is left alone. */
    ck_assert_uint_eq(reduce_bone_count(doc), 5);

    /* Removing c takes slot sc, the constraint targeting c, and what names them. */
    bool rm_c[5] = { false, false, false, true, false };
    out = reduce_remove_bones(doc, rm_c);
    ck_assert_uint_eq(json_array_size(json_object_get(out, "constraints")), 0);
    skin = json_array_get(json_object_get(out, "skins"), 0);
    ck_assert_uint_eq(json_array_size(json_object_get(skin, "constraints")), 0);
    ck_assert_ptr_null(json_object_get(json_object_get(skin, "attachments"), "sc"));
    run = json_object_get(json_object_get(out, "animations"), "run");
    ck_assert_ptr_null(json_object_get(json_object_get(run, "slots"), "sc"));
    ck_assert_ptr_null(json_object_get(json_object_get(run, "ik"), "k"));
    json_decref(out);

    /* Removing the root: its children become roots (no parent field). */
    bool rm_root[5] = { true, false, false, false, false };
    out = reduce_remove_bones(doc, rm_root);
    ck_assert_ptr_null(json_object_get(json_array_get(json_object_get(out, "bones"), 0), "parent"));
    json_decref(out);

    /* A subtree: a with b, c, d. */
    bool sub[5] = { false };
    reduce_mark_subtree(doc, 1, sub);
    ck_assert(!sub[0] && sub[1] && sub[2] && sub[3] && sub[4]);
    json_decref(doc);
}
END_TEST

START_TEST(reduce_members_and_numbers)
{
    json_t *doc = doc_of(DOC);
    struct jpath p = { .depth = 0 };
    json_t *out = reduce_remove_children(doc, &p, 2, 3); /* slots, constraints, skins */
    ck_assert_uint_eq(json_object_size(out), 3);
    ck_assert_ptr_nonnull(json_object_get(out, "bones"));
    ck_assert_ptr_nonnull(json_object_get(out, "animations"));
    json_decref(out);

    struct jpath x = { .depth = 3, .steps = { { "bones", 0 }, { NULL, 1 }, { "x", 0 } } };
    ck_assert(json_number_value(jpath_get(doc, &x)) == 1.5);
    out = reduce_set_number(doc, &x, 1);
    ck_assert(json_is_integer(jpath_get(out, &x)));
    json_decref(out);
    out = reduce_set_number(doc, &x, 0.5);
    ck_assert(json_is_real(jpath_get(out, &x)) && json_real_value(jpath_get(out, &x)) == 0.5);
    json_decref(out);

    double alts[24];
    size_t n = reduce_simpler_numbers(13.25, alts, 24);
    ck_assert_uint_ge(n, 4);
    ck_assert(alts[0] == 0 && alts[1] == 1 && alts[2] == -1 && alts[3] == 13);
    for (size_t i = 3; i < n; i++) ck_assert(alts[i] != 13.25);
    ck_assert_uint_eq(reduce_simpler_numbers(0, alts, 24), 1); /* 1 only: -1 is longer */
    n = reduce_simpler_numbers(1, alts, 24);
    ck_assert(n >= 1 && alts[0] == 0);
    json_decref(doc);
}
END_TEST

START_TEST(jsonout_round_trip)
{
    json_t *doc = doc_of("{\"skeleton\":{\"a\":0.1,\"b\":-0.0,\"c\":1e21,\"z\":\"t\\u0001\\\"\"},"
                         "\"bones\":[{\"name\":\"root\",\"x\":3}],\"b\":[],\"a\":{}}");
    size_t len;
    char *text = json_text(doc, &len);
    ck_assert_ptr_nonnull(text);
    ck_assert_uint_eq(strlen(text), len);
    ck_assert_ptr_nonnull(strstr(text, "\"a\": 0.1,"));
    ck_assert_ptr_nonnull(strstr(text, "\"b\": -0,"));
    ck_assert_ptr_nonnull(strstr(text, "\n\t{ \"name\": \"root\", \"x\": 3 }\n"));
    /* Member order is kept: skeleton, bones, b, a. */
    ck_assert(strstr(text, "\"skeleton\"") < strstr(text, "\"bones\""));
    ck_assert(strstr(text, "\"b\": []") < strstr(text, "\"a\": {}"));
    json_t *back = doc_of(text);
    ck_assert(json_equal(doc, back));
    json_decref(back);
    free(text);
    json_decref(doc);
}
END_TEST

static size_t count_colour(const struct canvas *c, struct rgb k)
{
    size_t n = 0;
    for (int i = 0; i < c->w * c->h; i++)
        n += c->px[3 * i] == k.r && c->px[3 * i + 1] == k.g && c->px[3 * i + 2] == k.b;
    return n;
}

START_TEST(canvas_hostile_coordinates)
{
    struct canvas c;
    struct rgb white = { 255, 255, 255 }, ink = { 0, 0, 0 };
    ck_assert(canvas_init(&c, 50, 40, white));
    canvas_line(&c, NAN, 0, 10, 10, 2, ink, 0);
    canvas_line(&c, 0, 0, INFINITY, 10, 2, ink, 0);
    canvas_line(&c, -1e308, -1e308, -1e307, -1e307, 2, ink, 0);
    canvas_ring(&c, 1e300, 5, 3, 1, ink);
    canvas_disc(&c, NAN, 5, 3, ink);
    ck_assert_uint_eq(count_colour(&c, white), 50 * 40);
    /* From very far outside: clipped to the canvas in bounded time (where it lands is approximate). */
    canvas_line(&c, -1e300, -3e299, 1e300, 7e299, 3, ink, 0);
    canvas_fill_rect(&c, 0, 0, 50, 40, white);
    /* A line from far outside crosses the canvas: it is clipped, and drawn. */
    canvas_line(&c, -1e9, 20.5, 1e9, 20.5, 3, ink, 0);
    size_t row = 0;
    for (int x = 0; x < 50; x++) row += c.px[3 * (20 * 50 + x)] == 0;
    ck_assert_uint_eq(row, 50);
    /* The clip rectangle holds. */
    canvas_clip(&c, 0, 0, 10, 10);
    canvas_fill_rect(&c, 0, 30, 50, 10, ink);
    canvas_unclip(&c);
    ck_assert_uint_eq(c.px[3 * (35 * 50 + 5)], 255);
    ck_assert_int_eq(canvas_text_width("ab\nc", 2), (2 * 6 - 1) * 2);
    canvas_free(&c);
}
END_TEST

START_TEST(picture_inset_sees_1e9)
{
    static const char o_text[] = "posecore-dump\t1\n"
                                 "data.bone\t\"root\"\tparent=null\tlength=10\n"
                                 "data.bone\t\"far\"\tparent=\"root\"\tlength=1\n"
                                 "data.bone\t\"gone\"\tparent=\"root\"\tlength=1\n"
                                 "pose\t0\tnull\t0\n"
                                 "bone\t\"root\"\ta=1\tb=0\tc=0\td=1\tworldX=0\tworldY=0\n"
                                 "bone\t\"far\"\ta=1\tb=0\tc=0\td=1\tworldX=3\tworldY=4\n"
                                 "bone\t\"gone\"\ta=1\tb=0\tc=0\td=1\tworldX=1\tworldY=1\n"
                                 "end\t6\n";
    /* The core: far 1e-9 to the right, gone at NaN and 1e308. */
    char *c_text;
    c_text = strdup("posecore-dump\t1\n"
                    "data.bone\t\"root\"\tparent=null\tlength=10\n"
                    "data.bone\t\"far\"\tparent=\"root\"\tlength=1\n"
                    "data.bone\t\"gone\"\tparent=\"root\"\tlength=1\n"
                    "pose\t0\tnull\t0\n"
                    "bone\t\"root\"\ta=1\tb=0\tc=0\td=1\tworldX=0\tworldY=0\n"
                    "bone\t\"far\"\ta=1\tb=0\tc=0\td=1\tworldX=3.000000001\tworldY=4\n"
                    "bone\t\"gone\"\ta=1\tb=0\tc=0\td=1\tworldX=NaN\tworldY=1e308\n"
                    "end\t6\n");
    struct dump o, c;
    read_dump(o_text, &o);
    read_dump(c_text, &c);
    struct skel so, sc;
    ck_assert(skel_build(&o, 0, &so) && skel_build(&c, 0, &sc));
    bool differs[3] = { false, true, true };
    struct picture_spec spec = { .title = "test", .subtitle = "a 1e-9 difference", .oracle = &so, .core = &sc,
                                 .differs = differs, .worst = 1, .worst_field = "worldX", .worst_ulp = "2252",
                                 .worst_oracle = "3", .worst_core = "3.000000001", .worst_path = "root/far" };
    char path[] = "/tmp/test_report.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    struct picture_facts f;
    char msg[300];
    ck_assert_msg(picture_write(path, &spec, &f, msg, sizeof msg), "%s", msg);
    ck_assert_uint_eq(f.bones_not_drawn, 1); /* the core's NaN */
    ck_assert_uint_eq(f.bones_drawn, 5);
    ck_assert_uint_eq(f.bones_marked, 2);
    ck_assert_str_eq(f.inset_point, "origin");
    ck_assert(fabs(f.inset_offset - 1e-9) < 1e-15);
    FILE *png = fopen(path, "rb");
    unsigned char sig[8] = { 0 };
    ck_assert_uint_eq(fread(sig, 1, 8, png), 8);
    fclose(png);
    ck_assert(memcmp(sig, "\x89PNG\r\n\x1a\n", 8) == 0);
    unlink(path);
    skel_free(&so);
    skel_free(&sc);
    dump_free(&o);
    dump_free(&c);
    free(c_text);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("report");
    TCase *t = tcase_create("parts");
    tcase_add_test(t, skel_bones_and_paths);
    tcase_add_test(t, skel_parent_cycle);
    tcase_add_test(t, findings_values_and_worst);
    tcase_add_test(t, reduce_bones_reparent_and_clean);
    tcase_add_test(t, reduce_members_and_numbers);
    tcase_add_test(t, jsonout_round_trip);
    tcase_add_test(t, canvas_hostile_coordinates);
    tcase_add_test(t, picture_inset_sees_1e9);
    suite_add_tcase(s, t);
    return run_suite(s);
}
