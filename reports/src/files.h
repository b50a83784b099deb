/* File-system helpers of the report tools: directories made and removed, a directory's entries with a
 * given ending, and the first line of a file; whole files in and out, and copies, are the library's
 * (core/src/wholefile.h). */
#ifndef POSEREPORT_FILES_H
#define POSEREPORT_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "js/wholefile.h"

bool file_exists(const char *path);
bool dir_exists(const char *path);

/* mkdir -p. */
bool dir_make(const char *path);

/* rm -rf (symbolic links are removed, never followed). */
bool tree_remove(const char *path);

/* The names in dir ending with suffix (all when suffix is ""), sorted bytewise; directories only when
 * dirs_only. NULL-terminated array of new strings, free with names_free; NULL when dir cannot be read. */
char **dir_names(const char *dir, const char *suffix, bool dirs_only, size_t *count);
void names_free(char **names);

/* The first line of the file, without its newline, as a new string ("" when empty, NULL when
 * unreadable). */
char *file_first_line(const char *path);

/* A new string printf-style (aborts when memory runs out: the tools cannot go on without it). */
char *str_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *str_dup(const char *s);

#endif
