/* Check tests of document/read_document.c's handling of the JSON text, where what differs is only the words
 * of a refusal or unsupported message, which the corpus gate does not compare (it compares a refusal's exit
 * status only): the line, column and Jansson's words for malformed JSON once the text has been rewritten
 * (a lone surrogate held with a stand-in), and the deep check running out of memory. Each message was
 * worked out by hand from the input (the columns count bytes of the text Jansson read, the rewritten one),
 * then checked against the core. Each test names the mutants of `make mutate` it kills (FILE:LINE:COL FROM ->
 * TO). */
#include "posecore.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "memory_limit.h"
#include "run_suite.h"

/* pc_read_text of a NUL-terminated text (as pc_read_file leaves the file's bytes): the status, the
 * message in err. */
static int read_status(const char *text, size_t len, pc_error *err)
{
    pc_skeleton_data *data = pc_read_text(text, len, "doc.json", NULL, err);
    if (data) pc_skeleton_data_free(data);
    return err->status;
}

/* For document/read_document.c:175:31 `&&` -> `||`: malformed JSON that is not deep, {"a": 1,,}: the
 * message is Jansson's, at its line and column (the comma at byte 8, column 9); the deep check is not run
 * for it (it would say "unexpected character"). */
START_TEST(malformed_not_deep_keeps_janssons_words)
{
    static const char doc[] = "{\"a\": 1,,}";
    pc_error err;
    ck_assert_int_eq(read_status(doc, sizeof doc - 1, &err), PC_INVALID);
    ck_assert_str_eq(err.message, "doc.json: line 1 column 9: SyntaxError: malformed JSON: string or '}' expected near ','");
}
END_TEST

/* For document/read_document.c:184:88 `<` -> `<=`: 3,000 opening brackets and nothing else (deeper than
 * Jansson parses; the deep check finds the text ending early, at byte 3,000): "unexpected end", line 1
 * column 3001. */
START_TEST(deep_text_ending_early)
{
    size_t len = 3000;
    char *doc = malloc(len + 1);
    ck_assert_ptr_nonnull(doc);
    memset(doc, '[', len);
    doc[len] = '\0';
    pc_error err;
    ck_assert_int_eq(read_status(doc, len, &err), PC_INVALID);
    free(doc);
    ck_assert_str_eq(err.message, "doc.json: line 1 column 3001: SyntaxError: malformed JSON: unexpected end");
}
END_TEST

/* For document/read_document.c:81:50 `5` -> `6`: {"a": "\uD800", "b": "\uD800 (the second string never
 * closed, its escape the text's last six bytes): both lone surrogates are held with the stand-in U+F0000
 * (4 bytes for 6), then Jansson finds the text ending in the second string: column 18 (16 bytes before the
 * stand-in), near the string read so far. */
START_TEST(rewritten_escape_ending_the_text)
{
    static const char doc[] = "{\"a\": \"\\uD800\", \"b\": \"\\uD800";
    pc_error err;
    ck_assert_int_eq(read_status(doc, sizeof doc - 1, &err), PC_INVALID);
    ck_assert_str_eq(err.message,
                     "doc.json: line 1 column 18: SyntaxError: malformed JSON: premature end of input near '\"\xf3\xb0\x80\x80'");
}
END_TEST

/* For document/read_document.c:79:18 `<` -> `<=`, 109:38 `+` -> `-` and 109:42 `<` -> `<=`: {"a": "\uD800",
 * "b": "x\ (the text ending in a backslash inside a string): the lone surrogate held with a stand-in, then
 * Jansson finds an escape with nothing after it: column 19, near the string read so far (no byte past
 * the text copied into the rewritten one). */
START_TEST(rewritten_text_ending_in_backslash)
{
    static const char doc[] = "{\"a\": \"\\uD800\", \"b\": \"x\\";
    pc_error err;
    ck_assert_int_eq(read_status(doc, sizeof doc - 1, &err), PC_INVALID);
    ck_assert_str_eq(err.message, "doc.json: line 1 column 19: SyntaxError: malformed JSON: invalid escape near '\"x\\'");
}
END_TEST

/* For document/read_document.c:90:33 `+` -> `-`: {"\uD83D\uDE00": 1, "b": "\uD800",,}: a surrogate pair in
 * the text's first ten bytes stays as it is (Jansson decodes it), the lone surrogate is held with a
 * stand-in, and Jansson stops at the second comma, column 30 (the pair split into two stand-ins would move
 * it). */
START_TEST(rewritten_text_keeps_first_pair)
{
    static const char doc[] = "{\"\\uD83D\\uDE00\": 1, \"b\": \"\\uD800\",,}";
    pc_error err;
    ck_assert_int_eq(read_status(doc, sizeof doc - 1, &err), PC_INVALID);
    ck_assert_str_eq(err.message, "doc.json: line 1 column 30: SyntaxError: malformed JSON: string or '}' expected near ','");
}
END_TEST

