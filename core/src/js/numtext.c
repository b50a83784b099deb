/* Numbers as text, exactly (see numtext.h): a double's shortest round-trip decimal, spelled as
 * JavaScript's String(x) spells it. Reading text back is numtext_parse.c.
 *
 * The digits come from the Schubfach method (R. Giulietti, "The Schubfach way to render doubles", 2020):
 * x = c * 2^q is scaled by a 126-bit approximation g of 10^-k (k = floor(log10 2^q)), rounded to odd,
 * which keeps every comparison with the ends of x's rounding interval exact. The interval is at most ten
 * units of 10^k wide, so it holds at most one multiple of ten units: that one if it is there (then
 * trailing zeros make it shorter still), else the nearer of the two units around x (ties to the even
 * one), which is what ECMAScript's Number::toString asks for. */
#include "numtext.h"
#include "numtext_pow5.h"

#include <string.h>

__extension__ typedef unsigned __int128 u128;

uint64_t numtext_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* g * cp / 2^127 rounded to odd (the floor, its lowest bit set when a fraction was cut off), g being
 * g_hi * 2^64 + g_lo < 2^126. The product's lowest 64 bits are left out: g exceeds the power of ten it
 * stands for by less than 1, which adds less than cp < 2^60 there, so an exact integer stays exact
 * (and the fraction of one that is not is never that small). */
static uint64_t round_to_odd(uint64_t g_hi, uint64_t g_lo, uint64_t cp)
{
    u128 high = (u128)g_hi * cp + (((u128)g_lo * cp) >> 64); /* floor(g * cp / 2^64) */
    return (uint64_t)(high >> 63) | (((uint64_t)high & 0x7fffffffffffffffULL) != 0);
}

/* The shortest decimal digits * 10^*exponent that reads back to the positive finite double of these
 * bits, nearest to it, ties to an even last digit. */
static uint64_t shortest_decimal(uint64_t bits, int *exponent)
{
    uint64_t fraction = bits & 0x000fffffffffffffULL;
    int biased = (int)(bits >> 52) & 0x7ff;
    uint64_t c = biased ? fraction | 0x0010000000000000ULL : fraction;
    int q = biased ? biased - 1075 : -1074;

    /* An integer below 2^53: the doubles around it are at most 1 apart, so no other decimal of as few
     * digits reads back to it. */
    if (q <= 0 && q > -53) {
        uint64_t whole = c >> -q;
        if (whole << -q == c) {
            *exponent = 0;
            return whole;
        }
    }

    /* x's rounding interval in quarter units of 2^q: [cb - 2, cb + 2], or [cb - 1, cb + 2] at a power of
     * two (the double below is twice as close); the ends belong to it when c is even (they read back
     * as the even neighbour). */
    uint64_t cb = c << 2, cb_right = cb + 2, cb_left;
    int k;
    if (fraction != 0 || biased <= 1) {
        cb_left = cb - 2;
        k = numtext_floor_log10_pow2(q);
    } else {
        cb_left = cb - 1;
        k = numtext_floor_log10_three_quarters_pow2(q);
    }
    int ends_out = (int)(c & 1);

    /* g = 10^-k * 2^(125 - floor(log2 10^-k)), rounded up: the power of five's significand / 4 + 1. */
    const numtext_u128_parts *t = &numtext_pow5[-k - NUMTEXT_POW5_MIN];
    uint64_t g_hi = t->hi >> 2, g_lo = (t->hi << 62) | (t->lo >> 2);
    if (++g_lo == 0) g_hi++;
    int h = q + numtext_floor_log2_pow10(-k) + 2; /* 2 .. 5: cb << h stays below 2^60 */

    /* x, and the interval's ends, in quarter units of 10^k */
    uint64_t v = round_to_odd(g_hi, g_lo, cb << h);
    uint64_t v_left = round_to_odd(g_hi, g_lo, cb_left << h) + (uint64_t)ends_out;
    uint64_t v_right = round_to_odd(g_hi, g_lo, cb_right << h) - (uint64_t)ends_out;

    uint64_t s = v >> 2;
    uint64_t tens_below = s / 10 * 10, tens_above = tens_below + 10;
    bool below_in = v_left <= tens_below << 2, above_in = tens_above << 2 <= v_right;
    *exponent = k;
    if (below_in != above_in) return below_in ? tens_below : tens_above;
    bool s_in = v_left <= s << 2, next_in = (s + 1) << 2 <= v_right;
    if (s_in != next_in) return s_in ? s : s + 1;
    /* both: the nearer, and the even one when x is halfway */
    uint64_t middle = (s << 2) + 2;
    return v < middle || (v == middle && (s & 1) == 0) ? s : s + 1;
}

