/* bench/exec: shared helpers of the C peers (deterministic fill, checksum, --check dumps). */
#ifndef BENCH_EXEC_PEER_H
#define BENCH_EXEC_PEER_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Deterministic inputs in [-1, 1): a 32-bit LCG per array, seeded by the caller. */
static void fill(float *p, size_t n, uint32_t seed) {
    uint32_t x = seed * 2654435761u + 12345u;
    for (size_t i = 0; i < n; i++) {
        x = x * 1664525u + 1013904223u;
        p[i] = (float)(x >> 8) * (1.0f / 8388608.0f) - 1.0f;
    }
}

static double checksum(const float *p, size_t n) {
    double s = 0.0;
    for (size_t i = 0; i < n; i++) s += (double)p[i] * (double)((i % 7) + 1);
    return s;
}

/* With a directory argument, the peer writes DIR/NAME.f32 (raw little-endian floats). */
static void dump(const char *dir, const char *name, const float *p, size_t n) {
    if (!dir) return;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.f32", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, sizeof *p, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "peer: cannot write %s\n", path);
        exit(1);
    }
}

static float *alloc(size_t n) {
    float *p = malloc(n * sizeof *p);
    if (!p) {
        fprintf(stderr, "peer: out of memory\n");
        exit(1);
    }
    return p;
}
#endif
