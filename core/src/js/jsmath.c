/* jsmath: Math.sin, Math.cos, Math.atan2, Math.acos and Math.pow exactly as Node 20's V8 computes them.
 *
 * V8 11.3 implements these with fdlibm 5.3's algorithms (Sun Microsystems, 1993; netlib), so this
 * file follows the same published algorithms step by step, in the same floating-point operation
 * order, because any reordering changes the last bit somewhere:
 *
 *   sin, cos  reduce x to r = x - n*pi/2 (|r| <= pi/4, carried as a head and a tail), then evaluate
 *             a sine or cosine polynomial on r chosen by n mod 4. The reduction is exact for tiny
 *             and small x, uses pi/2 split into 33-bit pieces for |x| < 2^19*pi/2 (one to three
 *             steps, by how much cancellation the first step shows), and for larger x multiplies by
 *             as many bits of 2/pi as needed (Payne-Hanek), 24 bits at a time in doubles.
 *   atan2     special cases by signs, zeros and infinities, then atan(|y/x|) placed in its quadrant.
 *   atan      reduce |x| to one of five intervals around 0, 1/2, 1, 3/2 and infinity, and add an
 *             odd polynomial of degree 23 to a tabulated atan of the interval's centre.
 *   acos      a rational approximation of asin on [0, 1/2], and the half-angle identity
 *             acos(x) = 2 asin(sqrt((1-x)/2)) beyond.
 *   pow       log2|x| in extra precision (a head and a tail), times y in extra precision, then 2^ of
 *             that: an integer part into the exponent and exp of the rest by a rational approximation.
 *
 * Constants are written as hexadecimal floating literals: they are exact facts (polynomial
 * coefficients and splits of pi published with fdlibm; 2/pi's binary digits). The build must not
 * contract a*b+c into fused multiply-adds (-ffp-contract=off) and must not use -ffast-math. */
#include "jsmath.h"

#include <string.h>

/* ---- access to the two 32-bit halves of a double ---- */

static inline uint64_t bits_of(double d) { uint64_t u; memcpy(&u, &d, sizeof u); return u; }
static inline double double_of(uint64_t u) { double d; memcpy(&d, &u, sizeof d); return d; }
static inline int32_t high_word(double d) { return (int32_t)(bits_of(d) >> 32); }
static inline uint32_t low_word(double d) { return (uint32_t)bits_of(d); }
static inline double from_words(uint32_t hi, uint32_t lo) {
    return double_of(((uint64_t)hi << 32) | lo);
}
static inline double with_low_zero(double d) { return double_of(bits_of(d) & 0xffffffff00000000ull); }
/* 2^k for -1022 <= k <= 1023; multiplying by it is scalbn when the result stays normal. */
static inline double pow2(int k) { return from_words((uint32_t)(k + 1023) << 20, 0); }

/* ---- polynomials on [-pi/4, pi/4] ---- */

/* sin(x + tail) for |x| <= pi/4, where tail is a correction below x's last bit (has_tail says whether
 * it is nonzero). sin(x) = x + S1 x^3 + ... + S6 x^13; the tail enters as cos(x)*tail ~ tail - x^2
 * tail / 2. */
static const double
    S1 = -0x1.5555555555549p-3,  /* -1.66666666666666324348e-01 */
    S2 = 0x1.111111110f8a6p-7,   /*  8.33333333332248946124e-03 */
    S3 = -0x1.a01a019c161d5p-13, /* -1.98412698298579493134e-04 */
    S4 = 0x1.71de357b1fe7dp-19,  /*  2.75573137070700676789e-06 */
    S5 = -0x1.ae5e68a2b9cebp-26, /* -2.50507602534068634195e-08 */
    S6 = 0x1.5d93a5acfd57cp-33;  /*  1.58969099521155010221e-10 */
static inline double sin_poly(double x, double tail, int has_tail) {
    if ((high_word(x) & 0x7fffffff) < 0x3e400000 && (int)x == 0)
        return x; /* |x| < 2^-27: sin x rounds to x (keeps -0) */
    double z = x * x;
    double v = z * x;
    double r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    if (!has_tail) return x + v * (S1 + z * r);
    return x - ((z * (0.5 * tail - v * r) - tail) - v * S1);
}

/* cos(x + tail) for |x| <= pi/4. cos(x) = 1 - x^2/2 + C1 x^4 + ... + C6 x^14. For |x| >= 0.3 the
 * subtraction 1 - x^2/2 loses bits, so a round amount qx (x^2/4 truncated, or 0.28125 when |x| >
 * 0.78125) is taken off both parts first: cos = (1 - qx) - ((x^2/2 - qx) - (x^2 r - x tail)). */
static const double
    C1 = 0x1.555555555554cp-5,   /*  4.16666666666666019037e-02 */
    C2 = -0x1.6c16c16c15177p-10, /* -1.38888888888741095749e-03 */
    C3 = 0x1.a01a019cb1590p-16,  /*  2.48015872894767294178e-05 */
    C4 = -0x1.27e4f809c52adp-22, /* -2.75573143513906633035e-07 */
    C5 = 0x1.1ee9ebdb4b1c4p-29,  /*  2.08757232129817482790e-09 */
    C6 = -0x1.8fae9be8838d4p-37; /* -1.13596475577881948265e-11 */
static inline double cos_poly(double x, double tail) {
    int32_t ix = high_word(x) & 0x7fffffff;
    if (ix < 0x3e400000 && (int)x == 0)
        return 1.0; /* |x| < 2^-27 */
    double z = x * x;
    double r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    if (ix < 0x3fd33333) /* |x| < 0.3 */
        return 1.0 - (0.5 * z - (z * r - x * tail));
    double qx = ix > 0x3fe90000 ? 0.28125 : from_words((uint32_t)(ix - 0x00200000), 0);
    double hz = 0.5 * z - qx;
    double a = 1.0 - qx;
    return a - (hz - (z * r - x * tail));
}

