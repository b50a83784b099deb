/* JSON text as JSON.parse takes it and Jansson does not (jsontext.h): invalid UTF-8 decoded as Node
 * decodes a file, and number literals too big for a double. Moved here from the document's reader so
 * that every JSON file the core reads (a document, a scenario) is taken the same way. */
#include "jsontext.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Node decodes the file's bytes as UTF-8, replacing each invalid sequence by U+FFFD (the WHATWG
 * decoder's maximal subparts); Jansson refuses invalid UTF-8. Returns a decoded copy, or NULL when the
 * bytes are valid as they are. */
char *js_replace_invalid_utf8(const char *text, size_t len, size_t *out_len)
{
    const unsigned char *s = (const unsigned char *)text;
    bool valid = true;
    char *out = NULL;
    size_t o = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            if (valid) return NULL;
            out = malloc(len * 3 + 1);
            if (!out) return NULL;
        }
        for (size_t i = 0; i < len;) {
            unsigned char c = s[i];
            size_t need = 0;
            unsigned char lo = 0x80, hi = 0xBF;
            if (c < 0x80) { if (pass) out[o++] = (char)c; i++; continue; }
            if (c >= 0xC2 && c <= 0xDF) need = 1;
            else if (c >= 0xE0 && c <= 0xEF) { need = 2; if (c == 0xE0) lo = 0xA0; if (c == 0xED) hi = 0x9F; }
            else if (c >= 0xF0 && c <= 0xF4) { need = 3; if (c == 0xF0) lo = 0x90; if (c == 0xF4) hi = 0x8F; }
            size_t k = 1;
            if (need) {
                while (k <= need && i + k < len) {
                    unsigned char b = s[i + k];
                    if (b < lo || b > hi) break;
                    lo = 0x80;
                    hi = 0xBF;
                    k++;
                }
            }
            if (need && k == need + 1) {
                if (pass) memcpy(out + o, s + i, k), o += k;
                i += k;
            } else {
                valid = false;
                if (pass) { out[o++] = (char)0xEF; out[o++] = (char)0xBF; out[o++] = (char)0xBD; }
                i += k; /* the maximal subpart (at least the lead byte) becomes one U+FFFD */
            }
        }
    }
    *out_len = o;
    return out;
}

/* Whether the n characters at t are one whole JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static bool is_json_number(const char *t, size_t n)
{
    size_t i = 0;
    if (i < n && t[i] == '-') i++;
    if (i < n && t[i] == '0') i++;
    else if (i < n && t[i] >= '1' && t[i] <= '9') while (i < n && t[i] >= '0' && t[i] <= '9') i++;
    else return false;
    if (i < n && t[i] == '.') {
        size_t digits = ++i;
        while (i < n && t[i] >= '0' && t[i] <= '9') i++;
        if (i == digits) return false;
    }
    if (i < n && (t[i] == 'e' || t[i] == 'E')) {
        i++;
        if (i < n && (t[i] == '+' || t[i] == '-')) i++;
        size_t digits = i;
        while (i < n && t[i] >= '0' && t[i] <= '9') i++;
        if (i == digits) return false;
    }
    return i == n;
}

/* JSON.parse reads a number literal too big for a double as ±Infinity; Jansson refuses it. Rewrites
 * every such literal into jsobject.c's Infinity marker string. NULL when nothing needs rewriting or
 * the text may already hold a string equal to a marker (an escaped NUL then an escaped U+0001: ambiguous;
 * an escaped NUL alone refused every such document that spine-core poses, found by a helper reading
 * mutants of this function). A run of number characters
 * that is not one whole JSON number ("1e400e3", "01e400") stays as it is, for Jansson to refuse as
 * JSON.parse does: rewriting the number strtod reads at its head accepted a text spine-core refuses
 * (fuzz-parity, CI of 2026-12-02). */
char *js_rewrite_overflowing_numbers(const char *text, size_t len, size_t *out_len)
{
    /* A string equal to a marker (NUL, U+0001, "+inf") is spelled with these 12 characters, as JSON
     * text can spell NUL and U+0001 no other way; a text without them holds no such string. */
    for (size_t i = 0; i + 12 <= len; i++)
        if (memcmp(text + i, "\\u0000\\u0001", 12) == 0) return NULL;
    char *out = malloc(len * 2 + 32);
    if (!out) return NULL;
    size_t o = 0;
    bool changed = false, in_string = false;
    for (size_t i = 0; i < len;) {
        char c = text[i];
        if (in_string) {
            out[o++] = c;
            if (c == '\\' && i + 1 < len) { out[o++] = text[i + 1]; i += 2; continue; }
            if (c == '"') in_string = false;
            i++;
            continue;
        }
        if (c == '"') { in_string = true; out[o++] = c; i++; continue; }
        if (c == '-' || (c >= '0' && c <= '9')) {
            size_t j = i + 1;
            while (j < len && (text[j] == '.' || text[j] == 'e' || text[j] == 'E' || text[j] == '+' || text[j] == '-'
                               || (text[j] >= '0' && text[j] <= '9')))
                j++;
            char token[64], *big = NULL;
            char *t = j - i < sizeof token ? token : (big = malloc(j - i + 1));
            if (!t) { free(out); return NULL; }
            memcpy(t, text + i, j - i);
            t[j - i] = '\0';
            double x = is_json_number(t, j - i) ? strtod(t, NULL) : 0;
            free(big);
            if (isinf(x)) {
                const char *mark = x > 0 ? "\"\\u0000\\u0001+inf\"" : "\"\\u0000\\u0001-inf\"";
                size_t n = strlen(mark);
                if (n > j - i) {
                    char *grown = realloc(out, len * 2 + 32 + o + n);
                    if (!grown) { free(out); return NULL; }
                    out = grown;
                }
                memcpy(out + o, mark, n);
                o += n;
                changed = true;
            } else {
                memcpy(out + o, text + i, j - i);
                o += j - i;
            }
            i = j;
            continue;
        }
        out[o++] = c;
        i++;
    }
    if (!changed) { free(out); return NULL; }
    *out_len = o;
    return out;
}
