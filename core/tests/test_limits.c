/* Check tests of the readers' limits (oracle/FORMAT.md "Limits"): JSON nested deeper than Jansson's
 * 2,048 levels, as JSON.parse takes it. The syntax check of the deep path (js/jsondeep.c) against
 * JSON.parse's verdicts and error positions (Node 20, the oracle's), the cut's text, and the document
 * and scenario readers on deep texts: an unread member any depth deep is accepted, a read one is
 * unsupported, a malformed one refused where JSON.parse stops. Also the whole-file reading and writing the
 * readers and tools use (js/wholefile.c): a document from a pipe, a file written and read back. */
#include "posecore.h"
#include "js/jsondeep.h"
#include "js/wholefile.h"
#include "play/scenario.h"

#include <check.h>
#include <stdio.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "memory_limit.h"
#include "run_suite.h"

/* JSON.parse(s) in Node 20: accepted, or the position of its SyntaxError ("at position N"; the end of
 * the text for "Unexpected end of JSON input"). */
static const struct { const char *s; int ok; size_t at; } syntax_vectors[] = {
    { "01", 0, 1 }, { "1.", 0, 2 }, { "-", 0, 1 }, { "1e5", 1, 0 }, { "-0.5E+3", 1, 0 },
    { "\"\\x\"", 0, 2 }, { "\"\t\"", 0, 1 }, { " [1 , 2 ] ", 1, 0 }, { "{\"a\":1,}", 0, 7 },
    { "tru", 0, 3 }, { "nul", 0, 3 }, { "", 0, 0 }, { "[] x", 0, 3 }, { "{\"a\" 1}", 0, 5 },
    { "[\"\\u12g4\"]", 0, 6 }, { "{1:2}", 0, 1 }, { "[\"a\\/\"]", 1, 0 }, { "[1e]", 0, 3 },
    { "[-01]", 0, 3 }, { "{\"a\":{\"b\":[]}}", 1, 0 }, { "[1]\r\n", 1, 0 },
    /* a bad escape as the text's last byte stops at it (jsondeep.c:28:17 `1` -> `2` says the end) */
    { "\"\\x", 0, 2 }, { "[\"\\x", 0, 3 },
};

START_TEST(syntax_as_json_parse)
{
    for (size_t k = 0; k < sizeof syntax_vectors / sizeof syntax_vectors[0]; k++) {
        const char *s = syntax_vectors[k].s;
        size_t out_len, cuts, at = 12345;
        char *out = js_cut_deep_json(s, strlen(s), &out_len, &cuts, &at);
        ck_assert_msg((out != NULL) == syntax_vectors[k].ok, "%s", s);
        if (out) {
            ck_assert_uint_eq(cuts, 0);
            ck_assert_str_eq(out, s);
        } else {
            ck_assert_msg(at == syntax_vectors[k].at, "%s: at %zu", s, at);
        }
        free(out);
    }
}
END_TEST

static char *nest(const char *before, const char *open, size_t depth, const char *inside, const char *close,
                  const char *after)
{
    size_t lo = strlen(open), lc = strlen(close);
    size_t len = strlen(before) + depth * (lo + lc) + strlen(inside) + strlen(after);
    char *s = malloc(len + 1), *p = s;
    p += sprintf(p, "%s", before);
    for (size_t i = 0; i < depth; i++) p += sprintf(p, "%s", open);
    p += sprintf(p, "%s", inside);
    for (size_t i = 0; i < depth; i++) p += sprintf(p, "%s", close);
    sprintf(p, "%s", after);
    return s;
}

/* 2,100 arrays: the 2,000th and what it holds become the mark, 1,999 levels stay. */
START_TEST(cut_text)
{
    char *s = nest("", "[", 2100, "\"]\"", "]", "");
    size_t out_len, cuts, at;
    char *out = js_cut_deep_json(s, strlen(s), &out_len, &cuts, &at);
    ck_assert_ptr_nonnull(out);
    ck_assert_uint_eq(cuts, 1);
    char *want = nest("", "[", 1999, "\"\\u0000\\u0003posecore-cut\"", "]", "");
    ck_assert_str_eq(out, want);
    ck_assert_uint_eq(out_len, strlen(want));
    json_error_t jerr;
    json_t *v = json_loadb(out, out_len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &jerr);
    ck_assert_ptr_nonnull(v);
    ck_assert(js_holds_cut(v));
    json_decref(v);
    free(want);
    free(out);
    free(s);
}
END_TEST

static const char *const head = "{\"skeleton\":{\"spine\":\"4.3.13\"},\"bones\":[{\"name\":\"root\"},{\"name\":\"b\",\"parent\":\"root\"";

/* spine-core 4.3.13 accepts an unread member `x` of 1,000,000 nested arrays (and of 3,000 nested
 * objects): so does the core, with the document's two bones. */
