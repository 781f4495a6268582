// An integer set without constraints is the universe set: mlir-opt-14 reads `affine_set<() : ()>`
// as `affine_set<() : (0 == 0)>`, and so does solar-opt, which prints it the same way. The
// MLIR prefix pins mlir-opt-14's own reading of this file, the CHECK prefix ours.
// RUN: solar-opt %s --mlir=14 | FileCheck %s
// RUN: solar-opt %s --mlir=14 | solar-opt --mlir=14 | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s --check-prefix=MLIR
// RUN: %mlir-opt %s > %t.ref
// RUN: solar-opt %s --mlir=14 | %mlir-opt | diff %t.ref -

// CHECK-DAG: #[[$NONE:set[0-9]*]] = affine_set<() : (0 == 0)>
// CHECK-DAG: #[[$DIMS:set[0-9]*]] = affine_set<(d0)[s0] : (0 == 0)>
// MLIR-DAG:  #[[$NONE:set[0-9]*]] = affine_set<() : (0 == 0)>
// MLIR-DAG:  #[[$DIMS:set[0-9]*]] = affine_set<(d0)[s0] : (0 == 0)>

// CHECK-LABEL: func @empty_sets(
// CHECK:         affine.if #[[$NONE]]() {
// CHECK:         affine.if #[[$DIMS]](%{{.*}})[%{{.*}}] {
// MLIR-LABEL:  func @empty_sets(
// MLIR:          affine.if #[[$NONE]]() {
// MLIR:          affine.if #[[$DIMS]](%{{.*}})[%{{.*}}] {
func @empty_sets(%i: index, %n: index, %A: memref<4xf32>, %x: f32) {
  affine.if affine_set<() : ()>() {
    affine.store %x, %A[0] : memref<4xf32>
  }
  affine.if affine_set<(d0)[s0] : ()>(%i)[%n] {
    affine.store %x, %A[1] : memref<4xf32>
  }
  return
}
