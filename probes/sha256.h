/* SHA-256 (FIPS 180-4), for the probe cache's content keys. */
#ifndef PROBES_SHA256_H
#define PROBES_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct sha256 {
    uint32_t h[8];
    uint64_t bytes;
    unsigned char block[64];
    size_t fill;
} sha256;

void sha256_init(sha256 *s);
void sha256_update(sha256 *s, const void *data, size_t len);
void sha256_final(sha256 *s, unsigned char out[32]);
/* The digest as 64 lowercase hex digits and a NUL. */
void sha256_hex(sha256 *s, char out[65]);

#endif
