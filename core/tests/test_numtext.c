/* Check tests of core/src/numtext: every special double survives format then parse with its bits, the
 * spelling is JavaScript's String(x) and never longer than needed, the parser takes only the dump
 * syntax, and ULP distances count neighbours (-0 and +0 one apart, NaN equal to NaN). The powers of five
 * and the floor logarithms are recomputed with exact integers; spelling and reading are compared with
 * the printf/strtod reference (numtext_reference.h) on samples of every kind (numtext_check runs the
 * long comparisons: every float32, Node's String(x), hundreds of millions of doubles). */
#include "js/numtext.h"
#include "js/numtext_pow5.h"
#include "numtext_draws.h"
#include "numtext_reference.h"

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run_suite.h"

/* ck_assert_msg without Check's bookkeeping on success (a message to the runner per passing assertion,
 * which would dominate loops of millions) */
#define require(cond, ...) \
    do { \
        if (!(cond)) ck_abort_msg(__VA_ARGS__); \
    } while (0)

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
    require(n == strlen(buf) && n < NUMTEXT_MAX, "\"%s\": length %zu", buf, n);
    double back;
    require(numtext_parse(buf, n, &back), "numtext_parse rejects its own \"%s\"", buf);
    if (isnan(x)) require(isnan(back), "\"%s\" does not read back as NaN", buf);
    else
        require(numtext_bits(back) == numtext_bits(x), "\"%s\" reads back as 0x%016llx, not 0x%016llx", buf,
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
        require((int)n <= len17 + 2, "\"%s\" longer than \"%s\"", buf, g17);
        int k = significant_digits(buf);
        require(k >= 1 && k <= 17, "\"%s\": %d significant digits", buf, k);
        require(k <= significant_digits(g17), "\"%s\" has more digits than \"%s\"", buf, g17);
        if (k > 1) {
            snprintf(fewer, sizeof fewer, "%.*e", k - 2, x);
            require(strtod(fewer, NULL) != x, "\"%s\" is not the shortest: \"%s\" reads back too", buf, fewer);
        }
    }
}
END_TEST

static void assert_spelled_as_reference(double x)
{
    char got[NUMTEXT_MAX], want[NUMTEXT_MAX];
    numtext_format(x, got);
    reference_format(x, want);
    if (strcmp(got, want) != 0)
        ck_abort_msg("0x%016llx: \"%s\", the reference \"%s\"", (unsigned long long)numtext_bits(x), got, want);
}

/* The same spelling as the printf/strtod reference: every power of two and the ends of every binade
 * (both signs), the first and last subnormals, and 2,000 doubles of each class (numtext_check: every
 * float32 and hundreds of millions more). */
START_TEST(spelled_as_the_reference)
{
    for (uint64_t e = 0; e < 2047; e++)
        for (uint64_t sign = 0; sign < 2; sign++) {
            uint64_t base = sign << 63 | e << 52;
            assert_spelled_as_reference(from_bits(base));
            assert_spelled_as_reference(from_bits(base + 1));
            assert_spelled_as_reference(from_bits(base | 0x000fffffffffffffULL));
            assert_spelled_as_reference(from_bits(base | 0x0008000000000000ULL));
        }
    for (uint64_t u = 1; u < 2000; u++) assert_spelled_as_reference(from_bits(u));
    for (int b = 0; b < 52; b++) assert_spelled_as_reference(from_bits(1ULL << b));
    draw_state d = { 21 };
    for (int cls = 0; cls < DOUBLE_CLASS_COUNT; cls++)
        for (int i = 0; i < 2000; i++) assert_spelled_as_reference(draw_double(&d, cls));
}
END_TEST

static void assert_read_as_reference(const char *text)
{
    size_t len = strlen(text);
    double got = 0, want = 0;
    bool ok = numtext_parse(text, len, &got), ok_want = reference_parse(text, len, &want);
    if (ok != ok_want)
        ck_abort_msg("\"%s\": %s, the reference %s", text, ok ? "read" : "refused",
                     ok_want ? "reads it" : "refuses it");
    if (ok && numtext_bits(got) != numtext_bits(want))
        ck_abort_msg("\"%s\": 0x%016llx, the reference 0x%016llx", text, (unsigned long long)numtext_bits(got),
                     (unsigned long long)numtext_bits(want));
}

/* The same reading as strtod behind the syntax check: digit strings of every length, strings of number
 * characters, spellings of drawn doubles, halfway points and their neighbours, the edges of the range. */
