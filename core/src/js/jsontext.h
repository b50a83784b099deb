/* JSON text as JSON.parse takes it and Jansson refuses it: the rewrites a reader applies before (or,
 * on Jansson's error, after) parsing. Each returns a malloc'd copy of the text, or NULL when nothing
 * needs rewriting (or memory runs out). */
#ifndef POSECORE_JSONTEXT_H
#define POSECORE_JSONTEXT_H

#include <stddef.h>

/* Invalid UTF-8 sequences replaced by U+FFFD as Node's decoder replaces them (maximal subparts). */
char *js_replace_invalid_utf8(const char *text, size_t len, size_t *out_len);

/* Number literals that overflow a double rewritten into jsobject.c's Infinity markers (js_typeof reads
 * them as numbers, js_number_value as +-Infinity). NULL also when the text holds an escaped NUL. */
char *js_rewrite_overflowing_numbers(const char *text, size_t len, size_t *out_len);

#endif