/* ---- argument reduction for huge |x| (Payne-Hanek) ---- */

/* 2/pi in 24-bit pieces: 2/pi = sum TWO_OVER_PI[i] * 2^(-24(i+1)). 66 pieces (1584 bits) cover the
 * largest double's exponent plus the precision the reduction needs. */
static const int32_t TWO_OVER_PI[66] = {
    0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163,
    0xABDEBB, 0xC561B7, 0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129,
    0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C,
    0x845F8B, 0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF,
    0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7, 0x8A5292,
    0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3,
    0x91615E, 0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880, 0x4D7327, 0x310606, 0x1556CA,
    0x73A8C9, 0x60E27B, 0xC08C6B,
};

/* pi/2 in pieces of 24 bits (the last ones have trailing zeros), for turning the fraction of
 * x*2/pi back into radians. */
static const double PIO2_PIECES[8] = {
    0x1.921fb40000000p+0,   /* 1.57079625129699707031e+00 */
    0x1.4442d00000000p-24,  /* 7.54978941586159635335e-08 */
    0x1.8469880000000p-48,  /* 5.39030252995776476554e-15 */
    0x1.8cc5160000000p-72,  /* 3.28200341580791294123e-22 */
    0x1.01b8380000000p-96,  /* 1.27065575308067607349e-29 */
    0x1.a252040000000p-120, /* 1.22933308981111328932e-36 */
    0x1.3822280000000p-145, /* 2.73370053816464559624e-44 */
    0x1.9f31d00000000p-169, /* 2.16741683877804819444e-51 */
};

#define TWO24 0x1p24
#define TWO_NEG24 0x1p-24

/* Reduces a huge x given as nx 24-bit digits xd[] scaled by 2^e0 (x = sum xd[i] 2^(e0-24i)) modulo
 * pi/2. Writes the remainder as out[0] + out[1] and returns the quotient mod 8. This is fdlibm's
 * __kernel_rem_pio2 at "double" precision (4 extra 24-bit terms of 2/pi beyond the minimum). */
static int reduce_huge(const double *xd, int nx, int e0, double out[2]) {
    enum { EXTRA = 4 }; /* jk: terms of the product computed beyond those that fix the integer part */
    double f[20], q[20], fq[20];
    int32_t digit[20]; /* 24-bit digits of the product's fraction, most significant first */
    int last = nx - 1;
    int first = (e0 - 3) / 24; /* index of the first 2/pi piece that matters */
    if (first < 0) first = 0;
    int q0 = e0 - 24 * (first + 1); /* scale of the product's lowest kept digit */

    /* f[] = the pieces of 2/pi lined up with x's digits */
    for (int i = 0, j = first - last; i <= last + EXTRA; i++, j++)
        f[i] = j < 0 ? 0.0 : (double)TWO_OVER_PI[j];
    for (int i = 0; i <= EXTRA; i++) {
        double sum = 0.0;
        for (int j = 0; j <= last; j++) sum += xd[j] * f[last + i - j];
        q[i] = sum;
    }

    int jz = EXTRA;
    int n, ih;
    double z;
    for (;;) {
        /* split q[] into 24-bit digits, carrying from the bottom. Each q[] is a sum of at most
         * three products of 24-bit integers, an integer below 2^50, so this is done in integers
         * (fdlibm does the same exact steps in doubles) */
        int64_t top = (int64_t)q[jz];
        for (int i = 0, j = jz; j > 0; i++, j--) {
            digit[i] = (int32_t)(top & 0xffffff);
            top = (int64_t)q[j - 1] + (top >> 24);
        }
        /* integer part of the product, mod 8. z and every value below are whole multiples of
         * 2^q0 (q0 >= -21) under 2^53: the scalings are exact and truncation is floor */
        z = (double)top * pow2(q0);
        z -= 8.0 * (double)(int64_t)(z * 0.125);
        n = (int)z;
        z -= (double)n;
        ih = 0;
        if (q0 > 0) { /* the top digit still holds some integer bits */
            int32_t k = digit[jz - 1] >> (24 - q0);
            n += k;
            digit[jz - 1] -= k << (24 - q0);
            ih = digit[jz - 1] >> (23 - q0);
        } else if (q0 == 0) {
            ih = digit[jz - 1] >> 23;
        } else if (z >= 0.5) {
            ih = 2;
        }

        if (ih > 0) { /* fraction >= 1/2: take 1 - fraction and round the quotient up */
            int carry = 0;
            n += 1;
            for (int k = 0; k < jz; k++) {
                int32_t d = digit[k];
                if (carry == 0) {
                    if (d != 0) { carry = 1; digit[k] = 0x1000000 - d; }
                } else {
                    digit[k] = 0xffffff - d;
                }
            }
            if (q0 == 1) digit[jz - 1] &= 0x7fffff;
            else if (q0 == 2) digit[jz - 1] &= 0x3fffff;
            if (ih == 2) {
                z = 1.0 - z;
                if (carry != 0) z -= pow2(q0);
            }
        }

        /* if the fraction cancelled to zero so far, bring in more pieces of 2/pi and redo */
        if (z == 0.0) {
            int32_t any = 0;
            for (int k = jz - 1; k >= EXTRA; k--) any |= digit[k];
            if (any == 0) {
                int more = 1;
                while (digit[EXTRA - more] == 0) more++;
                for (int k = jz + 1; k <= jz + more; k++) {
                    f[last + k] = (double)TWO_OVER_PI[first + k];
                    double sum = 0.0;
                    for (int j = 0; j <= last; j++) sum += xd[j] * f[last + k - j];
                    q[k] = sum;
                }
                jz += more;
                continue;
            }
        }
        break;
    }

    /* drop zero digits, or store the last partial one */
    if (z == 0.0) {
        jz -= 1;
        q0 -= 24;
        while (digit[jz] == 0) { jz--; q0 -= 24; }
    } else {
        z *= pow2(-q0);
        if (z >= TWO24) {
            double hi = (double)(int32_t)(TWO_NEG24 * z);
            digit[jz] = (int32_t)(z - TWO24 * hi);
            jz += 1;
            q0 += 24;
            digit[jz] = (int32_t)hi;
        } else {
            digit[jz] = (int32_t)z;
        }
    }

    /* digits back to doubles, then times pi/2 */
    double scale = pow2(q0);
    for (int i = jz; i >= 0; i--) { q[i] = scale * (double)digit[i]; scale *= TWO_NEG24; }
    fq[0] = 0.0; /* (always written below: jz >= 0) */
    for (int i = jz; i >= 0; i--) {
        double sum = 0.0;
        for (int k = 0; k <= EXTRA && k <= jz - i; k++) sum += PIO2_PIECES[k] * q[i + k];
        fq[jz - i] = sum;
    }

    /* sum into head + tail, smallest first */
    double sum = 0.0;
    for (int i = jz; i >= 0; i--) sum += fq[i];
    out[0] = ih == 0 ? sum : -sum;
    sum = fq[0] - sum;
    for (int i = 1; i <= jz; i++) sum += fq[i];
    out[1] = ih == 0 ? sum : -sum;
    return n & 7;
}

