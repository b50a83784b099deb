/* The probe generator's JSON writer (jw.h). */
#include "jw.h"
#include "js/numtext.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void jw_init(jw *w)
{
    memset(w, 0, sizeof *w);
}

void jw_free(jw *w)
{
    free(w->buf);
    memset(w, 0, sizeof *w);
}

void jw_reset(jw *w)
{
    w->len = 0;
    w->depth = 0;
    w->failed = false;
    if (w->buf) w->buf[0] = '\0';
}

static void put(jw *w, const char *s, size_t n)
{
    if (w->failed) return;
    if (w->len + n + 1 > w->cap) {
        size_t cap = w->cap ? w->cap : 4096;
        while (w->len + n + 1 > cap) cap *= 2;
        char *b = realloc(w->buf, cap);
        if (!b) {
            w->failed = true;
            return;
        }
        w->buf = b;
        w->cap = cap;
    }
    memcpy(w->buf + w->len, s, n);
    w->len += n;
    w->buf[w->len] = '\0';
}

static void puts_(jw *w, const char *s) { put(w, s, strlen(s)); }

static void indent(jw *w, int tabs)
{
    for (int i = 0; i < tabs; i++) put(w, "\t", 1);
}

static void quoted(jw *w, const char *s)
{
    put(w, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char esc[8];
        switch (*p) {
        case '"': puts_(w, "\\\""); break;
        case '\\': puts_(w, "\\\\"); break;
        case '\n': puts_(w, "\\n"); break;
        case '\r': puts_(w, "\\r"); break;
        case '\t': puts_(w, "\\t"); break;
        default:
            if (*p < 0x20) {
                snprintf(esc, sizeof esc, "\\u%04x", *p);
                puts_(w, esc);
            } else {
                put(w, (const char *)p, 1);
            }
        }
    }
    put(w, "\"", 1);
}

/* Starts a member of the current container (or the top value). */
static void member(jw *w, const char *key)
{
    if (w->depth > 0) {
        int d = w->depth;
        if (!w->first[d]) put(w, ",", 1);
        if (w->lines[d]) {
            put(w, "\n", 1);
            indent(w, d - 1);
        } else {
            put(w, " ", 1);
        }
        w->first[d] = false;
    }
    if (key) {
        quoted(w, key);
        put(w, ": ", 2);
    }
}

static void open_container(jw *w, const char *key, bool lines, const char *bracket)
{
    member(w, key);
    if (w->depth + 1 >= JW_DEPTH) {
        w->failed = true;
        return;
    }
    puts_(w, bracket);
    w->depth++;
    w->lines[w->depth] = lines;
    w->first[w->depth] = true;
    w->closer[w->depth] = bracket[0] == '{' ? '}' : ']';
}

void jw_object(jw *w, const char *key, bool lines) { open_container(w, key, lines, "{"); }
void jw_array(jw *w, const char *key, bool lines) { open_container(w, key, lines, "["); }

void jw_end(jw *w)
{
    if (w->depth <= 0) {
        w->failed = true;
        return;
    }
    int d = w->depth;
    char close = w->closer[d];
    if (w->first[d]) {
        put(w, &close, 1);
    } else if (w->lines[d]) {
        put(w, "\n", 1);
        indent(w, d - 2 < 0 ? 0 : d - 2);
        put(w, &close, 1);
    } else {
        put(w, " ", 1);
        put(w, &close, 1);
    }
    w->depth--;
    if (w->depth == 0) put(w, "\n", 1);
}

void jw_string(jw *w, const char *key, const char *value)
{
    member(w, key);
    quoted(w, value);
}

void jw_bool(jw *w, const char *key, bool value)
{
    member(w, key);
    puts_(w, value ? "true" : "false");
}

void jw_raw(jw *w, const char *key, const char *json)
{
    member(w, key);
    puts_(w, json);
}

size_t jw_spell(double value, enum jw_spelling spelling, char *buf, size_t size)
{
    int n;
    switch (spelling) {
    case JW_DIGITS17:
        n = snprintf(buf, size, "%.17g", value);
        break;
    case JW_EXPONENT:
        n = snprintf(buf, size, "%.17e", value);
        break;
    case JW_INTEGER:
        if (value == floor(value) && !(value == 0 && signbit(value))) {
            n = snprintf(buf, size, "%.0f", value);
            break;
        }
        /* fall through */
    default: {
        /* A number that needs 16 or 17 digits (most drawn uniformly) is spelled by %.16g or %.17g at
         * once; a shorter one as JavaScript spells it (numtext tries 1, 2, ... digits: few for these). */
        char t[NUMTEXT_MAX];
        snprintf(t, sizeof t, "%.15g", value);
        if (strtod(t, NULL) == value) {
            numtext_format(value, t);
        } else {
            snprintf(t, sizeof t, "%.16g", value);
            if (strtod(t, NULL) != value) snprintf(t, sizeof t, "%.17g", value);
        }
        n = snprintf(buf, size, "%s", t);
    }
    }
    return n < 0 ? 0 : (size_t)n;
}

void jw_number(jw *w, const char *key, double value, enum jw_spelling spelling)
{
    char buf[400];
    member(w, key);
    jw_spell(value, spelling, buf, sizeof buf);
    puts_(w, buf);
}
