/* Check tests of core/src/dumpdiff and build/bin/posediff: what is a difference (bits, bytes, types,
 * rows, fields, blocks, poses), what is unsupported rather than equal, the counts, the printed lines,
 * and posediff's exit codes on the fixtures of core/tests/fixtures/dumps (run from the repo root). */
#include "dumpcmp/dumpdiff.h"
#include "dumpcmp/dumpread.h"
#include "js/numtext.h"

#include <check.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "run_suite.h"

#define FIXTURES "core/tests/fixtures/dumps/"
#define HEADER "posecore-dump\t1\n"

static void read_fixture(const char *name, struct dump *d)
{
    static char paths[4][256]; /* a dump keeps its path: these outlive it */
    static int next;
    char *path = paths[next++ % 4];
    struct dump_error err;
    snprintf(path, sizeof paths[0], FIXTURES "%s", name);
    ck_assert_msg(dump_read_file(path, d, &err), "%s", err.message);
}

static void read_text(const char *text, struct dump *d)
{
    struct dump_error err;
    ck_assert_msg(dump_read_buffer(text, strlen(text), "mem.dump", d, &err), "%s", err.message);
}

/* Compares two dumps given as text; the dumps stay alive in o and c for the entries' texts. */
static void diff_texts(const char *oracle, const char *core, struct dump *o, struct dump *c, struct diff_report *r)
{
    read_text(oracle, o);
    read_text(core, c);
    diff_report_init(r, 100);
    ck_assert(dumpdiff_run(o, c, r));
}

static void diff_fixtures(const char *oracle, const char *core, struct dump *o, struct dump *c,
                          struct diff_report *r)
{
    read_fixture(oracle, o);
    read_fixture(core, c);
    diff_report_init(r, 20);
    ck_assert(dumpdiff_run(o, c, r));
}

static void done(struct dump *o, struct dump *c, struct diff_report *r)
{
    diff_report_free(r);
    dump_free(o);
    dump_free(c);
}

static bool text_is(struct dump_text t, const char *s)
{
    return t.len == strlen(s) && memcmp(t.ptr, s, t.len) == 0;
}

static const struct diff_block_stats *stats(const struct diff_report *r, const char *block)
{
    for (size_t i = 0; i < r->block_count; i++)
        if (text_is(r->blocks[i].name, block)) return &r->blocks[i];
    ck_abort_msg("no block %s in the report", block);
    return NULL;
}

/* What dumpdiff_print_entry prints for entry i. */
static char *entry_line(const struct diff_report *r, size_t i)
{
    static char *text;
    size_t len;
    free(text);
    FILE *f = open_memstream(&text, &len);
    dumpdiff_print_entry(f, &r->entries[i]);
    fclose(f);
    return text;
}

static char *printed(const struct dump *o, const struct dump *c, const struct diff_report *r, bool quiet)
{
    static char *text;
    size_t len;
    free(text);
    FILE *f = open_memstream(&text, &len);
    dumpdiff_print(f, o, c, r, quiet);
    fclose(f);
    return text;
}

START_TEST(identical)
{
    struct dump o, c;
    struct diff_report r;
    diff_fixtures("oracle.dump", "same.dump", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL);
    ck_assert_int_eq(dumpdiff_exit_code(&r), 0);
    ck_assert_uint_eq(r.difference_count, 0);
    ck_assert_uint_eq(r.entry_count, 0);
    ck_assert_uint_eq(r.poses_compared, 3);
    ck_assert_uint_eq(r.rows_compared, 18);
    ck_assert_uint_eq(r.rows_unsupported, 0);
    ck_assert_uint_eq(stats(&r, "data.bone")->rows_compared, 4);
    ck_assert_uint_eq(stats(&r, "data.bone")->fields_compared, 48);
    ck_assert_uint_eq(stats(&r, "data.slot")->rows_compared, 2);
    ck_assert_uint_eq(stats(&r, "bone")->rows_compared, 12);
    ck_assert_uint_eq(stats(&r, "bone")->fields_compared, 12 * 23);
    ck_assert_uint_eq(stats(&r, "pose")->rows_compared, 3);
    ck_assert_uint_eq(stats(&r, "pose")->fields_compared, 6);
    ck_assert_uint_eq(r.fields_compared, 48 + 6 + 6 + 12 * 23);
    /* the block list: data blocks, then `pose`, then pose blocks */
    ck_assert_uint_eq(r.block_count, 4);
    ck_assert(text_is(r.blocks[0].name, "data.bone") && text_is(r.blocks[2].name, "pose"));
    /* the fixture holds NaN, -0, Infinity, subnormals, DBL_MAX on both sides: all equal */
    ck_assert_str_eq(printed(&o, &c, &r, true),
                     "summary: identical: 0 differences, 3 poses compared, 18 rows compared, 336 fields compared, "
                     "0 fields differ, 0 rows unsupported, 0 poses unsupported\n");
    /* a dump against itself, and the report reused */
    ck_assert(dumpdiff_run(&o, &o, &r));
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL);
    ck_assert_uint_eq(r.rows_compared, 18);
    done(&o, &c, &r);
}
END_TEST

START_TEST(one_ulp)
{
    struct dump o, c;
    struct diff_report r;
    diff_fixtures("oracle.dump", "ulp1.dump", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_DIFFERENT);
    ck_assert_int_eq(dumpdiff_exit_code(&r), 1);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_uint_eq(r.entry_count, 1);
    const struct diff_entry *e = &r.entries[0];
    ck_assert_int_eq(e->kind, DIFF_VALUE);
    ck_assert_int_eq(e->pose, -1);
    ck_assert(text_is(e->block, "data.bone"));
    ck_assert(text_is(e->key, "torso"));
    ck_assert(text_is(e->field, "x"));
    ck_assert_uint_eq(e->ulp, 1);
    ck_assert_uint_eq(numtext_bits(e->oracle.number), 0x4029800000000000ULL);
    ck_assert_uint_eq(numtext_bits(e->core.number), 0x4029800000000001ULL);
    ck_assert_str_eq(entry_line(&r, 0), "pose data block data.bone row \"torso\" field x: oracle 12.75 "
                                        "(0x4029800000000000) core 12.750000000000002 (0x4029800000000001) ulp 1\n");
    ck_assert_uint_eq(stats(&r, "data.bone")->fields_differing, 1);
    ck_assert_uint_eq(r.fields_differing, 1);
    done(&o, &c, &r);
}
END_TEST