START_TEST(unread_member_any_depth)
{
    const char *texts[2][3] = { { "[", "", "]" }, { "{\"k\":", "1", "}" } };
    size_t depths[2] = { 1000000, 3000 };
    for (int k = 0; k < 2; k++) {
        char before[200];
        snprintf(before, sizeof before, "%s}],\"x\":", head);
        char *s = nest(before, texts[k][0], depths[k], texts[k][1], texts[k][2], "}");
        pc_error err;
        pc_skeleton_data *d = pc_read_text(s, strlen(s), "deep.json", NULL, &err);
        ck_assert_msg(d != NULL, "%s", err.message);
        ck_assert_int_eq(pc_data_bone_count(d), 2);
        pc_skeleton_data_free(d);
        free(s);
    }
}
END_TEST

/* A bone's x of 3,000 nested one-element arrays around 5: spine-core reads 5 (ToNumber through
 * join), of 5,000 it overflows V8's stack; the core, past its cut, says unsupported for both. */
START_TEST(read_member_past_the_cut_unsupported)
{
    char before[200];
    snprintf(before, sizeof before, "%s,\"x\":", head);
    char *s = nest(before, "[", 3000, "5", "]", "}]}");
    pc_error err;
    pc_skeleton_data *d = pc_read_text(s, strlen(s), "deep.json", NULL, &err);
    ck_assert_ptr_null(d);
    ck_assert_int_eq(err.status, PC_UNSUPPORTED);
    ck_assert_msg(strstr(err.message, "deep.json: $.bones: unsupported") != NULL, "%s", err.message);
    free(s);
}
END_TEST

/* A valid document of 0x1fffffe9 bytes holding 0x1fffffe8 UTF-16 units (one two-byte character, then
 * spaces): Node will not make a string of more than 0x1fffffe8 bytes (measured in Node 20: "Cannot
 * create a string longer than 0x1fffffe8 characters"), so spine-core never reads it: unsupported. */
START_TEST(text_longer_than_v8_string_in_bytes)
{
    const size_t len = (size_t)0x1fffffe9;
    const char head_text[] = "{\"x\":\"\xc3\xa9\"}";
    char *s = malloc(len);
    ck_assert_ptr_nonnull(s);
    memset(s, ' ', len);
    memcpy(s, head_text, sizeof head_text - 1);
    pc_error err;
    pc_skeleton_data *d = pc_read_text(s, len, "long.json", NULL, &err);
    ck_assert_ptr_null(d);
    ck_assert_int_eq(err.status, PC_UNSUPPORTED);
    ck_assert_msg(strstr(err.message, "longer than V8's longest string") != NULL, "%s", err.message);
    free(s);
}
END_TEST

/* 3,000 arrays closed by 2,999: JSON.parse stops at position 6,018 ("Expected ',' or ']' after array
 * element"), the core at column 6,019 of line 1. */
START_TEST(malformed_deep_refused_where_json_parse_stops)
{
    const char *before = "{\"skeleton\":{},\"x\":";
    char *s = nest(before, "[", 3000, "", "", "");
    size_t len = strlen(s);
    s = realloc(s, len + 2999 + 2);
    memset(s + len, ']', 2999);
    strcpy(s + len + 2999, "}");
    pc_error err;
    pc_skeleton_data *d = pc_read_text(s, strlen(s), "bad.json", NULL, &err);
    ck_assert_ptr_null(d);
    ck_assert_int_eq(err.status, PC_INVALID);
    ck_assert_msg(strstr(err.message, "bad.json: line 1 column 6019: SyntaxError") != NULL, "%s", err.message);
    free(s);
}
END_TEST

/* The oracle's scenario reader on a scenario with an unknown member of 3,000 nested arrays:
 * "$.x: unknown member"; the core's says the same. */
START_TEST(scenario_deep_member_named)
{
    char *s = nest("{\"scenario\":1,\"steps\":[{\"do\":\"pose\"}],\"x\":", "[", 3000, "", "]", "}");
    char msg[600];
    pc_scenario *sc = pc_scenario_parse(s, strlen(s), msg, sizeof msg);
    ck_assert_ptr_null(sc);
    ck_assert_str_eq(msg, "$.x: unknown member");
    free(s);
}
END_TEST

/* js_cut_deep_json of the text context in a child process (run_in_child): "cut" or "null", then the error
 * position. */
static void cut_in_child(void *context, char *msg, size_t size)
{
    const char *text = context;
    size_t len = 0, cuts = 0, at = 0;
    char *out = js_cut_deep_json(text, strlen(text), &len, &cuts, &at);
    snprintf(msg, size, "%s %zu", out ? "cut" : "null", at);
}

