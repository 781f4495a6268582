// A 3x3 convolution with padding 1 (clipped taps) over 1x4x20x20 -> 1x8x20x20, then ReLU, and a
// 20x20 matmul accumulating into C: parallel loops, lanes (20 columns: two blocks of 8 lanes
// and a remainder of 4; the clipped window differs between lanes in the first and last block),
// and elementwise loops, for the engine tests.
#lo = affine_map<(d0) -> (0, 1 - d0)>
#hi = affine_map<(d0) -> (3, 21 - d0)>
func.func @forward(%x: memref<1x4x20x20xf32>, %w: memref<8x4x3x3xf32>, %b: memref<8xf32>,
                   %y: memref<1x8x20x20xf32>, %A: memref<20x20xf32>, %B: memref<20x20xf32>,
                   %C: memref<20x20xf32>) {
  affine.for %f = 0 to 8 {
    affine.for %p = 0 to 20 {
      affine.for %q = 0 to 20 {
        %init = affine.load %b[%f] : memref<8xf32>
        %s = affine.for %c = 0 to 4 iter_args(%a0 = %init) -> (f32) {
          %s1 = affine.for %r = max #lo(%p) to min #hi(%p) iter_args(%a1 = %a0) -> (f32) {
            %s2 = affine.for %t = max #lo(%q) to min #hi(%q) iter_args(%a2 = %a1) -> (f32) {
              %xv = affine.load %x[0, %c, %p + %r - 1, %q + %t - 1] : memref<1x4x20x20xf32>
              %wv = affine.load %w[%f, %c, %r, %t] : memref<8x4x3x3xf32>
              %m = arith.mulf %xv, %wv : f32
              %a3 = arith.addf %a2, %m : f32
              affine.yield %a3 : f32
            }
            affine.yield %s2 : f32
          }
          affine.yield %s1 : f32
        }
        affine.store %s, %y[0, %f, %p, %q] : memref<1x8x20x20xf32>
      }
    }
  }
  %zero = arith.constant 0.0 : f32
  affine.for %f = 0 to 8 {
    affine.for %p = 0 to 20 {
      affine.for %q = 0 to 20 {
        %v = affine.load %y[0, %f, %p, %q] : memref<1x8x20x20xf32>
        %r = arith.maximumf %v, %zero : f32
        affine.store %r, %y[0, %f, %p, %q] : memref<1x8x20x20xf32>
      }
    }
  }
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 20 {
      %c0 = affine.load %C[%i, %j] : memref<20x20xf32>
      %s = affine.for %k = 0 to 20 iter_args(%acc = %c0) -> (f32) {
        %av = affine.load %A[%i, %k] : memref<20x20xf32>
        %bv = affine.load %B[%k, %j] : memref<20x20xf32>
        %p = arith.mulf %av, %bv : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %C[%i, %j] : memref<20x20xf32>
    }
  }
  return
}
