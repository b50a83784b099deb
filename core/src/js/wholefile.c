/* Whole files in and out (wholefile.h). */
#include "wholefile.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

char *file_slurp(FILE *f, size_t *len, int *error)
{
    struct stat st;
    size_t cap = 1 << 16, n = 0;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) cap = (size_t)st.st_size + 1;
    char *buf = malloc(cap);
    if (!buf) { *error = ENOMEM; return NULL; }
    for (;;) {
        n += fread(buf + n, 1, cap - 1 - n, f);
        if (ferror(f)) { *error = errno ? errno : EIO; free(buf); return NULL; }
        if (feof(f)) break;
        if (n == cap - 1) {
            char *grown = cap > ((size_t)-1) / 2 ? NULL : realloc(buf, cap * 2);
            if (!grown) { *error = ENOMEM; free(buf); return NULL; }
            buf = grown;
            cap *= 2;
        }
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

char *file_read(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t n = 0;
    int error = 0;
    char *text = file_slurp(f, &n, &error);
    fclose(f);
    if (text && len) *len = n;
    return text;
}

bool file_write(const char *path, const char *bytes, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(bytes, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

bool file_copy(const char *from, const char *to)
{
    size_t len;
    char *bytes = file_read(from, &len);
    if (!bytes) return false;
    bool ok = file_write(to, bytes, len);
    free(bytes);
    return ok;
}
