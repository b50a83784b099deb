/* Numbers as text, exactly (see numtext.h). The shortest round-trip digits come from Ryu (Ulf Adams,
 * "Ryu: fast float-to-string conversion", PLDI 2018; its tables in numtext_tables.h): the interval of
 * decimals that read back to x, scaled by a power of 5 to 64 bits, and as many trailing digits removed
 * as stay inside it, the last rounded to the nearest (ties to even, as strtod reads). The slower
 * reference (printf for 1 to 17 significant digits, the first that strtod reads back) is kept as
 * numtext_format_reference, which the tests compare it with. */
#include "numtext.h"
#include "numtext_tables.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t numtext_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* Spells the decimal digits d (k of them) with the decimal point after n digits, as JavaScript's
 * Number.prototype.toString places it: plain for 1e-7 < |x| < 1e21, exponential otherwise. */
static size_t spell_like_javascript(bool negative, const char *d, int k, int n, char *buf)
{
    char *p = buf;
    if (negative) *p++ = '-';
    if (k <= n && n <= 21) {
        memcpy(p, d, (size_t)k), p += k;
        for (int i = k; i < n; i++) *p++ = '0';
    } else if (0 < n && n <= 21) {
        memcpy(p, d, (size_t)n), p += n;
        *p++ = '.';
        memcpy(p, d + n, (size_t)(k - n)), p += k - n;
    } else if (-6 < n && n <= 0) {
        *p++ = '0', *p++ = '.';
        for (int i = 0; i < -n; i++) *p++ = '0';
        memcpy(p, d, (size_t)k), p += k;
    } else {
        *p++ = d[0];
        if (k > 1) {
            *p++ = '.';
            memcpy(p, d + 1, (size_t)(k - 1)), p += k - 1;
        }
        p += sprintf(p, "e%c%d", n - 1 < 0 ? '-' : '+', n - 1 < 0 ? 1 - n : n - 1);
    }
    *p = '\0';
    return (size_t)(p - buf);
}

/* Moves the %e spelling e ("-d.ddde-XX") one unit in its last digit away from zero (dir 1) or towards
 * it (dir -1); false when that would change the number of digits before the point. */
static bool nudge_last_digit(char *e, int dir)
{
    size_t first = e[0] == '-';
    size_t i = (size_t)(strchr(e, 'e') - e);
    while (i-- > first) {
        if (e[i] == '.') continue;
        if (dir > 0 && e[i] == '9') { e[i] = '0'; continue; }
        if (dir < 0 && e[i] == '0') { e[i] = '9'; continue; }
        e[i] = (char)(e[i] + dir);
        return e[first] != '0';
    }
    return false; /* 9.99 + 1 unit: one digit more */
}

/* Writes x with `digits` significant digits as printf's correctly rounded %e into e; true when that
 * reads back to x. At a power of two the doubles below x are twice as close as those above, so the
 * nearest decimal of this many digits can miss while its neighbour on the other side of x reads back
 * to x (JavaScript then prints that neighbour): that one is tried too. */
static bool spell_digits(double x, int digits, char e[NUMTEXT_MAX])
{
    snprintf(e, NUMTEXT_MAX, "%.*e", digits - 1, x);
    double nearest = strtod(e, NULL);
    if (nearest == x) return true;
    char other[NUMTEXT_MAX];
    memcpy(other, e, NUMTEXT_MAX);
    if (nudge_last_digit(other, (nearest < x) == (x > 0) ? 1 : -1) && strtod(other, NULL) == x) {
        memcpy(e, other, NUMTEXT_MAX);
        return true;
    }
    return false;
}

size_t numtext_format_reference(double x, char buf[NUMTEXT_MAX])
{
    if (isnan(x)) return (size_t)snprintf(buf, NUMTEXT_MAX, "NaN");
    if (isinf(x)) return (size_t)snprintf(buf, NUMTEXT_MAX, x < 0 ? "-Infinity" : "Infinity");
    if (x == 0) return (size_t)snprintf(buf, NUMTEXT_MAX, signbit(x) ? "-0" : "0");
    /* The fewest significant digits that read back to x. Reading back is monotone in the number of
     * digits (more digits are never farther from x) and 17 always read back: a binary search. */
    char e[NUMTEXT_MAX];
    int lo = 1, hi = 17;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (spell_digits(x, mid, e)) hi = mid;
        else lo = mid + 1;
    }
    spell_digits(x, hi, e);
    /* e is "-d.ddde-XX": collect the digits (dropping trailing zeros) and the exponent. */
    char d[20];
    int k = 0;
    const char *p = e + (x < 0);
    for (; *p != 'e'; p++)
        if (*p != '.') d[k++] = *p;
    while (k > 1 && d[k - 1] == '0') k--;
    int exponent = atoi(p + 1);
    return spell_like_javascript(x < 0, d, k, exponent + 1, buf);
}