START_TEST(negative_zero)
{
    struct dump o, c;
    struct diff_report r;
    diff_fixtures("oracle.dump", "negzero.dump", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_DIFFERENT);
    ck_assert_uint_eq(r.difference_count, 1);
    const struct diff_entry *e = &r.entries[0];
    ck_assert_int_eq(e->pose, 0);
    ck_assert(text_is(e->block, "bone") && text_is(e->key, "hip") && text_is(e->field, "worldY"));
    ck_assert_uint_eq(e->ulp, 1);
    ck_assert_str_eq(entry_line(&r, 0), "pose 0 block bone row \"hip\" field worldY: oracle -0 (0x8000000000000000) "
                                        "core 0 (0x0000000000000000) ulp 1\n");
    done(&o, &c, &r);
}
END_TEST

START_TEST(nan_equals_nan_only)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "a\t\"k\"\tx=NaN\ty=NaN\tz=Infinity\nend\t1\n", HEADER "a\t\"k\"\tx=NaN\ty=0\tz=NaN\nend\t1\n", &o,
               &c, &r);
    ck_assert_uint_eq(r.difference_count, 2);
    ck_assert(text_is(r.entries[0].field, "y"));
    ck_assert_uint_eq(r.entries[0].ulp, UINT64_MAX);
    ck_assert_str_eq(entry_line(&r, 0), "pose data block a row \"k\" field y: oracle NaN (0x7ff8000000000000) "
                                        "core 0 (0x0000000000000000) ulp NaN\n");
    ck_assert(text_is(r.entries[1].field, "z"));
    ck_assert_uint_eq(stats(&r, "a")->fields_compared, 3);
    ck_assert_uint_eq(stats(&r, "a")->fields_differing, 2);
    done(&o, &c, &r);
    /* NaNs with other payloads or signs (a program's own dumps may hold them) are NaN all the same */
    diff_texts(HEADER "a\t\"k\"\tx=NaN\ty=NaN\nend\t1\n", HEADER "a\t\"k\"\tx=NaN\ty=NaN\nend\t1\n", &o, &c, &r);
    uint64_t payload = 0xfff8000000000001ULL, quiet = 0x7ff0000000000001ULL;
    memcpy(&c.values[0].number, &payload, sizeof payload);
    memcpy(&c.values[1].number, &quiet, sizeof quiet);
    ck_assert(dumpdiff_run(&o, &c, &r));
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL);
    done(&o, &c, &r);
}
END_TEST

START_TEST(strings_by_bytes)
{
    struct dump o, c;
    struct diff_report r;
    diff_fixtures("oracle.dump", "string.dump", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 1);
    const struct diff_entry *e = &r.entries[0];
    ck_assert(text_is(e->block, "data.slot") && text_is(e->key, "body") && text_is(e->field, "attachment"));
    ck_assert_int_eq(e->oracle.type, DUMP_STRING);
    ck_assert(text_is(e->oracle.string, "body \"main\"\tv2"));
    ck_assert_str_eq(entry_line(&r, 0), "pose data block data.slot row \"body\" field attachment: "
                                        "oracle \"body \\\"main\\\"\\tv2\" core \"body \\\"main\\\"\\tv3\"\n");
    done(&o, &c, &r);
    /* escapes are undone before comparing: \u0041 is A; a NUL inside counts */
    diff_texts(HEADER "a\t\"k\"\ts=\"A\\u0000b\"\tt=\"\\u0041\"\nend\t1\n",
               HEADER "a\t\"k\"\ts=\"A\\u0000c\"\tt=\"A\"\nend\t1\n", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert(text_is(r.entries[0].field, "s"));
    ck_assert_str_eq(entry_line(&r, 0), "pose data block a row \"k\" field s: oracle \"A\\u0000b\" core \"A\\u0000c\"\n");
    done(&o, &c, &r);
}
END_TEST

START_TEST(types_differ)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "a\t\"k\"\tn=1\tp=null\tb=true\ts=\"x\"\tz=false\nend\t1\n",
               HEADER "a\t\"k\"\tn=\"1\"\tp=\"null\"\tb=1\ts=null\tz=false\nend\t1\n", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 4);
    ck_assert_str_eq(entry_line(&r, 0), "pose data block a row \"k\" field n: oracle 1 (0x3ff0000000000000) core \"1\"\n");
    ck_assert_str_eq(entry_line(&r, 1), "pose data block a row \"k\" field p: oracle null core \"null\"\n");
    ck_assert_str_eq(entry_line(&r, 2), "pose data block a row \"k\" field b: oracle true core 1 (0x3ff0000000000000)\n");
    ck_assert_str_eq(entry_line(&r, 3), "pose data block a row \"k\" field s: oracle \"x\" core null\n");
    done(&o, &c, &r);
}
END_TEST

