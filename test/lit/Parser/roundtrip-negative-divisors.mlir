// Negative constant divisors are valid MLIR (mlir-opt-14 reads and folds them); only zero is
// rejected. Folding follows floor/ceil semantics for either sign.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CHECK-DAG: #[[$M:.*]] = affine_map<(d0) -> (d0 mod -2, d0 floordiv -3, d0 ceildiv -4)>
// CHECK-DAG: #[[$C:.*]] = affine_map<() -> (-4, 3, -1)>
// CHECK-LABEL: func.func @negative_divisors(%i: index)
// CHECK-NEXT:    affine.min #[[$M]](%i)
// CHECK-NEXT:    affine.min #[[$C]]()
func.func @negative_divisors(%i: index) {
  %a = affine.min affine_map<(d0) -> (d0 mod -2, d0 floordiv -3, d0 ceildiv -4)>(%i)
  %b = affine.min affine_map<() -> (7 floordiv -2, -7 floordiv -2, 7 mod -2)>()
  return
}
