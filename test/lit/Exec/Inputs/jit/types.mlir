// Element types, ranks and ops beyond f32 loops: i1, i8, i32, f16 and f64 memrefs, a rank-0
// input and output, a `?` dim that --bind cannot infer (memref.dim), select, cmpf, casts,
// ctlz, shli, affine.apply/min/if with results, a call, memref.alloc/store/dealloc, and a
// linalg.generic updating an output in place (%G is written, then doubled).
#map = affine_map<(d0, d1) -> (d0, d1)>
#m2 = affine_map<(d0) -> (d0 * 2 + 1)>
func.func @helper(%a: f32, %b: f32) -> f32 {
  %r = math.fma %a, %b, %a : f32
  return %r : f32
}
func.func @forward(%N: index, %X: memref<?xf32>, %M: memref<?xi1>, %H: memref<4xf16>, %V: memref<?xf32>, %S: memref<f64>,
                   %O: memref<?x8xf32>, %B: memref<?xi1>, %I: memref<?xi32>, %G: memref<4x4xf32>, %R: memref<f64>, %U: memref<4xi8>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %V, %c0 : memref<?xf32>
  %t = memref.alloc(%N) : memref<?xf32>
  affine.for %i = 0 to %N {
    %x = affine.load %X[%i] : memref<?xf32>
    %m = affine.load %M[%i] : memref<?xi1>
    %nx = arith.negf %x : f32
    %s = arith.select %m, %x, %nx : f32
    memref.store %s, %t[%i] : memref<?xf32>
    %c = arith.cmpf ogt, %x, %s : f32
    affine.store %c, %B[%i] : memref<?xi1>
    %q = arith.fptosi %x : f32 to i32
    %x8 = arith.constant 8.0 : f32
    %x88 = arith.mulf %x, %x8 : f32
    %q2 = arith.fptosi %x88 : f32 to i32
    %sh = arith.shli %q2, %q2 : i32
    %z = math.ctlz %q2 : i32
    %zz = arith.addi %z, %sh : i32
    affine.store %zz, %I[%i] : memref<?xi32>
    %ii = arith.index_castui %i : index to i32
    %fi = arith.uitofp %ii : i32 to f32
    affine.for %j = 0 to 8 {
      %jj = affine.apply #m2(%j)
      %mn = affine.min affine_map<(d0) -> (d0, 5)>(%jj)
      %fj = arith.index_cast %mn : index to i64
      %ff = arith.sitofp %fj : i64 to f32
      %v = affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%i, %j) -> f32 {
        affine.yield %ff : f32
      } else {
        %w = func.call @helper(%ff, %fi) : (f32, f32) -> f32
        affine.yield %w : f32
      }
      affine.store %v, %O[%i, %j] : memref<?x8xf32>
    }
  }
  %acc0 = arith.constant 0.0 : f64
  %sum = affine.for %k = 0 to %n iter_args(%a = %acc0) -> (f64) {
    %v = affine.load %V[%k] : memref<?xf32>
    %vd = arith.extf %v : f32 to f64
    %n2 = arith.addf %a, %vd : f64
    affine.yield %n2 : f64
  }
  %s0 = affine.load %S[] : memref<f64>
  %tot = arith.addf %sum, %s0 : f64
  affine.store %tot, %R[] : memref<f64>
  affine.for %k = 0 to 4 {
    %h = affine.load %H[%k] : memref<4xf16>
    %hf = arith.extf %h : f16 to f32
    %tv = affine.load %t[%k] : memref<?xf32>
    %p = arith.mulf %hf, %tv : f32
    %bi = arith.bitcast %p : f32 to i32
    %tr = arith.trunci %bi : i32 to i8
    affine.store %tr, %U[%k] : memref<4xi8>
    affine.for %l = 0 to 4 {
      affine.store %p, %G[%k, %l] : memref<4x4xf32>
    }
  }
  linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%G : memref<4x4xf32>) attrs = {solar.einsum = "mn->mn"} {
  ^bb0(%g: f32):
    %w = arith.addf %g, %g : f32
    linalg.yield %w : f32
  }
  memref.dealloc %t : memref<?xf32>
  return
}
