/* Writing the dump format (see dumpwrite.h and oracle/FORMAT.md). A row is its block, its key, and
 * then the fields appended one by one; the line is ended by the next row or line. */
#include "dumpwrite.h"
#include "js/numtext.h"

#include <string.h>

/* n bytes to the stream; a short write is remembered (glibc's open_memstream, out of memory, writes
 * short without setting ferror). */
static void write_out(dump_writer *w, const char *s, size_t n)
{
    if (fwrite(s, 1, n, w->out) != n) w->failed = true;
}

static void flush(dump_writer *w)
{
    if (w->used) write_out(w, w->buffer, w->used);
    w->used = 0;
}

/* Room for n more bytes (n at most the buffer). */
static char *room(dump_writer *w, size_t n)
{
    if (w->used + n > sizeof w->buffer) flush(w);
    return w->buffer + w->used;
}

static void put_char(dump_writer *w, char c)
{
    *room(w, 1) = c;
    w->used++;
}

static void put_bytes(dump_writer *w, const char *s, size_t n)
{
    if (n > sizeof w->buffer) {
        flush(w);
        write_out(w, s, n);
        return;
    }
    memcpy(room(w, n), s, n);
    w->used += n;
}

static void put_text(dump_writer *w, const char *s)
{
    put_bytes(w, s, strlen(s));
}

static void put_string(dump_writer *w, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    if (s == NULL) { put_bytes(w, "null", 4); return; }
    put_char(w, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': put_bytes(w, "\\\"", 2); break;
        case '\\': put_bytes(w, "\\\\", 2); break;
        case '\t': put_bytes(w, "\\t", 2); break;
        case '\n': put_bytes(w, "\\n", 2); break;
        case '\r': put_bytes(w, "\\r", 2); break;
        default:
            if (*p < 0x20) {
                char u[6] = { '\\', 'u', '0', '0', hex[*p >> 4], hex[*p & 15] };
                put_bytes(w, u, sizeof u);
            } else {
                put_char(w, (char)*p);
            }
        }
    }
    put_char(w, '"');
}

static void put_number(dump_writer *w, double v)
{
    w->used += numtext_format(v, room(w, NUMTEXT_MAX));
}

static void put_long(dump_writer *w, long v)
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%ld", v);
    put_bytes(w, digits, (size_t)n);
}

/* "\tFIELD=" */
static void put_field(dump_writer *w, const char *field)
{
    put_char(w, '\t');
    put_text(w, field);
    put_char(w, '=');
}

void dw_begin(dump_writer *w, FILE *out)
{
    w->out = out;
    w->rows = 0;
    w->used = 0;
    w->failed = false;
    put_text(w, "posecore-dump\t1");
}

void dw_meta(dump_writer *w, const char *key, const char *value)
{
    put_text(w, "\nmeta\t");
    put_string(w, key);
    put_char(w, '\t');
    put_string(w, value);
}

void dw_pose(dump_writer *w, int index, const char *animation, double time)
{
    put_text(w, "\npose\t");
    put_long(w, index);
    put_char(w, '\t');
    put_string(w, animation);
    put_char(w, '\t');
    put_number(w, time);
}

void dw_unsupported(dump_writer *w, const char *block, const char *reason)
{
    put_text(w, "\nunsupported\t");
    put_text(w, block);
    put_char(w, '\t');
    put_string(w, reason);
}

void dw_row(dump_writer *w, const char *block, const char *key)
{
    put_char(w, '\n');
    put_text(w, block);
    put_char(w, '\t');
    put_string(w, key);
    w->rows++;
}

void dw_num(dump_writer *w, const char *field, double value)
{
    put_field(w, field);
    put_number(w, value);
}

void dw_str(dump_writer *w, const char *field, const char *value)
{
    put_field(w, field);
    put_string(w, value);
}

void dw_ints(dump_writer *w, const char *field, const int *values, int n)
{
    put_field(w, field);
    put_char(w, '"');
    for (int i = 0; i < n; i++) {
        if (i > 0) put_char(w, ' ');
        put_long(w, values[i]);
    }
    put_char(w, '"');
}

void dw_bool(dump_writer *w, const char *field, bool value)
{
    put_field(w, field);
    if (value) put_bytes(w, "true", 4);
    else put_bytes(w, "false", 5);
}

void dw_end(dump_writer *w)
{
    put_text(w, "\nend\t");
    put_long(w, w->rows);
    put_char(w, '\n');
    flush(w);
}