START_TEST(missing_and_extra_rows)
{
    struct dump o, c;
    struct diff_report r;
    diff_fixtures("oracle.dump", "missing_row.dump", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_DIFFERENT);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_int_eq(r.entries[0].kind, DIFF_ROW_MISSING);
    ck_assert_int_eq(r.entries[0].pose, 1);
    ck_assert(text_is(r.entries[0].block, "bone") && text_is(r.entries[0].key, "torso"));
    ck_assert_str_eq(entry_line(&r, 0), "pose 1 block bone row \"torso\": row missing in core\n");
    ck_assert_uint_eq(stats(&r, "bone")->rows_missing, 1);
    ck_assert_uint_eq(stats(&r, "bone")->rows_compared, 11);
    done(&o, &c, &r);
    diff_fixtures("missing_row.dump", "oracle.dump", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_int_eq(r.entries[0].kind, DIFF_ROW_EXTRA);
    ck_assert_str_eq(entry_line(&r, 0), "pose 1 block bone row \"torso\": row extra in core\n");
    ck_assert_uint_eq(stats(&r, "bone")->rows_extra, 1);
    done(&o, &c, &r);
}
END_TEST

START_TEST(rows_matched_by_key_not_position)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "a\t\"1\"\tx=1\na\t\"2\"\tx=2\nb\t\"1\"\ty=1\na\t\"3\"\tx=3\nend\t4\n",
               HEADER "b\t\"1\"\ty=1\na\t\"3\"\tx=3\na\t\"2\"\tx=2\na\t\"1\"\tx=1\nend\t4\n", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL);
    ck_assert_uint_eq(r.rows_compared, 4);
    done(&o, &c, &r);
    diff_texts(HEADER "a\t\"1\"\tx=1\na\t\"2\"\tx=2\na\t\"3\"\tx=3\na\t\"4\"\tx=4\nend\t4\n",
               HEADER "a\t\"1\"\tx=1\na\t\"3\"\tx=3\na\t\"5\"\tx=5\na\t\"2\"\tx=-2\nend\t4\n", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 3);
    ck_assert_int_eq(r.entries[0].kind, DIFF_VALUE);
    ck_assert(text_is(r.entries[0].key, "2"));
    ck_assert_int_eq(r.entries[1].kind, DIFF_ROW_MISSING);
    ck_assert(text_is(r.entries[1].key, "4"));
    ck_assert_int_eq(r.entries[2].kind, DIFF_ROW_EXTRA);
    ck_assert(text_is(r.entries[2].key, "5"));
    ck_assert_uint_eq(stats(&r, "a")->rows_compared, 3);
    done(&o, &c, &r);
}
END_TEST

START_TEST(blocks_on_one_side)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "a\t\"k\"\tx=1\nb\t\"k\"\tx=1\nb\t\"j\"\tx=1\nend\t3\n", HEADER "a\t\"k\"\tx=1\nc\t\"k\"\tx=1\nend\t2\n",
               &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_DIFFERENT);
    ck_assert_uint_eq(r.difference_count, 2);
    ck_assert_int_eq(r.entries[0].kind, DIFF_BLOCK_MISSING);
    ck_assert(text_is(r.entries[0].block, "b"));
    ck_assert_uint_eq(r.entries[0].rows, 2);
    /* a block's entry has no row key (reports/src/evaluate.c reads it as null; dumpdiff.c:376:116) */
    ck_assert_ptr_null(r.entries[0].key.ptr);
    ck_assert_ptr_null(r.entries[1].key.ptr);
    ck_assert_str_eq(entry_line(&r, 0), "pose data block b: block missing in core (2 rows), not declared unsupported\n");
    ck_assert_int_eq(r.entries[1].kind, DIFF_BLOCK_EXTRA);
    ck_assert(text_is(r.entries[1].block, "c"));
    ck_assert_uint_eq(stats(&r, "b")->rows_missing, 2);
    ck_assert_uint_eq(stats(&r, "c")->rows_extra, 1);
    ck_assert_uint_eq(stats(&r, "a")->rows_compared, 1);
    done(&o, &c, &r);
    /* per pose: a block the core writes in pose 0 but not in pose 1 */
    diff_texts(HEADER "pose\t0\tnull\t0\nb\t\"k\"\tx=1\npose\t1\tnull\t1\nb\t\"k\"\tx=1\nend\t2\n",
               HEADER "pose\t0\tnull\t0\nb\t\"k\"\tx=1\npose\t1\tnull\t1\nend\t1\n", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_int_eq(r.entries[0].kind, DIFF_BLOCK_MISSING);
    ck_assert_int_eq(r.entries[0].pose, 1);
    done(&o, &c, &r);
}
END_TEST

START_TEST(fields_on_one_side)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "a\t\"k\"\tx=1\ty=2\tz=3\nend\t1\n", HEADER "a\t\"k\"\tz=3\tx=1\tw=4\nend\t1\n", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 2);
    ck_assert_int_eq(r.entries[0].kind, DIFF_FIELD_MISSING);
    ck_assert_str_eq(entry_line(&r, 0), "pose data block a row \"k\" field y: oracle 2 (0x4000000000000000) core absent\n");
    ck_assert_int_eq(r.entries[1].kind, DIFF_FIELD_EXTRA);
    ck_assert_str_eq(entry_line(&r, 1), "pose data block a row \"k\" field w: oracle absent core 4 (0x4010000000000000)\n");
    ck_assert_uint_eq(stats(&r, "a")->fields_compared, 2);
    done(&o, &c, &r);
    /* For core/src/dumpcmp/dumpdiff.c:284:25 `0` -> `1`: the core's first field is the extra one */
    diff_texts(HEADER "a\t\"k\"\tx=1\nend\t1\n", HEADER "a\t\"k\"\tw=4\tx=1\nend\t1\n", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_int_eq(r.entries[0].kind, DIFF_FIELD_EXTRA);
    ck_assert_str_eq(entry_line(&r, 0), "pose data block a row \"k\" field w: oracle absent core 4 (0x4010000000000000)\n");
    done(&o, &c, &r);
}
END_TEST

/* A field is looked for among its own block's fields only (dumpdiff.c:214:19 `<` -> `<=` would take the
 * next block's first field, b's y, for a's missing y); an extra field after the first is seen in a later
 * block too (230:54 `+` -> `-` would read the earlier block's flags); the printed report has one line per
 * block of the report and no more (663:30 `<` -> `<=`). */
START_TEST(fields_matched_within_their_block)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "a\t\"k\"\tx=1\ty=2\nb\t\"k\"\ty=5\nend\t2\n", HEADER "a\t\"k\"\tx=1\nb\t\"k\"\ty=5\nend\t2\n", &o, &c,
               &r);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_int_eq(r.entries[0].kind, DIFF_FIELD_MISSING);
    ck_assert_str_eq(entry_line(&r, 0), "pose data block a row \"k\" field y: oracle 2 (0x4000000000000000) core absent\n");
    done(&o, &c, &r);
    diff_texts(HEADER "a\t\"k\"\tp=1\nb\t\"k\"\tx=1\nend\t2\n", HEADER "a\t\"k\"\tp=1\nb\t\"k\"\tx=1\tz=3\nend\t2\n", &o, &c,
               &r);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_int_eq(r.entries[0].kind, DIFF_FIELD_EXTRA);
    ck_assert_str_eq(entry_line(&r, 0), "pose data block b row \"k\" field z: oracle absent core 3 (0x4008000000000000)\n");
    const char *text = printed(&o, &c, &r, false);
    size_t lines = 0;
    for (const char *t = text; (t = strstr(t, "\nblock ")) != NULL; t++) lines++;
    ck_assert_uint_eq(r.block_count, 3); /* a, b, pose */
    ck_assert_msg(lines == r.block_count, "%zu block lines: %s", lines, text);
    ck_assert_ptr_null(strstr(text, "(null)"));
    done(&o, &c, &r);
}
END_TEST

