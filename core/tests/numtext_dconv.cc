/* build/tests/numtext_dconv: the dump's number spelling (core/src/js/numtext.c) against the
 * double-conversion library's EcmaScriptConverter (Debian's libdouble-conversion-dev), the shortest
 * round-trip spelling with ECMAScript's Number::toString layout, the code V8's own DoubleToCString
 * descends from. A C++ test program only: the library stays C and never links it.
 *
 *   numtext_dconv float32 [--step K] [--jobs N]   every K-th float32 bit pattern (K = 1: all 2^32), widened
 *   numtext_dconv random [--count N] [--seed S] [--jobs N]   N random 64-bit patterns
 *
 * Where the spellings meet: ECMAScript writes -0 as "0" (the converter's UNIQUE_ZERO), the dump "-0"; every
 * other value, NaN and the infinities included, must be the same bytes. It is as fast as both spellings
 * (about 0.2 us a number), so every float32 is cheap here; Node's String(x) of every float32 takes hours
 * (numtext_check --node samples it). Prints a line per job's share and a total; exit 0 when nothing
 * differs, 1 otherwise, 2 on bad usage. */
#include <double-conversion/double-to-string.h>
#include <double-conversion/utils.h>

extern "C" {
#include "js/numtext.h"
}

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sys/wait.h>
#include <unistd.h>

using double_conversion::DoubleToStringConverter;
using double_conversion::StringBuilder;

static double now()
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One value: 0 the same, 1 different (the first few printed). */
static int check(double x, uint64_t *printed)
{
    static const DoubleToStringConverter &ecma = DoubleToStringConverter::EcmaScriptConverter();
    char mine[NUMTEXT_MAX], theirs[64];
    size_t n = numtext_format(x, mine);
    StringBuilder sb(theirs, sizeof theirs);
    ecma.ToShortest(x, &sb);
    int m = sb.position();
    sb.Finalize();
    bool same = (size_t)m == n && memcmp(mine, theirs, n) == 0;
    if (!same && x == 0 && std::signbit(x)) same = strcmp(mine, "-0") == 0 && strcmp(theirs, "0") == 0;
    if (same) return 0;
    if ((*printed)++ < 10) {
        uint64_t bits;
        memcpy(&bits, &x, sizeof bits);
        printf("differs: bits %016" PRIx64 ": numtext %.*s, double-conversion %s\n", bits, (int)n, mine, theirs);
    }
    return 1;
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Share `part` of `parts`: its count of values checked and of differences. */
static void run_share(bool float32, uint64_t step, uint64_t count, uint64_t seed, int part, int parts,
                      uint64_t *checked, uint64_t *differ)
{
    uint64_t printed = 0;
    *checked = *differ = 0;
    if (float32) {
        uint64_t patterns = (UINT64_C(1) << 32) / step + ((UINT64_C(1) << 32) % step != 0);
        uint64_t from = patterns * part / parts, to = patterns * (part + 1) / parts;
        for (uint64_t k = from; k < to; k++) {
            uint32_t u = (uint32_t)(k * step);
            float f;
            memcpy(&f, &u, sizeof f);
            *differ += check((double)f, &printed);
            ++*checked;
        }
    } else {
        uint64_t from = count * part / parts, to = count * (part + 1) / parts;
        uint64_t s = seed ^ (UINT64_C(0x5851f42d4c957f2d) * (uint64_t)(part + 1));
        for (uint64_t k = from; k < to; k++) {
            uint64_t bits = splitmix(&s);
            double x;
            memcpy(&x, &bits, sizeof x);
            *differ += check(x, &printed);
            ++*checked;
        }
    }
}

static int usage()
{
    fprintf(stderr, "usage: numtext_dconv float32 [--step K] [--jobs N] | random [--count N] [--seed S] [--jobs N]\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2) return usage();
    bool float32 = strcmp(argv[1], "float32") == 0;
    if (!float32 && strcmp(argv[1], "random") != 0) return usage();
    uint64_t step = 1, count = 1000000, seed = 1;
    int jobs = 1;
    for (int i = 2; i < argc; i += 2) {
        if (i + 1 >= argc) return usage();
        char *end;
        unsigned long long v = strtoull(argv[i + 1], &end, 10);
        if (*end || v == 0) return usage();
        if (strcmp(argv[i], "--step") == 0 && float32) step = v;
        else if (strcmp(argv[i], "--count") == 0 && !float32) count = v;
        else if (strcmp(argv[i], "--seed") == 0 && !float32) seed = v;
        else if (strcmp(argv[i], "--jobs") == 0 && v <= 64) jobs = (int)v;
        else return usage();
    }
    double start = now();
    int fds[64][2];
    pid_t pids[64];
    for (int j = 0; j < jobs; j++) {
        if (pipe(fds[j]) != 0) return perror("pipe"), 2;
        fflush(stdout);
        pids[j] = fork();
        if (pids[j] < 0) return perror("fork"), 2;
        if (pids[j] == 0) {
            uint64_t result[2];
            run_share(float32, step, count, seed, j, jobs, &result[0], &result[1]);
            fflush(stdout);
            ssize_t w = write(fds[j][1], result, sizeof result);
            _exit(w == (ssize_t)sizeof result ? 0 : 2);
        }
        close(fds[j][1]);
    }
    uint64_t checked = 0, differ = 0;
    int status = 0;
    for (int j = 0; j < jobs; j++) {
        uint64_t result[2];
        int ws;
        bool got = read(fds[j][0], result, sizeof result) == (ssize_t)sizeof result;
        waitpid(pids[j], &ws, 0);
        if (!got || !WIFEXITED(ws) || WEXITSTATUS(ws) != 0) {
            fprintf(stderr, "numtext_dconv: share %d of %d failed\n", j + 1, jobs);
            status = 2;
            continue;
        }
        printf("%s share %d of %d: %" PRIu64 " checked, %" PRIu64 " differ\n", argv[1], j + 1, jobs, result[0],
               result[1]);
        checked += result[0];
        differ += result[1];
    }
    if (float32)
        printf("float32, %s against double-conversion's EcmaScriptConverter: %" PRIu64 " checked, %" PRIu64
               " differences; %.1f s\n", step == 1 ? "every pattern" : "a sample of patterns", checked, differ,
               now() - start);
    else
        printf("random 64-bit patterns against double-conversion's EcmaScriptConverter: %" PRIu64 " checked, %" PRIu64
               " differences; %.1f s\n", checked, differ, now() - start);
    return status ? status : differ ? 1 : 0;
}