/* A document read in a child process (run_in_child): "STATUS MESSAGE" (read_status). */
struct document_text {
    const char *text;
    size_t len;
};

static void read_in_child(void *context, char *msg, size_t size)
{
    const struct document_text *run = context;
    pc_error err;
    int status = read_status(run->text, run->len, &err);
    snprintf(msg, size, "%d %s", status, err.message);
}

/* For document/read_document.c:179:51 `-` -> `+` and 179:52 `1` -> `2`: a document nested 3,000 deep
 * (64 MB of spaces inside) whose deep check cannot have its memory (the address space limited to what is
 * mapped plus 16 MB, in a child process): unsupported ("a text nested this deep"), not a malformed
 * position. Not under AddressSanitizer (its allocator stops the program when memory runs out). */
START_TEST(deep_text_out_of_memory)
{
#if defined(__SANITIZE_ADDRESS__)
    return;
#endif
    size_t depth = 3000, pad = (size_t)64 << 20, len = depth + pad + depth;
    char *text = malloc(len + 1);
    ck_assert_ptr_nonnull(text);
    memset(text, '[', depth);
    memset(text + depth, ' ', pad);
    memset(text + depth + pad, ']', depth);
    text[len] = '\0';
    struct document_text run = { text, len };
    char msg[700];
    int st;
    bool ran = run_in_child((size_t)16 << 20, read_in_child, &run, msg, sizeof msg, &st);
    free(text);
    ck_assert_msg(ran, "the read died (status %d)", st);
    ck_assert_str_eq(msg, "3 doc.json: $: unsupported: a text nested this deep is too large for the core to read");
}
END_TEST

/* For document/read_document.c:155:13 `>` -> `>=`: a valid document of exactly 0x1fffffe8 bytes (an empty
 * object, then spaces): Node makes a string of it (the longest it makes), so spine-core reads it, and the
 * core reads it too (test_limits checks one byte more is unsupported). */
START_TEST(longest_text_read)
{
    const size_t len = (size_t)0x1fffffe8;
    char *text = malloc(len + 1);
    ck_assert_ptr_nonnull(text);
    text[0] = '{';
    text[1] = '}';
    memset(text + 2, ' ', len - 2);
    text[len] = '\0';
    pc_error err;
    int status = read_status(text, len, &err);
    free(text);
    ck_assert_msg(status == PC_OK, "%s", err.message);
}
END_TEST

/* ---- Attachments: what only a refusal's or an unsupported document's words tell apart ----------------- */

/* A document of one bone and one slot s whose default skin holds `attachments` (the JSON text of the
 * slot's map), then `tail` (more of the root object, "" for none): the status and err. */
static int read_skin(const char *attachments, const char *tail, pc_error *err)
{
    char *doc = malloc(strlen(attachments) + strlen(tail) + 200);
    ck_assert_ptr_nonnull(doc);
    int len = sprintf(doc, "{\"bones\": [{\"name\": \"root\"}], \"slots\": [{\"name\": \"s\", \"bone\": \"root\"}, "
                           "{\"name\": \"t\", \"bone\": \"root\"}], \"skins\": [{\"name\": \"default\", \"attachments\": %s}]%s}",
                      attachments, tail);
    int status = read_status(doc, (size_t)len, err);
    free(doc);
    return status;
}

/* For document/read_attachments.c:90:28 1 -> 2, 93:45 == -> !=, 94:20 - -> +, 94:22 1 -> 2 and 94:24 + -> -:
 * a region named p (path p, one UTF-16 unit) with a sequence of one frame (1) padded to `digits`: the
 * runtime's Sequence.getPath builds p, digits - 1 zeros, then 1, and V8 throws a RangeError past its
 * longest string (536,870,888 units, measured with node). p and 536,870,887 digits make a path of exactly
 * the longest length: read (the stub atlas builds no path in the core); 536,870,889 digits, two units
 * past it: "RangeError: Invalid string length". (One unit past it, where the core's digits - 1 + base
 * test still reads and V8 would throw, is left out: spine-core runs out of heap before.) */
START_TEST(sequence_path_longest_string)
{
    pc_error err;
    ck_assert_msg(read_skin("{\"s\": {\"p\": {\"width\": 1, \"height\": 1, \"sequence\": {\"count\": 1, \"digits\": 536870887}}}}", "",
                            &err) == PC_OK,
                  "%s", err.message);
    ck_assert_int_eq(read_skin("{\"s\": {\"p\": {\"width\": 1, \"height\": 1, \"sequence\": {\"count\": 1, \"digits\": 536870889}}}}",
                               "", &err),
                     PC_INVALID);
    ck_assert_msg(strstr(err.message, "RangeError: Invalid string length") != NULL, "%s", err.message);
}
END_TEST

/* For document/read_attachments.c:77:27 <= -> < and 78:15 > -> >=: a sequence count of 4294967295 is a valid
 * array length (new Array(count) does not throw) but past the core's element limit: unsupported, not a
 * RangeError; a count of exactly 20,000,000 (the limit) is read (the stub atlas keeps one region). */