/* ---- argument reduction x = n*pi/2 + (out[0] + out[1]) ---- */

/* High words of the doubles nearest n*pi/2, n = 1..32: an x sharing one may cancel deeply. */
static const int32_t NPIO2_HIGH[32] = {
    0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C, 0x4025FDBB, 0x402921FB,
    0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C, 0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB,
    0x403AB41B, 0x403C463A, 0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C,
    0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB, 0x4046C6CB, 0x40478FDB, 0x404858EB, 0x404921FB,
};

/* The huge arguments of reduce_pio2 (|x| > 2^19 pi/2), out of line: they are rare. */
static __attribute__((noinline)) int32_t reduce_pio2_huge(double x, double out[2]) {
    int32_t hx = high_word(x);
    int32_t ix = hx & 0x7fffffff;
    /* split |x| into three 24-bit digits scaled by 2^e0 */
    int32_t e0 = (ix >> 20) - 1046; /* so that |x| * 2^-e0 is in [2^23, 2^24) */
    double z = from_words((uint32_t)(ix - e0 * 0x100000), low_word(x));
    double xd[3];
    for (int i = 0; i < 2; i++) {
        xd[i] = (double)(int32_t)z;
        z = (z - xd[i]) * TWO24;
    }
    xd[2] = z;
    int nx = 3;
    while (xd[nx - 1] == 0.0) nx--;
    int32_t n = reduce_huge(xd, nx, e0, out);
    if (hx < 0) { out[0] = -out[0]; out[1] = -out[1]; return -n; }
    return n;
}


/* Returns n and writes the remainder for |x| > pi/4; x is finite. fdlibm's __ieee754_rem_pio2. */
static inline __attribute__((always_inline)) int32_t reduce_pio2(double x, double out[2]) {
    static const double
        INV_PIO2 = 0x1.45f306dc9c883p-1,  /* 2/pi,                       6.36619772367581382433e-01 */
        PIO2_1 = 0x1.921fb54400000p+0,    /* first 33 bits of pi/2,      1.57079632673412561417e+00 */
        PIO2_1T = 0x1.0b4611a626331p-34,  /* pi/2 - PIO2_1,              6.07710050650619224932e-11 */
        PIO2_2 = 0x1.0b4611a600000p-34,   /* second 33 bits of pi/2,     6.07710050630396597660e-11 */
        PIO2_2T = 0x1.3198a2e037073p-69,  /* pi/2 - (PIO2_1 + PIO2_2),   2.02226624879595063154e-21 */
        PIO2_3 = 0x1.3198a2e000000p-69,   /* third 33 bits of pi/2,      2.02226624871116645580e-21 */
        PIO2_3T = 0x1.b839a252049c1p-104; /* pi/2 - (PIO2_1..PIO2_3),    8.47842766036889956997e-32 */
    int32_t hx = high_word(x);
    int32_t ix = hx & 0x7fffffff;

    if (ix < 0x4002d97c) { /* |x| < 3pi/4: n = +-1, one or two exact steps */
        double z;
        if (hx > 0) {
            z = x - PIO2_1;
            if (ix != 0x3ff921fb) { /* 33 + 53 bits of pi/2 suffice */
                out[0] = z - PIO2_1T;
                out[1] = (z - out[0]) - PIO2_1T;
            } else { /* x is near pi/2: use 33 + 33 + 53 bits */
                z -= PIO2_2;
                out[0] = z - PIO2_2T;
                out[1] = (z - out[0]) - PIO2_2T;
            }
            return 1;
        }
        z = x + PIO2_1;
        if (ix != 0x3ff921fb) {
            out[0] = z + PIO2_1T;
            out[1] = (z - out[0]) + PIO2_1T;
        } else {
            z += PIO2_2;
            out[0] = z + PIO2_2T;
            out[1] = (z - out[0]) + PIO2_2T;
        }
        return -1;
    }

    if (ix <= 0x413921fb) { /* |x| <= 2^19 pi/2: medium size */
        double t = fabs(x);
        int32_t n = (int32_t)(t * INV_PIO2 + 0.5);
        double fn = (double)n;
        double r = t - fn * PIO2_1; /* exact: n has at most 20 bits */
        double w = fn * PIO2_1T;
        out[0] = r - w;
        if (!(n < 32 && ix != NPIO2_HIGH[n - 1])) {
            /* possible deep cancellation: compare exponents before and after */
            int32_t expx = ix >> 20;
            int32_t lost = expx - ((high_word(out[0]) >> 20) & 0x7ff);
            if (lost > 16) { /* second step: 33 more bits of pi/2 */
                t = r;
                w = fn * PIO2_2;
                r = t - w;
                w = fn * PIO2_2T - ((t - r) - w);
                out[0] = r - w;
                lost = expx - ((high_word(out[0]) >> 20) & 0x7ff);
                if (lost > 49) { /* third step: 33 more bits */
                    t = r;
                    w = fn * PIO2_3;
                    r = t - w;
                    w = fn * PIO2_3T - ((t - r) - w);
                    out[0] = r - w;
                }
            }
        }
        out[1] = (r - out[0]) - w;
        if (hx < 0) { out[0] = -out[0]; out[1] = -out[1]; return -n; }
        return n;
    }

    return reduce_pio2_huge(x, out);
}

