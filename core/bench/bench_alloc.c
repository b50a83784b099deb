/* The benchmark's counting allocator (bench_alloc.h). Each block carries a 16-byte header holding its
 * requested size and a tag, so live bytes are exact; a pointer without the tag (made by the C library
 * itself, e.g. inside fopen) is passed through to the real allocator uncounted. Single-threaded. */
#include "bench_alloc.h"

#include <jansson.h>
#include <stdint.h>
#include <string.h>

void *__real_malloc(size_t size);
void *__real_realloc(void *ptr, size_t size);
void __real_free(void *ptr);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *ptr, size_t size);
void __wrap_free(void *ptr);

#define HEADER 16
#define TAG UINT64_C(0x706f7365636f7265) /* "posecore" */

typedef struct header {
    uint64_t size;
    uint64_t tag;
} header;

static bench_alloc_counts counts;

static void *finish(header *h, size_t size)
{
    if (!h) return NULL;
    h->size = size;
    h->tag = TAG;
    counts.allocations++;
    counts.live_bytes += (long long)size;
    return (char *)h + HEADER;
}

static header *header_of(void *ptr)
{
    header *h = (header *)((char *)ptr - HEADER);
    return h->tag == TAG ? h : NULL;
}

void *__wrap_malloc(size_t size)
{
    if (size > SIZE_MAX - HEADER) return NULL;
    return finish(__real_malloc(size + HEADER), size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    if (size && n > (SIZE_MAX - HEADER) / size) return NULL;
    void *p = __wrap_malloc(n * size);
    if (p) memset(p, 0, n * size);
    return p;
}

void *__wrap_realloc(void *ptr, size_t size)
{
    if (!ptr) return __wrap_malloc(size);
    header *h = header_of(ptr);
    if (!h) return __real_realloc(ptr, size);
    if (size > SIZE_MAX - HEADER) return NULL;
    size_t old = h->size;
    h->tag = 0;
    header *moved = __real_realloc(h, size + HEADER);
    if (!moved) {
        h->tag = TAG;
        return NULL;
    }
    counts.live_bytes -= (long long)old;
    return finish(moved, size);
}

void __wrap_free(void *ptr)
{
    if (!ptr) return;
    header *h = header_of(ptr);
    if (!h) {
        __real_free(ptr);
        return;
    }
    counts.frees++;
    counts.live_bytes -= (long long)h->size;
    h->tag = 0;
    __real_free(h);
}

void bench_alloc_init(void)
{
    json_set_alloc_funcs(__wrap_malloc, __wrap_free);
}

bench_alloc_counts bench_alloc_snapshot(void)
{
    return counts;
}
