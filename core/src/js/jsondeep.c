/* JSON nested deeper than Jansson parses (jsondeep.h): the syntax check of ECMA-404 (what JSON.parse
 * takes: whitespace space, tab, line feed, carriage return; no control character in a string; the
 * escapes \" \\ \/ \b \f \n \r \t \uXXXX; numbers -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?), with
 * an explicit stack of the open containers instead of recursion, then the cut. */
#include "jsondeep.h"

#include <stdlib.h>
#include <string.h>

/* The cut mark: a string no JSON text holds by accident (a NUL, a control character, a name). */
static const char cut_text[] = "\"\\u0000\\u0003posecore-cut\"";
static const char cut_value[] = "\0\3posecore-cut";
#define CUT_VALUE_LEN 14

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/* A string from its opening quote: *i past the closing quote; false at the first bad character. */
static bool skip_string(const char *s, size_t len, size_t *i)
{
    size_t k = *i + 1;
    while (k < len) {
        unsigned char c = (unsigned char)s[k];
        if (c == '"') { *i = k + 1; return true; }
        if (c < 0x20) break;
        if (c != '\\') { k++; continue; }
        if (k + 1 >= len) { k = len; break; }
        char e = s[k + 1];
        if (e == 'u') {
            size_t h = 0;
            while (h < 4 && k + 2 + h < len && is_hex(s[k + 2 + h])) h++;
            if (h < 4) { k += 2 + h; break; }
            k += 6;
        } else if (strchr("\"\\/bfnrt", e) && e != '\0') {
            k += 2;
        } else {
            k++;
            break;
        }
    }
    *i = k;
    return false;
}

static bool skip_digits(const char *s, size_t len, size_t *k)
{
    if (*k >= len || !is_digit(s[*k])) return false;
    while (*k < len && is_digit(s[*k])) (*k)++;
    return true;
}

static bool skip_number(const char *s, size_t len, size_t *i)
{
    size_t k = *i;
    if (s[k] == '-') k++;
    if (k < len && s[k] == '0') k++;
    else if (!skip_digits(s, len, &k)) { *i = k; return false; }
    if (k < len && s[k] == '.') {
        k++;
        if (!skip_digits(s, len, &k)) { *i = k; return false; }
    }
    if (k < len && (s[k] == 'e' || s[k] == 'E')) {
        k++;
        if (k < len && (s[k] == '+' || s[k] == '-')) k++;
        if (!skip_digits(s, len, &k)) { *i = k; return false; }
    }
    *i = k;
    return true;
}

static bool skip_literal(const char *s, size_t len, size_t *i)
{
    static const char names[3][6] = { "true", "false", "null" };
    for (int n = 0; n < 3; n++) {
        size_t l = strlen(names[n]);
        if (s[*i] != names[n][0]) continue;
        size_t k = 0;
        while (k < l && *i + k < len && s[*i + k] == names[n][k]) k++;
        *i += k;
        return k == l;
    }
    return false;
}

/* The check: true when the whole text is one JSON value; else *error_at. `open` holds a byte per open
 * container ('[' or '{'), len + 1 of them at most. */
static bool check(const char *s, size_t len, char *open, size_t *error_at)
{
    enum { VALUE, VALUE_OR_END, KEY, KEY_OR_END, COLON, AFTER } want = VALUE;
    size_t i = 0, depth = 0;
    for (;;) {
        while (i < len && is_ws(s[i])) i++;
        if (want == AFTER && depth == 0) break;
        if (i >= len) { *error_at = len; return false; }
        char c = s[i];
        bool ok = true;
        switch (want) {
        case VALUE_OR_END:
            if (c == ']') { depth--; i++; want = AFTER; break; }
            /* fall through */
        case VALUE:
            if (c == '[' || c == '{') {
                open[depth++] = c;
                i++;
                want = c == '[' ? VALUE_OR_END : KEY_OR_END;
            } else if (c == '"') {
                ok = skip_string(s, len, &i);
                want = AFTER;
            } else if (c == '-' || is_digit(c)) {
                ok = skip_number(s, len, &i);
                want = AFTER;
            } else if (c == 't' || c == 'f' || c == 'n') {
                ok = skip_literal(s, len, &i);
                want = AFTER;
            } else {
                ok = false;
            }
            break;
        case KEY_OR_END:
            if (c == '}') { depth--; i++; want = AFTER; break; }
            /* fall through */
        case KEY:
            if (c != '"') { ok = false; break; }
            ok = skip_string(s, len, &i);
            want = COLON;
            break;
        case COLON:
            if (c != ':') { ok = false; break; }
            i++;
            want = VALUE;
            break;
        case AFTER:
            if (c == ',') { i++; want = open[depth - 1] == '[' ? VALUE : KEY; }
            else if (c == (open[depth - 1] == '[' ? ']' : '}')) { depth--; i++; }
            else ok = false;
            break;
        }
        if (!ok) { *error_at = i; return false; }
    }
    if (i < len) { *error_at = i; return false; }
    return true;
}

/* The cut of a valid text (a plain scan, strings skipped whole, finds every container) into out, or only
 * measured when out is NULL: the length written, and the containers cut in *cuts. */
static size_t cut(const char *text, size_t len, char *out, size_t *cuts)
{
    size_t mark = sizeof cut_text - 1, o = 0, depth = 0;
    *cuts = 0;
    for (size_t i = 0; i < len;) {
        char c = text[i];
        size_t from = i;
        if (c == '"') {
            skip_string(text, len, &i);
        } else if ((c == '[' || c == '{') && depth + 1 == JS_DEEP_CUT) {
            size_t inner = 0;
            do {
                if (text[i] == '"') { skip_string(text, len, &i); continue; }
                if (text[i] == '[' || text[i] == '{') inner++;
                else if (text[i] == ']' || text[i] == '}') inner--;
                i++;
            } while (inner > 0);
            if (out) memcpy(out + o, cut_text, mark);
            o += mark;
            (*cuts)++;
            continue;
        } else {
            if (c == '[' || c == '{') depth++;
            else if (c == ']' || c == '}') depth--;
            i++;
        }
        if (out) memcpy(out + o, text + from, i - from);
        o += i - from;
    }
    return o;
}

char *js_cut_deep_json(const char *text, size_t len, size_t *out_len, size_t *cuts, size_t *error_at)
{
    *cuts = 0;
    char *open = malloc(len + 1);
    if (!open) { *error_at = (size_t)-1; return NULL; }
    bool valid = check(text, len, open, error_at);
    free(open);
    if (!valid) return NULL;
    size_t size = cut(text, len, NULL, cuts);
    char *out = malloc(size + 1);
    if (!out) { *error_at = (size_t)-1; return NULL; }
    *out_len = cut(text, len, out, cuts);
    out[*out_len] = '\0';
    return out;
}

bool js_holds_cut(const json_t *v)
{
    if (json_is_string(v))
        return json_string_length(v) == CUT_VALUE_LEN && memcmp(json_string_value(v), cut_value, CUT_VALUE_LEN) == 0;
    if (json_is_array(v)) {
        for (size_t i = 0; i < json_array_size(v); i++)
            if (js_holds_cut(json_array_get(v, i))) return true;
        return false;
    }
    if (json_is_object(v)) {
        const char *key;
        json_t *member;
        json_object_foreach((json_t *)v, key, member) if (js_holds_cut(member)) return true;
    }
    return false;
}
