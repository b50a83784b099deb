/* Check tests of core/src/numtext: every special double survives format then parse with its bits, the
 * spelling is JavaScript's String(x) and never longer than needed, the parser takes only the dump
 * syntax, and ULP distances count neighbours (-0 and +0 one apart, NaN equal to NaN). */
#include "js/numtext.h"

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run_suite.h"

static double from_bits(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* format then parse: the same bits (any NaN for NaN), and the text is what the parser reads whole */
static void assert_round_trip(double x)
{
    char buf[NUMTEXT_MAX];
    size_t n = numtext_format(x, buf);
    ck_assert_uint_eq(n, strlen(buf));
    ck_assert_uint_lt(n, NUMTEXT_MAX);
    double back;
    ck_assert_msg(numtext_parse(buf, n, &back), "numtext_parse rejects its own \"%s\"", buf);
    if (isnan(x)) ck_assert_msg(isnan(back), "\"%s\" does not read back as NaN", buf);
    else
        ck_assert_msg(numtext_bits(back) == numtext_bits(x), "\"%s\" reads back as 0x%016llx, not 0x%016llx", buf,
                      (unsigned long long)numtext_bits(back), (unsigned long long)numtext_bits(x));
}

/* significant digits of a spelling: mantissa digits without leading and trailing zeros */
static int significant_digits(const char *s)
{
    char d[40];
    int k = 0;
    for (; *s && *s != 'e'; s++)
        if (*s >= '0' && *s <= '9') d[k++] = *s;
    int start = 0;
    while (start < k && d[start] == '0') start++;
    while (k > start && d[k - 1] == '0') k--;
    return k - start;
}

static const double specials[] = {
    0.0, -0.0, NAN, INFINITY, -INFINITY, 5e-324, -5e-324, 2.225073858507201e-308 /* largest subnormal */,
    DBL_MIN, -DBL_MIN, DBL_MAX, -DBL_MAX, 0.1, -0.1, 1.0 / 3.0, 2.0 / 3.0, 1.0, -1.0, 1e21, 1e-7, 123456789.0,
    9007199254740993.0, 0.30000000000000004,
};

START_TEST(specials_round_trip)
{
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) assert_round_trip(specials[i]);
    /* the largest subnormal, spelled from its bits to be sure it is the one */
    assert_round_trip(from_bits(0x000fffffffffffffULL));
    assert_round_trip(from_bits(0x0000000000000001ULL));
}
END_TEST

/* what JavaScript's String(x) prints (recorded with Node 20), but "-0" for negative zero */
static const struct {
    uint64_t bits;
    const char *text;
} javascript[] = {
    {0x0000000000000000ULL, "0"},
    {0x8000000000000000ULL, "-0"},
    {0x7ff0000000000000ULL, "Infinity"},
    {0xfff0000000000000ULL, "-Infinity"},
    {0x3fb999999999999aULL, "0.1"},
    {0x3fd5555555555555ULL, "0.3333333333333333"},
    {0x7fefffffffffffffULL, "1.7976931348623157e+308"},
    {0x0010000000000000ULL, "2.2250738585072014e-308"},
    {0x000fffffffffffffULL, "2.225073858507201e-308"},
    {0x0000000000000001ULL, "5e-324"},
    {0x444b1ae4d6e2ef50ULL, "1e+21"},
    {0x444b1ae4d6e2ef4fULL, "999999999999999900000"},
    {0x3e7ad7f29abcaf48ULL, "1e-7"},
    {0x3eb0c6f7a0b5ed8dULL, "0.000001"},
    {0xbec377420c036321ULL, "-0.0000023205103333142413"},
    {0x3fd3333333333334ULL, "0.30000000000000004"},
    {0x4059000000000000ULL, "100"},
    {0xbff8000000000000ULL, "-1.5"},
    /* powers of two, where the nearest decimal of the shortest length may not read back */
    {0x8060000000000000ULL, "-7.120236347223045e-307"},
    {0x8100000000000000ULL, "-7.291122019556398e-304"},
    {0x8420000000000000ULL, "-8.209073602596753e-289"},
    {0x8660000000000000ULL, "-5.641232424577593e-278"},
    {0x0060000000000000ULL, "7.120236347223045e-307"},
    {0x1f30000000000000ULL, "1.8208839675781755e-158"},
    {0x0cf0000000000000ULL, "2.2883557340936752e-246"},
    {0xbe10000000000000ULL, "-9.313225746154785e-10"},
    {0x9af0000000000000ULL, "-6.169394854663383e-179"},
    {0x7ba0000000000000ULL, "3.0454106285625e+287"},
    {0x6fe0000000000000ULL, "7.762590461503545e+230"},
    {0xddf0000000000000ULL, "-3.1217485503159922e+144"},
    {0x0410000000000000ULL, "4.1045368012983762e-289"},
    /* others */
    {0x3c6224b2c6fe2d7bULL, "7.868425063135642e-18"},
    {0x3e979a6f65a23a9fULL, "3.5171601598600953e-7"},
    {0xa4628603c75eab08ULL, "-2.03880113049118e-133"},
    {0xf1326cf2498bf77aULL, "-1.8747250381665984e+237"},
    {0x407778d5c0000000ULL, "375.55218505859375"},
    {0x408da09ea0000000ULL, "948.0774536132812"},
    {0x605636b6c25a1f74ULL, "1.1913494963279406e+156"},
    {0x4045872a3afeaaceULL, "43.0559762710087"},
};

