/* Check tests of core/src/jsobject: ToNumber of strings (the JavaScript numeric string grammar, against
 * Number(s) in Node 20: whitespace, signs, 0x/0o/0b with rounding past 2^53, Infinity, and what is NaN),
 * ToNumber of other values, truthiness, property reads on strings by UTF-16 unit, and the `for ... in`
 * key order of objects (array indices first, ascending). */
#include "js/jsobject.h"
#include "js/jsondeep.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "run_suite.h"

static uint64_t bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* Number(s) in Node 20 (oracle/node_modules' Node), as bits. */
static const struct { const char *s; uint64_t bits; } to_number_vectors[] = {
    { "", 0x0000000000000000ULL },
    { " ", 0x0000000000000000ULL },
    { "5", 0x4014000000000000ULL },
    { " 5 ", 0x4014000000000000ULL },
    { "\t\n5\r", 0x4014000000000000ULL },
    { "+5", 0x4014000000000000ULL },
    { "-5", 0xc014000000000000ULL },
    { "-0", 0x8000000000000000ULL },
    { "0x10", 0x4030000000000000ULL },
    { "0X1f", 0x403f000000000000ULL },
    { "-0x10", 0x7ff8000000000000ULL },
    { "0o17", 0x402e000000000000ULL },
    { "0b101", 0x4014000000000000ULL },
    { "0b", 0x7ff8000000000000ULL },
    { "0x", 0x7ff8000000000000ULL },
    { "1e3", 0x408f400000000000ULL },
    { "1E-3", 0x3f50624dd2f1a9fcULL },
    { "1.", 0x3ff0000000000000ULL },
    { ".5", 0x3fe0000000000000ULL },
    { ".", 0x7ff8000000000000ULL },
    { "5.5.5", 0x7ff8000000000000ULL },
    { "Infinity", 0x7ff0000000000000ULL },
    { "-Infinity", 0xfff0000000000000ULL },
    { "+Infinity", 0x7ff0000000000000ULL },
    { "infinity", 0x7ff8000000000000ULL },
    { "inf", 0x7ff8000000000000ULL },
    { "NaN", 0x7ff8000000000000ULL },
    { "1e400", 0x7ff0000000000000ULL },
    { "-1e400", 0xfff0000000000000ULL },
    { "1e-400", 0x0000000000000000ULL },
    { "12abc", 0x7ff8000000000000ULL },
    { "1_000", 0x7ff8000000000000ULL },
    { "0x1p3", 0x7ff8000000000000ULL },
    { " 5　", 0x4014000000000000ULL },
    { "﻿7", 0x401c000000000000ULL },
    { "00012", 0x4028000000000000ULL },
    { "1,2", 0x7ff8000000000000ULL },
    { "0x20000000000001", 0x4340000000000000ULL },
    { "0x1fffffffffffff1", 0x437fffffffffffffULL },
    { "0b111111111111111111111111111111111111111111111111111111111111", 0x43b0000000000000ULL },
    { "123456789012345678901234567890", 0x45f8ee90ff6c373eULL },
    { "4.9e-324", 0x0000000000000001ULL },
    { "2.4703282292062327e-324", 0x0000000000000000ULL },
    /* jsobject.c:281:43 `1` -> `2`: halfway past 2^53, to the even neighbour (up from ...3, not up from ...5) */
    { "0x20000000000003", 0x4340000000000002ULL },
    { "0x20000000000005", 0x4340000000000002ULL },
    /* jsobject.c:331:29 `0` -> `1`: an exponent without digits */
    { "1e", 0x7ff8000000000000ULL },
    { "1e+", 0x7ff8000000000000ULL },
    /* jsobject.c:256:48 || -> && (vertical tab and form feed no longer white space) */
    { "\v5", 0x4014000000000000ULL },
    { "\f5", 0x4014000000000000ULL },
    /* jsobject.c:314:38 >= -> > (the octal digit 0 refused) and 314:45 && -> || (any octal digit) */
    { "0o10", 0x4020000000000000ULL },
    { "0o8", 0x7ff8000000000000ULL },
    { "0o19", 0x7ff8000000000000ULL },
    /* jsobject.c:322:49 8 -> 9 (Infinity compared with the white space trimmed after it) */
    { "Infinity ", 0x7ff0000000000000ULL },
    { " -Infinity\t", 0xfff0000000000000ULL },
    /* jsobject.c:335:22 && -> || (the exponent takes any character) and 335:45 <= -> < (9 no exponent digit) */
    { "1e2x", 0x7ff8000000000000ULL },
    { "1e9", 0x41cdcd6500000000ULL },
};

/* Number(s.slice(0, len)) of a longer text: nothing at or past len is read (jsobject.c:325:14, 326:11,
 * 328:18 and 331:11 `<` -> `<=` take the next character: a digit, the point or the exponent). */
static const struct { const char *s; size_t len; uint64_t bits; } prefix_vectors[] = {
    { "12", 1, 0x3ff0000000000000ULL },
    { "1.5", 1, 0x3ff0000000000000ULL },
    { "1.25", 3, 0x3ff3333333333333ULL },
    { "1e5", 1, 0x3ff0000000000000ULL },
};

START_TEST(string_to_number_matches_node)
{
    for (size_t i = 0; i < sizeof to_number_vectors / sizeof to_number_vectors[0]; i++) {
        const char *s = to_number_vectors[i].s;
        double x = js_string_to_number(s, strlen(s));
        uint64_t want = to_number_vectors[i].bits;
        double w;
        memcpy(&w, &want, sizeof w);
        if (isnan(w)) ck_assert_msg(isnan(x), "Number(\"%s\") is NaN, core %.17g", s, x);
        else ck_assert_msg(bits(x) == want, "Number(\"%s\"): core 0x%016llx, Node 0x%016llx", s,
                           (unsigned long long)bits(x), (unsigned long long)want);
    }
    for (size_t i = 0; i < sizeof prefix_vectors / sizeof prefix_vectors[0]; i++) {
        double x = js_string_to_number(prefix_vectors[i].s, prefix_vectors[i].len);
        ck_assert_msg(bits(x) == prefix_vectors[i].bits, "Number(\"%s\".slice(0, %zu)): core %.17g", prefix_vectors[i].s,
                      prefix_vectors[i].len, x);
    }
}
END_TEST

static json_t *parse(const char *text)
{
    json_error_t e;
    json_t *v = json_loads(text, JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL, &e);
    ck_assert_msg(v != NULL, "cannot parse %s", text);
    return v;
}

START_TEST(to_number_of_values)
{
    static const struct { const char *json; double want; bool nan; } cases[] = {
        { "null", 0, false }, { "true", 1, false }, { "false", 0, false }, { "[]", 0, false }, { "[7]", 7, false },
        { "[[\"8\"]]", 8, false }, { "[null]", 0, false }, { "[1,2]", 0, true }, { "{}", 0, true },
        { "[true]", 0, true }, { "[-0]", 0, false }, { "\" 0x1A \"", 26, false },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *v = parse(cases[i].json);
        double x = js_to_number(v);
        if (cases[i].nan) ck_assert_msg(isnan(x), "ToNumber(%s) should be NaN", cases[i].json);
        else ck_assert_msg(bits(x) == bits(cases[i].want), "ToNumber(%s) = %.17g", cases[i].json, x);
        json_decref(v);
    }
    ck_assert(isnan(js_to_number(NULL)));
}
END_TEST

START_TEST(truthiness)
{
    static const struct { const char *json; int want; } cases[] = {
        { "0", 0 }, { "-0", 0 }, { "\"\"", 0 }, { "null", 0 }, { "false", 0 }, { "1", 1 }, { "\"0\"", 1 },
        { "[]", 1 }, { "{}", 1 }, { "true", 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *v = parse(cases[i].json);
        ck_assert_msg(js_truthy(v) == cases[i].want, "truthiness of %s", cases[i].json);
        json_decref(v);
    }
    ck_assert(!js_truthy(NULL));
}
END_TEST

START_TEST(strings_by_utf16_unit)
{
    js_heap h;
    ck_assert(js_heap_init(&h));
    json_t *s = parse("\"a\\ud83d\\ude00b\"");
    bool type_error = false;
    ck_assert(js_length(&h, s, &type_error) == 4);
    json_t *unit = js_get_index(&h, s, 1, &type_error);
    ck_assert(js_typeof(unit) == JS_STRING && json_string_length(unit) == 3); /* a lone high surrogate (WTF-8) */
    ck_assert(js_is(js_get_index(&h, s, 3, &type_error), "b"));
    ck_assert(js_get_index(&h, s, 4, &type_error) == NULL);
    ck_assert(!type_error);
    js_get(&h, NULL, "x", &type_error);
    ck_assert(type_error);
    json_decref(s);
    js_heap_free(&h);
}
END_TEST

START_TEST(for_in_order)
{
    js_heap h;
    ck_assert(js_heap_init(&h));
    json_t *o = parse("{\"b\":1,\"10\":2,\"a\":3,\"2\":4,\"01\":5,\"4294967295\":6,\"0\":7}");
    const char **keys;
    json_t **values;
    size_t n = js_for_in(&h, o, &keys, &values);
    static const char *const want[] = { "0", "2", "10", "b", "a", "01", "4294967295" };
    ck_assert_uint_eq(n, 7);
    for (size_t i = 0; i < n; i++) ck_assert_str_eq(keys[i], want[i]);
    free(keys);
    free(values);
    json_decref(o);
    js_heap_free(&h);
}
END_TEST

/* Each check below names the mutation survivor it kills (FILE:LINE:COL FROM -> TO); expected values
 * from Node 20. */

/* U+10000, the first astral code point (F0 90 80 80), is two UTF-16 units: "\u{10000}".length is 2,
 * its units 0xD800 and 0xDC00; "\u{1F600}".charCodeAt(0) is 0xD83D. */
START_TEST(astral_code_points_by_unit)
{
    js_heap h;
    ck_assert(js_heap_init(&h));
    bool type_error = false;
    json_t *first = json_stringn("\xF0\x90\x80\x80", 4);
    /* jsobject.c:111:51 1 -> 2 (decodes F0 90 80 80 as 0) and 139:95 >= -> > (0x10000 one unit) */
    ck_assert(js_length(&h, first, &type_error) == 2);
    /* jsobject.c:151:15 >= -> > (U+10000 read by index as one unit) */
    json_t *hi = js_get_index(&h, first, 0, &type_error), *lo = js_get_index(&h, first, 1, &type_error);
    ck_assert(js_typeof(hi) == JS_STRING && json_string_length(hi) == 3 && memcmp(json_string_value(hi), "\xED\xA0\x80", 3) == 0);
    ck_assert(js_typeof(lo) == JS_STRING && json_string_length(lo) == 3 && memcmp(json_string_value(lo), "\xED\xB0\x80", 3) == 0);
    /* jsobject.c:152:34 + -> - (the high surrogate 0xD800 + 0x3D of U+1F600 taken as 0xD800 - 0x3D) */
    json_t *grin = json_stringn("\xF0\x9F\x98\x80", 4);
    json_t *grin_hi = js_get_index(&h, grin, 0, &type_error);
    ck_assert(js_typeof(grin_hi) == JS_STRING && json_string_length(grin_hi) == 3
              && memcmp(json_string_value(grin_hi), "\xED\xA0\xBD", 3) == 0); /* WTF-8 of 0xD83D */
    /* jsobject.c:155:71 + -> - (the low surrogate 0xDC00 + 0x200 of U+1F600 taken as 0xDC00 - 0x200):
     * "\u{1F600}".charCodeAt(1) is 0xDE00 */
    json_t *grin_lo = js_get_index(&h, grin, 1, &type_error);
    ck_assert(js_typeof(grin_lo) == JS_STRING && json_string_length(grin_lo) == 3
              && memcmp(json_string_value(grin_lo), "\xED\xB8\x80", 3) == 0); /* WTF-8 of 0xDE00 */
    ck_assert(!type_error);
    json_decref(first);
    json_decref(grin);
    js_heap_free(&h);
}
END_TEST

/* Number("\u16805"), Number("\u20005"), Number("\u200A5"), Number("\u20285") are all 5 in Node 20;
 * Number(" ") read from a one-byte prefix of two spaces is Number(" "), 0. */
START_TEST(unicode_spaces_and_prefix_lengths)
{
    /* jsobject.c:254:12 || -> && (U+1680 and U+2000..U+200A no longer spaces) */
    ck_assert(js_string_to_number("\xE1\x9A\x80" "5", 4) == 5);
    /* jsobject.c:254:18 >= -> > (U+2000 no longer a space) */
    ck_assert(js_string_to_number("\xE2\x80\x80" "5", 4) == 5);
    ck_assert(js_string_to_number("\xE2\x80\x8A" "5", 4) == 5);
    /* jsobject.c:254:44 || -> && (U+2028 no longer a space) */
    ck_assert(js_string_to_number("\xE2\x80\xA8" "5", 4) == 5);
    /* jsobject.c:290:18 < -> <= (the leading-space scan reads the byte at len, a space, and trims past
     * the end: NaN) */
    double x = js_string_to_number("  ", 1);
    ck_assert_msg(bits(x) == 0, "Number(\" \") should be +0, core %.17g", x);
}
END_TEST

/* String(v) as a property key (Array.prototype.join for arrays): String(1) "1", String([-0]) "0",
 * String([1,2]) "1,2", String([false,1]) "false,1", String([[],1]) ",1". */
START_TEST(property_keys_of_values)
{
    js_heap h;
    ck_assert(js_heap_init(&h));
    static const struct { const char *json, *key; } cases[] = {
        { "1", "1" },             /* jsobject.c:420:14 0 -> 1 (1 spelled as 0) */
        { "[-0]", "0" },
        { "[1,2]", "1,2" },       /* jsobject.c:456:59 1 -> 2 (the comma with a NUL) */
        { "[false,1]", "false,1" }, /* jsobject.c:448:123 5 -> 6 ("false" with a NUL) */
        { "[[],1]", ",1" },       /* jsobject.c:461:65 0 -> 1 (an empty inner array as a NUL) */
        { "[true,1]", "true,1" }, /* jsobject.c:461:70 4 -> 5 ("true" with a NUL) */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *v = parse(cases[i].json);
        const char *key = js_property_key(&h, v);
        ck_assert_msg(key && strcmp(key, cases[i].key) == 0, "String(%s) is \"%s\", core \"%s\"", cases[i].json,
                      cases[i].key, key ? key : "(null)");
        json_decref(v);
    }
    js_heap_free(&h);
}
END_TEST

START_TEST(identity_and_array_methods)
{
    js_heap h;
    ck_assert(js_heap_init(&h));
    json_t *o = parse("{\"a\":1}"), *o2 = parse("{\"a\":1}"), *a = parse("[1]");
    /* jsobject.c:406:23 == -> != : o === o is true, two equal-looking objects are not */
    ck_assert(js_strict_equals(o, o) && js_strict_equals(a, a));
    ck_assert(!js_strict_equals(o, o2));
    /* jsobject.c:204:66 0 -> 1: typeof [].values is "function", as [].keys and [].entries */
    bool type_error = false;
    json_t *keys = js_get(&h, a, "keys", &type_error);
    ck_assert(keys != NULL);
    ck_assert(js_get(&h, a, "values", &type_error) == keys);
    ck_assert(js_get(&h, a, "entries", &type_error) == keys);
    ck_assert(!type_error);
    json_decref(o);
    json_decref(o2);
    json_decref(a);
    js_heap_free(&h);
}
END_TEST

/* js_for_in of an array whose key strings the heap cannot keep (its list of made values gone, as when
 * memory runs out): (size_t)-1 and no keys (jsobject.c:572:64 `-` -> `+` and 572:65 `1` -> `2` would
 * return a count of 1 or 2^64 - 2 with no keys behind it). */
START_TEST(for_in_keys_not_kept)
{
    js_heap h;
    ck_assert(js_heap_init(&h));
    js_heap_free(&h); /* h.made is NULL: every js_make_string fails */
    json_t *a = parse("[1,2]");
    const char **keys = (const char **)&keys;
    json_t **values = NULL;
    ck_assert(js_for_in(&h, a, &keys, &values) == (size_t)-1);
    ck_assert_ptr_null(keys);
    ck_assert(h.out_of_memory);
    ck_assert(js_for_in(&h, a, &keys, NULL) == (size_t)-1);
    ck_assert_ptr_null(keys);
    json_decref(a);
}
END_TEST

/* Object.keys({"b":1,"10":2,"2":3,"1":4,"a":5,"0":6}) is ["0","1","2","10","b","a"] in Node 20.
 * jsobject.c:490:32 - -> + (the insertion sort shifting from the wrong neighbour). */
START_TEST(object_keys_order)
{
    json_t *o = parse("{\"b\":1,\"10\":2,\"2\":3,\"1\":4,\"a\":5,\"0\":6}");
    js_key keys[6];
    static const char *const want[] = { "0", "1", "2", "10", "b", "a" };
    ck_assert_uint_eq(js_object_keys(o, keys), 6);
    for (size_t i = 0; i < 6; i++) ck_assert_str_eq(keys[i].key, want[i]);
    json_decref(o);
}
END_TEST

/* The deep-JSON check (jsondeep.c) as JSON.parse: "\u00AA" is a valid escape (JSON.parse gives "ª");
 * "[1.]" is refused at position 3 ("Unterminated fractional number in JSON at position 3"); and a text
 * nested 1,999 deep is below the cut level (JS_DEEP_CUT, 2,000), one nested 2,000 deep has one cut. */
static char *nest(size_t depth, size_t *len)
{
    char *t = malloc(2 * depth + 1);
    ck_assert(t != NULL);
    memset(t, '[', depth);
    memset(t + depth, ']', depth);
    t[2 * depth] = '\0';
    *len = 2 * depth;
    return t;
}

START_TEST(deep_json_check_and_cut)
{
    size_t out_len = 0, cuts = 0, error_at = 0;
    /* jsondeep.c:17:81 >= -> > ('A' no longer a hex digit) */
    char *out = js_cut_deep_json("\"\\u00AA\"", 8, &out_len, &cuts, &error_at);
    ck_assert(out != NULL && cuts == 0 && out_len == 8);
    free(out);
    /* jsondeep.c:33:33 + -> - : a \u escape with two hex digits fails after them, JSON.parse('"\\u12x"')
     * says "Bad Unicode escape in JSON at position 5" */
    error_at = 0;
    ck_assert(js_cut_deep_json("\"\\u12x\"", 7, &out_len, &cuts, &error_at) == NULL);
    ck_assert_uint_eq(error_at, 5);
    /* jsondeep.c:48:19 || -> && (a fraction without digits passes when a bracket follows) */
    error_at = 0;
    ck_assert(js_cut_deep_json("[1.]", 4, &out_len, &cuts, &error_at) == NULL);
    ck_assert_uint_eq(error_at, 3);
    /* jsondeep.c:156:54 1 -> 2 (the cut one level too high) */
    size_t len;
    char *t = nest(1999, &len);
    out = js_cut_deep_json(t, len, &out_len, &cuts, &error_at);
    ck_assert(out != NULL && cuts == 0 && out_len == len);
    free(out);
    free(t);
    /* jsondeep.c:182:29 + -> - (the stack of open containers one byte short): a text of opening brackets
     * only fills len bytes of it; JSON.parse("[[[[") is refused at its end. Seen under AddressSanitizer
     * only (gates/mutant_check --asan --test) */
    error_at = 0;
    ck_assert(js_cut_deep_json("[[[[", 4, &out_len, &cuts, &error_at) == NULL);
    ck_assert_uint_eq(error_at, 4);
    t = nest(2000, &len);
    out = js_cut_deep_json(t, len, &out_len, &cuts, &error_at);
    ck_assert(out != NULL && cuts == 1);
    free(out);
    free(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("jsobject");
    TCase *tc = tcase_create("values");
    tcase_add_test(tc, string_to_number_matches_node);
    tcase_add_test(tc, to_number_of_values);
    tcase_add_test(tc, truthiness);
    tcase_add_test(tc, strings_by_utf16_unit);
    tcase_add_test(tc, for_in_order);
    tcase_add_test(tc, astral_code_points_by_unit);
    tcase_add_test(tc, unicode_spaces_and_prefix_lengths);
    tcase_add_test(tc, property_keys_of_values);
    tcase_add_test(tc, identity_and_array_methods);
    tcase_add_test(tc, object_keys_order);
    tcase_add_test(tc, for_in_keys_not_kept);
    tcase_add_test(tc, deep_json_check_and_cut);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
