/* File-system helpers (files.h), POSIX only. */
#include "files.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *str_fmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!s) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

char *str_dup(const char *s) { return s ? str_fmt("%s", s) : NULL; }

bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool dir_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool dir_make(const char *path)
{
    char *p = str_dup(path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            free(p);
            return false;
        }
        *s = '/';
    }
    bool ok = mkdir(p, 0777) == 0 || errno == EEXIST;
    free(p);
    return ok && dir_exists(path);
}

bool tree_remove(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0) return errno == ENOENT;
    if (!S_ISDIR(st.st_mode)) return unlink(path) == 0;
    DIR *d = opendir(path);
    if (!d) return false;
    bool ok = true;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char *child = str_fmt("%s/%s", path, e->d_name);
        ok = tree_remove(child) && ok;
        free(child);
    }
    closedir(d);
    return rmdir(path) == 0 && ok;
}

static int by_bytes(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

char **dir_names(const char *dir, const char *suffix, bool dirs_only, size_t *count)
{
    DIR *d = opendir(dir);
    if (!d) return NULL;
    size_t n = 0, cap = 16, sl = strlen(suffix);
    char **names = malloc(cap * sizeof *names);
    struct dirent *e;
    while (names && (e = readdir(d)) != NULL) {
        const char *name = e->d_name;
        size_t len = strlen(name);
        if (name[0] == '.' || len < sl || strcmp(name + len - sl, suffix) != 0) continue;
        if (dirs_only) {
            char *full = str_fmt("%s/%s", dir, name);
            bool is_dir = dir_exists(full);
            free(full);
            if (!is_dir) continue;
        }
        if (n + 1 >= cap) {
            char **more = realloc(names, cap * 2 * sizeof *names);
            if (!more) break;
            names = more;
            cap *= 2;
        }
        names[n++] = str_dup(name);
    }
    closedir(d);
    if (!names) return NULL;
    qsort(names, n, sizeof *names, by_bytes);
    names[n] = NULL;
    if (count) *count = n;
    return names;
}

void names_free(char **names)
{
    if (!names) return;
    for (char **p = names; *p; p++) free(*p);
    free(names);
}

char *file_first_line(const char *path)
{
    char *text = file_read(path, NULL);
    if (!text) return NULL;
    text[strcspn(text, "\n")] = '\0';
    return text;
}
