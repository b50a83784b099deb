/* jsmath: JavaScript number math, bit for bit as Node 20 (V8 11.3) computes it.
 *
 * The reference runtime (spine-core) runs in V8, whose Math.sin/cos/atan2/acos/pow are V8's own fdlibm
 * ports, not the C library. Every transcendental function the core calls goes through here; the C
 * library's versions differ in the last bit often enough to break bit-exact conformance
 * (scripts/check-math-calls enforces this). The small helpers below spell out what a JavaScript
 * expression does so that callers can be read against the TypeScript source. */
#ifndef POSECORE_JSMATH_H
#define POSECORE_JSMATH_H

#include <math.h>
#include <stdint.h>

/* Math.sin, Math.cos, Math.atan2, Math.acos: exact for every double, including signed zeros,
 * subnormals, infinities, NaN and arguments up to DBL_MAX. */
double js_sin(double x);
double js_cos(double x);
double js_atan2(double y, double x);
double js_acos(double x);

/* Math.pow(x, y) and x ** y: V8's fdlibm-derived pow, not the C library's correctly rounded one (they
 * differ in the last bit on 6.4 % of damping ** (60 / fps) pairs). JavaScript's special cases: x ** +-0
 * is 1 (NaN too), x ** NaN is NaN, (+-1) ** +-Infinity is NaN. */
double js_pow(double x, double y);

/* Math.sin(x) and Math.cos(x) at once (one argument reduction): *sin_out = js_sin(x) and
 * *cos_out = js_cos(x), bit for bit. */
void js_sincos(double x, double *sin_out, double *cos_out);

/* The C library's sin, cos, atan2, and sin and cos of one argument: the rule ledger's rejected reading
 * math.trig=libm only (rules.h); nothing else calls them. */
double js_libm_sin(double x);
double js_libm_cos(double x);
double js_libm_atan2(double y, double x);
/* The C library's pow: the rule physics.pow's rejected reading only. */
double js_libm_pow(double x, double y);
void js_libm_sincos(double x, double *sin_out, double *cos_out);

/* x | 0 (and every other ToInt32 use): NaN and infinities give 0, others are truncated toward zero
 * and wrapped modulo 2^32 into [-2^31, 2^31). */
int32_t js_to_int32(double x);

/* Math.fround(x): round to the nearest float, back to double. */
static inline double js_fround(double x) { return (double)(float)x; }

/* x % y on numbers: the C remainder, sign of x, exact. Being exact, any exact way to it gives its
 * bits, so the two cases a closed path wraps (test_jsmath: fmod_shortcuts) skip the library's loop:
 * x itself when 0 <= x < |y| (-0 too), and x - |y| when |y| <= x < 2|y| (exact by Sterbenz' lemma). */
static inline double js_fmod(double x, double y)
{
    double ay = fabs(y);
    if (x >= 0 && x < ay) return x;
    if (x >= ay && x < 2 * ay) return x - ay;
    return fmod(x, y);
}

/* Math.sign(x): 1, -1, or x itself for +0, -0 and NaN. */
static inline double js_sign(double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : x; }

/* Math.max(a, b) and Math.min(a, b): NaN if either is NaN (fmax and fmin would return the other), and
 * +0 above -0 (Math.max(-0, 0) is 0, Math.min(0, -0) is -0, where a > b ? a : b keeps whichever came
 * second). Named js_math_* beside the local js_max/js_min that ik.c, read_animations.c and
 * timeline_attachment.c keep. */
static inline double js_math_max(double a, double b)
{
    if (a != a || b != b) return a + b;
    if (a == b) return signbit(a) ? b : a;
    return a > b ? a : b;
}
static inline double js_math_min(double a, double b)
{
    if (a != a || b != b) return a + b;
    if (a == b) return signbit(a) ? a : b;
    return a < b ? a : b;
}

/* Math.floor, Math.ceil, Math.abs: exact operations, identical in C. */
static inline double js_floor(double x) { return floor(x); }
static inline double js_ceil(double x) { return ceil(x); }
static inline double js_abs(double x) { return fabs(x); }

/* Math.PI. */
#define JS_MATH_PI 0x1.921fb54442d18p+1 /* 3.141592653589793 */

/* spine-core's MathUtils: note that its PI is the literal 3.1415927, not Math.PI, and the other
 * constants are derived from it in double arithmetic (values as Node prints them). */
#define JS_SPINE_PI 0x1.921fb5a7ed197p+1         /* MathUtils.PI      = 3.1415927 */
#define JS_SPINE_PI2 0x1.921fb5a7ed197p+2        /* MathUtils.PI2     = PI * 2 */
#define JS_SPINE_INV_PI2 0x1.45f3068bd36f6p-3    /* MathUtils.invPI2  = 1 / PI2 */
#define JS_RAD_DEG 0x1.ca5dc134a154ap+5          /* MathUtils.radDeg  = 180 / PI */
#define JS_DEG_RAD 0x1.1df46a6c0950bp-6          /* MathUtils.degRad  = PI / 180 */

/* Math.PI / 180 and 180 / Math.PI, for code that uses Math.PI directly. */
#define JS_MATH_DEG_RAD 0x1.1df46a2529d39p-6     /* 0.017453292519943295 */
#define JS_MATH_RAD_DEG 0x1.ca5dc1a63c1f8p+5     /* 57.29577951308232 */

#endif
