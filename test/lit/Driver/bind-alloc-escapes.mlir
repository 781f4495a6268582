// --bind makes an allocation static only when every user takes its type from the buffer: a
// call (or return, select, yield) states the type itself, so there the `?` stays and the IR
// remains valid.
// RUN: solar-opt %s --bind N=16 | FileCheck %s

// CHECK-LABEL: func.func @forward()
// CHECK:         %[[N:.*]] = arith.constant 16 : index
// CHECK:         %[[A:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK:         func.call @use(%[[A]]) : (memref<?xf32>) -> ()
// CHECK:         %[[B:.*]] = memref.alloc() : memref<16xf32>
// CHECK:         affine.load %[[B]][%{{.*}}] : memref<16xf32>
func.func private @use(memref<?xf32>)
func.func @forward(%N: index) {
  %a = memref.alloc(%N) : memref<?xf32>
  func.call @use(%a) : (memref<?xf32>) -> ()
  %b = memref.alloc(%N) : memref<?xf32>
  affine.for %i = 0 to %N {
    %v = affine.load %b[%i] : memref<?xf32>
  }
  return
}