START_TEST(pose_lines_compared)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "pose\t0\tnull\t0\npose\t1\t\"walk\"\t0.5\nend\t0\n",
               HEADER "pose\t0\t\"idle\"\t0\npose\t1\t\"walk\"\t0.5000000000000001\nend\t0\n", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 2);
    ck_assert_str_eq(entry_line(&r, 0), "pose 0 block pose row \"0\" field animation: oracle null core \"idle\"\n");
    /* dumpdiff.c:421:110 `9` -> `10`: the field's text is exactly `animation` (9 bytes, its NUL not counted) */
    ck_assert(text_is(r.entries[0].field, "animation"));
    ck_assert_str_eq(entry_line(&r, 1), "pose 1 block pose row \"1\" field time: oracle 0.5 (0x3fe0000000000000) "
                                        "core 0.5000000000000001 (0x3fe0000000000001) ulp 1\n");
    ck_assert_uint_eq(stats(&r, "pose")->rows_compared, 2);
    ck_assert_uint_eq(stats(&r, "pose")->fields_differing, 2);
    done(&o, &c, &r);
}
END_TEST

START_TEST(unsupported_block_is_never_equal)
{
    struct dump o, c;
    struct diff_report r;
    diff_fixtures("oracle.dump", "unsupported_block.dump", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL_BUT_UNSUPPORTED);
    ck_assert_int_eq(dumpdiff_exit_code(&r), 3);
    ck_assert_uint_eq(r.difference_count, 0);
    ck_assert_uint_eq(stats(&r, "bone")->rows_unsupported, 12);
    ck_assert_uint_eq(stats(&r, "bone")->rows_compared, 0);
    ck_assert_uint_eq(r.rows_unsupported, 12);
    ck_assert_uint_eq(r.rows_compared, 6);
    ck_assert_uint_eq(r.note_count, 1);
    ck_assert(r.notes[0].by_core);
    ck_assert_uint_eq(r.notes[0].rows_skipped, 12);
    ck_assert(text_is(r.notes[0].decl->reason, "pose rows not written yet"));
    ck_assert_ptr_nonnull(strstr(printed(&o, &c, &r, false),
                                 "unsupported by core: block bone everywhere (line 5): \"pose rows not written yet\"; "
                                 "12 rows and 0 poses not compared\n"));
    done(&o, &c, &r);
    /* the oracle's declaration counts the same */
    diff_fixtures("unsupported_block.dump", "oracle.dump", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL_BUT_UNSUPPORTED);
    ck_assert_uint_eq(stats(&r, "bone")->rows_unsupported, 12);
    ck_assert(!r.notes[0].by_core);
    done(&o, &c, &r);
    /* declared and written with different values: still not compared, still not equal */
    diff_texts(HEADER "a\t\"k\"\tx=1\nend\t1\n", HEADER "unsupported\ta\t\"r\"\na\t\"k\"\tx=2\nend\t1\n", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL_BUT_UNSUPPORTED);
    ck_assert_uint_eq(stats(&r, "a")->rows_unsupported, 1);
    done(&o, &c, &r);
    /* a difference elsewhere wins */
    diff_texts(HEADER "a\t\"k\"\tx=1\nb\t\"k\"\tx=1\nend\t2\n", HEADER "unsupported\ta\t\"r\"\nb\t\"k\"\tx=2\nend\t1\n", &o,
               &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_DIFFERENT);
    done(&o, &c, &r);
}
END_TEST

START_TEST(unsupported_in_one_pose)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "pose\t0\tnull\t0\nb\t\"k\"\tx=1\ns\t\"k\"\tx=1\npose\t1\tnull\t1\nb\t\"k\"\tx=1\ns\t\"k\"\tx=1\nend\t4\n",
               HEADER "pose\t0\tnull\t0\nb\t\"k\"\tx=1\ns\t\"k\"\tx=1\npose\t1\tnull\t1\nunsupported\ts\t\"r\"\nb\t\"k\"\tx=1\n"
                      "end\t3\n",
               &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL_BUT_UNSUPPORTED);
    ck_assert_uint_eq(stats(&r, "s")->rows_compared, 1);
    ck_assert_uint_eq(stats(&r, "s")->rows_unsupported, 1);
    ck_assert_ptr_nonnull(strstr(printed(&o, &c, &r, false), "unsupported by core: block s in pose 1 (line 6): \"r\"; "
                                                             "1 rows and 0 poses not compared\n"));
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:109:17 `0` -> `1` and 121:58 `+` -> `-`: a declaration inside pose 0
 * skips that pose's rows of the block, and its note (after the oracle's notes) counts them. */
START_TEST(pose_zero_declaration_noted)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "unsupported\tq\t\"oracle\"\npose\t0\tnull\t0\nb\t\"k\"\tx=1\nrender\t\"r\"\tx=1\n"
                      "render\t\"r2\"\tx=1\nend\t3\n",
               HEADER "pose\t0\tnull\t0\nunsupported\ta\t\"one\"\nunsupported\trender\t\"two\"\nb\t\"k\"\tx=1\n"
                      "end\t1\n",
               &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL_BUT_UNSUPPORTED);
    ck_assert_uint_eq(r.difference_count, 0);
    ck_assert_uint_eq(r.note_count, 3);
    ck_assert_uint_eq(r.notes[0].rows_skipped, 0);
    ck_assert_uint_eq(r.notes[1].rows_skipped, 0);
    ck_assert_uint_eq(r.notes[2].rows_skipped, 2);
    ck_assert(r.notes[2].by_core);
    /* dumpread.c:385:39 `-` -> `+`: a declaration before the poses is everywhere, one after pose 0 in it */
    const char *text = printed(&o, &c, &r, false);
    ck_assert_msg(strstr(text, "unsupported by oracle: block q everywhere (line 2): \"oracle\"; 0 rows and 0 poses "
                               "not compared\n") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "unsupported by core: block render in pose 0 (line 4): \"two\"; 2 rows and 0 poses "
                               "not compared\n") != NULL, "%s", text);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:133:69 `0` -> `1`: an `unsupported pose` of the oracle's is its note 0,
 * which counts the core's poses it leaves uncompared. */