START_TEST(spelled_as_javascript)
{
    char buf[NUMTEXT_MAX];
    for (size_t i = 0; i < sizeof javascript / sizeof javascript[0]; i++) {
        numtext_format(from_bits(javascript[i].bits), buf);
        ck_assert_str_eq(buf, javascript[i].text);
        double back;
        ck_assert(numtext_parse(javascript[i].text, strlen(javascript[i].text), &back));
        ck_assert_uint_eq(numtext_bits(back), javascript[i].bits);
    }
    numtext_format(NAN, buf);
    ck_assert_str_eq(buf, "NaN");
}
END_TEST

static uint64_t xorshift(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Random bit patterns (every exponent, subnormals, NaNs) and random float32-like values: format then
 * parse keeps the bits; the spelling is no longer than %.17g's, and one significant digit fewer does
 * not read back (the shortest). */
START_TEST(random_doubles_round_trip_shortest)
{
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    char buf[NUMTEXT_MAX], g17[40], fewer[40];
    for (int i = 0; i < 100000; i++) {
        uint64_t u = xorshift(&seed);
        double x = (i & 1) ? from_bits(u) : (double)(float)((double)(u >> 11) * 0x1p-53 * 2000.0 - 1000.0);
        assert_round_trip(x);
        if (!isfinite(x) || x == 0) continue;
        size_t n = numtext_format(x, buf);
        int len17 = snprintf(g17, sizeof g17, "%.17g", x);
        /* JavaScript's plain spellings ("0.00000ddd", 21-digit integers) are at most 2 longer */
        ck_assert_msg((int)n <= len17 + 2, "\"%s\" longer than \"%s\"", buf, g17);
        int k = significant_digits(buf);
        ck_assert_msg(k >= 1 && k <= 17, "\"%s\": %d significant digits", buf, k);
        ck_assert_msg(k <= significant_digits(g17), "\"%s\" has more digits than \"%s\"", buf, g17);
        if (k > 1) {
            snprintf(fewer, sizeof fewer, "%.*e", k - 2, x);
            ck_assert_msg(strtod(fewer, NULL) != x, "\"%s\" is not the shortest: \"%s\" reads back too", buf, fewer);
        }
    }
}
END_TEST

START_TEST(parse_accepts_the_syntax_only)
{
    static const char *good[] = {"0", "-0", "1", "1.5", "-1.5", "1e5", "1E5", "1e+21", "1e-7", "5e-324",
                                 "1.7976931348623157e+308", "NaN", "Infinity", "-Infinity", "0.000001", "1."};
    static const char *bad[] = {"", "+1", ".5", "inf", "-inf", "nan", "-NaN", "0x10", "1e", "1e+", "-", " 1",
                                "1 ", "1,5", "--1", "Infinity0", "infinity", "1e400", "-1e400", "1.5.5", "e5",
                                "one"};
    double v;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        ck_assert_msg(numtext_parse(good[i], strlen(good[i]), &v), "rejects \"%s\"", good[i]);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(!numtext_parse(bad[i], strlen(bad[i]), &v), "accepts \"%s\"", bad[i]);
    }
    ck_assert(!numtext_parse("1\0", 2, &v)); /* a NUL inside */
    ck_assert(numtext_parse("-0", 2, &v) && numtext_bits(v) == 0x8000000000000000ULL);
    ck_assert(numtext_parse("0", 1, &v) && numtext_bits(v) == 0);
    /* only the given length is read */
    ck_assert(numtext_parse("12345", 2, &v) && v == 12.0);
}
END_TEST

