/* Writing the dump format (see dumpwrite.h and oracle/FORMAT.md). A row is its block, its key, and
 * then the fields appended one by one; the line is ended by the next row or line. */
#include "dumpwrite.h"
#include "js/numtext.h"

static void end_line(dump_writer *w)
{
    fputc('\n', w->out);
}

static void put_string(FILE *out, const char *s)
{
    if (s == NULL) { fputs("null", out); return; }
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\t': fputs("\\t", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        default:
            if (*p < 0x20) fprintf(out, "\\u%04x", *p);
            else fputc(*p, out);
        }
    }
    fputc('"', out);
}

static void put_number(FILE *out, double v)
{
    char buf[NUMTEXT_MAX];
    size_t n = numtext_format(v, buf);
    fwrite(buf, 1, n, out);
}

void dw_begin(dump_writer *w, FILE *out)
{
    w->out = out;
    w->rows = 0;
    fputs("posecore-dump\t1", out);
}

void dw_meta(dump_writer *w, const char *key, const char *value)
{
    end_line(w);
    fputs("meta\t", w->out);
    put_string(w->out, key);
    fputc('\t', w->out);
    put_string(w->out, value);
}

void dw_pose(dump_writer *w, int index, const char *animation, double time)
{
    end_line(w);
    fprintf(w->out, "pose\t%d\t", index);
    put_string(w->out, animation);
    fputc('\t', w->out);
    put_number(w->out, time);
}

void dw_unsupported(dump_writer *w, const char *block, const char *reason)
{
    end_line(w);
    fprintf(w->out, "unsupported\t%s\t", block);
    put_string(w->out, reason);
}

void dw_row(dump_writer *w, const char *block, const char *key)
{
    end_line(w);
    fprintf(w->out, "%s\t", block);
    put_string(w->out, key);
    w->rows++;
}

void dw_num(dump_writer *w, const char *field, double value)
{
    fprintf(w->out, "\t%s=", field);
    put_number(w->out, value);
}

void dw_str(dump_writer *w, const char *field, const char *value)
{
    fprintf(w->out, "\t%s=", field);
    put_string(w->out, value);
}

void dw_bool(dump_writer *w, const char *field, bool value)
{
    fprintf(w->out, "\t%s=%s", field, value ? "true" : "false");
}

void dw_end(dump_writer *w)
{
    end_line(w);
    fprintf(w->out, "end\t%ld\n", w->rows);
}
