/* bench_math: throughput of the V8-exact math module (core/src/jsmath.c) against the C library's
 * sin, cos, atan2 and acos on the same arguments.
 *
 * Each case fills a small array (L1-resident) with arguments, then times passes over it calling one
 * function; js and libm passes alternate, and each reports the median of RUNS timings. Prints
 * ns/call, millions of calls per second, and the ratio js/libm; exits 1 if a ratio exceeds the
 * limit (argv[1], default 2). Built by scripts/bench-math with the core's flags. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "js/jsmath.h"

enum { COUNT = 4096, RUNS = 9 };

typedef double (*unary)(double);
typedef double (*binary)(double, double);

static double xs[COUNT], ys[COUNT];
static volatile double sink;

/* A deterministic uniform double in [a, b). */
static uint64_t state = 0x9e3779b97f4a7c15ull;
static double uniform(double a, double b) {
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return a + (b - a) * (double)(state >> 11) * 0x1p-53;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Seconds per call of one pass set: `reps` passes over the arrays. */
static double time_unary(unary f, int reps) {
    double t0 = now(), acc = 0;
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < COUNT; i++) acc += f(xs[i]);
    sink = acc;
    return (now() - t0) / ((double)reps * COUNT);
}
static double time_binary(binary f, int reps) {
    double t0 = now(), acc = 0;
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < COUNT; i++) acc += f(ys[i], xs[i]);
    sink = acc;
    return (now() - t0) / ((double)reps * COUNT);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(double *v, int n) { qsort(v, (size_t)n, sizeof *v, cmp_double); return v[n / 2]; }

static int over_limit;
static double limit = 2.0;

/* Times js against libm (alternating) and prints one row. */
static void bench(const char *fn, const char *set, unary js1, unary lib1, binary js2, binary lib2) {
    double tj[RUNS], tl[RUNS];
    int reps = 200;
    if (js1) { time_unary(js1, 20); time_unary(lib1, 20); } /* warm up */
    else { time_binary(js2, 20); time_binary(lib2, 20); }
    for (int r = 0; r < RUNS; r++) {
        tj[r] = js1 ? time_unary(js1, reps) : time_binary(js2, reps);
        tl[r] = js1 ? time_unary(lib1, reps) : time_binary(lib2, reps);
    }
    double j = median(tj, RUNS) * 1e9, l = median(tl, RUNS) * 1e9, ratio = j / l;
    if (ratio > limit) over_limit = 1;
    printf("%-6s %-16s %8.2f %9.1f %8.2f %9.1f %7.2fx%s\n", fn, set, j, 1e3 / j, l, 1e3 / l, ratio,
           ratio > limit ? "  over the limit" : "");
}

static void fill_uniform(double a, double b) { for (int i = 0; i < COUNT; i++) xs[i] = uniform(a, b); }

int main(int argc, char **argv) {
    if (argc > 1) limit = atof(argv[1]);
    printf("%-6s %-16s %8s %9s %8s %9s %8s\n", "fn", "arguments", "js ns", "js Mc/s", "libm ns",
           "libm Mc/s", "js/libm");
    fill_uniform(-0.785, 0.785);
    bench("sin", "|x|<pi/4", js_sin, sin, NULL, NULL);
    bench("cos", "|x|<pi/4", js_cos, cos, NULL, NULL);
    for (int i = 0; i < COUNT; i++) xs[i] = uniform(-360, 360) * JS_DEG_RAD;
    bench("sin", "degrees*degRad", js_sin, sin, NULL, NULL);
    bench("cos", "degrees*degRad", js_cos, cos, NULL, NULL);
    fill_uniform(-1e3, 1e3);
    bench("sin", "|x|<1e3", js_sin, sin, NULL, NULL);
    bench("cos", "|x|<1e3", js_cos, cos, NULL, NULL);
    for (int i = 0; i < COUNT; i++) xs[i] = ldexp(uniform(1, 2), (int)uniform(30, 1000));
    bench("sin", "2^30..2^1000", js_sin, sin, NULL, NULL);
    fill_uniform(-10, 10);
    for (int i = 0; i < COUNT; i++) ys[i] = uniform(-10, 10);
    bench("atan2", "[-10,10]^2", NULL, NULL, js_atan2, atan2);
    fill_uniform(-1, 1);
    bench("acos", "[-1,1]", js_acos, acos, NULL, NULL);
    if (over_limit) {
        printf("bench-math: some ratio is over %.2fx\n", limit);
        return 1;
    }
    printf("bench-math: every ratio is within %.2fx of libm\n", limit);
    return 0;
}
