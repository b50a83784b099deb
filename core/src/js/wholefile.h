/* Whole files in and out (wholefile.c): the document reader, the dump reader and the tools (probediff,
 * the report tools) read and write through here. */
#ifndef POSECORE_WHOLEFILE_H
#define POSECORE_WHOLEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* All of f, NUL-terminated (*len without the NUL): in one go for a regular file, in growing chunks for
 * anything else (a pipe, /dev/stdin). NULL on a read error or when memory runs out, *error its errno. */
char *file_slurp(FILE *f, size_t *len, int *error);

/* The whole file at path, NUL-terminated (*len, when asked, without the NUL); NULL when it cannot be
 * opened or read. */
char *file_read(const char *path, size_t *len);

bool file_write(const char *path, const char *bytes, size_t len);
bool file_copy(const char *from, const char *to);

#endif
