/* bench/exec peer of conv2d.mlir: NCHW input [1,32,34,34], FCHW filter [32,32,3,3], stride 1,
 * no padding, output [1,32,32,32], f32. Same nest: n, f, p, q, then r, s, then c innermost,
 * one float accumulator from 0 through r, s and c (same addition order).
 * Usage: conv2d [DIR]   prints a checksum; with DIR, writes in_in, in_w and out as raw floats. */
#include "peer.h"
#define NB 1
#define CH 32
#define H 34
#define W 34
#define F 32
#define R 3
#define S 3
#define P (H - R + 1)
#define Q (W - S + 1)

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : NULL;
    size_t nin = (size_t)NB * CH * H * W, nw = (size_t)F * CH * R * S, nout = (size_t)NB * F * P * Q;
    float *in = alloc(nin), *w = alloc(nw), *out = alloc(nout);
    fill(in, nin, 1);
    fill(w, nw, 2);
    fill(out, nout, 3); /* overwritten; solar-run's outputs also start from data */
    dump(dir, "in_in", in, nin);
    dump(dir, "in_w", w, nw);
    dump(dir, "in_out", out, nout);
    for (int n = 0; n < NB; n++)
        for (int f = 0; f < F; f++)
            for (int p = 0; p < P; p++)
                for (int q = 0; q < Q; q++) {
                    float acc = 0.0f;
                    for (int r = 0; r < R; r++)
                        for (int s = 0; s < S; s++)
                            for (int c = 0; c < CH; c++) {
                                float x = in[((n * CH + c) * H + (p + r)) * W + (q + s)];
                                float k = w[((f * CH + c) * R + r) * S + s];
                                acc = acc + x * k;
                            }
                    out[((n * F + f) * P + p) * Q + q] = acc;
                }
    dump(dir, "out", out, nout);
    printf("conv2d checksum %.9g\n", checksum(out, nout));
    free(in), free(w), free(out);
    return 0;
}
