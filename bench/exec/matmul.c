/* bench/exec peer of matmul.mlir: C[i][j] += sum_k A[i][k] * B[k][j], 256x256x256 f32, the same
 * i/j/k nest with a float accumulator initialised from C (same addition order).
 * Usage: matmul [DIR]   prints a checksum; with DIR, writes the inputs (in_A, in_B, in_C) and
 * the output (C) there as raw floats for bench/exec/run.sh --check. */
#include "peer.h"
#define M 256
#define N 256
#define K 256

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : NULL;
    float *A = alloc((size_t)M * K), *B = alloc((size_t)K * N), *C = alloc((size_t)M * N);
    fill(A, (size_t)M * K, 1);
    fill(B, (size_t)K * N, 2);
    fill(C, (size_t)M * N, 3);
    dump(dir, "in_A", A, (size_t)M * K);
    dump(dir, "in_B", B, (size_t)K * N);
    dump(dir, "in_C", C, (size_t)M * N);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float acc = C[i * N + j];
            for (int k = 0; k < K; k++) {
                float p = A[i * K + k] * B[k * N + j];
                acc = acc + p;
            }
            C[i * N + j] = acc;
        }
    dump(dir, "C", C, (size_t)M * N);
    printf("matmul checksum %.9g\n", checksum(C, (size_t)M * N));
    free(A), free(B), free(C);
    return 0;
}
