// The unfused bound charges every source op as one kernel (DESIGN §4): a top-level loop nest,
// or consecutive nests with the same solar.op and solar.loc (an importer's one framework op),
// with the op's internal intermediates on chip. lift-einsum keeps that grouping: the einsums
// it makes from one nest carry the nest's solar.op/solar.loc, or, without them and when the
// nest became several einsums, solar.nest = "LINE:COL" of the nest.
//
// RUN: solar-opt %s --split-input-file --lift-einsum --report=none | FileCheck %s --check-prefix=IR
// RUN: solar-opt %s --split-input-file --sol-unfused --hw h100-sxm | FileCheck %s --check-prefix=SOL
// RUN: solar-opt %s --split-input-file --lift-einsum --sol-unfused --hw h100-sxm | FileCheck %s --check-prefix=SOL
// RUN: solar-opt %s --split-input-file --lift-einsum --sol-unfused --hw h100-sxm --report=json | FileCheck %s --check-prefix=JSON

// A matmul nest lifts into a fill and an accumulation, both marked with the nest's position
// (line 31, column 3); the relu nest after it stays one einsum and gets no mark.
// C = A B: A 16x8, B 8x4, C 16x4 f32 (512, 128, 256 bytes); R = relu(C) 256 bytes.
//   kernel 0 (the matmul nest, whatever lifting makes of it): A + B read, C written = 896
//   kernel 1 (relu): C read, R written = 512; 1408 bytes; charged (cold cache): A, B, 0.192 ns.
//   Each lifted node its own kernel would move 1920 bytes: the fill writes C (256), the
//   accumulation reads A, B and reads and writes C again (1152), relu 512.
// IR-LABEL: func.func @two_ops
// IR:         linalg.generic {{.*}}attrs =  {solar.combine = "fill", solar.einsum = "->ij", solar.nest = "31:3"}
// IR:         linalg.generic {{.*}}attrs =  {solar.combine = "mulf", solar.einsum = "ik,kj->ij", solar.nest = "31:3", solar.reduce = "addf"}
// IR:         linalg.generic {{.*}}attrs =  {solar.combine = "maximumf", solar.einsum = "ij->ij"}
// SOL-LABEL:  SOL report: {{.*}} @two_ops
// SOL:        totals: 1024 matrix FLOP, 64 vector ops, 1408 unfused bytes, 1152 compulsory bytes
// SOL:        2 source ops by time on H100-SXM (each its own kernel; they sum to sol-unfused, 0.192 ns)
// JSON:       "totals": {{.*}} "unfused_bytes": 1408, "node_bytes": 1920, "source_ops": 2}
// JSON:       "name": "node1", {{.*}} "source_op": 0,
// JSON:       "name": "node2", {{.*}} "source_op": 1,
func.func @two_ops(%A: memref<16x8xf32>, %B: memref<8x4xf32>, %C: memref<16x4xf32>, %R: memref<16x4xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 4 {
      %s = affine.for %k = 0 to 8 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<16x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x4xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %C[%i, %j] : memref<16x4xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 4 {
      %c = affine.load %C[%i, %j] : memref<16x4xf32>
      %r = arith.maximumf %c, %zero : f32
      affine.store %r, %R[%i, %j] : memref<16x4xf32>
    }
  }
  return
}

// -----

// Two nests with one importer provenance are one source op (an aten op written as a nest
// group): the einsums lifted from them keep solar.op and solar.loc and get no solar.nest.
// Y = X - max(X) per row in two nests, X, Y 4x8 f32 (128 bytes each), M 4 (16, an alloc):
//   one kernel: X read, Y written = 256 bytes (M stays on chip); charged: X, 128 / 3.35e12
//   = 0.038 ns.
//   As two kernels it would be 128 + 16 and 128 + 16 + 128 = 416.
// IR-LABEL: func.func @one_op_two_nests
// IR:         linalg.generic {{.*}}solar.loc = "model.py:7", solar.op = "aten.sub"
// IR-NOT:     solar.nest
// IR:         return
// SOL-LABEL:  SOL report: {{.*}} @one_op_two_nests
// SOL:        1 source op by time on H100-SXM (each its own kernel; they sum to sol-unfused, 0.038 ns)
func.func @one_op_two_nests(%X: memref<4x8xf32>, %Y: memref<4x8xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %M = memref.alloc() : memref<4xf32>
  affine.for %b = 0 to 4 {
    %m = affine.for %d = 0 to 8 iter_args(%a = %ninf) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<4x8xf32>
      %n = arith.maximumf %a, %x : f32
      affine.yield %n : f32
    }
    affine.store %m, %M[%b] : memref<4xf32>
  } {solar.op = "aten.sub", solar.loc = "model.py:7"}
  affine.for %b = 0 to 4 {
    affine.for %d = 0 to 8 {
      %x = affine.load %X[%b, %d] : memref<4x8xf32>
      %m = affine.load %M[%b] : memref<4xf32>
      %y = arith.subf %x, %m : f32
      affine.store %y, %Y[%b, %d] : memref<4x8xf32>
    }
  } {solar.op = "aten.sub", solar.loc = "model.py:7"}
  memref.dealloc %M : memref<4xf32>
  return
}