START_TEST(read_as_the_reference)
{
    static const char *edges[] = {
        "2.4703282292062327e-324", "2.4703282292062328e-324", "4.9406564584124654e-324", "5e-324", "1e-400",
        "-1e-400", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e308",
        "1e309", "9007199254740993", "9007199254740993.0000000000000000001", "9007199254740992.9999999999999",
        "0.1", "1e23", "8.988465674311579e+307", "2.2250738585072011e-308", "2.2250738585072012e-308",
        "1.00000000000000011102230246251565404236316680908203125", "0e999999999", "-0e-999999999",
        "7.2057594037927933e16", "123456789012345678901234567890", "0.000000000000000000000000000001e30",
        "1.5", "-.5", "1.", "1.e5", "00000000000000000000000000000000000000000000000001", "NaN", "Infinity",
        /* numtext_parse.c:143:27 `!=` -> `==`: past the 19th integer digit, "93" lifts the value over the
         * halfway point between 1e20 and the next double (1e20 + 16384) */
        "100000000000000008193", "100000000000000008191",
    };
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) assert_read_as_reference(edges[i]);
    draw_state d = { 22 };
    char text[64];
    for (int len = 1; len <= 63; len++)
        for (int i = 0; i < 200; i++) {
            draw_digit_string(&d, text, len);
            assert_read_as_reference(text);
            draw_any_string(&d, text, len);
            assert_read_as_reference(text);
        }
    for (int i = 0; i < 20000; i++) {
        double x = draw_double(&d, (int)draw_below(&d, DOUBLE_CLASS_COUNT));
        numtext_format(x, text);
        assert_read_as_reference(text);
        snprintf(text, sizeof text, "%.17g", x);
        assert_read_as_reference(text);
        snprintf(text, sizeof text, "%.*e", (int)draw_below(&d, 40), x);
        assert_read_as_reference(text);
        if (isfinite(x))
            for (int nudge = -1; nudge <= 1; nudge++) {
                draw_halfway(x, 16 + (int)draw_below(&d, 41), nudge, text, sizeof text);
                assert_read_as_reference(text);
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
    /* numtext_parse.c:164:18 `<` -> `<=`: the exponent's digits stop at the given length too ("1e5" of
     * "1e55" is 100000, as Number("1e5")) */
    ck_assert(numtext_parse("1e55", 3, &v) && v == 1e5);
    /* numtext_parse.c:115:25 `>=` -> `>`: 63 characters are read, 64 are not */
    char digits[65];
    memset(digits, '1', 64);
    digits[64] = '\0';
    ck_assert(numtext_parse(digits, 63, &v) && v == 1.1111111111111111e62);
    ck_assert(!numtext_parse(digits, 64, &v));
    /* numtext_parse.c:120:20 `&&` -> `||`: another three-letter word, or NaN then more, is no number */
    ck_assert(!numtext_parse("Inf", 3, &v));
    ck_assert(!numtext_parse("NaNa", 4, &v));
    /* numtext_parse.c:121:45 `8` -> `9`: Infinity read from the first 8 bytes of a longer text, as "12" of
     * "12345" above, whatever byte follows */
    ck_assert(numtext_parse("Infinity!", 8, &v) && isinf(v) && v > 0);
    /* numtext_parse.c:120:40 `3` -> `4` and 122:46 `9` -> `10`: NaN and -Infinity read from the first bytes of
     * a longer text (a dump's token is followed by a tab or a newline, not a NUL) */
    ck_assert(numtext_parse("NaN\t", 3, &v) && isnan(v));
    ck_assert(numtext_parse("-Infinity\n", 9, &v) && isinf(v) && v < 0);
    /* numtext_parse.c:147:21 `<` -> `<=` and 158:11 `<` -> `<=`: the fraction's digits and the exponent's
     * letter stop at the given length ("1.5" of "1.55" is 1.5, "1" of "1e5" is 1) */
    ck_assert(numtext_parse("1.55", 3, &v) && v == 1.5);
    ck_assert(numtext_parse("1e5", 1, &v) && v == 1.0);
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

/* ---- exact integers, little-endian 32-bit words, enough for 2^2500 ---- */

#define BIG_WORDS 80
typedef struct big {
    uint32_t w[BIG_WORDS];
} big;

static big big_from(uint64_t v)
{
    big b = { { 0 } };
    b.w[0] = (uint32_t)v;
    b.w[1] = (uint32_t)(v >> 32);
    return b;
}

static void big_mul_small(big *b, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < BIG_WORDS; i++) {
        uint64_t t = (uint64_t)b->w[i] * m + carry;
        b->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
    require(carry == 0, "overflow");
}

static void big_shift_left(big *b, int bits)
{
    for (; bits >= 32; bits -= 32) {
        require(b->w[BIG_WORDS - 1] == 0, "overflow");
        memmove(b->w + 1, b->w, (BIG_WORDS - 1) * sizeof b->w[0]);
        b->w[0] = 0;
    }
    if (bits) {
        require(b->w[BIG_WORDS - 1] >> (32 - bits) == 0, "overflow");
        for (int i = BIG_WORDS - 1; i > 0; i--) b->w[i] = b->w[i] << bits | b->w[i - 1] >> (32 - bits);
        b->w[0] <<= bits;
    }
}

static void big_add(big *a, const big *b)
{
    uint64_t carry = 0;
    for (int i = 0; i < BIG_WORDS; i++) {
        uint64_t t = (uint64_t)a->w[i] + b->w[i] + carry;
        a->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
    require(carry == 0, "overflow");
}

static int big_cmp(const big *a, const big *b)
{
    for (int i = BIG_WORDS - 1; i >= 0; i--)
        if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static int big_bit_length(const big *b)
{
    for (int i = BIG_WORDS - 1; i >= 0; i--)
        if (b->w[i]) return 32 * i + 32 - __builtin_clz(b->w[i]);
    return 0;
}

static big big_power(uint32_t base, int e)
{
    big b = big_from(1);
    for (int i = 0; i < e; i++) big_mul_small(&b, base);
    return b;
}

/* b * t, t = hi * 2^64 + lo */
static big big_mul_u128(const big *b, numtext_u128_parts t)
{
    big sum = big_from(0);
    uint32_t words[4] = { (uint32_t)t.lo, (uint32_t)(t.lo >> 32), (uint32_t)t.hi, (uint32_t)(t.hi >> 32) };
    for (int k = 3; k >= 0; k--) {
        big_shift_left(&sum, 32);
        big part = *b;
        big_mul_small(&part, words[k]);
        big_add(&sum, &part);
    }
    return sum;
}

/* Every entry of the table is floor(5^q * 2^(127 - floor(log2 5^q))): for q >= 0, T * 2^j <= 5^q <
 * (T + 1) * 2^j with j = bits(5^q) - 128 (T exact when j <= 0); for q < 0, T * 5^n <= 2^(127 + bits(5^n))
 * < (T + 1) * 5^n. */
START_TEST(powers_of_five_exact)
{
    for (int q = NUMTEXT_POW5_MIN; q <= NUMTEXT_POW5_MAX; q++) {
        numtext_u128_parts t = numtext_pow5[q - NUMTEXT_POW5_MIN];
        require(t.hi >> 63, "5^%d: top bit not set", q);
        numtext_u128_parts t1 = { t.hi + (t.lo == UINT64_MAX), t.lo + 1 };
        big p = big_power(5, q < 0 ? -q : q), one = big_from(1);
        int b = big_bit_length(&p);
        big low, high, target;
        if (q >= 0) {
            low = big_mul_u128(&one, t), high = big_mul_u128(&one, t1), target = p;
            if (b > 128) big_shift_left(&low, b - 128), big_shift_left(&high, b - 128);
            else big_shift_left(&target, 128 - b);
        } else {
            low = big_mul_u128(&p, t), high = big_mul_u128(&p, t1), target = big_from(1);
            big_shift_left(&target, 127 + b);
        }
        require(big_cmp(&low, &target) <= 0 && big_cmp(&target, &high) < 0, "5^%d is not the table's", q);
        if (q >= 0 && b <= 128) require(big_cmp(&low, &target) == 0, "5^%d is not exact", q);
    }
}
END_TEST

/* x * base^e, e >= 0 */
static big big_scaled(big x, uint32_t base, int e)
{
    if (base == 2) big_shift_left(&x, e);
    else
        for (int i = 0; i < e; i++) big_mul_small(&x, base);
    return x;
}

/* whether k = floor(log_base(num / den)): base^k <= num / den < base^(k + 1), multiplied out */
static bool is_floor_log(big num, big den, uint32_t base, int k)
{
    for (int j = k; j <= k + 1; j++) {
        big left = j >= 0 ? num : big_scaled(num, base, -j), right = j >= 0 ? big_scaled(den, base, j) : den;
        int c = big_cmp(&left, &right);
        if (j == k ? c < 0 : c >= 0) return false;
    }
    return true;
}

static big power_of_two(int e) { return big_scaled(big_from(1), 2, e); }

/* The fixed-point floor logarithms give the exact floor over the ranges numtext uses (and more). */
START_TEST(floor_logarithms_exact)
{
    for (int q = -1100; q <= 1100; q++) {
        big num = power_of_two(q > 0 ? q : 0), den = power_of_two(q < 0 ? -q : 0);
        require(is_floor_log(num, den, 10, numtext_floor_log10_pow2(q)), "floor(log10 2^%d)", q);
        big three_num = power_of_two(q - 2 > 0 ? q - 2 : 0), three_den = power_of_two(q - 2 < 0 ? 2 - q : 0);
        big_mul_small(&three_num, 3);
        require(is_floor_log(three_num, three_den, 10, numtext_floor_log10_three_quarters_pow2(q)),
                      "floor(log10(3/4 2^%d))", q);
    }
    for (int e = -400; e <= 400; e++) {
        big num = big_scaled(big_from(1), 10, e > 0 ? e : 0), den = big_scaled(big_from(1), 10, e < 0 ? -e : 0);
        require(is_floor_log(num, den, 2, numtext_floor_log2_pow10(e)), "floor(log2 10^%d)", e);
    }
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
    tcase_add_test(tc, powers_of_five_exact);
    tcase_add_test(tc, floor_logarithms_exact);
    tcase_add_test(tc, spelled_as_the_reference);
    tcase_add_test(tc, read_as_the_reference);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
