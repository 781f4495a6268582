// Ops of lib/IR/ops.def that MLIR 14 does not have (no MLIR 14 spelling): read and printed with
// the current target. With --mlir=14 there is nothing mlir-opt-14 could read, so solar-opt must
// not print them as if it were MLIR 14: it fails (exit 1) and names the op.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: not solar-opt %s --mlir=14 -o %t.14.mlir 2>&1 | FileCheck %s --check-prefix=NO14

// NO14: error: {{.*}}arith.maxnumf

// CHECK-LABEL: func.func @current(%a: f32, %b: f32, %i: i32, %x: index) {
// CHECK-NEXT:    %maxnumf = arith.maxnumf %a, %b : f32
// CHECK-NEXT:    %minnumf = arith.minnumf %a, %b : f32
// CHECK-NEXT:    %castui = arith.index_castui %i : i32 to index
// CHECK-NEXT:    %absi = math.absi %i : i32
// CHECK-NEXT:    %acos = math.acos %a : f32
// CHECK-NEXT:    %asin = math.asin %a : f32
// CHECK-NEXT:    %cbrt = math.cbrt %a : f32
// CHECK-NEXT:    %cosh = math.cosh %a : f32
// CHECK-NEXT:    %round = math.round %a : f32
// CHECK-NEXT:    %roundeven = math.roundeven %a : f32
// CHECK-NEXT:    %sinh = math.sinh %a : f32
// CHECK-NEXT:    %tan = math.tan %a : f32
// CHECK-NEXT:    %trunc = math.trunc %a : f32
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @current(%a: f32, %b: f32, %i: i32, %x: index) {
  %maxnumf = arith.maxnumf %a, %b : f32
  %minnumf = arith.minnumf %a, %b : f32
  %castui = arith.index_castui %i : i32 to index
  %absi = math.absi %i : i32
  %acos = math.acos %a : f32
  %asin = math.asin %a : f32
  %cbrt = math.cbrt %a : f32
  %cosh = math.cosh %a : f32
  %round = math.round %a : f32
  %roundeven = math.roundeven %a : f32
  %sinh = math.sinh %a : f32
  %tan = math.tan %a : f32
  %trunc = math.trunc %a : f32
  func.return
}