static const char two_digits[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                    "8081828384858687888990919293949596979899";

/* Writes the decimal digits of f (no leading zeros) into d and returns how many. */
static int write_digits(uint64_t f, char d[20])
{
    char tmp[20];
    int n = 20;
    while (f >= 100) {
        unsigned r = (unsigned)(f % 100);
        f /= 100;
        n -= 2;
        memcpy(tmp + n, two_digits + 2 * r, 2);
    }
    if (f >= 10) {
        n -= 2;
        memcpy(tmp + n, two_digits + 2 * f, 2);
    } else {
        tmp[--n] = (char)('0' + f);
    }
    memcpy(d, tmp + n, (size_t)(20 - n));
    return 20 - n;
}

/* Spells the decimal digits d (k of them) with the decimal point after n digits, as JavaScript's
 * Number.prototype.toString places it: plain for 1e-6 <= |x| < 1e21, exponential otherwise. */
static size_t spell_like_javascript(bool negative, const char *d, int k, int n, char *buf)
{
    char *p = buf;
    if (negative) *p++ = '-';
    if (k <= n && n <= 21) {
        memcpy(p, d, (size_t)k), p += k;
        memset(p, '0', (size_t)(n - k)), p += n - k;
    } else if (0 < n && n <= 21) {
        memcpy(p, d, (size_t)n), p += n;
        *p++ = '.';
        memcpy(p, d + n, (size_t)(k - n)), p += k - n;
    } else if (-6 < n && n <= 0) {
        *p++ = '0', *p++ = '.';
        memset(p, '0', (size_t)-n), p += -n;
        memcpy(p, d, (size_t)k), p += k;
    } else {
        *p++ = d[0];
        if (k > 1) {
            *p++ = '.';
            memcpy(p, d + 1, (size_t)(k - 1)), p += k - 1;
        }
        int e = n - 1;
        *p++ = 'e';
        *p++ = e < 0 ? '-' : '+';
        if (e < 0) e = -e;
        if (e >= 100) *p++ = (char)('0' + e / 100);
        if (e >= 10) *p++ = (char)('0' + e / 10 % 10);
        *p++ = (char)('0' + e % 10);
    }
    *p = '\0';
    return (size_t)(p - buf);
}

size_t numtext_format(double x, char buf[NUMTEXT_MAX])
{
    uint64_t bits = numtext_bits(x);
    bool negative = bits >> 63;
    uint64_t magnitude = bits & 0x7fffffffffffffffULL;
    const char *word = NULL;
    if (magnitude > 0x7ff0000000000000ULL) word = "NaN";
    else if (magnitude == 0x7ff0000000000000ULL) word = negative ? "-Infinity" : "Infinity";
    else if (magnitude == 0) word = negative ? "-0" : "0";
    if (word) {
        size_t n = strlen(word);
        memcpy(buf, word, n + 1);
        return n;
    }
    int exponent;
    uint64_t f = shortest_decimal(magnitude, &exponent);
    while (f % 10 == 0) f /= 10, exponent++;
    char d[20];
    int k = write_digits(f, d);
    return spell_like_javascript(negative, d, k, k + exponent, buf);
}

/* Maps a double's bits to an integer line on which neighbouring doubles are neighbouring integers,
 * -0 and +0 one apart. */
static int64_t ordered(double x)
{
    uint64_t u = numtext_bits(x);
    if (u >> 63) return -(int64_t)(u & 0x7fffffffffffffffULL) - 1;
    return (int64_t)u;
}

uint64_t numtext_ulp_distance(double x, double y)
{
    bool x_nan = x != x, y_nan = y != y;
    if (x_nan || y_nan) return (x_nan && y_nan) ? 0 : UINT64_MAX;
    int64_t a = ordered(x), b = ordered(y);
    return a > b ? (uint64_t)a - (uint64_t)b : (uint64_t)b - (uint64_t)a;
}
