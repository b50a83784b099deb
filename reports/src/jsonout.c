/* The document writer (jsonout.h), on an open_memstream. Reals go through numtext (core/src/numtext.h),
 * the dump format's shortest spelling, which is also valid JSON for every finite double. */
#include "jsonout.h"
#include "js/numtext.h"

#include <stdio.h>
#include <stdlib.h>

static void string_out(FILE *f, const char *s, size_t len)
{
    fputc('"', f);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (c < 0x20 || c == 0x7f) fprintf(f, "\\u%04x", c);
            else fputc(c, f);
        }
    }
    fputc('"', f);
}

/* depth: 0 the document, 1 its members, 2 their elements; below `flat`, everything on one line. */
static void value_out(FILE *f, const json_t *v, int depth)
{
    switch (json_typeof(v)) {
    case JSON_NULL: fputs("null", f); break;
    case JSON_TRUE: fputs("true", f); break;
    case JSON_FALSE: fputs("false", f); break;
    case JSON_INTEGER: fprintf(f, "%" JSON_INTEGER_FORMAT, json_integer_value(v)); break;
    case JSON_REAL: {
        char buf[NUMTEXT_MAX];
        numtext_format(json_real_value(v), buf);
        fputs(buf, f);
        break;
    }
    case JSON_STRING: string_out(f, json_string_value(v), json_string_length(v)); break;
    case JSON_ARRAY: {
        size_t n = json_array_size(v);
        if (n == 0) {
            fputs("[]", f);
            break;
        }
        bool lines = depth <= 1;
        fputs(lines ? "[\n" : "[ ", f);
        for (size_t i = 0; i < n; i++) {
            if (lines) fputs(depth == 0 ? "" : "\t", f);
            value_out(f, json_array_get(v, i), depth + 1);
            fputs(i + 1 < n ? (lines ? ",\n" : ", ") : (lines ? "\n" : " "), f);
        }
        fputs("]", f);
        break;
    }
    case JSON_OBJECT: {
        size_t n = json_object_size(v), i = 0;
        if (n == 0) {
            fputs("{}", f);
            break;
        }
        bool lines = depth <= 1;
        fputs(lines ? "{\n" : "{ ", f);
        const char *key;
        size_t key_len;
        json_t *m;
        json_object_keylen_foreach((json_t *)v, key, key_len, m)
        {
            if (lines) fputs(depth == 0 ? "" : "\t", f);
            string_out(f, key, key_len);
            fputs(": ", f);
            value_out(f, m, depth + 1);
            i++;
            fputs(i < n ? (lines ? ",\n" : ", ") : (lines ? "\n" : " "), f);
        }
        fputs("}", f);
        break;
    }
    }
}

char *json_text(const json_t *doc, size_t *len)
{
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    if (!f) return NULL;
    value_out(f, doc, 0);
    fputc('\n', f);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    if (len) *len = n;
    return text;
}
