/*
 * SHA-256 (FIPS 180-4), for cache keys (solar-translate's replies, solar-run's compiled programs)
 * and the provenance header's source hash.
 * No dependency: a small streaming implementation checked against the FIPS test vectors
 * (test/unit/translate.c).
 */
#ifndef SOLAR_SUPPORT_SHA256_H
#define SOLAR_SUPPORT_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct SolSha256 {
    uint32_t state[8];
    uint64_t bytes;    /* total length so far */
    uint8_t block[64]; /* the partial block */
    size_t fill;       /* bytes in block */
} SolSha256;

void sol_sha256_init(SolSha256 *s);
void sol_sha256_update(SolSha256 *s, const void *data, size_t len);
void sol_sha256_final(SolSha256 *s, uint8_t digest[32]);
/* The digest as 64 lowercase hex digits and a NUL. */
void sol_sha256_hex_final(SolSha256 *s, char hex[65]);
/* Hash of one buffer, as hex. */
void sol_sha256_hex(const void *data, size_t len, char hex[65]);

#endif /* SOLAR_SUPPORT_SHA256_H */
