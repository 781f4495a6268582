/* bench/exec peer of softmax.mlir: row softmax over X[512][1024] into Y, f32, in the same three
 * passes per row: max-reduce (from -inf), exp(x - max) stored into Y while summing (from 0),
 * then Y /= sum.
 * Usage: softmax [DIR]   prints a checksum; with DIR, writes in_X, in_Y and Y as raw floats. */
#include <math.h>
#include "peer.h"
#define B 512
#define D 1024

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : NULL;
    float *X = alloc((size_t)B * D), *Y = alloc((size_t)B * D);
    fill(X, (size_t)B * D, 1);
    for (size_t i = 0; i < (size_t)B * D; i++) X[i] *= 4.0f; /* a wider range than [-1, 1) */
    fill(Y, (size_t)B * D, 2); /* overwritten */
    dump(dir, "in_X", X, (size_t)B * D);
    dump(dir, "in_Y", Y, (size_t)B * D);
    for (int b = 0; b < B; b++) {
        float m = -INFINITY;
        for (int d = 0; d < D; d++) {
            float x = X[b * D + d];
            m = (x > m || x != x) ? x : m; /* arith.maximumf: NaN propagates */
        }
        float sum = 0.0f;
        for (int d = 0; d < D; d++) {
            float e = expf(X[b * D + d] - m);
            Y[b * D + d] = e;
            sum = sum + e;
        }
        for (int d = 0; d < D; d++) Y[b * D + d] = Y[b * D + d] / sum;
    }
    dump(dir, "Y", Y, (size_t)B * D);
    printf("softmax checksum %.9g\n", checksum(Y, (size_t)B * D));
    free(X), free(Y);
    return 0;
}
