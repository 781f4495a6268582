// bf16, which LLVM 14 cannot compile on x86-64, emulated by test/lit/Utils/mlir_jit_run.py: loads,
// stores, constants (decimal and hex), arithmetic and math rounded to bf16 after every op,
// cmpf/select, extf/truncf with f32, an iter_args reduction, a rank-0 output and a
// linalg.generic whose region takes bf16 scalars.
#id = affine_map<(d0) -> (d0)>
func.func @forward(%N: index, %X: memref<?xbf16>, %W: memref<?xbf16>, %Y: memref<6x?xbf16>,
                   %S: memref<bf16>, %F: memref<?xf32>, %L: memref<?xbf16>) {
  %one = arith.constant 1.0 : bf16
  %ninf = arith.constant 0xFF80 : bf16
  %third = arith.constant 0.333333333 : bf16
  %tot = affine.for %i = 0 to %N iter_args(%acc = %ninf) -> (bf16) {
    %x = affine.load %X[%i] : memref<?xbf16>
    %w = affine.load %W[%i] : memref<?xbf16>
    %a = arith.addf %x, %w : bf16
    affine.store %a, %Y[0, %i] : memref<6x?xbf16>
    %m = arith.mulf %x, %third : bf16
    affine.store %m, %Y[1, %i] : memref<6x?xbf16>
    %e = math.exp %x : bf16
    affine.store %e, %Y[2, %i] : memref<6x?xbf16>
    %d = arith.divf %one, %w : bf16
    %t = math.tanh %d : bf16
    affine.store %t, %Y[3, %i] : memref<6x?xbf16>
    %c = arith.cmpf ogt, %x, %w : bf16
    %s = arith.select %c, %x, %w : bf16
    %f = math.fma %s, %x, %third : bf16
    affine.store %f, %Y[4, %i] : memref<6x?xbf16>
    %xf = arith.extf %x : bf16 to f32
    %wf = arith.extf %w : bf16 to f32
    %p = arith.mulf %xf, %wf : f32
    %q = arith.addf %p, %xf : f32
    affine.store %q, %F[%i] : memref<?xf32>
    %qb = arith.truncf %q : f32 to bf16
    affine.store %qb, %Y[5, %i] : memref<6x?xbf16>
    %mx = arith.maximumf %acc, %x : bf16
    affine.yield %mx : bf16
  }
  affine.store %tot, %S[] : memref<bf16>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%X, %W : memref<?xbf16>, memref<?xbf16>) outs(%L : memref<?xbf16>) {
  ^bb0(%u: bf16, %v: bf16, %o: bf16):
    %r = arith.subf %u, %v : bf16
    linalg.yield %r : bf16
  }
  return
}
