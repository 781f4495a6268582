// memref: alloc (one size per `?`, attributes between `)` and `:`), dealloc, dim (attributes
// before the operands), memref.load/store with data-dependent indices, rank-0 memrefs.
// RUN: solar-opt %s | FileCheck %s --check-prefixes=CHECK,CUR
// RUN: solar-opt %s | solar-opt | FileCheck %s --check-prefixes=CHECK,CUR
// RUN: solar-opt %s --mlir=14 | FileCheck %s --check-prefixes=CHECK,V14
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CUR-LABEL:   {{^  }}func.func @memref(
// V14-LABEL:   {{^  }}func @memref(
// CHECK-SAME:      %V: memref<?xf32>, %I: memref<?xindex>, %n: index, %x: f32) -> index {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %a = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT:    %b = memref.alloc(%n) {alignment = 64 : i64} : memref<?x4xf32>
// CHECK-NEXT:    %d = memref.dim %V, %c0 : memref<?xf32>
// CHECK-NEXT:    %e = memref.dim {solar.k = 2 : i64} %b, %c0 : memref<?x4xf32>
// CHECK-NEXT:    %c = memref.alloc(%n, %d) : memref<?x8x?xf64>
// CHECK-NEXT:    %z = memref.alloc() : memref<i8>
// CHECK-NEXT:    affine.for %i = 0 to %d {
// CHECK-NEXT:      %j = memref.load %I[%i] : memref<?xindex>
// CHECK-NEXT:      %v = memref.load %V[%j] {solar.gather} : memref<?xf32>
// CHECK-NEXT:      memref.store %v, %b[%j, %c0] : memref<?x4xf32>
// CHECK-NEXT:      memref.store %x, %V[%j] {solar.scatter} : memref<?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %r = memref.load %z[] : memref<i8>
// CHECK-NEXT:    memref.store %r, %z[] : memref<i8>
// CHECK-NEXT:    memref.dealloc %z : memref<i8>
// CHECK-NEXT:    memref.dealloc %c {solar.k} : memref<?x8x?xf64>
// CHECK-NEXT:    memref.dealloc %b : memref<?x4xf32>
// CHECK-NEXT:    memref.dealloc %a : memref<4x4xf32>
// CHECK-NEXT:    return %e : index
// CHECK-NEXT:  }
func @memref(%V: memref<?xf32>, %I: memref<?xindex>, %n: index, %x: f32) -> index {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4x4xf32>
  %b = memref.alloc(%n) {alignment = 64 : i64} : memref<?x4xf32>
  %d = memref.dim %V, %c0 : memref<?xf32>
  %e = memref.dim {solar.k = 2 : i64} %b, %c0 : memref<?x4xf32>
  %c = memref.alloc(%n, %d) : memref<?x8x?xf64>
  %z = memref.alloc() : memref<i8>
  // The result of memref.dim on an argument is a valid symbol: a loop bound.
  affine.for %i = 0 to %d {
    %j = memref.load %I[%i] : memref<?xindex>
    %v = memref.load %V[%j] {solar.gather} : memref<?xf32>
    memref.store %v, %b[%j, %c0] : memref<?x4xf32>
    memref.store %x, %V[%j] {solar.scatter} : memref<?xf32>
  }
  %r = memref.load %z[] : memref<i8>
  memref.store %r, %z[] : memref<i8>
  memref.dealloc %z : memref<i8>
  memref.dealloc %c {solar.k} : memref<?x8x?xf64>
  memref.dealloc %b : memref<?x4xf32>
  memref.dealloc %a : memref<4x4xf32>
  return %e : index
}
