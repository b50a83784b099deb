/* Check tests of core/src/dumpread: valid dumps parse into the right structure (the stored corpus
 * dumps included), and every kind of malformed dump is rejected with the right line and a clear
 * message, never a crash (every truncation and random corruption of a valid dump included). */
#include "dumpcmp/dumpread.h"
#include "js/numtext.h"

#include <check.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run_suite.h"

#define HEADER "posecore-dump\t1\n"

static const char valid[] =
    HEADER
    "meta\t\"runtime\"\t\"spine-core 4.3.13\"\n"
    "meta\t\"input\"\t\"a \\\"b\\\".json\"\n"
    "unsupported\tslot.color\t\"not yet\"\n"
    "data.bone\t\"root\"\tindex=0\tparent=null\tx=0.1\tskinRequired=false\n"
    "data.bone\t\"tab\\there\\nnl\\rcr\\\\ \\u0001\\u007f\\ud83e\\uddb4 \xc3\xbc\"\tindex=1\tparent=\"root\"\tx=-0\t"
    "skinRequired=true\n"
    "pose\t0\tnull\t0\n"
    "bone\t\"root\"\tactive=true\tx=NaN\tworldX=-Infinity\n"
    "bone\t\"b\"\tactive=false\tx=5e-324\tworldX=1e+21\n"
    "pose\t1\t\"walk\"\t0.30000001192092896\n"
    "unsupported\tslot\t\"slots in poses\"\n"
    "bone\t\"root\"\tactive=true\tx=1\tworldX=2\n"
    "bone\t\"b\"\tactive=true\tx=3\tworldX=4\n"
    "end\t6\n";

static bool read_text(const char *text, struct dump *d, struct dump_error *err)
{
    return dump_read_buffer(text, strlen(text), "t.dump", d, err);
}

static bool text_is(struct dump_text t, const char *s, size_t len)
{
    return t.len == len && memcmp(t.ptr, s, len) == 0 && t.ptr[len] == '\0';
}
#define TEXT_IS(t, lit) text_is((t), (lit), sizeof(lit) - 1)

/* For core/src/dumpcmp/dumpread.c:59:79 `<=` -> `<` and 73:35 `0` -> `1`: every word character is taken in
 * block and field names (9 and Z too), and a block name may start with a dot. */
START_TEST(word_characters_accepted)
{
    struct dump d;
    struct dump_error err;
    ck_assert_msg(read_text(HEADER "z09AZ_.\t\"k\"\ta09_.Z=1\n.a\t\"k\"\tx=2\nend\t2\n", &d, &err), "%s", err.message);
    ck_assert_uint_eq(d.block_count, 2);
    ck_assert(TEXT_IS(d.blocks[0].name, "z09AZ_."));
    ck_assert(TEXT_IS(d.blocks[1].name, ".a"));
    dump_free(&d);
}
END_TEST

/* For dumpread.c:487:18 (a stale message cleared), 182:60 (a surrogate pair closing the string), 182:20,
 * 251:26 and 253:13 (dump_find_block's -1), 530:15 (dump_free leaves the dump empty). */
