/* The numbers test_numtext and numtext_check draw: doubles of every class (bit patterns, float32
 * values, subnormals, short significands, decimals, integers, powers of two, the spelling's switch
 * points) and texts of every kind (digit strings of every length, shortest and long spellings, the
 * halfway points between neighbouring doubles), from a seeded xorshift generator: the same seed gives
 * the same numbers. */
#ifndef POSECORE_NUMTEXT_DRAWS_H
#define POSECORE_NUMTEXT_DRAWS_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct draw_state {
    uint64_t s;
} draw_state;

static inline uint64_t draw_u64(draw_state *d)
{
    /* xorshift64*; a zero state is moved off zero */
    if (d->s == 0) d->s = 0x9E3779B97F4A7C15ULL;
    d->s ^= d->s >> 12;
    d->s ^= d->s << 25;
    d->s ^= d->s >> 27;
    return d->s * 0x2545F4914F6CDD1DULL;
}

static inline uint64_t draw_below(draw_state *d, uint64_t n) { return draw_u64(d) % n; }

static inline double draw_from_bits(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

static inline uint64_t draw_bits_of(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* ---- doubles ---- */

enum {
    DOUBLE_BIT_PATTERN,    /* any 64 bits: every exponent, both signs, now and then NaN or Infinity */
    DOUBLE_FLOAT32,        /* a float32 bit pattern, widened */
    DOUBLE_SUBNORMAL,      /* exponent field 0 */
    DOUBLE_SHORT,          /* 1 to 24 leading significand bits, the rest 0, any exponent: exact ties */
    DOUBLE_DECIMAL,        /* a decimal of 1 to 17 digits, 10^-30 .. 10^30, read by strtod */
    DOUBLE_INTEGER,        /* an integer of 1 to 64 bits */
    DOUBLE_POWER_OF_TWO,   /* 2^e and its neighbours up to 4 units away */
    DOUBLE_SWITCH_POINT,   /* near 10^n for -330 <= n <= 310, where the digit count and spelling switch */
    DOUBLE_CLASS_COUNT
};

static const char *const double_class_names[DOUBLE_CLASS_COUNT] = {
    "bit patterns", "float32 values", "subnormals", "short significands",
    "decimals of 1-17 digits", "integers", "powers of two and neighbours", "near powers of ten",
};

static inline double draw_double(draw_state *d, int cls)
{
    uint64_t u = draw_u64(d), sign = (draw_u64(d) & 1) << 63;
    switch (cls) {
    case DOUBLE_BIT_PATTERN: return draw_from_bits(u);
    case DOUBLE_FLOAT32: {
        uint32_t f32 = (uint32_t)u;
        float f;
        memcpy(&f, &f32, sizeof f);
        return (double)f;
    }
    case DOUBLE_SUBNORMAL: return draw_from_bits(sign | (u & 0x000fffffffffffffULL));
    case DOUBLE_SHORT: {
        int keep = 1 + (int)draw_below(d, 24);
        uint64_t fraction = (u & 0x000fffffffffffffULL) >> (52 - keep) << (52 - keep);
        uint64_t exponent = draw_below(d, 2047);
        return draw_from_bits(sign | exponent << 52 | fraction);
    }
    case DOUBLE_DECIMAL: {
        char text[40];
        int digits = 1 + (int)draw_below(d, 17), exponent = (int)draw_below(d, 61) - 30;
        int n = 0;
        if (sign) text[n++] = '-';
        for (int i = 0; i < digits; i++) text[n++] = (char)('0' + (i == 0 ? 1 + draw_below(d, 9) : draw_below(d, 10)));
        snprintf(text + n, sizeof text - (size_t)n, "e%d", exponent);
        return strtod(text, NULL);
    }
    case DOUBLE_INTEGER: {
        int bits = 1 + (int)draw_below(d, 64);
        uint64_t v = bits == 64 ? u : u & ((1ULL << bits) - 1);
        return sign ? -(double)v : (double)v;
    }
    case DOUBLE_POWER_OF_TWO: {
        uint64_t exponent = 1 + draw_below(d, 2046);
        int64_t offset = (int64_t)draw_below(d, 9) - 4;
        uint64_t bits = (exponent << 52) + (uint64_t)offset;
        if (draw_below(d, 8) == 0) bits = 1ULL << draw_below(d, 52); /* a subnormal power of two */
        return draw_from_bits(sign | bits);
    }
    default: {
        char text[16];
        snprintf(text, sizeof text, "1e%d", (int)draw_below(d, 641) - 330);
        double x = strtod(text, NULL);
        int64_t offset = (int64_t)draw_below(d, 65) - 32;
        uint64_t bits = draw_bits_of(x) + (uint64_t)offset;
        if (x == 0 || (int64_t)bits < 0) bits = draw_below(d, 64);
        return draw_from_bits(sign | bits);
    }
    }
}

/* ---- texts ---- */

enum {
    TEXT_DIGITS,        /* a well-formed decimal of 1 to 63 characters: digits, a point, an exponent */
    TEXT_ANY,           /* 1 to 63 characters of "0123456789.-+eE", well-formed or not */
    TEXT_SHORTEST,      /* the shortest spelling of a drawn double (numtext_format's caller supplies it) */
    TEXT_LONG,          /* a drawn double as %.17g or %.Ne with N up to 40 */
    TEXT_HALFWAY,       /* the halfway point of two neighbouring doubles, exact or one unit off, to 56 digits */
    TEXT_CLASS_COUNT
};

static const char *const text_class_names[TEXT_CLASS_COUNT] = {
    "digit strings of 1-63 characters", "strings of number characters", "shortest spellings",
    "%.17g and long %e spellings", "halfway points and their neighbours",
};

static inline void draw_digits(draw_state *d, char *out, int n)
{
    for (int i = 0; i < n; i++) out[i] = (char)('0' + draw_below(d, 10));
}

/* A well-formed decimal of exactly len characters (1 <= len <= 63) into out (64 bytes). */
static inline void draw_digit_string(draw_state *d, char *out, int len)
{
    int n = 0;
    if (len >= 2 && draw_below(d, 2)) out[n++] = '-';
    int room = len - n - 2 < 5 ? len - n - 2 : 5; /* digits and sign the exponent may take */
    int exponent_len = len - n >= 4 && draw_below(d, 2) ? 2 + (int)draw_below(d, (uint64_t)room) : 0;
    int mantissa = len - n - exponent_len;
    /* the mantissa: digits with a point somewhere (not first when there is no sign) */
    draw_digits(d, out + n, mantissa);
    if (mantissa >= 2 && draw_below(d, 4)) {
        int at = (int)draw_below(d, (uint64_t)mantissa);
        if (at == 0 && n == 0) at = 1;
        out[n + at] = '.';
    }
    /* leading zeros now and then, which the first 19 significant digits must skip */
    if (draw_below(d, 4) == 0)
        for (int i = n; i < n + mantissa && out[i] != '.' && draw_below(d, 3); i++) out[i] = '0';
    n += mantissa;
    if (exponent_len) {
        out[n++] = draw_below(d, 2) ? 'e' : 'E';
        int digits = exponent_len - 1;
        if (digits >= 2 && draw_below(d, 2)) out[n++] = draw_below(d, 2) ? '-' : '+', digits--;
        /* an exponent near the edges of the range more often than not */
        char e[8];
        int v = (int)draw_below(d, 400);
        if (draw_below(d, 2)) v = 280 + (int)draw_below(d, 60);
        snprintf(e, sizeof e, "%0*d", digits, v);
        memcpy(out + n, e + strlen(e) - (size_t)digits, (size_t)digits);
        n += digits;
    }
    out[n] = '\0';
}

static inline void draw_any_string(draw_state *d, char *out, int len)
{
    static const char alphabet[] = "0123456789.-+eE";
    for (int i = 0; i < len; i++) {
        /* mostly digits */
        uint64_t r = draw_below(d, 40);
        out[i] = r < 25 ? (char)('0' + r % 10) : alphabet[10 + r % 5];
    }
    out[len] = '\0';
}

/* The point halfway between x (finite) and its upper neighbour, as %.*Le with digits significant
 * digits, moved by `nudge` units in its last digit (-1, 0, +1). */
static inline void draw_halfway(double x, int digits, int nudge, char *out, size_t size)
{
    long double a = x, b = nextafter(x, INFINITY);
    if (isinf(b)) b = (long double)x * 2 - (long double)nextafter(x, -INFINITY); /* beyond the largest */
    long double middle = (a + b) / 2; /* exact: 54 bits fit the 64 of long double */
    snprintf(out, size, "%.*Le", digits - 1, middle);
    if (nudge) {
        char *e = strchr(out, 'e');
        char *p = e - 1;
        if (nudge > 0) {
            while (p >= out && (*p == '9' || *p == '.')) {
                if (*p == '9') *p = '0';
                p--;
            }
            if (p >= out && *p >= '0' && *p <= '8') (*p)++;
        } else {
            while (p >= out && (*p == '0' || *p == '.')) {
                if (*p == '0') *p = '9';
                p--;
            }
            if (p >= out && *p >= '1' && *p <= '9') (*p)--;
        }
    }
}

#endif
