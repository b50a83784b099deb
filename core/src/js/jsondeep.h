/* JSON text nested deeper than Jansson parses (it stops at 2,048 levels; JSON.parse takes any depth):
 * the text checked as JSON.parse checks it, at any depth and without recursion, then rewritten with
 * every array or object that opens at nesting level JS_DEEP_CUT replaced by a stand-in string (the cut
 * mark), so that Jansson parses the rest. A reader then tells whether what it reads holds a cut mark
 * (the core cannot say what lay there: unsupported) or not (the document is read as JSON.parse reads
 * it). oracle/FORMAT.md "Limits". */
#ifndef POSECORE_JSONDEEP_H
#define POSECORE_JSONDEEP_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* The nesting level (1: the root array or object) at which containers are cut: below Jansson's 2,048,
 * above any level a reader looks at. */
enum { JS_DEEP_CUT = 2000 };

/* NULL, with *error_at the byte offset of the first character JSON.parse refuses (len for an early
 * end), when the text is not JSON; also NULL, with *error_at (size_t)-1, when memory runs out.
 * Otherwise the rewritten text (malloc'd), its length in *out_len and how many containers were cut in
 * *cuts (0: the text nests no deeper than JS_DEEP_CUT - 1, returned as a copy). */
char *js_cut_deep_json(const char *text, size_t len, size_t *out_len, size_t *cuts, size_t *error_at);

/* Whether a value of the parsed, rewritten text is or holds a cut mark (recursion: at most
 * JS_DEEP_CUT levels, the depth Jansson built). */
bool js_holds_cut(const json_t *v);

#endif
