// Every op that test/lit/Utils/mlir_jit_run.py rewrites for MLIR 14: current-only ops (libm calls,
// integer expansions), math.atan (no MLIR 14 lowering), expm1/log1p (MLIR 14's lowering is
// inaccurate) and f16 math without f16 libcalls (computed in f32, rounded to f16).
// Row k of F holds unary f32 op k on X; rows of G hold binary ops on (X, Z); H is f16.
func.func @forward(%N: index, %X: memref<?xf32>, %Z: memref<?xf32>, %XH: memref<?xf16>,
                   %I: memref<?xi32>, %F: memref<12x?xf32>, %G: memref<2x?xf32>,
                   %H: memref<6x?xf16>, %J: memref<3x?xi32>) {
  affine.for %i = 0 to %N {
    %x = affine.load %X[%i] : memref<?xf32>
    %z = affine.load %Z[%i] : memref<?xf32>
    %f0 = math.tan %x : f32
    affine.store %f0, %F[0, %i] : memref<12x?xf32>
    %f1 = math.acos %x : f32
    affine.store %f1, %F[1, %i] : memref<12x?xf32>
    %f2 = math.asin %x : f32
    affine.store %f2, %F[2, %i] : memref<12x?xf32>
    %f3 = math.atan %x : f32
    affine.store %f3, %F[3, %i] : memref<12x?xf32>
    %f4 = math.cbrt %x : f32
    affine.store %f4, %F[4, %i] : memref<12x?xf32>
    %f5 = math.cosh %x : f32
    affine.store %f5, %F[5, %i] : memref<12x?xf32>
    %f6 = math.sinh %x : f32
    affine.store %f6, %F[6, %i] : memref<12x?xf32>
    %f7 = math.round %x : f32
    affine.store %f7, %F[7, %i] : memref<12x?xf32>
    %f8 = math.roundeven %x : f32
    affine.store %f8, %F[8, %i] : memref<12x?xf32>
    %f9 = math.trunc %x : f32
    affine.store %f9, %F[9, %i] : memref<12x?xf32>
    %f10 = math.expm1 %x : f32
    affine.store %f10, %F[10, %i] : memref<12x?xf32>
    %f11 = math.log1p %x : f32
    affine.store %f11, %F[11, %i] : memref<12x?xf32>
    %g0 = arith.maxnumf %x, %z : f32
    affine.store %g0, %G[0, %i] : memref<2x?xf32>
    %g1 = arith.minnumf %x, %z : f32
    affine.store %g1, %G[1, %i] : memref<2x?xf32>
    %h = affine.load %XH[%i] : memref<?xf16>
    %h0 = math.exp %h : f16
    affine.store %h0, %H[0, %i] : memref<6x?xf16>
    %h1 = math.tanh %h : f16
    affine.store %h1, %H[1, %i] : memref<6x?xf16>
    %h2 = math.erf %h : f16
    affine.store %h2, %H[2, %i] : memref<6x?xf16>
    %h3 = math.tan %h : f16
    affine.store %h3, %H[3, %i] : memref<6x?xf16>
    %h4 = math.powf %h, %h : f16
    affine.store %h4, %H[4, %i] : memref<6x?xf16>
    %h5 = math.log1p %h : f16
    affine.store %h5, %H[5, %i] : memref<6x?xf16>
    %v = affine.load %I[%i] : memref<?xi32>
    %j0 = math.absi %v : i32
    affine.store %j0, %J[0, %i] : memref<3x?xi32>
    %ix = arith.index_castui %v : i32 to index
    %back = arith.index_cast %ix : index to i32
    affine.store %back, %J[1, %i] : memref<3x?xi32>
    %iv = arith.index_castui %i : index to i32
    affine.store %iv, %J[2, %i] : memref<3x?xi32>
  }
  return
}
