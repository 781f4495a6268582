// Two-matmul attention without softmax (scores S = Q K^T kept in an allocation, O = S V), with
// 4 heads of dimension 64 over 4096 positions: @split takes Q, K, V, O as [head, position, d];
// @packed packs the heads into columns, `Q[i, h * 64 + d]` (a mixed-radix subscript).
func.func @split(%Q: memref<4x4096x64xf32>, %K: memref<4x4096x64xf32>, %V: memref<4x4096x64xf32>, %O: memref<4x4096x64xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %S = memref.alloc() : memref<4x4096x4096xf32>
  affine.for %h = 0 to 4 {
    affine.for %i = 0 to 4096 {
      affine.for %j = 0 to 4096 {
        %dot = affine.for %d = 0 to 64 iter_args(%acc = %zero) -> (f32) {
          %q = affine.load %Q[%h, %i, %d] : memref<4x4096x64xf32>
          %k = affine.load %K[%h, %j, %d] : memref<4x4096x64xf32>
          %p = arith.mulf %q, %k : f32
          %s = arith.addf %acc, %p : f32
          affine.yield %s : f32
        }
        affine.store %dot, %S[%h, %i, %j] : memref<4x4096x4096xf32>
      }
    }
  }
  affine.for %h = 0 to 4 {
    affine.for %i = 0 to 4096 {
      affine.for %d = 0 to 64 {
        %o = affine.for %j = 0 to 4096 iter_args(%acc = %zero) -> (f32) {
          %p = affine.load %S[%h, %i, %j] : memref<4x4096x4096xf32>
          %v = affine.load %V[%h, %j, %d] : memref<4x4096x64xf32>
          %m = arith.mulf %p, %v : f32
          %s = arith.addf %acc, %m : f32
          affine.yield %s : f32
        }
        affine.store %o, %O[%h, %i, %d] : memref<4x4096x64xf32>
      }
    }
  }
  memref.dealloc %S : memref<4x4096x4096xf32>
  return
}
func.func @packed(%Q: memref<4096x256xf32>, %K: memref<4096x256xf32>, %V: memref<4096x256xf32>, %O: memref<4096x256xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %S = memref.alloc() : memref<4x4096x4096xf32>
  affine.for %h = 0 to 4 {
    affine.for %i = 0 to 4096 {
      affine.for %j = 0 to 4096 {
        %dot = affine.for %d = 0 to 64 iter_args(%acc = %zero) -> (f32) {
          %q = affine.load %Q[%i, %h * 64 + %d] : memref<4096x256xf32>
          %k = affine.load %K[%j, %h * 64 + %d] : memref<4096x256xf32>
          %p = arith.mulf %q, %k : f32
          %s = arith.addf %acc, %p : f32
          affine.yield %s : f32
        }
        affine.store %dot, %S[%h, %i, %j] : memref<4x4096x4096xf32>
      }
    }
  }
  affine.for %h = 0 to 4 {
    affine.for %i = 0 to 4096 {
      affine.for %d = 0 to 64 {
        %o = affine.for %j = 0 to 4096 iter_args(%acc = %zero) -> (f32) {
          %p = affine.load %S[%h, %i, %j] : memref<4x4096x4096xf32>
          %v = affine.load %V[%j, %h * 64 + %d] : memref<4096x256xf32>
          %m = arith.mulf %p, %v : f32
          %s = arith.addf %acc, %m : f32
          affine.yield %s : f32
        }
        affine.store %o, %O[%i, %h * 64 + %d] : memref<4096x256xf32>
      }
    }
  }
  memref.dealloc %S : memref<4x4096x4096xf32>
  return
}
