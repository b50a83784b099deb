/* Numbers as text, exactly: the shortest decimal that reads back to the same double, with -0, NaN,
 * Infinity and -Infinity spelled distinctly (the dump format's number syntax, oracle/FORMAT.md). */
#ifndef POSECORE_NUMTEXT_H
#define POSECORE_NUMTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NUMTEXT_MAX 32 /* enough for any double in this syntax, with the terminating NUL */

/* Writes x into buf (NUMTEXT_MAX bytes) and returns the length. */
size_t numtext_format(double x, char buf[NUMTEXT_MAX]);

/* Reads the whole of s[0..len) as a number of this syntax; false if it is not one, or longer than 63
 * characters (no dump spells a number in more than 25). */
bool numtext_parse(const char *s, size_t len, double *out);

/* The raw IEEE bits of x, and the distance in units in the last place between two doubles (0 when the
 * bits are equal or both are NaN; UINT64_MAX when exactly one is NaN). */
uint64_t numtext_bits(double x);
uint64_t numtext_ulp_distance(double x, double y);

#endif
