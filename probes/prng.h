/* The probe generator's random numbers: splitmix64 (Steele, Lea, Flood 2014), fixed here so that a
 * family, a seed and an index give the same probe on every machine and every build. Nothing in the
 * generator may draw from anything else (no rand(), no time, no addresses). */
#ifndef PROBES_PRNG_H
#define PROBES_PRNG_H

#include <stdint.h>

typedef struct prng {
    uint64_t state;
} prng;

static inline uint64_t prng_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline uint64_t prng_next(prng *r)
{
    r->state += 0x9e3779b97f4a7c15ULL;
    return prng_mix(r->state);
}

/* A generator for one stream: the seed and any number of integers (family, index, purpose) mixed. */
static inline prng prng_stream(uint64_t seed, uint64_t a, uint64_t b)
{
    prng r = { prng_mix(seed ^ 0x5eed5eed5eed5eedULL) };
    r.state = prng_mix(r.state ^ prng_mix(a + 0x9e3779b97f4a7c15ULL));
    r.state = prng_mix(r.state ^ prng_mix(b + 0x632be59bd9b4e019ULL));
    return r;
}

/* A double uniform in [0, 1), 53 random bits. */
static inline double prng_unit(prng *r)
{
    return (double)(prng_next(r) >> 11) * 0x1p-53;
}

/* An integer uniform in [lo, hi] (hi - lo < 2^32). */
static inline int prng_int(prng *r, int lo, int hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;
    return lo + (int)((prng_next(r) >> 32) * span >> 32);
}

/* True with probability p. */
static inline int prng_chance(prng *r, double p)
{
    return prng_unit(r) < p;
}

/* A 64-bit hash of a string (FNV-1a, then mixed), to give each family its own streams. */
static inline uint64_t prng_hash(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return prng_mix(h);
}

#endif