START_TEST(reader_api_edges)
{
    struct dump d;
    struct dump_error err;
    strcpy(err.message, "stale");
    ck_assert_msg(read_text(HEADER "b\t\"\\ud83e\\uddb4\"\tx=1\nend\t1\n", &d, &err), "%s", err.message);
    ck_assert_str_eq(err.message, "");
    ck_assert_uint_eq(d.rows[0].key.len, 4);
    ck_assert_int_eq(memcmp(d.rows[0].key.ptr, "\xf0\x9f\xa6\xb4", 4), 0);
    dump_free(&d);
    /* dumpread.c:182:20 `>=` -> `>`: the pair whose high half is the first, \ud800, is U+10000 */
    ck_assert_msg(read_text(HEADER "b\t\"\\ud800\\udc00\"\tx=1\nend\t1\n", &d, &err), "%s", err.message);
    ck_assert_uint_eq(d.rows[0].key.len, 4);
    ck_assert_int_eq(memcmp(d.rows[0].key.ptr, "\xf0\x90\x80\x80", 4), 0);
    dump_free(&d);
    /* dumpread.c:183:61 `<` -> `<=`: \ue000 is no low surrogate, so \ud800 stays alone (ED A0 80) and
     * U+E000 follows (EE 80 80), never one 4-byte character */
    ck_assert_msg(read_text(HEADER "b\t\"\\ud800\\ue000\"\tx=1\nend\t1\n", &d, &err), "%s", err.message);
    ck_assert_uint_eq(d.rows[0].key.len, 6);
    ck_assert_int_eq(memcmp(d.rows[0].key.ptr, "\xed\xa0\x80\xee\x80\x80", 6), 0);
    dump_free(&d);
    /* dumpread.c:182:36 `<` -> `<=`: \udc00 is a low surrogate, no high half: two lone ones (ED B0 80 twice),
     * never paired */
    ck_assert_msg(read_text(HEADER "b\t\"\\udc00\\udc00\"\tx=1\nend\t1\n", &d, &err), "%s", err.message);
    ck_assert_uint_eq(d.rows[0].key.len, 6);
    ck_assert_int_eq(memcmp(d.rows[0].key.ptr, "\xed\xb0\x80\xed\xb0\x80", 6), 0);
    dump_free(&d);
    /* dumpread.c:125:12: U+0080 is two bytes, C2 80 */
    ck_assert_msg(read_text(HEADER "b\t\"\\u0080\"\tx=1\nend\t1\n", &d, &err), "%s", err.message);
    ck_assert_uint_eq(d.rows[0].key.len, 2);
    ck_assert_int_eq(memcmp(d.rows[0].key.ptr, "\xc2\x80", 2), 0);
    ck_assert_int_eq(dump_find_block(&d, "b", 1), 0);
    ck_assert_int_eq(dump_find_block(&d, "nope", 4), -1);
    ck_assert_int_eq(dump_find_block(&d, "", 0), -1);
    dump_free(&d);
    ck_assert_ptr_null(d.text);
    ck_assert_ptr_null(d.arena);
    ck_assert_uint_eq(d.row_count, 0);
    ck_assert_uint_eq(d.block_count, 0);
}
END_TEST

/* For dumpread.c:486:17 `0` -> `1`: a buffer whose copy cannot be allocated is a problem of the input as a
 * whole: line 0 (dumpread.h), "NAME: out of memory". The bytes are never read (the copy fails first). */
START_TEST(buffer_beyond_memory)
{
    struct dump d;
    struct dump_error err;
    volatile size_t huge = SIZE_MAX - 1; /* len + 1 bytes: more than malloc gives */
    err.line = 7;
    ck_assert(!dump_read_buffer("", huge, "big.dump", &d, &err));
    ck_assert_uint_eq(err.line, 0);
    ck_assert_str_eq(err.message, "big.dump: out of memory");
    ck_assert_ptr_null(d.text);
    dump_free(&d);
}
END_TEST