/* ---- Ryu ---------------------------------------------------------------------------------------------- */

static inline uint32_t pow5bits(int32_t e) { return (uint32_t)(((uint32_t)e * 1217359) >> 19) + 1; }
static inline uint32_t log10_pow2(int32_t e) { return ((uint32_t)e * 78913) >> 18; }
static inline uint32_t log10_pow5(int32_t e) { return ((uint32_t)e * 732923) >> 20; }

static inline uint32_t pow5_factor(uint64_t v)
{
    uint32_t count = 0;
    while (v % 5 == 0) {
        v /= 5;
        count++;
    }
    return count;
}

static inline bool multiple_of_pow5(uint64_t v, uint32_t p) { return pow5_factor(v) >= p; }
static inline bool multiple_of_pow2(uint64_t v, uint32_t p) { return (v & ((1ull << p) - 1)) == 0; }

/* (m * mul) >> j, mul a 128-bit table entry (low, high), j >= 64. */
static inline uint64_t mul_shift(uint64_t m, const uint64_t mul[2], int32_t j)
{
    unsigned __int128 b0 = (unsigned __int128)m * mul[0];
    unsigned __int128 b2 = (unsigned __int128)m * mul[1];
    return (uint64_t)(((b0 >> 64) + b2) >> (j - 64));
}

/* The shortest decimal digits of the finite, nonzero |x| that read back to it: *digits_out with
 * *exp10_out such that |x| reads as digits * 10^exp10. */
static void shortest(double x, uint64_t *digits_out, int32_t *exp10_out)
{
    uint64_t bits = numtext_bits(x);
    uint64_t mantissa = bits & ((1ull << 52) - 1);
    uint32_t exponent = (uint32_t)((bits >> 52) & 0x7ff);
    int32_t e2;
    uint64_t m2;
    if (exponent == 0) {
        e2 = 1 - 1023 - 52 - 2;
        m2 = mantissa;
    } else {
        e2 = (int32_t)exponent - 1023 - 52 - 2;
        m2 = (1ull << 52) | mantissa;
    }
    bool even = (m2 & 1) == 0, accept_bounds = even;
    uint64_t mv = 4 * m2;
    uint32_t mm_shift = mantissa != 0 || exponent <= 1;
    uint64_t vr, vp, vm;
    int32_t e10;
    bool vm_trailing_zeros = false, vr_trailing_zeros = false;
    if (e2 >= 0) {
        uint32_t q = log10_pow2(e2) - (e2 > 3);
        e10 = (int32_t)q;
        int32_t k = NUMTEXT_POW5_INV_BITCOUNT + (int32_t)pow5bits((int32_t)q) - 1;
        int32_t i = -e2 + (int32_t)q + k;
        vr = mul_shift(4 * m2, numtext_pow5_inv_split[q], i);
        vp = mul_shift(4 * m2 + 2, numtext_pow5_inv_split[q], i);
        vm = mul_shift(4 * m2 - 1 - mm_shift, numtext_pow5_inv_split[q], i);
        if (q <= 21) {
            if (mv % 5 == 0) vr_trailing_zeros = multiple_of_pow5(mv, q);
            else if (accept_bounds) vm_trailing_zeros = multiple_of_pow5(mv - 1 - mm_shift, q);
            else vp -= multiple_of_pow5(mv + 2, q);
        }
    } else {
        uint32_t q = log10_pow5(-e2) - (-e2 > 1);
        e10 = (int32_t)q + e2;
        int32_t i = -e2 - (int32_t)q;
        int32_t k = (int32_t)pow5bits(i) - NUMTEXT_POW5_BITCOUNT;
        int32_t j = (int32_t)q - k;
        vr = mul_shift(4 * m2, numtext_pow5_split[i], j);
        vp = mul_shift(4 * m2 + 2, numtext_pow5_split[i], j);
        vm = mul_shift(4 * m2 - 1 - mm_shift, numtext_pow5_split[i], j);
        if (q <= 1) {
            vr_trailing_zeros = true;
            if (accept_bounds) vm_trailing_zeros = mm_shift == 1;
            else --vp;
        } else if (q < 63) {
            vr_trailing_zeros = multiple_of_pow2(mv, q);
        }
    }
    int32_t removed = 0;
    uint8_t last_removed = 0;
    uint64_t output;
    if (vm_trailing_zeros || vr_trailing_zeros) {
        while (vp / 10 > vm / 10) {
            vm_trailing_zeros &= vm % 10 == 0;
            vr_trailing_zeros &= last_removed == 0;
            last_removed = (uint8_t)(vr % 10);
            vr /= 10, vp /= 10, vm /= 10;
            removed++;
        }
        if (vm_trailing_zeros)
            while (vm % 10 == 0) {
                vr_trailing_zeros &= last_removed == 0;
                last_removed = (uint8_t)(vr % 10);
                vr /= 10, vp /= 10, vm /= 10;
                removed++;
            }
        if (vr_trailing_zeros && last_removed == 5 && vr % 2 == 0) last_removed = 4; /* ties to even */
        output = vr + ((vr == vm && (!accept_bounds || !vm_trailing_zeros)) || last_removed >= 5);
    } else {
        bool round_up = false;
        while (vp / 10 > vm / 10) {
            round_up = vr % 10 >= 5;
            vr /= 10, vp /= 10, vm /= 10;
            removed++;
        }
        output = vr + (vr == vm || round_up);
    }
    *digits_out = output;
    *exp10_out = e10 + removed;
}

