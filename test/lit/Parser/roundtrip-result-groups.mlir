// Result lists mix groups and single names, as MLIR writes them: `%a:2, %b = ...` binds
// three results; the printer keeps the grouping.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// A coefficient of -2^63 (in @int64_min_coefficient) has no positive spelling, so it is not
// printed as a subtraction.
// CHECK: affine_map<(d0, d1) -> (d1 + d0 * (-9223372036854775807 - 1))>

// CHECK-LABEL: func.func @mixed(%x: f32)
// CHECK-NEXT:    %a:2, %b = affine.for %i = 0 to 4 iter_args(%p = %x, %q = %x, %r = %x) -> (f32, f32, f32) {
// CHECK:         %s = arith.addf %a#1, %b : f32
func.func @mixed(%x: f32) {
  %a:2, %b = affine.for %i = 0 to 4 iter_args(%p = %x, %q = %x, %r = %x) -> (f32, f32, f32) {
    affine.yield %p, %q, %r : f32, f32, f32
  }
  %s = arith.addf %a#1, %b : f32
  return
}

// CHECK-LABEL: func.func @int64_min_coefficient
func.func @int64_min_coefficient(%i: index, %j: index) {
  %a = affine.apply affine_map<(d0, d1) -> (d1 + d0 * (-9223372036854775807 - 1))>(%i, %j)
  return
}
