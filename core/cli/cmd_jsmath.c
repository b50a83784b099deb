/* posecore jsmath FN: evaluates the V8-exact math module on bit patterns read from stdin.
 *
 *   posecore jsmath sin|cos|acos   one argument per line, 16 hex digits (the double's bits)
 *   posecore jsmath atan2          "Y X" per line, each 16 hex digits
 *   posecore jsmath pow            "X Y" per line (x ** y), each 16 hex digits
 *   posecore jsmath pow-libm       the same through the C library's pow: the rejected reading, for
 *                                  measuring how often it differs from Node (never used to pose)
 *
 * Writes one 16-hex-digit result per line, in order. Every NaN is written as 7ff8000000000000
 * (JavaScript has a single NaN value). Used by scripts/jsmath-check against Node, so it is built
 * for millions of lines: block reads, hand-rolled hex, one big output buffer. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "commands.h"
#include "js/jsmath.h"

enum { IN_BLOCK = 1 << 20, OUT_BLOCK = 1 << 20, HEX_DIGITS = 16 };

typedef double (*unary_fn)(double);
typedef double (*binary_fn)(double, double);

/* The C library's pow, named (not called) here only to be measured against Node by jsmath-check. */
static binary_fn const libm_pow = pow;

static const char HEX[] = "0123456789abcdef";

/* Value of one hex digit, or -1. */
static int hex_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    c |= 0x20; /* lower case */
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

/* Parses exactly 16 hex digits at s into a double; returns 0 on a bad digit. */
static int parse_bits(const char *s, double *out) {
    uint64_t u = 0;
    for (int i = 0; i < HEX_DIGITS; i++) {
        int v = hex_value((unsigned char)s[i]);
        if (v < 0) return 0;
        u = (u << 4) | (uint64_t)v;
    }
    memcpy(out, &u, sizeof u);
    return 1;
}

/* Writes x's bits as 16 hex digits and a newline at p; returns the end. */
static char *format_bits(char *p, double x) {
    uint64_t u;
    if (x != x) u = 0x7ff8000000000000ull;
    else memcpy(&u, &x, sizeof u);
    for (int i = HEX_DIGITS - 1; i >= 0; i--) { p[i] = HEX[u & 15]; u >>= 4; }
    p[HEX_DIGITS] = '\n';
    return p + HEX_DIGITS + 1;
}

/* Evaluates one line (without its '\n') with fn, or with fn2 on two arguments; returns 0 if it is
 * malformed. */
static int eval_line(const char *line, size_t len, unary_fn fn, binary_fn fn2, double *result) {
    double a, b;
    if (len > 0 && line[len - 1] == '\r') len--;
    if (fn) {
        if (len != HEX_DIGITS || !parse_bits(line, &a)) return 0;
        *result = fn(a);
        return 1;
    }
    if (len != 2 * HEX_DIGITS + 1 || line[HEX_DIGITS] != ' ' || !parse_bits(line, &a) ||
        !parse_bits(line + HEX_DIGITS + 1, &b))
        return 0;
    *result = fn2(a, b);
    return 1;
}

static int usage(void) {
    fputs("usage: posecore jsmath sin|cos|acos|atan2|pow|pow-libm < bits\n"
          "  one argument set per line as 16-hex-digit bit patterns (atan2: \"Y X\", pow: \"X Y\");\n"
          "  prints each result's bits, one per line\n", stderr);
    return 2;
}

int cmd_jsmath(int argc, char **argv) {
    if (argc != 2) return usage();
    unary_fn fn = NULL;
    binary_fn fn2 = NULL;
    const char *name = argv[1];
    if (strcmp(name, "sin") == 0) fn = js_sin;
    else if (strcmp(name, "cos") == 0) fn = js_cos;
    else if (strcmp(name, "acos") == 0) fn = js_acos;
    else if (strcmp(name, "atan2") == 0) fn2 = js_atan2;
    else if (strcmp(name, "pow") == 0) fn2 = js_pow;
    else if (strcmp(name, "pow-libm") == 0) fn2 = libm_pow;
    else return usage();

    char *in = malloc(IN_BLOCK + 1), *out = malloc(OUT_BLOCK);
    if (!in || !out) { fputs("posecore jsmath: out of memory\n", stderr); free(in); free(out); return 2; }
    size_t have = 0, lineno = 0, used = 0;
    int status = 0, eof = 0;
    while (!eof) {
        size_t got = fread(in + have, 1, IN_BLOCK - have, stdin);
        have += got;
        if (got == 0) {
            eof = 1;
            if (have > 0) in[have++] = '\n'; /* a last line without its newline */
        }
        size_t start = 0;
        for (;;) {
            char *nl = memchr(in + start, '\n', have - start);
            if (!nl) break;
            size_t len = (size_t)(nl - (in + start));
            double r;
            lineno++;
            if (!eval_line(in + start, len, fn, fn2, &r)) {
                fprintf(stderr, "posecore jsmath: line %zu: expected %s\n", lineno,
                        fn ? "16 hex digits" : "two arguments, each 16 hex digits, separated by a space");
                status = 2;
                goto done;
            }
            if (used + HEX_DIGITS + 1 > OUT_BLOCK) {
                fwrite(out, 1, used, stdout);
                used = 0;
            }
            used = (size_t)(format_bits(out + used, r) - out);
            start = (size_t)(nl - in) + 1;
        }
        if (start == 0 && have == IN_BLOCK) {
            fprintf(stderr, "posecore jsmath: line %zu: too long\n", lineno + 1);
            status = 2;
            goto done;
        }
        memmove(in, in + start, have - start);
        have -= start;
    }
done:
    fwrite(out, 1, used, stdout);
    if (fflush(stdout) != 0 && status == 0) { perror("posecore jsmath: stdout"); status = 2; }
    free(in);
    free(out);
    return status;
}
