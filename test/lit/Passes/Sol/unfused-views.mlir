// A view op is no kernel in eager PyTorch (it only makes new strides over the same storage),
// so the unfused bound never charges one: an importer's copy nest for `aten.permute` joins the
// op after it (the kernel that reads the viewed storage), and a trailing `aten.view` joins the
// op before it. Charged as kernels of their own they would let eager beat sol-unfused.
// X 8x4 f32 (128 bytes) is permuted into T (4x8, an alloc), relu'd into R (an alloc) and
// viewed into the output O (4x8): one kernel reads X and writes O, 256 bytes, as fused.
// Three kernels would move 3 x 256 = 768 bytes.
//
// RUN: solar-opt %s --sol-unfused --sol-fused --hw h100-sxm | FileCheck %s
// RUN: solar-opt %s --lift-einsum --sol-unfused --sol-fused --hw h100-sxm | FileCheck %s
// RUN: solar-opt %s --sol-unfused --hw h100-sxm --report=json | FileCheck %s --check-prefix=JSON
// RUN: sed 's/aten.permute/aten.clone/' %s | solar-opt - --sol-unfused --hw h100-sxm --report=json | FileCheck %s --check-prefix=CLONE
// CHECK:      totals: 0 matrix FLOP, 32 vector ops, 256 unfused bytes, 256 compulsory bytes
// CHECK:      1 source op by time on H100-SXM
// CHECK-NEXT: #
// CHECK-NEXT: 0 aten.relu model.py:3
// JSON:       "totals": {{.*}} "unfused_bytes": 256, {{.*}} "source_ops": 1}
// A real copy (`aten.clone`) stays a kernel of its own: X read, T written, then T read.
// CLONE:      "totals": {{.*}} "unfused_bytes": 512, {{.*}} "source_ops": 2}
func.func @forward(%X: memref<8x4xf32>, %O: memref<4x8xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %T = memref.alloc() : memref<4x8xf32>
  %R = memref.alloc() : memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %X[%j, %i] : memref<8x4xf32>
      affine.store %x, %T[%i, %j] : memref<4x8xf32>
    }
  } {solar.op = "aten.permute", solar.loc = "model.py:2"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %t = affine.load %T[%i, %j] : memref<4x8xf32>
      %r = arith.maximumf %t, %zero : f32
      affine.store %r, %R[%i, %j] : memref<4x8xf32>
    }
  } {solar.op = "aten.relu", solar.loc = "model.py:3"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %r = affine.load %R[%i, %j] : memref<4x8xf32>
      affine.store %r, %O[%i, %j] : memref<4x8xf32>
    }
  } {solar.op = "aten.view", solar.loc = "model.py:4"}
  return
}
