/* The benchmark's counting allocator: every malloc, calloc, realloc and free of the program and of the
 * library linked into it (`-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free`), and Jansson's
 * allocations (json_set_alloc_funcs), counted. A phase is measured by two snapshots. */
#ifndef POSECORE_BENCH_ALLOC_H
#define POSECORE_BENCH_ALLOC_H

#include <stddef.h>

typedef struct bench_alloc_counts {
    unsigned long long allocations; /* malloc, calloc and realloc calls (a realloc is one allocation) */
    unsigned long long frees;       /* free calls with a pointer (not NULL) */
    long long live_bytes;           /* bytes requested and not yet freed */
} bench_alloc_counts;

/* Routes Jansson's allocations through the counting allocator; call before anything else. */
void bench_alloc_init(void);

bench_alloc_counts bench_alloc_snapshot(void);

#endif
