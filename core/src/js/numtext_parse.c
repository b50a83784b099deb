/* Reading the dump's numbers (numtext_parse, see numtext.h): the nearest double to a decimal, ties to
 * even, as strtod gives it, without strtod in all but rare cases.
 *
 * The syntax is what the strtod reading accepted: at most 63 characters; NaN, Infinity, -Infinity; an
 * optional '-', digits with an optional '.' (not first), at least one digit, an optional exponent
 * (e or E, an optional sign, digits); a decimal too large for a double is refused (Infinity is spelled
 * out), one too small reads as 0.
 *
 * The value w * 10^q (w the first 19 significant digits) is found by Clinger's exact fast path when w
 * and 10^|q| are exact doubles, else by the Eisel-Lemire method (D. Lemire, "Number Parsing at a
 * Gigabyte per Second", 2021): w times a 128-bit truncated significand of 5^q, whose error is known to
 * be below one unit of the product's low half, so the top 54 bits are exact unless the bits below them
 * are all ones, and a product whose bits below the rounding bit are all zero is exactly halfway only
 * where 5^q is exact (0 <= q <= 23). Where it cannot decide (a carry it cannot rule out, more than 19
 * digits whose two bounds round apart) strtod reads the text. */
#include "numtext.h"
#include "numtext_pow5.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

#define NUMTEXT_INFINITY_BITS 0x7ff0000000000000ULL