START_TEST(valid_dump_parses)
{
    struct dump d;
    struct dump_error err;
    ck_assert_msg(read_text(valid, &d, &err), "%s", err.message);
    ck_assert_uint_eq(d.meta_count, 2);
    ck_assert(TEXT_IS(d.metas[0].key, "runtime"));
    ck_assert(TEXT_IS(d.metas[1].value, "a \"b\".json"));
    ck_assert_uint_eq(d.block_count, 2);
    ck_assert(TEXT_IS(d.blocks[0].name, "data.bone"));
    ck_assert_uint_eq(d.blocks[0].field_count, 4);
    ck_assert(TEXT_IS(d.blocks[1].name, "bone"));
    ck_assert_uint_eq(d.blocks[1].field_count, 3);
    ck_assert_uint_eq(d.row_count, 6);
    ck_assert_uint_eq(d.data_row_count, 2);
    ck_assert_uint_eq(d.line_count, 14);

    const struct dump_row *r0 = &d.rows[0], *r1 = &d.rows[1];
    ck_assert(TEXT_IS(r0->key, "root"));
    ck_assert_uint_eq(r0->line, 5);
    ck_assert(TEXT_IS(*dump_field_name(&d, r0, 1), "parent"));
    ck_assert_int_eq(dump_field_value(&d, r0, 0)->type, DUMP_NUMBER);
    ck_assert(dump_field_value(&d, r0, 0)->number == 0.0);
    ck_assert_int_eq(dump_field_value(&d, r0, 1)->type, DUMP_NULL);
    ck_assert(numtext_bits(dump_field_value(&d, r0, 2)->number) == numtext_bits(0.1));
    ck_assert_int_eq(dump_field_value(&d, r0, 3)->type, DUMP_BOOL);
    ck_assert(!dump_field_value(&d, r0, 3)->boolean);
    ck_assert(dump_field_value(&d, r1, 3)->boolean);
    ck_assert(numtext_bits(dump_field_value(&d, r1, 2)->number) == 0x8000000000000000ULL);
    /* escapes undone; a surrogate pair is one 4-byte UTF-8 character; raw UTF-8 kept */
    static const char key1[] = "tab\there\nnl\rcr\\ \x01\x7f\xf0\x9f\xa6\xb4 \xc3\xbc";
    ck_assert(text_is(r1->key, key1, sizeof key1 - 1));
    const struct dump_value *parent = dump_field_value(&d, r1, 1);
    ck_assert_int_eq(parent->type, DUMP_STRING);
    ck_assert(TEXT_IS(parent->string, "root"));

    ck_assert_uint_eq(d.pose_count, 2);
    ck_assert_int_eq(d.poses[0].index, 0);
    ck_assert_int_eq(d.poses[0].animation.type, DUMP_NULL);
    ck_assert(d.poses[0].time == 0.0);
    ck_assert_uint_eq(d.poses[0].first_row, 2);
    ck_assert_uint_eq(d.poses[0].row_count, 2);
    ck_assert(isnan(dump_field_value(&d, &d.rows[2], 1)->number));
    ck_assert(dump_field_value(&d, &d.rows[2], 2)->number == -INFINITY);
    ck_assert(dump_field_value(&d, &d.rows[3], 1)->number == 5e-324);
    ck_assert_int_eq(d.poses[1].animation.type, DUMP_STRING);
    ck_assert(TEXT_IS(d.poses[1].animation.string, "walk"));
    ck_assert(d.poses[1].time == (double)0.3f);
    ck_assert_uint_eq(d.poses[1].first_row, 4);
    ck_assert_uint_eq(d.poses[1].row_count, 2);

    ck_assert_uint_eq(d.unsupported_count, 2);
    ck_assert_uint_eq(d.global_unsupported_count, 1);
    ck_assert_int_eq(d.unsupported[0].pose, -1);
    ck_assert(TEXT_IS(d.unsupported[0].block, "slot.color"));
    ck_assert(TEXT_IS(d.unsupported[0].reason, "not yet"));
    ck_assert_int_eq(d.unsupported[1].pose, 1);
    ck_assert_uint_eq(d.poses[1].first_unsupported, 1);
    ck_assert_uint_eq(d.poses[1].unsupported_count, 1);
    ck_assert_uint_eq(d.poses[0].unsupported_count, 0);
    ck_assert_uint_eq(d.unsupported[1].line, 11);

    ck_assert_int_eq(dump_find_block(&d, "bone", 4), 1);
    ck_assert_int_eq(dump_find_block(&d, "slot", 4), -1);
    dump_free(&d);
    dump_free(&d); /* harmless twice */
}
END_TEST

START_TEST(smallest_dumps_parse)
{
    struct dump d;
    struct dump_error err;
    ck_assert_msg(read_text(HEADER "end\t0\n", &d, &err), "%s", err.message);
    ck_assert_uint_eq(d.row_count, 0);
    ck_assert_uint_eq(d.pose_count, 0);
    dump_free(&d);
    /* a same key in another block, or in another pose, is not a duplicate; a row may have no fields */
    ck_assert_msg(read_text(HEADER "a\t\"k\"\nb\t\"k\"\npose\t0\tnull\t0\na\t\"k\"\npose\t1\tnull\t0\na\t\"k\"\nend\t4\n",
                            &d, &err),
                  "%s", err.message);
    ck_assert_uint_eq(d.blocks[0].field_count, 0);
    dump_free(&d);
    /* the empty string and a string of one escaped quote */
    ck_assert_msg(read_text(HEADER "a\t\"\"\tf=\"\\\"\"\nend\t1\n", &d, &err), "%s", err.message);
    ck_assert_uint_eq(d.rows[0].key.len, 0);
    ck_assert(TEXT_IS(d.values[0].string, "\""));
    dump_free(&d);
}
END_TEST

