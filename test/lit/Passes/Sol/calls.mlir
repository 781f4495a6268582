// A call is counted in place: the callee body at the call's domain, its memref arguments
// standing for the caller's tensors and its index argument for the caller's constant.
// 3 calls x 32 iterations x (mulf + addf) = 192 vector ops; x[0, 32) read once, y[0, 32)
// read once and written once (read-modify-write): (32 + 32 + 32) * 4 = 384 bytes.
// RUN: solar-opt %s --sol-fused --hw h100-sxm | FileCheck %s
// CHECK: totals: 0 matrix FLOP, 192 vector ops, 384 unfused bytes, 384 compulsory bytes
// CHECK: node0 reduction - 96 0 192 384
// CHECK-NOT: approximate
func.func private @axpy(%n: index, %a: f32, %x: memref<64xf32>, %y: memref<64xf32>) {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<64xf32>
    %m = arith.mulf %a, %v : f32
    %w = affine.load %y[%i] : memref<64xf32>
    %s = arith.addf %m, %w : f32
    affine.store %s, %y[%i] : memref<64xf32>
  }
  return
}
func.func @forward(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = arith.constant 2.0 : f32
  %c32 = arith.constant 32 : index
  affine.for %t = 0 to 3 {
    func.call @axpy(%c32, %a, %x, %y) : (index, f32, memref<64xf32>, memref<64xf32>) -> ()
  }
  return
}