START_TEST(oracle_pose_declaration_noted)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "pose\t0\tnull\t0\nunsupported\tpose\t\"oracle\"\nb\t\"k\"\tx=1\nend\t1\n",
               HEADER "pose\t0\tnull\t0\nb\t\"k\"\tx=1\npose\t1\t\"a\"\t0\nb\t\"k\"\tx=2\nend\t2\n", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL_BUT_UNSUPPORTED);
    ck_assert_uint_eq(r.note_count, 1);
    ck_assert(!r.notes[0].by_core);
    ck_assert_uint_eq(r.notes[0].poses_skipped, 1);
    /* dumpdiff.c:656:33 `4` -> `5`: the note of an `unsupported pose` is printed as such */
    const char *text = printed(&o, &c, &r, false);
    ck_assert_msg(strstr(text, "unsupported by oracle: poses after the ones written (line 3): \"oracle\"; 1 rows and 1 "
                               "poses not compared\n") != NULL, "%s", text);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:629:31 `0` -> `1`: a one-byte meta key of [a-z0-9] is printed bare. */
START_TEST(one_byte_meta_key_bare)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "meta\t\"x\"\t\"1\"\na\t\"k\"\tx=1\nend\t1\n", HEADER "meta\t\"y\"\t\"2\"\na\t\"k\"\tx=2\nend\t1\n",
               &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_DIFFERENT);
    const char *text = printed(&o, &c, &r, false);
    ck_assert_msg(strstr(text, "\noracle mem.dump: x=\"1\"\ncore mem.dump: y=\"2\"\n") != NULL, "%s", text);
    /* dumpdiff.c:663:25 `0` -> `1`: the first block's line is printed too */
    ck_assert_msg(strstr(text, "\nblock a: rows compared 1, missing in core 0, extra in core 0, unsupported 0; "
                               "fields compared 1, differing 1\n") != NULL, "%s", text);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:629:29 `>` -> `>=` and 631:38 `&&` -> `||`: a meta key that is empty or
 * holds a byte outside [a-z0-9] (here an upper-case K) is printed quoted, never bare. */
START_TEST(meta_keys_quoted_unless_bare)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "meta\t\"\"\t\"1\"\nmeta\t\"K\"\t\"2\"\na\t\"k\"\tx=1\nend\t1\n", HEADER "a\t\"k\"\tx=2\nend\t1\n",
               &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_DIFFERENT);
    const char *text = printed(&o, &c, &r, false);
    ck_assert_msg(strstr(text, "\noracle mem.dump: \"\"=\"1\" \"K\"=\"2\"\ncore mem.dump:\n") != NULL, "%s", text);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:631:31 `>=` -> `>`: keys of a, of z, 0 and 9 (the ends of [a-z0-9]) are
 * printed bare. */
START_TEST(meta_keys_at_range_ends_bare)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "meta\t\"a\"\t\"1\"\nmeta\t\"z09a\"\t\"2\"\na\t\"k\"\tx=1\nend\t1\n", HEADER "a\t\"k\"\tx=2\nend\t1\n",
               &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_DIFFERENT);
    const char *text = printed(&o, &c, &r, false);
    ck_assert_msg(strstr(text, "\noracle mem.dump: a=\"1\" z09a=\"2\"\ncore mem.dump:\n") != NULL, "%s", text);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:490:26 `<` -> `<=`: the totals sum the blocks listed, none past them. With
 * no block name on both sides the list is as long as its array (the oracle's blocks, the core's, `pose`),
 * and the array's next bytes (in this layout the notes: a core declaration's by_core, its pointer) would
 * be summed in. */
START_TEST(totals_of_disjoint_blocks)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "a\t\"k\"\tx=1\npose\t0\tnull\t0\nb\t\"k\"\tx=1\nend\t2\n",
               HEADER "unsupported\tq\t\"one\"\nunsupported\tr\t\"two\"\nc\t\"k\"\tx=1\npose\t0\tnull\t0\n"
                      "d\t\"k\"\tx=1\nend\t2\n",
               &o, &c, &r);
    ck_assert_uint_eq(r.block_count, 5);
    ck_assert_uint_eq(r.difference_count, 4);
    ck_assert_uint_eq(r.rows_compared, 0);
    ck_assert_uint_eq(r.rows_unsupported, 0);
    ck_assert_uint_eq(r.fields_compared, 2); /* the pose line's animation and time */
    ck_assert_uint_eq(r.fields_differing, 0);
    ck_assert_uint_eq(r.poses_compared, 1);
    done(&o, &c, &r);
}
END_TEST

START_TEST(unsupported_poses)
{
    struct dump o, c;
    struct diff_report r;
    diff_fixtures("oracle.dump", "unsupported_pose.dump", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL_BUT_UNSUPPORTED);
    ck_assert_int_eq(dumpdiff_exit_code(&r), 3);
    ck_assert_uint_eq(r.poses_compared, 1);
    ck_assert_uint_eq(r.poses_unsupported, 2);
    ck_assert_uint_eq(stats(&r, "bone")->rows_unsupported, 8);
    ck_assert_uint_eq(stats(&r, "pose")->rows_unsupported, 2);
    ck_assert_uint_eq(r.notes[0].poses_skipped, 2);
    done(&o, &c, &r);
    /* `unsupported pose` after pose 0, as the core writes it: the same meaning */
    diff_texts(HEADER "pose\t0\tnull\t0\nb\t\"k\"\tx=1\npose\t1\t\"a\"\t0\nb\t\"k\"\tx=2\nend\t2\n",
               HEADER "pose\t0\tnull\t0\nunsupported\tpose\t\"no animations\"\nb\t\"k\"\tx=1\nend\t1\n", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL_BUT_UNSUPPORTED);
    ck_assert_uint_eq(r.poses_unsupported, 1);
    ck_assert_uint_eq(r.rows_unsupported, 1);
    done(&o, &c, &r);
    /* without the declaration a missing pose is a difference */
    diff_fixtures("oracle.dump", "missing_pose.dump", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_DIFFERENT);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_int_eq(r.entries[0].kind, DIFF_POSE_MISSING);
    ck_assert_int_eq(r.entries[0].pose, 2);
    ck_assert_str_eq(entry_line(&r, 0), "pose 2: pose missing in core (animation \"walk\", time 1, 4 rows)\n");
    ck_assert_uint_eq(stats(&r, "bone")->rows_missing, 4);
    done(&o, &c, &r);
    diff_fixtures("missing_pose.dump", "oracle.dump", &o, &c, &r);
    ck_assert_int_eq(r.entries[0].kind, DIFF_POSE_EXTRA);
    done(&o, &c, &r);
}
END_TEST