/* A malformed dump: rejected, on line `line`, with a message containing `what`. */
static const struct {
    const char *text;
    size_t line;
    const char *what;
} malformed[] = {
    {"", 1, "empty file"},
    {"hello\n", 1, "not a dump"},
    {"posecore-dump\t2\nend\t0\n", 1, "version"},
    {"posecore-dump\n", 1, "without a version"},
    {"posecore-dump\t1\t1\nend\t0\n", 1, "more than 1"},
    {"posecore-dump\t1\r\nend\t0\r\n", 1, "version"},
    /* truncated */
    {HEADER "a\t\"k\"\tx=1\n", 2, "truncated: no `end` line"},
    {HEADER "a\t\"k\"\tx=1\nend\t2\n", 3, "truncated"},
    {HEADER "a\t\"k\"\tx=1\nend\t0\n", 3, "`end` says 0 rows, the dump has 1"},
    {HEADER "a\t\"k\"\tx=1\nend\t1", 3, "no newline"},
    {HEADER "a\t\"k\"\tx=1\na\t\"k2\"\tx=", 3, "no newline"},
    {HEADER "end\t0\nend\t0\n", 3, "after the `end`"},
    {HEADER "end\tx\n", 2, "whole number"},
    {HEADER "end\t-1\n", 2, "whole number"},
    /* values */
    {HEADER "a\t\"k\"\tx=1.2.3\nend\t1\n", 2, "bad value `1.2.3`"},
    {HEADER "a\t\"k\"\tx=inf\nend\t1\n", 2, "bad value"},
    {HEADER "a\t\"k\"\tx=0x1p3\nend\t1\n", 2, "bad value"},
    {HEADER "a\t\"k\"\tx=\nend\t1\n", 2, "empty value"},
    {HEADER "a\t\"k\"\tx=nil\nend\t1\n", 2, "bad value"},
    {HEADER "a\t\"k\"\tx=True\nend\t1\n", 2, "bad value"},
    {HEADER "a\t\"k\"\tx=1\na\t\"j\"\tx=1e999\nend\t2\n", 3, "field x: bad value"},
    /* strings */
    {HEADER "a\t\"k\\q\"\nend\t1\n", 2, "bad escape \\q"},
    {HEADER "a\t\"k\\u12g4\"\nend\t1\n", 2, "four hex digits"},
    {HEADER "a\t\"k\\u12\"\nend\t1\n", 2, "four hex digits"},
    {HEADER "a\t\"k\\\"\nend\t1\n", 2, "closing quote is escaped"},
    {HEADER "a\t\"k\nend\t1\n", 2, "unterminated"},
    {HEADER "a\t\"k\"x\"\nend\t1\n", 2, "unescaped"},
    {HEADER "a\tk\nend\t1\n", 2, "expected a string"},
    {HEADER "a\t\"k\x01\"\nend\t1\n", 2, "raw control character 0x01"},
    {HEADER "a\t\"k\"\tname=\"x\ty\"\nend\t1\n", 2, "unterminated"},
    {HEADER "a\t\"k\"\tname=\"x\\\"\nend\t1\n", 2, "closing quote is escaped"},
    {HEADER "a\t\"k\\\xc3\xa9\"\nend\t1\n", 2, "bad escape"},
    /* duplicate keys */
    {HEADER "a\t\"k\"\tx=1\na\t\"k\"\tx=2\nend\t2\n", 3, "duplicate row: block a key \"k\" already on line 2"},
    {HEADER "pose\t0\tnull\t0\na\t\"k\"\tx=1\nb\t\"k\"\tx=1\na\t\"k\"\tx=2\nend\t3\n", 5, "duplicate row"},
    /* field lists */
    {HEADER "a\t\"k\"\tx=1\ty=2\na\t\"j\"\tx=1\tz=2\nend\t2\n", 3, "field 2 is `z`, the block's first row has `y`"},
    {HEADER "a\t\"k\"\tx=1\ty=2\na\t\"j\"\tx=1\nend\t2\n", 3, "this row has 1 fields, the block's first row has 2"},
    {HEADER "a\t\"k\"\tx=1\na\t\"j\"\tx=1\ty=2\nend\t2\n", 3, "more fields"},
    {HEADER "a\t\"k\"\ty=1\tx=2\na\t\"j\"\tx=1\ty=2\nend\t2\n", 3, "field 1 is `x`"},
    {HEADER "a\t\"k\"\tx=1\tx=2\nend\t1\n", 2, "appears twice"},
    {HEADER "a\t\"k\"\tx\nend\t1\n", 2, "expected FIELD=VALUE"},
    {HEADER "a\t\"k\"\t=1\nend\t1\n", 2, "bad field name"},
    {HEADER "a\t\"k\"\tx-y=1\nend\t1\n", 2, "bad field name"},
    {HEADER "a\t\"k\"\t\nend\t1\n", 2, "expected FIELD=VALUE"},
    /* tags and line kinds */
    {HEADER "\nend\t0\n", 2, "empty tag"},
    {HEADER "1bone\t\"k\"\nend\t1\n", 2, "bad tag `1bone`"},
    {HEADER "bo ne\t\"k\"\nend\t1\n", 2, "bad tag"},
    {HEADER "a\nend\t1\n", 2, "no key"},
    {HEADER "posecore-dump\t1\nend\t0\n", 2, "repeated"},
    {HEADER "meta\truntime\t\"x\"\nend\t0\n", 2, "meta key"},
    {HEADER "meta\t\"runtime\"\tx\nend\t0\n", 2, "meta value"},
    {HEADER "meta\t\"runtime\"\nend\t0\n", 2, "without a value"},
    {HEADER "meta\t\"a\"\t\"b\"\t\"c\"\nend\t0\n", 2, "more than 2"},
    {HEADER "pose\t0\tnull\t0\nmeta\t\"a\"\t\"b\"\nend\t0\n", 3, "after the first pose"},
    {HEADER "pose\t1\tnull\t0\nend\t0\n", 2, "index 1, expected 0"},
    {HEADER "pose\t0\tnull\t0\npose\t0\tnull\t0\nend\t0\n", 3, "index 0, expected 1"},
    {HEADER "pose\tx\tnull\t0\nend\t0\n", 2, "whole number"},
    {HEADER "pose\t0\t1\t0\nend\t0\n", 2, "string or null"},
    {HEADER "pose\t0\tnull\t\"0\"\nend\t0\n", 2, "must be a number"},
    {HEADER "pose\t0\tnull\nend\t0\n", 2, "without a time"},
    {HEADER "pose\t0\tnull\t0\t0\nend\t0\n", 2, "more than 3"},
    {HEADER "unsupported\tbone\nend\t0\n", 2, "without a reason"},
    {HEADER "unsupported\tbone\treason\nend\t0\n", 2, "unsupported reason"},
    {HEADER "unsupported\t9x\t\"r\"\nend\t0\n", 2, "bad block name"},
    /* dumpread.c:73:35 and 73:50: a one-byte block name that is a digit, a digit then a dot */
    {HEADER "unsupported\t9\t\"r\"\nend\t0\n", 2, "bad block name"},
    /* dumpread.c:92:25: an 18-digit count is a count (here too many rows) */
    {HEADER "end\t100000000000000000\n", 2, "says 100000000000000000 rows"},
    /* dumpread.c:291:86: fields are numbered from 1 */
    {HEADER "b\t\"k\"\tx-y=1\nend\t1\n", 2, "field 1: bad field name"},
    /* dumpread.c:191:41: a control byte after a backslash is named by its code */
    {HEADER "b\t\"k\\\x01\"\tx=1\nend\t1\n", 2, "backslash then byte 0x01"},
    {HEADER "unsupported\t0.\t\"r\"\nend\t0\n", 2, "bad block name"},
    {HEADER "unsupported\nend\t0\n", 2, "without a block"},
    {HEADER "a\t\"k\"\tx=1\na\t\"k\\u0000\"\tx=1\na\t\"k\\u0000\"\tx=1\nend\t3\n", 4, "duplicate row"},
    /* bad only in the first byte of a tag or field name (dumpread.c:66:21 `0` -> `1`) */
    {HEADER "-bone\t\"k\"\nend\t1\n", 2, "bad tag `-bone`"},
    {HEADER "a\t\"k\"\t-x=1\nend\t1\n", 2, "bad field name `-x`"},
    /* an empty count (dumpread.c:92:18 `||` -> `&&`) */
    {HEADER "end\t\n", 2, "whole number"},
    {HEADER "pose\t\tnull\t0\nend\t0\n", 2, "whole number"},
    /* a lone quote is no string (dumpread.c:157:17 `||` -> `&&`) */
    {HEADER "a\t\"\nend\t1\n", 2, "unterminated string"},
    /* backslash then DEL (dumpread.c:191:61 `>=` -> `>`) */
    {HEADER "a\t\"k\\\x7f\"\nend\t1\n", 2, "bad escape: backslash then byte 0x7F"},
    /* dumpread.c:191:34 `<` -> `<=`: a space is printable, named as itself */
    {HEADER "a\t\"k\\ \"\nend\t1\n", 2, "bad escape \\ "},
    /* an `unsupported` line takes two fields after its tag (dumpread.c:392:58 `2` -> `3`) */
    {HEADER "unsupported\tbone\t\"r\"\t\"x\"\nend\t0\n", 2, "`unsupported` line has more than 2 fields"},
    /* dumpread.c:288:82 `1` -> `2`: a field without `=` is numbered from 1 too */
    {HEADER "a\t\"k\"\tx\nend\t1\n", 2, "field 1: expected FIELD=VALUE, got `x`"},
    /* dumpread.c:205:15 `0` -> `1`: a value of one double quote is a string begun, never closed */
    {HEADER "a\t\"k\"\tx=\"\nend\t1\n", 2, "field x: unterminated string"},
    /* dumpread.c:49:58 `<` -> `<=`: a space in a shown token is shown as itself (only control bytes are '?') */
    {HEADER "a\t\"k\"\tx=1 2\nend\t1\n", 2, "bad value `1 2`"},
    /* dumpread.c:98:15 `1` -> `2`: a two-digit count with a leading zero is no whole number */
    {HEADER "end\t00\n", 2, "`end` line: the row count must be a whole number"},
    /* dumpread.c:402:50 `1` -> `2`: an `end` line takes one field after its tag */
    {HEADER "end\t0\t0\n", 2, "`end` line has more than 1 fields after the tag"},
};