START_TEST(ulp_distance)
{
    double xs[] = {1.0, 0.1, -0.1, 1e300, -1e-300, 5e-324, DBL_MIN, 1.0 / 3.0};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        double x = xs[i];
        ck_assert_uint_eq(numtext_ulp_distance(x, x), 0);
        ck_assert_uint_eq(numtext_ulp_distance(x, nextafter(x, INFINITY)), 1);
        ck_assert_uint_eq(numtext_ulp_distance(nextafter(x, -INFINITY), x), 1);
        ck_assert_uint_eq(numtext_ulp_distance(nextafter(x, -INFINITY), nextafter(x, INFINITY)), 2);
    }
    ck_assert_uint_eq(numtext_ulp_distance(-0.0, 0.0), 1);
    ck_assert_uint_eq(numtext_ulp_distance(0.0, -0.0), 1);
    ck_assert_uint_eq(numtext_ulp_distance(-5e-324, 5e-324), 3); /* -min, -0, +0, +min */
    ck_assert_uint_eq(numtext_ulp_distance(DBL_MAX, INFINITY), 1);
    ck_assert_uint_eq(numtext_ulp_distance(NAN, NAN), 0);
    ck_assert_uint_eq(numtext_ulp_distance(NAN, 1.0), UINT64_MAX);
    ck_assert_uint_eq(numtext_ulp_distance(0.0, NAN), UINT64_MAX);
    ck_assert_uint_eq(numtext_ulp_distance(-DBL_MAX, DBL_MAX), 2 * 0x7fefffffffffffffULL + 1);
    ck_assert_uint_eq(numtext_ulp_distance(1.0, 2.0), 1ULL << 52);
}
END_TEST

/* Ryu (numtext_format) against the reference search (numtext_format_reference): the same text for
 * random bit patterns, short decimals, subnormals and powers of two of every exponent (fails on a
 * table entry or a rounding step off by one). */
START_TEST(ryu_matches_reference)
{
    uint64_t state = 88172645463325252ULL;
    long differ = 0;
    for (long i = 0; i < 200000; i++) {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        uint64_t u = state;
        double x;
        switch (i % 4) {
        case 0: x = from_bits(u); break;
        case 1: x = (double)(u % 100000) / (double)(1 + (u >> 40) % 1000); break;
        case 2: x = from_bits(u & 0x800fffffffffffffULL); break; /* subnormals */
        default: x = ldexp((u >> 63) ? -1.0 : 1.0, (int)(u % 2098) - 1074); break;
        }
        char fast[NUMTEXT_MAX], slow[NUMTEXT_MAX];
        numtext_format(x, fast);
        numtext_format_reference(x, slow);
        if (strcmp(fast, slow) != 0 && differ++ < 5) fprintf(stderr, "%a: %s, reference %s\n", x, fast, slow);
    }
    ck_assert_int_eq(differ, 0);
}
END_TEST

START_TEST(bits)
{
    ck_assert_uint_eq(numtext_bits(1.0), 0x3ff0000000000000ULL);
    ck_assert_uint_eq(numtext_bits(-0.0), 0x8000000000000000ULL);
    ck_assert_uint_eq(numtext_bits(-INFINITY), 0xfff0000000000000ULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("numtext");
    TCase *tc = tcase_create("numtext");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, specials_round_trip);
    tcase_add_test(tc, spelled_as_javascript);
    tcase_add_test(tc, random_doubles_round_trip_shortest);
    tcase_add_test(tc, parse_accepts_the_syntax_only);
    tcase_add_test(tc, ulp_distance);
    tcase_add_test(tc, bits);
    tcase_add_test(tc, ryu_matches_reference);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
