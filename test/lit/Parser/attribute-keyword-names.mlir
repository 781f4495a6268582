// An attribute name is any bare identifier, including words that are keywords, types or op
// names elsewhere in the grammar: mlir-opt-14 reads every dictionary below.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CHECK-LABEL: @keywords(%x: f32) {
// CHECK-NEXT:    %a = arith.addf %x, %x {affine.for = 5 : i64, affine_map = 10 : i64, arith.addf = 1 : i64, attributes = 12 : i64, else = 6 : i64, f32 = 2 : i64, func = 9 : i64, i8 = 4 : i64, index = 3 : i64, iter_args = 13 : i64, module = 8 : i64, private = 11 : i64, return = 14 : i64, select = 15 : i64, true = 7 : i64} : f32
// CHECK-NEXT:    return
func @keywords(%x: f32) {
  %a = arith.addf %x, %x {arith.addf = 1, f32 = 2, index = 3, i8 = 4, affine.for = 5, else = 6, true = 7, module = 8, func = 9, affine_map = 10, private = 11, attributes = 12, iter_args = 13, return = 14, select = 15} : f32
  return
}