START_TEST(first_n_kept_all_counted)
{
    struct dump o, c;
    struct diff_report r;
    read_fixture("oracle.dump", &o);
    read_text(HEADER "end\t0\n", &c);
    diff_report_init(&r, 2);
    ck_assert(dumpdiff_run(&o, &c, &r));
    /* 2 data blocks missing, 3 poses missing */
    ck_assert_uint_eq(r.difference_count, 5);
    ck_assert_uint_eq(r.entry_count, 2);
    ck_assert_ptr_nonnull(strstr(printed(&o, &c, &r, false), "... 3 more differences not shown\n"));
    diff_report_free(&r);
    diff_report_init(&r, 0);
    ck_assert(dumpdiff_run(&o, &c, &r));
    ck_assert_uint_eq(r.difference_count, 5);
    ck_assert_uint_eq(r.entry_count, 0);
    done(&o, &c, &r);
    /* many differences, more than one growth of the kept list */
    char a[20000] = HEADER, b[20000] = HEADER;
    for (int i = 0; i < 100; i++) {
        snprintf(a + strlen(a), 64, "r\t\"%d\"\tx=%d\n", i, i);
        snprintf(b + strlen(b), 64, "r\t\"%d\"\tx=%d.5\n", i, i);
    }
    strcat(a, "end\t100\n");
    strcat(b, "end\t100\n");
    read_text(a, &o);
    read_text(b, &c);
    diff_report_init(&r, 70);
    ck_assert(dumpdiff_run(&o, &c, &r));
    ck_assert_uint_eq(r.difference_count, 100);
    ck_assert_uint_eq(r.entry_count, 70);
    ck_assert(text_is(r.entries[69].key, "69"));
    /* dumpdiff.c:73:61 `*` -> `/`: the kept list grows 16, 32, 64, 70: its capacity always holds its entries */
    ck_assert_uint_ge(r.entry_capacity, r.entry_count);
    ck_assert_uint_le(r.entry_capacity, 70);
    done(&o, &c, &r);
}
END_TEST

START_TEST(printed_report)
{
    struct dump o, c;
    struct diff_report r;
    diff_fixtures("oracle.dump", "ulp1.dump", &o, &c, &r);
    const char *text = printed(&o, &c, &r, false);
    ck_assert_ptr_nonnull(strstr(text, "pose data block data.bone row \"torso\" field x: oracle 12.75"));
    ck_assert_ptr_nonnull(strstr(text, "\noracle core/tests/fixtures/dumps/oracle.dump: runtime=\"spine-core 4.3.13\""));
    ck_assert_ptr_nonnull(strstr(text, "\ncore core/tests/fixtures/dumps/ulp1.dump: runtime=\"posecore 0.1.0\""));
    ck_assert_ptr_nonnull(strstr(text, "\nblock data.bone: rows compared 4, missing in core 0, extra in core 0, "
                                       "unsupported 0; fields compared 48, differing 1\n"));
    ck_assert_ptr_nonnull(strstr(text, "\nsummary: different: 1 differences, "));
    ck_assert_str_eq(printed(&o, &c, &r, true),
                     "summary: different: 1 differences, 3 poses compared, 18 rows compared, 336 fields compared, "
                     "1 fields differ, 0 rows unsupported, 0 poses unsupported\n");
    done(&o, &c, &r);
}
END_TEST

START_TEST(corpus_dumps_identical_to_themselves)
{
    glob_t g;
    ck_assert_int_eq(glob("corpus/dumps/*.dump", 0, NULL, &g), 0);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        struct dump o, c;
        struct dump_error err;
        struct diff_report r;
        ck_assert_msg(dump_read_file(g.gl_pathv[i], &o, &err), "%s", err.message);
        ck_assert_msg(dump_read_file(g.gl_pathv[i], &c, &err), "%s", err.message);
        diff_report_init(&r, 5);
        ck_assert(dumpdiff_run(&o, &c, &r));
        ck_assert_msg(r.verdict == DIFF_IDENTICAL, "%s differs from itself", g.gl_pathv[i]);
        ck_assert_uint_eq(r.rows_compared, o.row_count);
        done(&o, &c, &r);
    }
    globfree(&g);
}
END_TEST

/* build/bin/posediff ARGS: its exit status, and its stdout and stderr together in out. */
static int posediff(const char *args, char *out, size_t cap)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "build/bin/posediff %s 2>&1", args);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    ck_assert_msg(WIFEXITED(status), "posediff %s did not exit", args);
    return WEXITSTATUS(status);
}