size_t numtext_format(double x, char buf[NUMTEXT_MAX])
{
    if (isnan(x)) return (size_t)snprintf(buf, NUMTEXT_MAX, "NaN");
    if (isinf(x)) return (size_t)snprintf(buf, NUMTEXT_MAX, x < 0 ? "-Infinity" : "Infinity");
    if (x == 0) return (size_t)snprintf(buf, NUMTEXT_MAX, signbit(x) ? "-0" : "0");
    uint64_t v;
    int32_t e10;
    shortest(x, &v, &e10);
    char d[24];
    int k = 0;
    char rev[24];
    while (v > 0) {
        rev[k++] = (char)('0' + v % 10);
        v /= 10;
    }
    for (int i = 0; i < k; i++) d[i] = rev[k - 1 - i];
    /* x reads as d * 10^e10: the point after k + e10 digits. */
    return spell_like_javascript(x < 0, d, k, k + e10, buf);
}

bool numtext_parse(const char *s, size_t len, double *out)
{
    char tmp[64];
    if (len == 0 || len >= sizeof tmp) return false;
    memcpy(tmp, s, len);
    tmp[len] = '\0';
    if (strcmp(tmp, "NaN") == 0) { *out = NAN; return true; }
    if (strcmp(tmp, "Infinity") == 0) { *out = INFINITY; return true; }
    if (strcmp(tmp, "-Infinity") == 0) { *out = -INFINITY; return true; }
    /* Only decimal spellings: no hex floats, no "inf"/"nan" words, no leading '+' or spaces. */
    for (size_t i = 0; i < len; i++) {
        char c = tmp[i];
        if (!((c >= '0' && c <= '9') || c == '-' || c == '.' || c == 'e' || c == 'E' || c == '+'))
            return false;
    }
    if (tmp[0] == '+' || tmp[0] == '.' || tmp[0] == 'e' || tmp[0] == 'E') return false;
    char *end;
    errno = 0;
    double v = strtod(tmp, &end);
    if (end != tmp + len) return false;
    if (isinf(v)) return false; /* a decimal too large for a double: Infinity is spelled out */
    *out = v;
    return true;
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
    if (isnan(x) || isnan(y)) return (isnan(x) && isnan(y)) ? 0 : UINT64_MAX;
    int64_t a = ordered(x), b = ordered(y);
    return a > b ? (uint64_t)a - (uint64_t)b : (uint64_t)b - (uint64_t)a;
}
