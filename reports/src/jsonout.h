/* Writing a skeleton document (a Jansson value) back as text the way the corpus spells its cases: the
 * top-level members one a line, the elements of top-level arrays and objects one a line, everything
 * deeper on that line; numbers as their shortest round-trip decimal (so 0.1 stays 0.1). */
#ifndef POSEREPORT_JSONOUT_H
#define POSEREPORT_JSONOUT_H

#include <jansson.h>
#include <stddef.h>

/* The text, NUL-terminated, as a new string; *len its length. NULL when memory runs out. */
char *json_text(const json_t *doc, size_t *len);

#endif
