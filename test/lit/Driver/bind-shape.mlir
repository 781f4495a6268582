// --bind X=16x16384 gives a memref argument a static shape. A buffer that only a
// linalg.generic uses has no loop stating its extent, so without it the SOL passes cannot
// count the op (examples/relu.mlir); with it the generic's domain, and through it the other
// operand, are sized.

// RUN: solar-opt %s --bind X=16x8 | FileCheck %s
// CHECK: func.func @forward(%X: memref<16x8xf32>, %Y: memref<?x?xf32>)
// CHECK: ins(%X : memref<16x8xf32>) outs(%Y : memref<?x?xf32>)

// RUN: solar-opt %s --bind X=16x8 --sol-fused --hw h100-sxm | FileCheck %s --check-prefix=SOL
// 128 elements read and 128 written, f32:
// SOL: node0      elementwise  -                 128                0            128           1024

// RUN: not solar-opt %s --sol-fused --hw h100-sxm 2>&1 | FileCheck %s --check-prefix=UNSIZED
// UNSIZED: error: {{.*}}linalg.generic

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @forward(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%X : memref<?x?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  return
}
