/* Writing the dump format (oracle/FORMAT.md): lines, rows, typed field values, and the row count.
 * The text gathers in the writer's own buffer and goes to the stream a buffer at a time (dw_end writes
 * the rest): one fwrite per 16 KB, not a stdio call per field. */
#ifndef POSECORE_DUMPWRITE_H
#define POSECORE_DUMPWRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define DUMP_WRITER_BUFFER 16384

typedef struct dump_writer {
    FILE *out;
    long rows;
    size_t used;
    bool failed; /* a write came back short (a memory stream that cannot grow sets no ferror) */
    char buffer[DUMP_WRITER_BUFFER];
} dump_writer;

void dw_begin(dump_writer *w, FILE *out);
void dw_meta(dump_writer *w, const char *key, const char *value);
void dw_pose(dump_writer *w, int index, const char *animation, double time);
void dw_unsupported(dump_writer *w, const char *block, const char *reason);
void dw_row(dump_writer *w, const char *block, const char *key);
void dw_num(dump_writer *w, const char *field, double value);
void dw_str(dump_writer *w, const char *field, const char *value); /* NULL writes null */
void dw_bool(dump_writer *w, const char *field, bool value);
/* A string field of the values joined by spaces (JavaScript's join(" ")), however many. */
void dw_ints(dump_writer *w, const char *field, const int *values, int n);
void dw_end(dump_writer *w); /* the end line; everything written reaches the stream */

#endif
