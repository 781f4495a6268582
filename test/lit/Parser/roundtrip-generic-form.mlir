// MLIR's generic op form is read for the ops whose inherent data MLIR keeps in an attribute
// there: elementwise ops, select, casts, comparisons (`predicate`), constants (`value`),
// affine accesses and map ops (`map`), calls (`callee`), memref accesses, terminators. They
// print in their custom form, as mlir-opt-14 prints them; the rest of the dictionary stays.
// The file is in MLIR 14's spelling (std.select, std.call, std.return, as mlir-opt-14
// --mlir-print-op-generic writes them), so mlir-opt-14 reads it too and must see the same IR.
// RUN: solar-opt %s --mlir=14 | FileCheck %s
// RUN: solar-opt %s --mlir=14 | solar-opt --mlir=14 | FileCheck %s
// RUN: %mlir-opt %s > %t.ref
// RUN: solar-opt %s --mlir=14 | %mlir-opt | diff %t.ref -

// CHECK-LABEL: func @callee(
func @callee(%x: f32) -> f32 {
  "std.return"(%x) : (f32) -> ()
}

// CHECK-LABEL: func @generic_ops(
// CHECK-NEXT:    %[[S:.+]] = arith.addf %a, %b : f32
// CHECK-NEXT:    %[[C:.+]] = arith.cmpf olt, %[[S]], %b : f32
// CHECK-NEXT:    %[[K:.+]] = arith.constant {solar.tag} 2.000000e+00 : f32
// CHECK-NEXT:    %[[L:.+]] = affine.load %A[%i + 1] : memref<8xf32>
// CHECK-NEXT:    %[[M:.+]] = select %[[C]], %[[L]], %[[K]] : f32
// CHECK-NEXT:    %[[N:.+]] = call @callee(%[[M]]) : (f32) -> f32
// CHECK-NEXT:    affine.store %[[N]], %A[%i] : memref<8xf32>
// CHECK-NEXT:    %[[P:.+]] = affine.apply #{{map[0-9]*}}(%i)
// CHECK-NEXT:    %[[E:.+]] = arith.extf %h : f16 to f32
// CHECK-NEXT:    %[[Q:.+]] = memref.load %A[%[[P]]] : memref<8xf32>
// CHECK-NEXT:    %[[I:.+]] = arith.cmpi slt, %i, %[[P]] : index
// CHECK-NEXT:    return %[[Q]] : f32
func @generic_ops(%i: index, %a: f32, %b: f32, %h: f16, %A: memref<8xf32>) -> f32 {
  %0 = "arith.addf"(%a, %b) : (f32, f32) -> f32
  %1 = "arith.cmpf"(%0, %b) {predicate = 4 : i64} : (f32, f32) -> i1
  %2 = "arith.constant"() {solar.tag, value = 2.0 : f32} : () -> f32
  %3 = "affine.load"(%A, %i) {map = affine_map<(d0) -> (d0 + 1)>} : (memref<8xf32>, index) -> f32
  %4 = "std.select"(%1, %3, %2) : (i1, f32, f32) -> f32
  %5 = "std.call"(%4) {callee = @callee} : (f32) -> f32
  "affine.store"(%5, %A, %i) {map = affine_map<(d0) -> (d0)>} : (f32, memref<8xf32>, index) -> ()
  %6 = "affine.apply"(%i) {map = affine_map<(d0) -> (d0 floordiv 2)>} : (index) -> index
  %7 = "arith.extf"(%h) : (f16) -> f32
  %8 = "memref.load"(%A, %6) : (memref<8xf32>, index) -> f32
  %9 = "arith.cmpi"(%i, %6) {predicate = 2 : i64} : (index, index) -> i1
  "std.return"(%8) : (f32) -> ()
}

// Inside a loop, the generic yield terminates the body as the custom one does.
// CHECK-LABEL: func @generic_in_loop(
// CHECK-NEXT:    %{{.+}} = affine.for %{{.+}} = 0 to 4 iter_args(%[[ACC:.+]] = %x) -> (f32) {
// CHECK-NEXT:      %[[T:.+]] = arith.mulf %[[ACC]], %x : f32
// CHECK-NEXT:      affine.yield %[[T]] : f32
// CHECK-NEXT:    }
func @generic_in_loop(%x: f32) -> f32 {
  %r = affine.for %k = 0 to 4 iter_args(%acc = %x) -> (f32) {
    %t = "arith.mulf"(%acc, %x) : (f32, f32) -> f32
    "affine.yield"(%t) : (f32) -> ()
  }
  return %r : f32
}
