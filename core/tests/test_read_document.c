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
#include <sys/wait.h>
#include <unistd.h>
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
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        if (!limit_address_space((size_t)16 << 20)) _exit(3);
        pc_error err;
        char msg[600];
        int status = read_status(text, len, &err);
        snprintf(msg, sizeof msg, "%d %s", status, err.message);
        ssize_t w = write(fds[1], msg, strlen(msg));
        _exit(w < 0 ? 3 : 0);
    }
    close(fds[1]);
    char msg[700];
    ssize_t n = read(fds[0], msg, sizeof msg - 1);
    close(fds[0]);
    msg[n > 0 ? n : 0] = '\0';
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    free(text);
    ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
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
    return s;
}

int main(void)
{
    return run_suite(read_document_suite());
}
