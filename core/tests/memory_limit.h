/* For tests that run a reader out of memory in a forked child: caps the child's address space at what
 * it maps now plus headroom bytes. False when /proc/self/statm or setrlimit fails. */
#ifndef POSECORE_TESTS_MEMORY_LIMIT_H
#define POSECORE_TESTS_MEMORY_LIMIT_H
#include <stdbool.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

static bool limit_address_space(size_t headroom)
{
    long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return false;
    bool read = fscanf(f, "%ld", &pages) == 1;
    fclose(f);
    if (!read) return false;
    rlim_t limit = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + (rlim_t)headroom;
    struct rlimit rl = { limit, limit };
    return setrlimit(RLIMIT_AS, &rl) == 0;
}
#endif