START_TEST(sequence_count_limits)
{
    pc_error err;
    ck_assert_int_eq(read_skin("{\"s\": {\"r\": {\"width\": 1, \"height\": 1, \"sequence\": {\"count\": 4294967295}}}}", "", &err),
                     PC_UNSUPPORTED);
    ck_assert_msg(strstr(err.message, "a sequence's count is too large for the core to read") != NULL, "%s", err.message);
    ck_assert_msg(read_skin("{\"s\": {\"r\": {\"width\": 1, \"height\": 1, \"sequence\": {\"count\": 20000000}}}}", "", &err) == PC_OK,
                  "%s", err.message);
}
END_TEST

/* For document/read_attachments.c:119:87 + -> -: a mesh whose uvs and vertices are array-like objects of
 * length 20,000,001, one past the core's element limit: unsupported at once ("vertices is too large"),
 * not read as 19,999,999 elements. */
START_TEST(object_vertices_past_the_limit)
{
    pc_error err;
    ck_assert_int_eq(read_skin("{\"s\": {\"m\": {\"type\": \"mesh\", \"uvs\": {\"length\": 20000001}, \"vertices\": {\"length\": 20000001}, "
                               "\"triangles\": [], \"hull\": 0}}}",
                               "", &err),
                     PC_UNSUPPORTED);
    ck_assert_msg(strstr(err.message, "vertices is too large for the core to read") != NULL, "%s", err.message);
}
END_TEST

/* For document/read_attachments.c:120:23 > -> >= and 627:15 > -> >=: a mesh whose uvs and vertices are
 * array-like objects of length 20,000,000 and a path whose lengths are one: exactly the core's element
 * limit, so both are read (each element looked up: about 3 s), not declared too large. */
START_TEST(object_elements_at_the_limit_read)
{
    pc_error err;
    ck_assert_msg(read_skin("{\"s\": {\"m\": {\"type\": \"mesh\", \"uvs\": {\"length\": 20000000}, \"vertices\": {\"length\": 20000000}, "
                            "\"triangles\": [], \"hull\": 0}}, \"t\": {\"p\": {\"type\": \"path\", \"vertexCount\": 3, "
                            "\"vertices\": [0, 0, 0, 0, 0, 0], \"lengths\": {\"length\": 20000000}}}}",
                            "", &err) == PC_OK,
                  "%s", err.message);
}
END_TEST

/* For document/read_attachments.c:213:43 / -> *: a weighted bounding box whose one vertex names 1,300,000
 * bones (the array ends there: each bone undefined, unmodelled) takes 1,300,000 steps, well inside the
 * core's limit of 20,000,000: read, not refused at once as too large. */
START_TEST(weighted_bone_count_inside_the_limit)
{
    pc_error err;
    ck_assert_msg(read_skin("{\"s\": {\"b\": {\"type\": \"boundingbox\", \"vertexCount\": 1, \"vertices\": [1300000]}}}", "", &err) == PC_OK,
                  "%s", err.message);
}
END_TEST

/* For document/read_skins.c:155:54 && -> ||: a linked mesh (a sequence of no region) in slot t whose
 * source is a region in slot s: the runtime poses it (the source is no function, its timeline slots are
 * not walked), the core declares it unmodelled; it throws only for an inherited name's function. */
START_TEST(linked_mesh_of_a_region_in_another_slot)
{
    pc_error err;
    ck_assert_msg(read_skin("{\"s\": {\"src\": {\"width\": 4, \"height\": 4}}, \"t\": {\"lm\": {\"type\": \"linkedmesh\", \"source\": \"src\", "
                            "\"slot\": \"s\", \"sequence\": {\"count\": 0}}}}",
                            "", &err) == PC_OK,
                  "%s", err.message);
}
END_TEST

static Suite *read_document_suite(void)
{
    Suite *s = suite_create("read_document");
    TCase *tc = tcase_create("text");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, malformed_not_deep_keeps_janssons_words);
    tcase_add_test(tc, deep_text_ending_early);
    tcase_add_test(tc, rewritten_escape_ending_the_text);
    tcase_add_test(tc, rewritten_text_ending_in_backslash);
    tcase_add_test(tc, rewritten_text_keeps_first_pair);
    tcase_add_test(tc, deep_text_out_of_memory);
    tcase_add_test(tc, longest_text_read);
    suite_add_tcase(s, tc);
    TCase *at = tcase_create("attachments");
    tcase_set_timeout(at, 120);
    tcase_add_test(at, sequence_path_longest_string);
    tcase_add_test(at, sequence_count_limits);
    tcase_add_test(at, object_vertices_past_the_limit);
    tcase_add_test(at, object_elements_at_the_limit_read);
    tcase_add_test(at, weighted_bone_count_inside_the_limit);
    tcase_add_test(at, linked_mesh_of_a_region_in_another_slot);
    suite_add_tcase(s, at);
    return s;
}

int main(void)
{
    return run_suite(read_document_suite());
}