static double from_bits(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* The bits of the double nearest to w * 10^q (w > 0); false when the method cannot decide. */
static bool eisel_lemire(uint64_t w, int q, uint64_t *bits)
{
    if (q < NUMTEXT_POW5_MIN) { /* below 10^19 * 10^-343 < 2^-1075: rounds to 0 */
        *bits = 0;
        return true;
    }
    if (q > 308) { /* at least 10^309 */
        *bits = NUMTEXT_INFINITY_BITS;
        return true;
    }
    int zeros = __builtin_clzll(w);
    uint64_t wn = w << zeros;
    const numtext_u128_parts *t = &numtext_pow5[q - NUMTEXT_POW5_MIN];
    u128 z = (u128)wn * t->hi;
    uint64_t hi = (uint64_t)(z >> 64), lo = (uint64_t)z;
    /* wn * t->lo / 2^64 < wn is missing from lo: it can reach the kept bits only when they are
     * followed by nine ones and lo + wn carries. Then add it, leaving an error below 1 in lo. */
    if ((hi & 0x1ff) == 0x1ff && lo + wn < lo) {
        u128 y = (u128)wn * t->lo;
        uint64_t y_hi = (uint64_t)(y >> 64), y_lo = (uint64_t)y;
        lo += y_hi;
        if (lo < y_hi) hi++;
        if ((hi & 0x1ff) == 0x1ff && lo == UINT64_MAX && y_lo + wn < y_lo) return false;
    }
    /* hi is in [2^62, 2^64): its top 54 bits are the 53 of the double and the rounding bit. */
    int top = (int)(hi >> 63);
    int shift = top + 9;
    uint64_t m = hi >> shift;
    bool rest_zero = (hi & ((1ULL << shift) - 1)) == 0 && lo == 0;
    int biased = numtext_floor_log2_pow10(q) + top - zeros + 1086; /* of m >> 1, were it normal */
    if (biased <= 0) {
        int more = 1 - biased; /* a subnormal keeps fewer bits */
        if (more > 54) {       /* below half the smallest subnormal */
            *bits = 0;
            return true;
        }
        rest_zero = rest_zero && (m & ((1ULL << more) - 1)) == 0;
        m >>= more;
        biased = 0;
    }
    uint64_t mantissa = m >> 1;
    if (m & 1) {
        /* Exactly halfway only when the product is exact (5^q fits 64 bits) and shows nothing below the
         * rounding bit; elsewhere the product is below the value (5^q truncated) or the value is never a
         * halfway point (its odd part would need more than 54 bits), so it is above halfway. */
        if (rest_zero && q >= 0 && q <= 23) mantissa += mantissa & 1; /* to even */
        else mantissa++;
    }
    if (biased == 0) { /* subnormal: the mantissa may round up into the smallest normal */
        *bits = mantissa;
        return true;
    }
    if (mantissa == 1ULL << 53) {
        mantissa >>= 1;
        biased++;
    }
    *bits = biased >= 2047 ? NUMTEXT_INFINITY_BITS : ((uint64_t)biased << 52) | (mantissa & 0x000fffffffffffffULL);
    return true;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static const double exact_powers_of_ten[23] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };

/* Whether text (a NUL-free spelling of this syntax) reads as a finite double, by strtod. */
static bool read_by_strtod(const char *s, size_t len, double *out)
{
    char text[64];
    memcpy(text, s, len);
    text[len] = '\0';
    double v = strtod(text, NULL);
    if (isinf(v)) return false; /* too large for a double */
    *out = v;
    return true;
}

bool numtext_parse(const char *s, size_t len, double *out)
{
    if (len == 0 || len >= 64) return false;
    /* The words, compared as C strings (up to a NUL), as the strtod reading compared them. */
    if (s[0] == 'N' || s[0] == 'I' || (s[0] == '-' && len > 1 && s[1] == 'I')) {
        const char *nul = memchr(s, '\0', len);
        size_t n = nul ? (size_t)(nul - s) : len;
        if (n == 3 && memcmp(s, "NaN", 3) == 0) { *out = from_bits(0x7ff8000000000000ULL); return true; }
        if (n == 8 && memcmp(s, "Infinity", 8) == 0) { *out = from_bits(NUMTEXT_INFINITY_BITS); return true; }
        if (n == 9 && memcmp(s, "-Infinity", 9) == 0) {
            *out = from_bits(NUMTEXT_INFINITY_BITS | 1ULL << 63);
            return true;
        }
        return false;
    }
    const char *p = s, *end = s + len;
    bool negative = *p == '-';
    if (negative) p++;
    else if (*p == '.') return false;

    /* The digits: the first 19 significant ones in w, the rest only noted (dropped, nonzero). */
    uint64_t w = 0;
    int kept = 0, scale = 0, digits = 0;
    bool dropped = false;
    for (; p < end && is_digit(*p); p++, digits++) {
        if (kept < 19) {
            w = w * 10 + (uint64_t)(*p - '0');
            kept += w != 0;
        } else {
            scale++;
            dropped |= *p != '0';
        }
    }
    if (p < end && *p == '.') {
        for (p++; p < end && is_digit(*p); p++, digits++) {
            if (kept < 19) {
                w = w * 10 + (uint64_t)(*p - '0');
                kept += w != 0;
                scale--;
            } else {
                dropped |= *p != '0';
            }
        }
    }
    if (digits == 0) return false;
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        bool exponent_negative = p < end && *p == '-';
        if (p < end && (*p == '-' || *p == '+')) p++;
        if (p == end || !is_digit(*p)) return false;
        int exponent = 0;
        for (; p < end && is_digit(*p); p++)
            if (exponent < 100000) exponent = exponent * 10 + (*p - '0');
        scale += exponent_negative ? -exponent : exponent;
    }
    if (p != end) return false;

    uint64_t bits;
    if (w == 0) {
        bits = 0;
    } else if (!dropped && w <= 1ULL << 53 && scale >= -22 && scale <= 22) {
        double v = (double)w;
        v = scale < 0 ? v / exact_powers_of_ten[-scale] : v * exact_powers_of_ten[scale];
        bits = numtext_bits(v);
    } else if (!eisel_lemire(w, scale, &bits)) {
        return read_by_strtod(s, len, out);
    } else if (dropped) { /* the value lies in [w, w + 1) * 10^scale: decided when both ends agree */
        uint64_t upper;
        if (!eisel_lemire(w + 1, scale, &upper) || upper != bits) return read_by_strtod(s, len, out);
    }
    if (bits == NUMTEXT_INFINITY_BITS) return false;
    *out = from_bits(bits | (uint64_t)negative << 63);
    return true;
}