START_TEST(malformed_dumps_are_rejected)
{
    size_t i = (size_t)_i;
    struct dump d;
    struct dump_error err;
    ck_assert_msg(!read_text(malformed[i].text, &d, &err), "case %zu accepted", i);
    ck_assert_msg(err.line == malformed[i].line, "case %zu: line %zu, want %zu: %s", i, err.line, malformed[i].line,
                  err.message);
    ck_assert_msg(strstr(err.message, malformed[i].what), "case %zu: \"%s\" lacks \"%s\"", i, err.message,
                  malformed[i].what);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "t.dump:%zu: ", malformed[i].line);
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "case %zu: \"%s\" does not start with \"%s\"",
                  i, err.message, prefix);
    ck_assert_msg(strchr(err.message, '\n') == NULL, "case %zu: message has a newline", i);
    ck_assert_ptr_null(d.rows);
    dump_free(&d);
}
END_TEST

START_TEST(files)
{
    struct dump d;
    struct dump_error err;
    ck_assert(!dump_read_file("core/tests/fixtures/dumps/no-such.dump", &d, &err));
    ck_assert_uint_eq(err.line, 0);
    ck_assert_str_eq(err.message, "core/tests/fixtures/dumps/no-such.dump: cannot open: No such file or directory");
    ck_assert(!dump_read_file("core/tests/fixtures/dumps", &d, &err));
    ck_assert_msg(strstr(err.message, "core/tests/fixtures/dumps: cannot read"), "%s", err.message);
    ck_assert(!dump_read_file("core/tests/fixtures/dumps/truncated.dump", &d, &err));
    ck_assert_uint_eq(err.line, 23);
    ck_assert_msg(strstr(err.message, "core/tests/fixtures/dumps/truncated.dump:23: truncated"), "%s", err.message);
    ck_assert_msg(dump_read_file("core/tests/fixtures/dumps/oracle.dump", &d, &err), "%s", err.message);
    /* dumpread.c:505:18 `0` -> `1`: the previous read's message is cleared (a read that succeeds leaves "") */
    ck_assert_str_eq(err.message, "");
    ck_assert_uint_eq(err.line, 0);
    ck_assert_uint_eq(d.pose_count, 3);
    ck_assert_uint_eq(d.row_count, 18);
    ck_assert_str_eq(d.path, "core/tests/fixtures/dumps/oracle.dump");
    dump_free(&d);
}
END_TEST

