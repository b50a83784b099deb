/* A small JSON writer for probe documents: the spelling of every number is chosen by the generator
 * (shortest round trip, 17 digits, exponent form, integer digits), so a probe can exercise how the
 * readers spell-read numbers, and the output is the same bytes for the same calls on every machine.
 *
 * Containers are either "lines" (one member a line, tab-indented, as the corpus cases are written) or
 * inline (members separated by ", "). Keys are NULL inside arrays and at the top. */
#ifndef PROBES_JW_H
#define PROBES_JW_H

#include <stdbool.h>
#include <stddef.h>

enum jw_spelling {
    JW_SHORTEST,  /* the shortest decimal that reads back to the same double (as JavaScript's String(x)
                     places it up to 15 digits, %.16g / %.17g beyond) */
    JW_DIGITS17,  /* %.17g */
    JW_EXPONENT,  /* %.17e: 1.00000000000000006e-01 */
    JW_INTEGER,   /* all the digits of an integral value, no exponent ("%.0f"); others as JW_SHORTEST */
    JW_SPELLINGS
};

#define JW_DEPTH 32

typedef struct jw {
    char *buf;
    size_t len, cap;
    int depth;
    bool lines[JW_DEPTH];  /* container at each depth is written a member a line */
    bool first[JW_DEPTH];  /* no member written yet at this depth */
    char closer[JW_DEPTH]; /* '}' or ']' */
    bool failed;           /* out of memory or nesting too deep */
} jw;

void jw_init(jw *w);
void jw_free(jw *w);
void jw_reset(jw *w);

void jw_object(jw *w, const char *key, bool lines);
void jw_array(jw *w, const char *key, bool lines);
void jw_end(jw *w);

void jw_string(jw *w, const char *key, const char *value);
void jw_number(jw *w, const char *key, double value, enum jw_spelling spelling);
void jw_bool(jw *w, const char *key, bool value);

/* Appends raw text (already JSON) as a member. */
void jw_raw(jw *w, const char *key, const char *json);

/* A number spelled into buf (at least 400 bytes: %.0f of DBL_MAX has 309 digits). Finite values only. */
size_t jw_spell(double value, enum jw_spelling spelling, char *buf, size_t size);

#endif