/* ---- Math.sin, Math.cos ---- */

double js_sin(double x) {
    int32_t ix = high_word(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return sin_poly(x, 0.0, 0); /* |x| <= pi/4 */
    if (ix >= 0x7ff00000) return x - x;               /* NaN, +-Infinity */
    double r[2];
    switch (reduce_pio2(x, r) & 3) {
    case 0: return sin_poly(r[0], r[1], 1);
    case 1: return cos_poly(r[0], r[1]);
    case 2: return -sin_poly(r[0], r[1], 1);
    default: return -cos_poly(r[0], r[1]);
    }
}

double js_cos(double x) {
    int32_t ix = high_word(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return cos_poly(x, 0.0);
    if (ix >= 0x7ff00000) return x - x;
    double r[2];
    switch (reduce_pio2(x, r) & 3) {
    case 0: return cos_poly(r[0], r[1]);
    case 1: return -sin_poly(r[0], r[1], 1);
    case 2: return -cos_poly(r[0], r[1]);
    default: return sin_poly(r[0], r[1], 1);
    }
}

/* Math.sin(x) and Math.cos(x) together, sharing one argument reduction: the same two results as js_sin
 * and js_cos (the same polynomials on the same reduced argument, chosen by the same quadrant). */
void js_sincos(double x, double *sin_out, double *cos_out) {
    int32_t ix = high_word(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) { /* |x| <= pi/4 */
        *sin_out = sin_poly(x, 0.0, 0);
        *cos_out = cos_poly(x, 0.0);
        return;
    }
    if (ix >= 0x7ff00000) { /* NaN, +-Infinity */
        *sin_out = x - x;
        *cos_out = x - x;
        return;
    }
    double r[2];
    int32_t n = reduce_pio2(x, r);
    double s = sin_poly(r[0], r[1], 1), c = cos_poly(r[0], r[1]);
    switch (n & 3) {
    case 0: *sin_out = s; *cos_out = c; break;
    case 1: *sin_out = c; *cos_out = -s; break;
    case 2: *sin_out = -s; *cos_out = -c; break;
    default: *sin_out = -c; *cos_out = s; break;
    }
}

/* ---- atan, Math.atan2 ---- */

/* atan's tabulated values at the interval centres, head and tail, and its polynomial. */
static const double ATAN_HI[4] = {
    0x1.dac670561bb4fp-2, /* atan(0.5) head  4.63647609000806093515e-01 */
    0x1.921fb54442d18p-1, /* atan(1.0) head  7.85398163397448278999e-01 */
    0x1.f730bd281f69bp-1, /* atan(1.5) head  9.82793723247329054082e-01 */
    0x1.921fb54442d18p+0, /* atan(inf) head  1.57079632679489655800e+00 */
};
static const double ATAN_LO[4] = {
    0x1.a2b7f222f65e2p-56, /* 2.26987774529616870924e-17 */
    0x1.1a62633145c07p-55, /* 3.06161699786838301793e-17 */
    0x1.007887af0cbbdp-56, /* 1.39033110312309984516e-17 */
    0x1.1a62633145c07p-54, /* 6.12323399573676603587e-17 */
};
static const double AT[11] = {
    0x1.555555555550dp-2,  /*  3.33333333333329318027e-01 */
    -0x1.999999998ebc4p-3, /* -1.99999999998764832476e-01 */
    0x1.24924920083ffp-3,  /*  1.42857142725034663711e-01 */
    -0x1.c71c6fe231671p-4, /* -1.11111104054623557880e-01 */
    0x1.745cdc54c206ep-4,  /*  9.09088713343650656196e-02 */
    -0x1.3b0f2af749a6dp-4, /* -7.69187620504482999495e-02 */
    0x1.10d66a0d03d51p-4,  /*  6.66107313738753120669e-02 */
    -0x1.dde2d52defd9ap-5, /* -5.83357013379057348645e-02 */
    0x1.97b4b24760debp-5,  /*  4.97687799461593236017e-02 */
    -0x1.2b4442c6a6c2fp-5, /* -3.65315727442169155270e-02 */
    0x1.0ad3ae322da11p-6,  /*  1.62858201153657823623e-02 */
};

/* atan(x), as V8's ieee754::atan (fdlibm s_atan.c). */
static inline __attribute__((always_inline)) double atan_core(double x) {
    int32_t hx = high_word(x);
    int32_t ix = hx & 0x7fffffff;
    int id;
    if (ix >= 0x44100000) { /* |x| >= 2^66, or NaN */
        if (ix > 0x7ff00000 || (ix == 0x7ff00000 && low_word(x) != 0)) return x + x;
        return hx > 0 ? ATAN_HI[3] + ATAN_LO[3] : -ATAN_HI[3] - ATAN_LO[3];
    }
    if (ix < 0x3fdc0000) { /* |x| < 0.4375 */
        if (ix < 0x3e400000) return x; /* |x| < 2^-27 */
        id = -1;
    } else {
        x = fabs(x);
        if (ix < 0x3ff30000) {        /* |x| < 1.1875 */
            if (ix < 0x3fe60000) {    /* 7/16 <= |x| < 11/16 */
                id = 0;
                x = (2.0 * x - 1.0) / (2.0 + x);
            } else {                  /* 11/16 <= |x| < 19/16 */
                id = 1;
                x = (x - 1.0) / (x + 1.0);
            }
        } else if (ix < 0x40038000) { /* |x| < 2.4375 */
            id = 2;
            x = (x - 1.5) / (1.0 + 1.5 * x);
        } else {                      /* 2.4375 <= |x| < 2^66 */
            id = 3;
            x = -1.0 / x;
        }
    }
    double z = x * x;
    double w = z * z;
    /* odd and even halves of the polynomial, in w = x^4 */
    double s1 = z * (AT[0] + w * (AT[2] + w * (AT[4] + w * (AT[6] + w * (AT[8] + w * AT[10])))));
    double s2 = w * (AT[1] + w * (AT[3] + w * (AT[5] + w * (AT[7] + w * AT[9]))));
    if (id < 0) return x - x * (s1 + s2);
    z = ATAN_HI[id] - ((x * (s1 + s2) - ATAN_LO[id]) - x);
    return hx < 0 ? -z : z;
}

double js_atan2(double y, double x) {
    static const double
        PI_O_4 = 0x1.921fb54442d18p-1, /* 7.8539816339744827900e-01 */
        PI_O_2 = 0x1.921fb54442d18p+0, /* 1.5707963267948965580e+00 */
        PI = 0x1.921fb54442d18p+1,     /* 3.1415926535897931160e+00 */
        PI_LO = 0x1.1a62633145c07p-53; /* pi - PI,  1.2246467991473531772e-16 */
    /* fdlibm adds a tiny 1e-300 to the results below to raise "inexact"; under round-to-nearest
     * that never changes a value, so it is left out. */
    int32_t hx = high_word(x), hy = high_word(y);
    uint32_t lx = low_word(x), ly = low_word(y);
    int32_t ix = hx & 0x7fffffff, iy = hy & 0x7fffffff;
    /* The common case first: no NaN, infinity or zero, x not 1, |y / x| within 2^+-60 (so none of the
     * special cases below applies): atan(|y / x|) placed in its quadrant, as at the end. */
    if (ix < 0x7ff00000 && iy < 0x7ff00000 && (ix | lx) != 0 && (iy | ly) != 0 && !(hx == 0x3ff00000 && lx == 0)) {
        int32_t k = (iy - ix) >> 20;
        if (k <= 60 && k >= -60) {
            double z = atan_core(fabs(y / x));
            switch (((hy >> 31) & 1) | ((hx >> 30) & 2)) {
            case 0: return z;
            case 1: return -z;
            case 2: return PI - (z - PI_LO);
            default: return (z - PI_LO) - PI;
            }
        }
    }
    if (isnan(x) || isnan(y)) return x + y;
    if (hx == 0x3ff00000 && lx == 0) return atan_core(y); /* x == 1 */
    int quadrant = ((hy >> 31) & 1) | ((hx >> 30) & 2);   /* 2*signbit(x) + signbit(y) */

    if ((iy | ly) == 0) { /* y = +-0 */
        switch (quadrant) {
        case 0: case 1: return y;
        case 2: return PI;
        default: return -PI;
        }
    }
    if ((ix | lx) == 0) return hy < 0 ? -PI_O_2 : PI_O_2; /* x = +-0 */
    if (ix == 0x7ff00000) { /* x = +-Infinity */
        if (iy == 0x7ff00000) {
            switch (quadrant) {
            case 0: return PI_O_4;
            case 1: return -PI_O_4;
            case 2: return 3.0 * PI_O_4;
            default: return -3.0 * PI_O_4;
            }
        }
        switch (quadrant) {
        case 0: return 0.0;
        case 1: return -0.0;
        case 2: return PI;
        default: return -PI;
        }
    }
    if (iy == 0x7ff00000) return hy < 0 ? -PI_O_2 : PI_O_2; /* y = +-Infinity */

    double z;
    int32_t k = (iy - ix) >> 20; /* exponent of |y/x|, roughly */
    if (k > 60) {                /* |y/x| > 2^60: pi/2 whatever the sign of x */
        z = PI_O_2 + 0.5 * PI_LO;
        quadrant &= 1;
    } else if (hx < 0 && k < -60) {
        z = 0.0;                 /* |y/x| < 2^-60 and x < 0: the result is +-pi */
    } else {
        z = atan_core(fabs(y / x));
    }
    switch (quadrant) {
    case 0: return z;
    case 1: return -z;
    case 2: return PI - (z - PI_LO);
    default: return (z - PI_LO) - PI;
    }
}

/* ---- Math.acos ---- */

double js_acos(double x) {
    static const double
        PI = 0x1.921fb54442d18p+1,      /* 3.14159265358979311600e+00 */
        PIO2_HI = 0x1.921fb54442d18p+0, /* 1.57079632679489655800e+00 */
        PIO2_LO = 0x1.1a62633145c07p-54,/* 6.12323399573676603587e-17 */
        /* asin(x) = x + x^3 R(x^2), R = P/Q */
        P0 = 0x1.5555555555555p-3,      /*  1.66666666666666657415e-01 */
        P1 = -0x1.4d61203eb6f7dp-2,     /* -3.25565818622400915405e-01 */
        P2 = 0x1.9c1550e884455p-3,      /*  2.01212532134862925881e-01 */
        P3 = -0x1.48228b5688f3bp-5,     /* -4.00555345006794114027e-02 */
        P4 = 0x1.9efe07501b288p-11,     /*  7.91534994289814532176e-04 */
        P5 = 0x1.23de10dfdf709p-15,     /*  3.47933107596021167570e-05 */
        Q1 = -0x1.33a271c8a2d4bp+1,     /* -2.40339491173441421878e+00 */
        Q2 = 0x1.02ae59c598ac8p+1,      /*  2.02094576023350569471e+00 */
        Q3 = -0x1.6066c1b8d0159p-1,     /* -6.88283971605453293030e-01 */
        Q4 = 0x1.3b8c5b12e9282p-4;      /*  7.70381505559019352791e-02 */
    int32_t hx = high_word(x);
    int32_t ix = hx & 0x7fffffff;
    double z, p, q, r, s, w;

    if (ix >= 0x3ff00000) { /* |x| >= 1, or NaN */
        if (ix == 0x3ff00000 && low_word(x) == 0)
            return hx > 0 ? 0.0 : PI + 2.0 * PIO2_LO;
        return NAN;
    }
    if (ix < 0x3fe00000) { /* |x| < 0.5: pi/2 - asin(x) */
        if (ix <= 0x3c600000) return PIO2_HI + PIO2_LO; /* |x| <= 2^-57 */
        z = x * x;
        p = z * (P0 + z * (P1 + z * (P2 + z * (P3 + z * (P4 + z * P5)))));
        q = 1.0 + z * (Q1 + z * (Q2 + z * (Q3 + z * Q4)));
        r = p / q;
        return PIO2_HI - (x - (PIO2_LO - x * r));
    }
    if (hx < 0) { /* x <= -0.5: pi - 2 asin(sqrt((1+x)/2)) */
        z = (1.0 + x) * 0.5;
        p = z * (P0 + z * (P1 + z * (P2 + z * (P3 + z * (P4 + z * P5)))));
        q = 1.0 + z * (Q1 + z * (Q2 + z * (Q3 + z * Q4)));
        s = sqrt(z);
        r = p / q;
        w = r * s - PIO2_LO;
        return PI - 2.0 * (s + w);
    }
    /* x >= 0.5: 2 asin(sqrt((1-x)/2)), with sqrt split as head df (low word cleared) + c */
    z = (1.0 - x) * 0.5;
    s = sqrt(z);
    double df = with_low_zero(s);
    double c = (z - df * df) / (s + df);
    p = z * (P0 + z * (P1 + z * (P2 + z * (P3 + z * (P4 + z * P5)))));
    q = 1.0 + z * (Q1 + z * (Q2 + z * (Q3 + z * Q4)));
    r = p / q;
    w = r * s + c;
    return 2.0 * (df + w);
}

/* ---- Math.pow ---- */

/* x^y as V8 11.3 computes Math.pow and `**` in every tier (its ieee754::legacy::pow, fdlibm 5.3's
 * e_pow.c), which is not the C library's correctly rounded pow: glibc differs on about one damping-like
 * pair in sixteen (scripts/jsmath-check FN=pow-libm: 213,312 of 3,333,334 pairs damping ** (60 / fps);
 * 469,716 of all 10,000,000).
 *
 * Method: with |x| = 2^n * m (m scaled into [sqrt(2)/2, sqrt(2)) around 1 or 1.5), log2|x| is computed
 * as a head t1 (its low 32 bits zero) plus a tail t2 from the series of s = (m - b) / (m + b); y is split
 * the same way, so y * log2|x| = p_h + p_l holds about 70 bits; that is cut into an integer n and a
 * remainder r in [-1/2, 1/2], 2^r comes from a rational approximation of exp on r * ln 2, and n goes into
 * the exponent. y = +-1, 2, 1/2, an exponent near 1 with |y| > 2^31, and the zeros, infinities and
 * NaN take their own paths, as JavaScript defines them ((+-1)^+-Infinity and x^NaN are NaN; x^+-0 is 1). */

/* log2 of the interval's base b (1 or 1.5), head (low 32 bits zero) and tail */
static const double POW_BASE[2] = { 1.0, 1.5 };
static const double POW_LOG2_BASE_HI[2] = { 0.0, 0x1.2b8034p-1 };          /* 5.84962487220764160156e-01 */
static const double POW_LOG2_BASE_LO[2] = { 0.0, 0x1.cfdeb43cfd006p-27 };  /* 1.35003920212974897128e-08 */

/* a double with d's low word and the high word hi */
static inline double with_high_word(double d, uint32_t hi) { return from_words(hi, low_word(d)); }

double js_pow(double x, double y) {
    static const double
        TWO53 = 0x1p53,
        HUGE_VALUE = 1e300, TINY_VALUE = 1e-300, /* their squares overflow and underflow */
        /* (3/2) (log(m) - 2s - (2/3) s^3) ~ s^4 (L1 + s^2 L2 + ... + s^10 L6), s = (m - b) / (m + b) */
        L1 = 0x1.3333333333303p-1,  /*  5.99999999999994648725e-01 */
        L2 = 0x1.b6db6db6fabffp-2,  /*  4.28571428578550184252e-01 */
        L3 = 0x1.55555518f264dp-2,  /*  3.33333329818377432918e-01 */
        L4 = 0x1.17460a91d4101p-2,  /*  2.72728123808534006489e-01 */
        L5 = 0x1.d864a93c9db65p-3,  /*  2.30660745775561754067e-01 */
        L6 = 0x1.a7e284a454eefp-3,  /*  2.06975017800338417784e-01 */
        /* exp's remez polynomial on [0, ln2 / 2] */
        P1 = 0x1.555555555553ep-3,  /*  1.66666666666666019037e-01 */
        P2 = -0x1.6c16c16bebd93p-9, /* -2.77777777770155933842e-03 */
        P3 = 0x1.1566aaf25de2cp-14, /*  6.61375632143793436117e-05 */
        P4 = -0x1.bbd41c5d26bf1p-20,/* -1.65339022054652515390e-06 */
        P5 = 0x1.6376972bea4dp-25,  /*  4.13813679705723846039e-08 */
        LN2 = 0x1.62e42fefa39efp-1, /*  6.93147180559945286227e-01 */
        LN2_HI = 0x1.62e43p-1,      /*  6.93147182464599609375e-01 */
        LN2_LO = -0x1.05c610ca86c39p-29, /* -1.90465429995776804525e-09 */
        OVERFLOW_TAIL = 0x1.71547652b82fep-54, /* 8.0085662595372944372e-17: -(1024 - log2(DBL_MAX + ulp/2)) */
        CP = 0x1.ec709dc3a03fdp-1,  /* 2 / (3 ln 2), 9.61796693925975554329e-01 */
        CP_HI = 0x1.ec709ep-1,      /* its head,     9.61796700954437255859e-01 */
        CP_LO = -0x1.e2fe0145b01f5p-28, /* its tail, -7.02846165095275826516e-09 */
        INV_LN2 = 0x1.71547652b82fep+0, /* 1 / ln 2, 1.44269504088896338700e+00 */
        INV_LN2_HI = 0x1.715476p+0,     /* 24 bits,  1.44269502162933349609e+00 */
        INV_LN2_LO = 0x1.4ae0bf85ddf44p-26, /* tail, 1.92596299112661746887e-08 */
        THIRD = 0x1.5555555555555p-2;   /* 0.3333333333333333333333 */
    int32_t hx = high_word(x), hy = high_word(y);
    uint32_t lx = low_word(x), ly = low_word(y);
    int32_t ix = hx & 0x7fffffff, iy = hy & 0x7fffffff;

    if ((iy | ly) == 0) return 1.0; /* x^+-0 is 1, even for NaN */
    if (ix > 0x7ff00000 || (ix == 0x7ff00000 && lx != 0) || iy > 0x7ff00000 || (iy == 0x7ff00000 && ly != 0))
        return x + y; /* NaN */

    /* for x < 0: what y is, 0 not an integer, 1 an odd integer, 2 an even one */
    int y_kind = 0;
    if (hx < 0) {
        if (iy >= 0x43400000) {
            y_kind = 2; /* |y| >= 2^53 */
        } else if (iy >= 0x3ff00000) {
            int e = (iy >> 20) - 0x3ff; /* y's exponent */
            if (e > 20) {
                uint32_t whole = ly >> (52 - e);
                if (whole << (52 - e) == ly) y_kind = 2 - (int)(whole & 1);
            } else if (ly == 0) {
                int32_t whole = iy >> (20 - e);
                if (whole << (20 - e) == iy) y_kind = 2 - (int)(whole & 1);
            }
        }
    }

    if (ly == 0) { /* y = +-Infinity, +-1, 2, 1/2 */
        if (iy == 0x7ff00000) {
            if (((ix - 0x3ff00000) | (int32_t)lx) == 0) return y - y; /* (+-1)^+-Infinity: NaN */
            if (ix >= 0x3ff00000) return hy >= 0 ? y : 0.0;         /* |x| > 1 */
            return hy < 0 ? -y : 0.0;                                /* |x| < 1 */
        }
        if (iy == 0x3ff00000) return hy < 0 ? 1.0 / x : x;
        if (hy == 0x40000000) return x * x;
        if (hy == 0x3fe00000 && hx >= 0) return sqrt(x); /* x >= +0 (not -0) */
    }

    double ax = fabs(x);
    if (lx == 0 && (ix == 0x7ff00000 || ix == 0 || ix == 0x3ff00000)) { /* x = +-0, +-Infinity, +-1 */
        double z = ax;
        if (hy < 0) z = 1.0 / z;
        if (hx < 0) {
            if (ix == 0x3ff00000 && y_kind == 0) z = NAN; /* (-1)^non-integer */
            else if (y_kind == 1) z = -z;
        }
        return z;
    }

    if (hx < 0 && y_kind == 0) return NAN; /* (x < 0)^non-integer */
    double sign = hx < 0 && y_kind == 1 ? -1.0 : 1.0;

    double t1, t2; /* log2|x| = t1 + t2 */
    if (iy > 0x41e00000) { /* |y| > 2^31 */
        if (iy > 0x43f00000) { /* |y| > 2^64: overflows or underflows, unless |x| = 1 (taken above) */
            if (ix <= 0x3fefffff) return hy < 0 ? HUGE_VALUE * HUGE_VALUE : TINY_VALUE * TINY_VALUE;
            if (ix >= 0x3ff00000) return hy > 0 ? HUGE_VALUE * HUGE_VALUE : TINY_VALUE * TINY_VALUE;
        }
        /* overflows or underflows unless x is within 2^-20 of 1 */
        if (ix < 0x3fefffff) return hy < 0 ? sign * HUGE_VALUE * HUGE_VALUE : sign * TINY_VALUE * TINY_VALUE;
        if (ix > 0x3ff00000) return hy > 0 ? sign * HUGE_VALUE * HUGE_VALUE : sign * TINY_VALUE * TINY_VALUE;
        /* |x - 1| <= 2^-20: log(x) from x - x^2/2 + x^3/3 - x^4/4 */
        double t = ax - 1.0;
        double w = (t * t) * (0.5 - t * (THIRD - t * 0.25));
        double u = INV_LN2_HI * t;
        double v = t * INV_LN2_LO - w * INV_LN2;
        t1 = with_low_zero(u + v);
        t2 = v - (t1 - u);
    } else {
        int n = 0;
        if (ix < 0x00100000) { /* subnormal x: scale it into the normals */
            ax *= TWO53;
            n -= 53;
            ix = high_word(ax);
        }
        n += (ix >> 20) - 0x3ff;
        int32_t mantissa = ix & 0x000fffff;
        ix = mantissa | 0x3ff00000; /* m in [1, 2) */
        int k; /* the interval: 0 around 1 (m < sqrt(3/2)), 1 around 1.5 (m < sqrt(3)); above, m / 2 around 1 */
        if (mantissa <= 0x3988e) {
            k = 0;
        } else if (mantissa < 0xbb67a) {
            k = 1;
        } else {
            k = 0;
            n += 1;
            ix -= 0x00100000;
        }
        ax = with_high_word(ax, (uint32_t)ix);

        /* s = s_h + s_l = (m - b) / (m + b) */
        double u = ax - POW_BASE[k];
        double v = 1.0 / (ax + POW_BASE[k]);
        double s = u * v;
        double s_h = with_low_zero(s);
        double t_h = from_words((uint32_t)(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18)), 0); /* ~ m + b */
        double t_l = ax - (t_h - POW_BASE[k]);
        double s_l = v * ((u - s_h * t_h) - s_h * t_l);
        /* log(m / b) ~ 2s + (2/3) s^3 + s^4 R(s^2), carried as (2/3) (3 s + s^3 + (3/2) s^4 R) */
        double s2 = s * s;
        double r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
        r += s_l * (s_h + s);
        s2 = s_h * s_h;
        t_h = with_low_zero(3.0 + s2 + r);
        t_l = r - ((t_h - 3.0) - s2);
        u = s_h * t_h;
        v = s_l * t_h + t_l * s;
        double p_h = with_low_zero(u + v);
        double p_l = v - (p_h - u);
        /* times 2 / (3 ln 2), plus log2(b) and n */
        double z_h = CP_HI * p_h;
        double z_l = CP_LO * p_h + p_l * CP + POW_LOG2_BASE_LO[k];
        double tn = (double)n;
        t1 = with_low_zero(((z_h + z_l) + POW_LOG2_BASE_HI[k]) + tn);
        t2 = z_l - (((t1 - tn) - POW_LOG2_BASE_HI[k]) - z_h);
    }

    /* y * log2|x| = p_h + p_l, y split as y1 (low word zero) + (y - y1) */
    double y1 = with_low_zero(y);
    double p_l = (y - y1) * t1 + y * t2;
    double p_h = y1 * t1;
    double z = p_l + p_h;
    int32_t hz = high_word(z);
    uint32_t lz = low_word(z);
    if (hz >= 0x40900000) { /* z >= 1024 */
        if (hz != 0x40900000 || lz != 0) return sign * HUGE_VALUE * HUGE_VALUE;
        if (p_l + OVERFLOW_TAIL > z - p_h) return sign * HUGE_VALUE * HUGE_VALUE;
    } else if ((hz & 0x7fffffff) >= 0x4090cc00) { /* z <= -1075 */
        if ((uint32_t)hz != 0xc090cc00u || lz != 0) return sign * TINY_VALUE * TINY_VALUE;
        if (p_l <= z - p_h) return sign * TINY_VALUE * TINY_VALUE;
    }

    /* 2^z = 2^n * 2^(z - n), n the nearest integer to z when |z| > 1/2 */
    int32_t iz = hz & 0x7fffffff;
    int e = (iz >> 20) - 0x3ff;
    int32_t n = 0;
    if (iz > 0x3fe00000) {
        n = hz + (0x00100000 >> (e + 1));
        e = ((n & 0x7fffffff) >> 20) - 0x3ff; /* n's exponent */
        double whole = from_words((uint32_t)(n & ~(0x000fffff >> e)), 0);
        n = ((n & 0x000fffff) | 0x00100000) >> (20 - e);
        if (hz < 0) n = -n;
        p_h -= whole;
    }
    double t = with_low_zero(p_l + p_h);
    double u = t * LN2_HI;
    double v = (p_l - (t - p_h)) * LN2 + t * LN2_LO;
    z = u + v; /* (z - n) ln 2 */
    double w = v - (z - u);
    t = z * z;
    t1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    double r = (z * t1) / ((t1 - 2.0) - (w + z * w));
    z = 1.0 - (r - z);
    int64_t scaled_high = (int64_t)high_word(z) + (int64_t)n * 0x100000; /* z's high word with n added to the exponent */
    if (scaled_high < 0x00100000) z = scalbn(z, n); /* a subnormal result: one rounding */
    else z = with_high_word(z, (uint32_t)scaled_high);
    return sign * z;
}

/* ---- ToInt32 ---- */

int32_t js_to_int32(double x) {
    if (!isfinite(x)) return 0;
    if (x > -2147483649.0 && x < 2147483648.0) return (int32_t)x; /* truncation is in range */
    double m = fmod(trunc(x), 4294967296.0); /* exact; in (-2^32, 2^32) with the sign of x */
    if (m < 0) m += 4294967296.0;
    uint32_t u = (uint32_t)m;
    return u <= 0x7fffffffu ? (int32_t)u : (int32_t)(u - 0x80000000u) - 0x7fffffff - 1;
}

double js_libm_sin(double x) { return sin(x); }
double js_libm_cos(double x) { return cos(x); }
double js_libm_atan2(double y, double x) { return atan2(y, x); }
double js_libm_pow(double x, double y) { return pow(x, y); }

void js_libm_sincos(double x, double *sin_out, double *cos_out)
{
    *sin_out = sin(x);
    *cos_out = cos(x);
}
