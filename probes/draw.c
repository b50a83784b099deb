/* Numbers drawn to hit the edges, and amplifier bones (probegen.h).
 *
 * Decimal, tiny and huge values are made by strtod from a decimal text (correctly rounded), never by
 * pow or other library functions whose last bit may vary between C libraries, so a probe is the same
 * bytes everywhere. Draws are sequenced one per statement (or one per full expression): C leaves the
 * order of a call's arguments unspecified, so two draws in one argument list would differ by compiler. */
#include "probegen.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const inherit_names[5] = { "normal", "onlyTranslation", "noRotationOrReflection", "noScale",
                                       "noScaleOrReflection" };
const char *const bone_field_names[BF_COUNT] = { "x", "y", "rotation", "scaleX", "scaleY", "shearX", "shearY",
                                                 "length" };

enum jw_spelling draw_spelling(prng *r)
{
    int k = prng_int(r, 0, 99);
    if (k < 85) return JW_SHORTEST;
    if (k < 92) return JW_DIGITS17;
    if (k < 96) return JW_EXPONENT;
    return JW_INTEGER;
}

num draw_spelled(prng *r, double v)
{
    num n = { v, draw_spelling(r) };
    return n;
}

void bone_field(prng *r, gen_bone *b, int f, double v)
{
    b->has[f] = true;
    b->field[f] = draw_spelled(r, v);
}

static double sign(prng *r, double v) { return prng_chance(r, 0.5) ? -v : v; }

static double from_text(const char *text) { return strtod(text, NULL); }

/* A decimal with one to three digits after the point, the double its text spells: 0.1, -2.35, ...
 * (mostly not float32). */
static double decimal(prng *r, int max_int)
{
    static const int scale[4] = { 1, 10, 100, 1000 };
    char t[64];
    int digits = prng_int(r, 1, 3);
    int whole = prng_int(r, 0, max_int);
    int frac = prng_int(r, 0, scale[digits] - 1);
    snprintf(t, sizeof t, "%s%d.%0*d", prng_chance(r, 0.5) ? "-" : "", whole, digits, frac);
    return from_text(t);
}

/* m.mmm x 10^-e for e in [lo, hi], down to the subnormals; 5e-324 itself now and then. */
static double tiny(prng *r, int lo, int hi)
{
    if (prng_chance(r, 0.05)) return sign(r, 5e-324);
    char t[64];
    int lead = prng_int(r, 1, 9), rest = prng_int(r, 0, 999), e = prng_int(r, lo, hi); /* in this order */
    snprintf(t, sizeof t, "%d.%03de-%d", lead, rest, e);
    return sign(r, from_text(t));
}

/* m.mmm x 10^e for e in [lo, hi]; the largest double itself now and then (never Infinity). */
static double huge(prng *r, int lo, int hi)
{
    if (prng_chance(r, 0.05)) return sign(r, DBL_MAX);
    char t[64];
    int lead = prng_int(r, 1, 9), rest = prng_int(r, 0, 999), e = prng_int(r, lo, hi); /* in this order */
    snprintf(t, sizeof t, "%d.%03de%d", lead, rest, e);
    double v = from_text(t);
    if (isinf(v)) v = DBL_MAX;
    return sign(r, v);
}

static double uniform(prng *r, double lo, double hi) { return lo + (hi - lo) * prng_unit(r); }

static double float32(prng *r, double lo, double hi) { return (double)(float)uniform(r, lo, hi); }

/* A zero, now and then negative. */
static double zero(prng *r) { return prng_chance(r, 0.1) ? -0.0 : 0.0; }

num draw_coord(prng *r, bool extremes)
{
    int k = prng_int(r, 0, extremes ? 99 : 89);
    if (k < 15) return draw_spelled(r, zero(r));
    if (k < 35) return draw_spelled(r, prng_int(r, -100, 100));
    if (k < 60) return draw_spelled(r, decimal(r, 500));
    if (k < 82) return draw_spelled(r, uniform(r, -1000, 1000));
    if (k < 90) return draw_spelled(r, float32(r, -1000, 1000));
    if (k < 95) return draw_spelled(r, tiny(r, 1, 323));
    return draw_spelled(r, huge(r, 10, 308));
}

