/* The verdict of one probe as probecore writes it and probediff reads it (probes/README.md): one line
 *
 *   NAME<TAB>VERDICT<TAB>WHY<TAB>EXAMPLE
 *
 * VERDICT is exact, both-refused (exact: the oracle and the core refuse it), missed or unsupported; WHY
 * the group of a miss or an unsupported probe (its first difference, "core refused what the oracle
 * posed", the core's reason, ...) and EXAMPLE the line the summary shows for the group's first probe,
 * both empty for an exact one. Backslash, TAB and newline inside them are written \\, \t and \n. */
#ifndef POSECORE_PROBE_RECORD_H
#define POSECORE_PROBE_RECORD_H

#include <stdio.h>
#include <string.h>

static inline void record_put_text(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '\\') fputs("\\\\", out);
        else if (*s == '\t') fputs("\\t", out);
        else if (*s == '\n') fputs("\\n", out);
        else fputc(*s, out);
    }
}

/* Undoes record_put_text in place. */
static inline void record_unescape(char *s)
{
    char *w = s;
    for (; *s; s++) {
        if (*s == '\\' && (s[1] == '\\' || s[1] == 't' || s[1] == 'n')) {
            s++;
            *w++ = *s == 't' ? '\t' : *s == 'n' ? '\n' : '\\';
        } else {
            *w++ = *s;
        }
    }
    *w = '\0';
}

#endif
