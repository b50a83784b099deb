/* The reference for core/src/numtext: the spelling and reading numtext had before the Schubfach and
 * Eisel-Lemire code (commit 216324c), kept for the tests only. The shortest round-trip spelling is found
 * by asking printf for 1 to 17 significant digits and keeping the first that strtod reads back to the
 * same bits; reading is strtod after a check of the characters. Slow (about a microsecond a number) and
 * obviously right: test_numtext and numtext_check compare the library with it. */
#ifndef POSECORE_NUMTEXT_REFERENCE_H
#define POSECORE_NUMTEXT_REFERENCE_H

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NUMTEXT_MAX
#define NUMTEXT_MAX 32
#endif

/* Spells the decimal digits d (k of them) with the decimal point after n digits, as JavaScript's
 * Number.prototype.toString places it: plain for 1e-7 < |x| < 1e21, exponential otherwise. */
static size_t reference_spell_like_javascript(bool negative, const char *d, int k, int n, char *buf)
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
static bool reference_nudge_last_digit(char *e, int dir)
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
static bool reference_spell_digits(double x, int digits, char e[NUMTEXT_MAX])
{
    snprintf(e, NUMTEXT_MAX, "%.*e", digits - 1, x);
    double nearest = strtod(e, NULL);
    if (nearest == x) return true;
    char other[NUMTEXT_MAX];
    memcpy(other, e, NUMTEXT_MAX);
    if (reference_nudge_last_digit(other, (nearest < x) == (x > 0) ? 1 : -1) && strtod(other, NULL) == x) {
        memcpy(e, other, NUMTEXT_MAX);
        return true;
    }
    return false;
}

static size_t reference_format(double x, char buf[NUMTEXT_MAX])
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
        if (reference_spell_digits(x, mid, e)) hi = mid;
        else lo = mid + 1;
    }
    reference_spell_digits(x, hi, e);
    /* e is "-d.ddde-XX": collect the digits (dropping trailing zeros) and the exponent. */
    char d[20];
    int k = 0;
    const char *p = e + (x < 0);
    for (; *p != 'e'; p++)
        if (*p != '.') d[k++] = *p;
    while (k > 1 && d[k - 1] == '0') k--;
    int exponent = atoi(p + 1);
    return reference_spell_like_javascript(x < 0, d, k, exponent + 1, buf);
}

static bool reference_parse(const char *s, size_t len, double *out)
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

#endif