START_TEST(posediff_exit_codes)
{
    static char out[65536];
    ck_assert_msg(access("build/bin/posediff", X_OK) == 0, "build/bin/posediff is not built (run from the repo root)");
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "same.dump", out, sizeof out), 0);
    ck_assert_ptr_nonnull(strstr(out, "summary: identical: 0 differences"));
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "ulp1.dump", out, sizeof out), 1);
    ck_assert_ptr_nonnull(strstr(out, "pose data block data.bone row \"torso\" field x: oracle 12.75 (0x4029800000000000) "
                                      "core 12.750000000000002 (0x4029800000000001) ulp 1\n"));
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "negzero.dump --quiet", out, sizeof out), 1);
    ck_assert_ptr_null(strstr(out, "pose 0 block"));
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "string.dump", out, sizeof out), 1);
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "missing_row.dump", out, sizeof out), 1);
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "missing_pose.dump", out, sizeof out), 1);
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "unsupported_block.dump", out, sizeof out), 3);
    ck_assert_ptr_nonnull(strstr(out, "\"pose rows not written yet\""));
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "unsupported_pose.dump", out, sizeof out), 3);
    ck_assert_ptr_nonnull(strstr(out, "\"animations not applied yet\""));
    /* unreadable or invalid: one line naming the file and line */
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "truncated.dump", out, sizeof out), 2);
    ck_assert_str_eq(out, "posediff: " FIXTURES "truncated.dump:23: truncated: no `end` line (the dump stops after "
                          "line 23)\n");
    ck_assert_int_eq(posediff(FIXTURES "truncated.dump " FIXTURES "oracle.dump", out, sizeof out), 2);
    ck_assert_int_eq(posediff(FIXTURES "nothing.dump " FIXTURES "oracle.dump", out, sizeof out), 2);
    ck_assert_str_eq(out, "posediff: " FIXTURES "nothing.dump: cannot open: No such file or directory\n");
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "make_fixtures.py", out, sizeof out), 2);
    ck_assert_ptr_nonnull(strstr(out, "make_fixtures.py:1: not a dump"));
    /* usage */
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump", out, sizeof out), 2);
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "same.dump --max", out, sizeof out), 2);
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "same.dump --max x", out, sizeof out), 2);
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "same.dump --bogus", out, sizeof out), 2);
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "same.dump " FIXTURES "same.dump", out, sizeof out), 2);
    /* --max */
    ck_assert_int_eq(posediff(FIXTURES "oracle.dump " FIXTURES "ulp1.dump --max 0", out, sizeof out), 1);
    ck_assert_ptr_null(strstr(out, "field x:"));
    ck_assert_ptr_nonnull(strstr(out, "... 1 more differences not shown"));
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:199:25 `0` -> `1`: the core's first block, one the oracle lacks, gets
 * its own line in the block list (data blocks: the oracle's, then the core's own, then `pose`). */
START_TEST(core_first_block_listed)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "a\t\"k\"\tx=1\nend\t1\n", HEADER "z\t\"k\"\tx=1\na\t\"k\"\tx=1\nend\t2\n", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_int_eq(r.entries[0].kind, DIFF_BLOCK_EXTRA);
    ck_assert_uint_eq(r.block_count, 3);
    ck_assert(text_is(r.blocks[0].name, "a") && text_is(r.blocks[1].name, "z") && text_is(r.blocks[2].name, "pose"));
    ck_assert_uint_eq(stats(&r, "z")->rows_extra, 1);
    ck_assert_uint_eq(stats(&r, "a")->rows_extra, 0);
    ck_assert_uint_eq(stats(&r, "a")->rows_compared, 1);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:304:39 `<=` -> `<` (`size <<= 1` becomes `size << 1`, so the table
 * never grows) and 304:21 `*` -> `/` (the table stays at 16 whatever the rows): twenty rows in the
 * opposite order leave twenty core rows for the matching by key, more than the smallest table (16) holds;
 * both mutants loop for ever (this test case has a short timeout). */
START_TEST(many_rows_matched_by_key)
{
    char otext[1024] = HEADER, ctext[1024] = HEADER;
    for (int k = 0; k < 20; k++) {
        char row[32];
        snprintf(row, sizeof row, "a\t\"%d\"\tx=%d\n", k, k);
        strcat(otext, row);
        snprintf(row, sizeof row, "a\t\"%d\"\tx=%d\n", 19 - k, 19 - k);
        strcat(ctext, row);
    }
    strcat(otext, "end\t20\n");
    strcat(ctext, "end\t20\n");
    struct dump o, c;
    struct diff_report r;
    diff_texts(otext, ctext, &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL);
    ck_assert_uint_eq(r.rows_compared, 20);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:400:21 `||` -> `&&`: the in-order walk stops at the end of the core's data
 * rows, not going on into its pose rows: the oracle's data row "m" is missing in the core's data rows
 * (the core wrote it in pose 0 only), and pose 0's "z" is extra. */
START_TEST(walk_stops_at_section_end)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "a\t\"k\"\tx=1\na\t\"m\"\tx=1\npose\t0\tnull\t0\na\t\"m\"\tx=1\nend\t3\n",
               HEADER "a\t\"k\"\tx=1\npose\t0\tnull\t0\na\t\"m\"\tx=1\na\t\"z\"\tx=1\nend\t3\n", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 2);
    ck_assert_int_eq(r.entries[0].kind, DIFF_ROW_MISSING);
    ck_assert_int_eq(r.entries[0].pose, -1);
    ck_assert(text_is(r.entries[0].key, "m"));
    ck_assert_int_eq(r.entries[1].kind, DIFF_ROW_EXTRA);
    ck_assert_int_eq(r.entries[1].pose, 0);
    ck_assert(text_is(r.entries[1].key, "z"));
    ck_assert_uint_eq(stats(&r, "a")->rows_compared, 2);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:426:105 and :449:74 `4` -> `5`: the entries' texts are exact, the
 * field `time` of a pose line and the block `pose` of a pose one side lacks (4 bytes each). */