/* For js/jsondeep.c:183:39 `1` -> `2` and 189:37 `-` -> `+`: when an allocation fails, js_cut_deep_json
 * answers NULL with *error_at == (size_t)-1 (jsondeep.h), which the readers turn into their limit ("a text
 * nested this deep") instead of a SyntaxError at some position. The container stack of a text said to be
 * 2^62 bytes long cannot be allocated (nothing of the text is read before); the cut of 4,000,000 empty
 * arrays at level 2,000 (12 MB of text, each "[]" becoming the 26-byte mark: 104 MB) cannot be allocated
 * in a child whose address space is capped 48 MB above what it maps. */
START_TEST(deep_cut_out_of_memory)
{
#if defined(__SANITIZE_ADDRESS__)
    return;
#endif
    size_t out_len = 0, cuts = 0, at = 0;
    static const char tiny[] = "[]";
    ck_assert_ptr_null(js_cut_deep_json(tiny, (size_t)1 << 62, &out_len, &cuts, &at));
    ck_assert_msg(at == (size_t)-1, "stack not allocated: error at %zu", at);

    const size_t n = 4000000;
    char *inside = malloc(3 * n);
    ck_assert_ptr_nonnull(inside);
    for (size_t i = 0; i < n; i++) memcpy(inside + 3 * i, "[],", 3);
    inside[3 * n - 1] = '\0'; /* no comma after the last */
    char *s = nest("", "[", 1999, inside, "]", "");
    free(inside);
    char msg[64];
    int st;
    bool ran = run_in_child((size_t)48 << 20, cut_in_child, s, msg, sizeof msg, &st);
    free(s);
    ck_assert_msg(ran, "the cut died (status %d)", st);
    char want[64];
    snprintf(want, sizeof want, "null %zu", (size_t)-1);
    ck_assert_str_eq(msg, want);
}
END_TEST

/* For js/wholefile.c:16:40 `-` -> `+`: a document read from a pipe (no regular file, so no size to start the
 * buffer from) grows its buffer as the bytes arrive; 300,000 bytes of it are read whole, and it has the
 * document's two bones (the mutant asks fread for more than the buffer holds and writes past it). */
START_TEST(document_read_from_a_pipe)
{
    static const char head_doc[] = "{\"skeleton\":{\"spine\":\"4.3.13\"},\"bones\":[{\"name\":\"root\"},"
                                   "{\"name\":\"b\",\"parent\":\"root\"}],\"x\":\"";
    const size_t pad = 300000, hl = sizeof head_doc - 1, len = hl + pad + 2;
    char *doc = malloc(len + 1);
    ck_assert_ptr_nonnull(doc);
    memcpy(doc, head_doc, hl);
    memset(doc + hl, 'a', pad);
    memcpy(doc + hl + pad, "\"}", 3);
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        _exit(write_all(fds[1], doc, len) ? 0 : 3);
    }
    close(fds[1]);
    char path[64];
    snprintf(path, sizeof path, "/dev/fd/%d", fds[0]);
    /* the buffer stays in the heap, not in a mapping of its own, so a write past it corrupts the heap */
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    pc_error err;
    pc_skeleton_data *d = pc_read_file(path, NULL, &err);
    close(fds[0]);
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    free(doc);
    ck_assert_msg(d != NULL, "%s", err.message);
    ck_assert_int_eq(pc_data_bone_count(d), 2);
    pc_skeleton_data_free(d);
}
END_TEST

/* For js/wholefile.c:47:29 `1` -> `2`: file_write writes exactly the bytes it is given (the probe tools and the
 * reports keep their files with it), so three bytes written read back as those three. */
START_TEST(file_written_reads_back_the_same)
{
    char path[] = "/tmp/posecore-test-limits-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    static const char bytes[] = "abc";
    ck_assert(file_write(path, bytes, 3));
    size_t len = 0;
    char *back = file_read(path, &len);
    unlink(path);
    ck_assert_ptr_nonnull(back);
    ck_assert_uint_eq(len, 3);
    ck_assert_str_eq(back, "abc");
    free(back);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("limits");
    TCase *tc = tcase_create("nesting");
    tcase_add_test(tc, syntax_as_json_parse);
    tcase_add_test(tc, cut_text);
    tcase_add_test(tc, unread_member_any_depth);
    tcase_add_test(tc, read_member_past_the_cut_unsupported);
    tcase_add_test(tc, malformed_deep_refused_where_json_parse_stops);
    tcase_add_test(tc, scenario_deep_member_named);
    tcase_add_test(tc, text_longer_than_v8_string_in_bytes);
    tcase_add_test(tc, deep_cut_out_of_memory);
    tcase_add_test(tc, document_read_from_a_pipe);
    tcase_add_test(tc, file_written_reads_back_the_same);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
