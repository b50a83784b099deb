/* core/tests/failalloc.c: allocation failure injection for build/oom/posecore (make test-oom).
 *
 * build/oom/posecore is the command line linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc, so
 * every allocation the core and its command line make passes through this countdown; Jansson's own
 * allocations come here too, through the allocator the command line gives Jansson (core/cli/posecore.c).
 *   POSECORE_FAIL_ALLOC=N      the N-th allocation (counted from 1) returns NULL, once; all others succeed
 *   POSECORE_ALLOC_COUNT=FILE  at exit, the number of allocations asked for is written to FILE
 *   POSECORE_FAIL_TRACE=1      the failed allocation's call stack is written to stderr (build with -g and
 *                              read it with addr2line; for triage, never in the test's runs)
 * The counter is this test program's global, never the library's (make check-globals reads the library). */
#include <execinfo.h>
#include <stdio.h>
#include <stdlib.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *p, size_t size);

static unsigned long long allocations, fail_at;
static const char *count_file;
static int trace;

/* true when this allocation is the one to fail */
static int fails_now(void)
{
    if (++allocations != fail_at) return 0;
    if (trace) {
        void *frames[32];
        backtrace_symbols_fd(frames, backtrace(frames, 32), 2);
    }
    return 1;
}

void *__wrap_malloc(size_t size)
{
    return fails_now() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t count, size_t size)
{
    return fails_now() ? NULL : __real_calloc(count, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    return fails_now() ? NULL : __real_realloc(p, size);
}

static void write_count(void)
{
    FILE *f = fopen(count_file, "w");
    if (f) {
        fprintf(f, "%llu\n", allocations);
        fclose(f);
    }
}

__attribute__((constructor)) static void failalloc_init(void)
{
    const char *n = getenv("POSECORE_FAIL_ALLOC");
    fail_at = n ? strtoull(n, NULL, 10) : 0;
    count_file = getenv("POSECORE_ALLOC_COUNT");
    trace = getenv("POSECORE_FAIL_TRACE") != NULL;
    if (count_file) atexit(write_count);
}
