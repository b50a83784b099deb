/* Check tests of core/src/jsobject: ToNumber of strings (the JavaScript numeric string grammar, against
 * Number(s) in Node 20: whitespace, signs, 0x/0o/0b with rounding past 2^53, Infinity, and what is NaN),
 * ToNumber of other values, truthiness, property reads on strings by UTF-16 unit, and the `for ... in`
 * key order of objects (array indices first, ascending). */
#include "js/jsobject.h"

#include <check.h>
#include <math.h>
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

int main(void)
{
    Suite *s = suite_create("jsobject");
    TCase *tc = tcase_create("values");
    tcase_add_test(tc, string_to_number_matches_node);
    tcase_add_test(tc, to_number_of_values);
    tcase_add_test(tc, truthiness);
    tcase_add_test(tc, strings_by_utf16_unit);
    tcase_add_test(tc, for_in_order);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