/* Every number of a dump line is spelled as numtext_format spells it (the oracle writes String(x)). */
static void check_spellings(const char *path, char *line)
{
    char *save = NULL;
    int field = 0;
    bool pose_line = strncmp(line, "pose\t", 5) == 0;
    for (char *tok = strtok_r(line, "\t\n", &save); tok; tok = strtok_r(NULL, "\t\n", &save), field++) {
        char *value = pose_line ? (field == 3 ? tok : NULL) : (field >= 2 ? strchr(tok, '=') + 1 : NULL);
        if (!value || value[0] == '"' || !strcmp(value, "null") || !strcmp(value, "true") || !strcmp(value, "false"))
            continue;
        double x;
        char buf[NUMTEXT_MAX];
        ck_assert_msg(numtext_parse(value, strlen(value), &x), "%s: bad number %s", path, value);
        numtext_format(x, buf);
        ck_assert_msg(strcmp(buf, value) == 0, "%s: %s is spelled %s by numtext", path, value, buf);
    }
}

START_TEST(corpus_dumps_parse)
{
    glob_t g;
    ck_assert_int_eq(glob("corpus/dumps/*.dump", 0, NULL, &g), 0);
    ck_assert_uint_gt(g.gl_pathc, 0);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        struct dump d;
        struct dump_error err;
        ck_assert_msg(dump_read_file(g.gl_pathv[i], &d, &err), "%s", err.message);
        dump_free(&d);
        FILE *f = fopen(g.gl_pathv[i], "r");
        ck_assert_ptr_nonnull(f);
        char *line = NULL;
        size_t cap = 0;
        while (getline(&line, &cap, f) > 0)
            if (strncmp(line, "meta\t", 5) && strncmp(line, "unsupported\t", 12) && strncmp(line, "posecore-dump", 13) &&
                strncmp(line, "end\t", 4))
                check_spellings(g.gl_pathv[i], line);
        free(line);
        fclose(f);
    }
    globfree(&g);
}
END_TEST

