/* Check tests of how the reader spells the JSON path in its messages (document/reader.c path_push_key):
 * a key that is an identifier (letters a-z and A-Z, digits 0-9 and underscores, not starting with a digit)
 * after a dot, any other key bracketed and quoted. The corpus gate compares a refusal's exit status only,
 * so these words are checked here (test_messages.c checks `-`, `_` and a trailing digit). Each test names
 * the mutants of `make mutate` it kills (FILE:LINE:COL FROM -> TO). */
#include "posecore.h"
#include "js/jsondeep.h"

#include <check.h>
#include <string.h>
#include "run_suite.h"

/* For document/reader.c path_push_key, 85:38 `&&` -> `||` (an empty key, or one starting with a digit,
 * taken for an identifier), 85:47 `0` -> `1` (the key "9": its second byte, the NUL, tested as its
 * first), 85:50 `>=` -> `>` and 85:64 `0` -> `1` (a key starting with 0 taken for an identifier), 85:67
 * `<=` -> `<` (starting with 9), 87:39 `<=` -> `<` (z not a letter), 87:54 `>=` -> `>` (A), 87:67 `<=`
 * -> `<` (Z), 87:82 `>=` -> `>` (0) and 87:95 `<=` -> `<` (9): the animation "zAZ09" keys the attachment
 * "" of slot "9" in skin "0a", which has no such attachment. spine-core throws "Timeline attachment not
 * found: " (the oracle's message, `node oracle/pose_oracle.mjs dump FILE --samples 2`); the path: the
 * identifier zAZ09 after a dot, the keys starting with a digit and the empty key bracketed. */
START_TEST(path_spells_digit_and_empty_keys)
{
    static const char doc[] =
        "{\"skeleton\": {\"hash\": \"posecore-tests\", \"spine\": \"4.3.13\"},\n"
        " \"bones\": [{\"name\": \"root\"}],\n"
        " \"slots\": [{\"name\": \"9\", \"bone\": \"root\"}],\n"
        " \"skins\": [{\"name\": \"0a\", \"attachments\": {\"9\": {\"r\": {\"type\": \"point\"}}}}],\n"
        " \"animations\": {\"zAZ09\": {\"attachments\": {\"0a\": {\"9\": {\"\": {\"deform\": [{\"time\": 0}]}}}}}}\n"
        "}\n";
    pc_error err;
    pc_skeleton_data *data = pc_read_text(doc, strlen(doc), "keys.json", NULL, &err);
    ck_assert_ptr_null(data);
    ck_assert_int_eq(err.status, PC_INVALID);
    ck_assert_str_eq(err.message,
                     "keys.json: $.animations.zAZ09.attachments[\"0a\"][\"9\"][\"\"]: Timeline attachment not found: ");
}
END_TEST

/* For js/jsondeep.c (the syntax check of a text nested deeper than Jansson parses): a text that ends early
 * gives *error_at == len (jsondeep.h), whatever bytes lie past len; the reader's texts after a rewrite
 * (invalid UTF-8 replaced, overflowing numbers) are not NUL-terminated. Kills 28:19 `>=` -> `>` (a
 * backslash as the last byte reads the byte past the end as its escape: "u" or "n" moves the error to
 * len + 1) and 79:28 `+` -> `-` (the bound *i - k: a literal cut short by the end, "fa" at offset 4,
 * goes on matching "ls" past it, the error at len + 2; true at offset 1 wraps the bound below 0 at k = 2
 * and stops at "tr", the error at 3; the case mut-h25-nest-root-array-literal kills it too). */
START_TEST(deep_check_reads_nothing_past_len)
{
    /* and 48:12 `>=` -> `>` and 57:11 `<` -> `<=` (a number cut short by the end, "1." of "1.5", "1e" of
     * "1e5", "-" of "-5" and of "-0", reads its missing digit past the end and is taken as JSON;
     * JSON.parse("1.") fails at position 2, "-" at 1)
     * and 23:14 `<` -> `<=` ("\"ab" of "\"ab\"": the string closed by the quote past len; JSON.parse says
     * "Unterminated string" at 3), 95:15 `>=` -> `>` ("[1" of "[1]": the array closed by the bracket past
     * len; JSON.parse fails at 2) and 65:15 `<` -> `<=` ("1e" of "1e+5": the sign past len taken, error at
     * 3; JSON.parse("1e") fails at 2) */
    static const char *const texts[] = { "[\"a\\u0041\"]", "[\"a\\n\"]", "[\"a\\\"\"]", "[[[[falsX]]]]", "[tru",
                                         "1.5", "1e5", "-5", "-0", "\"ab\"", "[1]", "1e+5" };
    static const size_t lens[] = { 4, 4, 4, 6, 4, 2, 2, 1, 1, 3, 2, 2 };
    for (size_t t = 0; t < sizeof lens / sizeof lens[0]; t++) {
        size_t out_len = 0, cuts = 0, error_at = 0;
        char *out = js_cut_deep_json(texts[t], lens[t], &out_len, &cuts, &error_at);
        ck_assert_msg(out == NULL, "text %zu: taken as JSON", t);
        ck_assert_msg(error_at == lens[t], "text %zu: error at %zu, not at its end %zu", t, error_at, lens[t]);
    }
}
END_TEST

static Suite *reader_suite(void)
{
    Suite *s = suite_create("json_paths");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, path_spells_digit_and_empty_keys);
    tcase_add_test(tc, deep_check_reads_nothing_past_len);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(reader_suite());
}
