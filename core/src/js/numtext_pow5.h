/* The powers of five as 128-bit significands (numtext_pow5.c, generated), and the floor logarithms that
 * pick them: what numtext.c multiplies by to find a double's shortest decimal and numtext_parse.c to
 * read a decimal as the nearest double. */
#ifndef POSECORE_NUMTEXT_POW5_H
#define POSECORE_NUMTEXT_POW5_H

#include <stdint.h>

#define NUMTEXT_POW5_MIN (-342)
#define NUMTEXT_POW5_MAX 324

/* hi * 2^64 + lo = floor(5^q * 2^(127 - floor(log2 5^q))): in [2^127, 2^128), exact for 0 <= q <= 55. */
typedef struct numtext_u128_parts {
    uint64_t hi, lo;
} numtext_u128_parts;

/* Entry q - NUMTEXT_POW5_MIN for 5^q. */
extern const numtext_u128_parts numtext_pow5[NUMTEXT_POW5_MAX - NUMTEXT_POW5_MIN + 1];

/* floor(q log10 2) and floor(log10(3/4 2^q)) for |q| <= 1200, floor(e log2 10) for |e| <= 700, in
 * fixed point (test_numtext checks every value against exact integer arithmetic). */
static inline int numtext_floor_log10_pow2(int q) { return (q * 315653) >> 20; }
static inline int numtext_floor_log10_three_quarters_pow2(int q) { return (q * 315653 - 131237) >> 20; }
static inline int numtext_floor_log2_pow10(int e) { return (e * 1741647) >> 19; }

#endif
