/* Reading a dump (oracle/FORMAT.md, `posecore-dump 1`) into memory, validated.
 *
 * The whole file is read into one buffer and parsed in place: every text (block names, keys, field
 * names, string values, reasons) points into that buffer, unescaped and NUL-terminated; rows, values,
 * poses and the rest live in one arena allocated once from upper bounds counted before parsing. A dump
 * is freed with dump_free. A dump that breaks the format is rejected with one message naming the file,
 * the line and the problem. */
#ifndef POSECORE_DUMPREAD_H
#define POSECORE_DUMPREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A text inside the dump's buffer: len bytes (it may hold a NUL from `\u0000`), then a NUL. */
struct dump_text {
    const char *ptr;
    size_t len;
};

enum dump_type { DUMP_NULL, DUMP_BOOL, DUMP_NUMBER, DUMP_STRING };

struct dump_value {
    enum dump_type type;
    union {
        bool boolean;            /* DUMP_BOOL */
        double number;           /* DUMP_NUMBER */
        struct dump_text string; /* DUMP_STRING */
    };
};

/* A block: every row of one block name, data or pose, has these fields in this order. */
struct dump_block {
    struct dump_text name;
    size_t first_field; /* into dump.field_names */
    size_t field_count;
};

struct dump_row {
    size_t block; /* into dump.blocks */
    struct dump_text key;
    size_t first_value; /* into dump.values; block's field_count values */
    size_t line;
};

/* An `unsupported` line: pose is -1 before the first `pose` line (the block is produced nowhere),
 * else the index of the pose it follows. block is `pose` for "poses after these are not produced". */
struct dump_unsupported {
    long pose;
    struct dump_text block;
    struct dump_text reason;
    size_t line;
};

struct dump_pose {
    long index;
    struct dump_value animation; /* DUMP_STRING or DUMP_NULL */
    double time;
    size_t first_row, row_count;                 /* into dump.rows */
    size_t first_unsupported, unsupported_count; /* into dump.unsupported */
    size_t line;
};

struct dump_meta {
    struct dump_text key, value;
};

struct dump {
    const char *path; /* as given (not owned) */
    char *text;       /* the file's bytes, parsed in place */
    void *arena;      /* every array below */

    struct dump_meta *metas;
    size_t meta_count;
    struct dump_block *blocks;
    size_t block_count;
    struct dump_text *field_names;
    size_t field_name_count;
    struct dump_value *values;
    size_t value_count;
    struct dump_row *rows; /* all rows in file order: the data rows, then each pose's */
    size_t row_count;
    size_t data_row_count; /* rows[0 .. data_row_count) come before the first pose */
    struct dump_pose *poses;
    size_t pose_count;
    struct dump_unsupported *unsupported; /* in file order: the global ones, then each pose's */
    size_t unsupported_count;
    size_t global_unsupported_count; /* unsupported[0 .. global_unsupported_count) are global */
    size_t line_count;
};

/* Why a dump was rejected: message is the whole line, "PATH:LINE: problem" (or "PATH: problem"). */
struct dump_error {
    size_t line; /* 0 when the problem is the file as a whole (cannot open, ...) */
    char message[512];
};

/* Reads and validates the dump at path. On failure returns false, fills err and leaves *out empty
 * (dump_free on it is harmless). */
bool dump_read_file(const char *path, struct dump *out, struct dump_error *err);

/* The same from bytes in memory (copied); name stands for the path in messages. */
bool dump_read_buffer(const char *bytes, size_t len, const char *name, struct dump *out,
                      struct dump_error *err);

void dump_free(struct dump *d);

/* Field k of a row: its name and its value. */
static inline const struct dump_text *dump_field_name(const struct dump *d, const struct dump_row *row,
                                                      size_t k)
{
    return &d->field_names[d->blocks[row->block].first_field + k];
}
static inline const struct dump_value *dump_field_value(const struct dump *d, const struct dump_row *row,
                                                        size_t k)
{
    return &d->values[row->first_value + k];
}

/* The index of the block named name, or -1. */
long dump_find_block(const struct dump *d, const char *name, size_t len);

#endif