num draw_angle(prng *r, bool extremes)
{
    int k = prng_int(r, 0, extremes ? 99 : 94);
    if (k < 8) return draw_spelled(r, zero(r));
    if (k < 30) return draw_spelled(r, 90.0 * prng_int(r, -8, 8));
    if (k < 36) return draw_spelled(r, 45.0 * prng_int(r, -8, 8));
    if (k < 46) return draw_spelled(r, prng_int(r, -360, 360));
    if (k < 70) return draw_spelled(r, uniform(r, -360, 360));
    if (k < 84) return draw_spelled(r, decimal(r, 360));
    if (k < 89) return draw_spelled(r, float32(r, -720, 720));
    if (k < 95) return draw_spelled(r, huge(r, 3, extremes && prng_chance(r, 0.2) ? 300 : 20));
    return draw_spelled(r, tiny(r, 1, 323));
}

num draw_scale(prng *r, bool extremes)
{
    int k = prng_int(r, 0, extremes ? 99 : 87);
    if (k < 14) return draw_spelled(r, 1);
    if (k < 22) return draw_spelled(r, zero(r));
    if (k < 30) return draw_spelled(r, -1);
    if (k < 37) return draw_spelled(r, 0.5 * prng_int(r, -6, 6));
    if (k < 62) return draw_spelled(r, uniform(r, -3, 3));
    if (k < 75) return draw_spelled(r, decimal(r, 3));
    if (k < 82) return draw_spelled(r, float32(r, -3, 3));
    if (k < 88) return draw_spelled(r, uniform(r, 0.1, 2));
    if (k < 94) return draw_spelled(r, tiny(r, 1, 323));
    return draw_spelled(r, huge(r, 5, 308));
}

num draw_shear(prng *r, bool extremes)
{
    int k = prng_int(r, 0, extremes ? 99 : 93);
    if (k < 30) return draw_spelled(r, zero(r));
    if (k < 45) return draw_spelled(r, 90.0 * prng_int(r, -4, 4));
    if (k < 75) return draw_spelled(r, uniform(r, -89, 89));
    if (k < 88) return draw_spelled(r, decimal(r, 89));
    if (k < 94) return draw_spelled(r, float32(r, -180, 180));
    return draw_spelled(r, tiny(r, 1, 323));
}

num draw_length(prng *r, bool extremes)
{
    int k = prng_int(r, 0, extremes ? 99 : 92);
    if (k < 30) return draw_spelled(r, zero(r));
    if (k < 65) return draw_spelled(r, uniform(r, 0, 200));
    if (k < 85) return draw_spelled(r, decimal(r, 200));
    if (k < 93) return draw_spelled(r, prng_int(r, 1, 100));
    if (k < 97) return draw_spelled(r, tiny(r, 1, 323));
    return draw_spelled(r, huge(r, 5, 308));
}

double draw_value(prng *r, int kind)
{
    switch (kind) {
    case 0: return draw_angle(r, false).v;
    case 1: return draw_coord(r, false).v;
    case 2: return draw_scale(r, false).v;
    default: return draw_shear(r, false).v;
    }
}

int add_amplifiers(gen_bone *bones, int n, const bool *chosen)
{
    int count = n;
    for (int i = 0; i < n; i++) {
        if (!chosen[i]) continue;
        for (int axis = 0; axis < 2; axis++) {
            gen_bone *a = &bones[count++];
            memset(a, 0, sizeof *a);
            snprintf(a->name, sizeof a->name, "%.80s>a%c", bones[i].name, axis ? 'y' : 'x');
            a->parent = i;
            a->inherit = -1;
            a->skin = -1;
            a->has[axis ? BF_Y : BF_X] = true;
            a->field[axis ? BF_Y : BF_X].v = 10000;
            a->field[axis ? BF_Y : BF_X].sp = JW_SHORTEST;
        }
    }
    return count;
}