/* Every truncation of a valid dump is rejected (it loses the end line or miscounts), none crashes. */
START_TEST(every_truncation_is_rejected)
{
    size_t len = strlen(valid);
    for (size_t n = 0; n < len; n++) {
        struct dump d;
        struct dump_error err;
        ck_assert_msg(!dump_read_buffer(valid, n, "t.dump", &d, &err), "accepted the first %zu bytes", n);
        ck_assert(err.message[0] != '\0');
        dump_free(&d);
    }
}
END_TEST

static uint64_t xorshift(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Random corruptions (bytes replaced by syntax characters, NULs, high bytes): accepted or rejected
 * with a located message, never a crash or a read outside the buffer. */
START_TEST(corruptions_never_crash)
{
    static const char alphabet[] = "\t\n\"\\=u0e-.N\x00\x01\xff";
    size_t len = strlen(valid);
    char *buf = malloc(len);
    uint64_t seed = 0xDEADBEEFCAFEULL;
    for (int round = 0; round < 20000; round++) {
        memcpy(buf, valid, len);
        int edits = 1 + (int)(xorshift(&seed) % 3);
        for (int e = 0; e < edits; e++)
            buf[xorshift(&seed) % len] = alphabet[xorshift(&seed) % (sizeof alphabet - 1)];
        struct dump d;
        struct dump_error err;
        if (dump_read_buffer(buf, len, "t.dump", &d, &err)) {
            ck_assert_uint_le(d.row_count, 10);
        } else {
            ck_assert_msg(strncmp(err.message, "t.dump:", 7) == 0, "%s", err.message);
            ck_assert_uint_ge(err.line, 1);
        }
        dump_free(&d);
    }
    free(buf);
}
END_TEST

/* For dumpread.c:127:19 `<` -> `<=` and :132:37 `6` -> `7`: \u0800 (the first 3-byte code point) and
 * \u20ac decode to their UTF-8 bytes E0 A0 80 and E2 82 AC. */
/* For dumpread.c:107:23 `<=` -> `<`: an upper-case F is a hex digit of a \u escape ("\u004F" is O). */
START_TEST(upper_case_hex_escape)
{
    struct dump d;
    struct dump_error err;
    ck_assert_msg(read_text(HEADER "a\t\"\\u004F\\u00dF\"\nend\t1\n", &d, &err), "%s", err.message);
    ck_assert(text_is(d.rows[0].key, "O\xc3\x9f", 3));
    dump_free(&d);
    /* dumpread.c:107:11 `>=` -> `>`: an upper-case A is a hex digit too ("\u00A9" is C2 A9) */
    ck_assert_msg(read_text(HEADER "a\t\"\\u00A9\"\nend\t1\n", &d, &err), "%s", err.message);
    ck_assert(text_is(d.rows[0].key, "\xc2\xa9", 2));
    dump_free(&d);
}
END_TEST

START_TEST(three_byte_escapes)
{
    struct dump d;
    struct dump_error err;
    ck_assert_msg(read_text(HEADER "a\t\"\\u0800\\u20ac\"\nend\t1\n", &d, &err), "%s", err.message);
    ck_assert(text_is(d.rows[0].key, "\xe0\xa0\x80\xe2\x82\xac", 6));
    dump_free(&d);
}
END_TEST

/* For dumpread.c:266:104 `0` -> `1`: a row whose tag differs from the previous row's in one byte, 1
 * below it ("b" then "a"), starts a block of its own (glibc's memcmp returns the byte difference, 1). */
START_TEST(next_tag_one_below)
{
    struct dump d;
    struct dump_error err;
    ck_assert_msg(read_text(HEADER "b\t\"k\"\tx=1\na\t\"k\"\tx=2\nend\t2\n", &d, &err), "%s", err.message);
    ck_assert_uint_eq(d.block_count, 2);
    ck_assert(TEXT_IS(d.blocks[1].name, "a"));
    ck_assert_uint_eq(d.rows[1].block, 1);
    dump_free(&d);
}
END_TEST

/* For dumpread.c:266:42 `!=` -> `==`: a row whose tag is a prefix of the previous row's ("ab" then "a")
 * starts a block of its own (the mutant compares only the tag's length of the longer name and keeps "ab"). */
START_TEST(next_tag_prefix_of_previous)
{
    struct dump d;
    struct dump_error err;
    ck_assert_msg(read_text(HEADER "ab\t\"k\"\tx=1\na\t\"k\"\tx=2\nend\t2\n", &d, &err), "%s", err.message);
    ck_assert_uint_eq(d.block_count, 2);
    ck_assert(TEXT_IS(d.blocks[1].name, "a"));
    ck_assert_uint_eq(d.rows[1].block, 1);
    dump_free(&d);
}
END_TEST

/* For dumpread.c:79:14 `>` -> `>=`: a row ending in a TAB has an empty last token, which is no field
 * (the mutant finds no token past the TAB and accepts the row). */
START_TEST(trailing_tab_is_rejected)
{
    struct dump d;
    struct dump_error err;
    ck_assert(!read_text(HEADER "a\t\"k\"\tx=1\t\nend\t1\n", &d, &err));
    ck_assert_uint_eq(err.line, 2);
    dump_free(&d);
}
END_TEST

/* For dumpread.c:223:68 `*` -> `/` (every key of two bytes or more hashes to 0, so finding duplicates
 * takes time quadratic in the rows of a section): 200,000 rows of one pose are read at once (this test
 * case has a short timeout; the mutant needs some 2e10 probes). */
START_TEST(many_rows_read_in_linear_time)
{
    enum { ROWS = 200000 };
    size_t cap = 64 + (size_t)ROWS * 24, n = 0;
    char *text = malloc(cap);
    ck_assert_ptr_nonnull(text);
    n += (size_t)sprintf(text + n, HEADER "pose\t0\tnull\t0\n");
    for (int k = 0; k < ROWS; k++) n += (size_t)sprintf(text + n, "bone\t\"b%d\"\tx=%d\n", k, k);
    n += (size_t)sprintf(text + n, "end\t%d\n", ROWS);
    struct dump d;
    struct dump_error err;
    ck_assert_msg(dump_read_buffer(text, n, "t.dump", &d, &err), "%s", err.message);
    ck_assert_uint_eq(d.poses[0].row_count, ROWS);
    dump_free(&d);
    free(text);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dumpread");
    TCase *tc = tcase_create("dumpread");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, valid_dump_parses);
    tcase_add_test(tc, smallest_dumps_parse);
    tcase_add_loop_test(tc, malformed_dumps_are_rejected, 0, (int)(sizeof malformed / sizeof malformed[0]));
    tcase_add_test(tc, files);
    tcase_add_test(tc, corpus_dumps_parse);
    tcase_add_test(tc, word_characters_accepted);
    tcase_add_test(tc, reader_api_edges);
    tcase_add_test(tc, buffer_beyond_memory);
    tcase_add_test(tc, every_truncation_is_rejected);
    tcase_add_test(tc, corruptions_never_crash);
    tcase_add_test(tc, three_byte_escapes);
    tcase_add_test(tc, upper_case_hex_escape);
    tcase_add_test(tc, next_tag_one_below);
    tcase_add_test(tc, next_tag_prefix_of_previous);
    tcase_add_test(tc, trailing_tab_is_rejected);
    suite_add_tcase(s, tc);
    TCase *quick = tcase_create("dumpread-quick"); /* tests that must end within seconds */
    tcase_set_timeout(quick, 10);
    tcase_add_test(quick, many_rows_read_in_linear_time);
    suite_add_tcase(s, quick);
    return run_suite(s);
}