START_TEST(pose_entry_texts_exact)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "pose\t0\tnull\t0\npose\t1\tnull\t1\nend\t0\n", HEADER "pose\t0\tnull\t0.5\nend\t0\n", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 2);
    ck_assert_int_eq(r.entries[0].kind, DIFF_VALUE);
    ck_assert(text_is(r.entries[0].block, "pose"));
    ck_assert(text_is(r.entries[0].field, "time"));
    ck_assert_int_eq(r.entries[1].kind, DIFF_POSE_MISSING);
    ck_assert_int_eq(r.entries[1].pose, 1);
    ck_assert(text_is(r.entries[1].block, "pose"));
    /* dumpdiff.c:449:97 `0` -> `1`: a one-sided pose's entry has no key ({NULL, 0}, dumpdiff.h) */
    ck_assert_ptr_null(r.entries[1].key.ptr);
    ck_assert_uint_eq(r.entries[1].key.len, 0);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:133:72 `+` -> `-`: the core's `unsupported pose`, its second declaration
 * (after a block's), is its note 1 after the oracle's none; that note counts the oracle's pose it leaves
 * uncompared (the mutant takes note 0 - 1, before the array). */
START_TEST(core_pose_declaration_second)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "pose\t0\tnull\t0\nb\t\"k\"\tx=1\npose\t1\t\"a\"\t0\nb\t\"k\"\tx=2\nend\t2\n",
               HEADER "unsupported\tq\t\"block\"\npose\t0\tnull\t0\nunsupported\tpose\t\"poses\"\nb\t\"k\"\tx=1\nend\t1\n",
               &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_IDENTICAL_BUT_UNSUPPORTED);
    ck_assert_uint_eq(r.note_count, 2);
    ck_assert(r.notes[0].by_core && r.notes[1].by_core);
    ck_assert_uint_eq(r.notes[0].poses_skipped, 0);
    ck_assert_uint_eq(r.notes[1].poses_skipped, 1);
    ck_assert_uint_eq(r.notes[1].rows_skipped, 1);
    ck_assert_uint_eq(r.poses_unsupported, 1);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:209:25 `0` -> `1` and 219:34 `<` -> `<=`: an oracle field the core's
 * block lacks, here its first (x), is missing in the core: never compared with the core's field 0 (y), nor
 * with the next block's first field of the same name (b's x, one past a's fields). */
START_TEST(first_field_missing_before_a_namesake)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "a\t\"k\"\tx=1\ty=2\nb\t\"k\"\tx=3\nend\t2\n", HEADER "a\t\"k\"\ty=2\nb\t\"k\"\tx=3\nend\t2\n", &o, &c,
               &r);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_int_eq(r.entries[0].kind, DIFF_FIELD_MISSING);
    ck_assert_str_eq(entry_line(&r, 0), "pose data block a row \"k\" field x: oracle 1 (0x3ff0000000000000) core absent\n");
    ck_assert_uint_eq(stats(&r, "a")->fields_compared, 1);
    ck_assert_uint_eq(stats(&r, "b")->fields_compared, 1);
    ck_assert_uint_eq(stats(&r, "b")->fields_differing, 0);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:132:46 `&&` -> `||`: only a declaration of the block `pose` excuses the
 * poses one side lacks; a declaration of another four-letter block (`bone`) does not. */
START_TEST(four_letter_declaration_excuses_no_pose)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "pose\t0\tnull\t0\nb\t\"k\"\tx=1\npose\t1\t\"a\"\t0\nb\t\"k\"\tx=2\nend\t2\n",
               HEADER "unsupported\tbone\t\"r\"\npose\t0\tnull\t0\nb\t\"k\"\tx=1\nend\t1\n", &o, &c, &r);
    ck_assert_int_eq(r.verdict, DIFF_DIFFERENT);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_int_eq(r.entries[0].kind, DIFF_POSE_MISSING);
    ck_assert_uint_eq(r.poses_unsupported, 0);
    ck_assert_uint_eq(r.notes[0].poses_skipped, 0);
    done(&o, &c, &r);
}
END_TEST

/* For core/src/dumpcmp/dumpdiff.c:646:33 `>` -> `>=`: when every difference is kept and printed, no
 * "... more differences not shown" line follows them. */
START_TEST(no_more_line_when_all_shown)
{
    struct dump o, c;
    struct diff_report r;
    diff_texts(HEADER "a\t\"k\"\tx=1\nend\t1\n", HEADER "a\t\"k\"\tx=2\nend\t1\n", &o, &c, &r);
    ck_assert_uint_eq(r.difference_count, 1);
    ck_assert_uint_eq(r.entry_count, 1);
    const char *text = printed(&o, &c, &r, false);
    ck_assert_msg(strstr(text, "more differences not shown") == NULL, "%s", text);
    ck_assert_msg(strstr(text, "pose data block a row \"k\" field x: ") == text, "%s", text);
    done(&o, &c, &r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dumpdiff");
    TCase *tc = tcase_create("dumpdiff");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, identical);
    tcase_add_test(tc, one_ulp);
    tcase_add_test(tc, negative_zero);
    tcase_add_test(tc, nan_equals_nan_only);
    tcase_add_test(tc, strings_by_bytes);
    tcase_add_test(tc, types_differ);
    tcase_add_test(tc, missing_and_extra_rows);
    tcase_add_test(tc, rows_matched_by_key_not_position);
    tcase_add_test(tc, blocks_on_one_side);
    tcase_add_test(tc, fields_on_one_side);
    tcase_add_test(tc, fields_matched_within_their_block);
    tcase_add_test(tc, pose_lines_compared);
    tcase_add_test(tc, unsupported_block_is_never_equal);
    tcase_add_test(tc, unsupported_in_one_pose);
    tcase_add_test(tc, unsupported_poses);
    tcase_add_test(tc, pose_zero_declaration_noted);
    tcase_add_test(tc, one_byte_meta_key_bare);
    tcase_add_test(tc, meta_keys_quoted_unless_bare);
    tcase_add_test(tc, meta_keys_at_range_ends_bare);
    tcase_add_test(tc, totals_of_disjoint_blocks);
    tcase_add_test(tc, oracle_pose_declaration_noted);
    tcase_add_test(tc, first_n_kept_all_counted);
    tcase_add_test(tc, printed_report);
    tcase_add_test(tc, corpus_dumps_identical_to_themselves);
    tcase_add_test(tc, posediff_exit_codes);
    tcase_add_test(tc, core_first_block_listed);
    tcase_add_test(tc, walk_stops_at_section_end);
    tcase_add_test(tc, pose_entry_texts_exact);
    tcase_add_test(tc, core_pose_declaration_second);
    tcase_add_test(tc, first_field_missing_before_a_namesake);
    tcase_add_test(tc, four_letter_declaration_excuses_no_pose);
    tcase_add_test(tc, no_more_line_when_all_shown);
    suite_add_tcase(s, tc);
    TCase *quick = tcase_create("dumpdiff-quick"); /* tests that must end at once */
    tcase_set_timeout(quick, 5);
    tcase_add_test(quick, many_rows_matched_by_key);
    suite_add_tcase(s, quick);
    return run_suite(s);
}
