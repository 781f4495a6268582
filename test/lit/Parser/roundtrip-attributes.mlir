// Attribute dictionaries: every value kind, sorted by name on output, untyped integers get
// `: i64`, untyped floats `: f64`, strings print MLIR's escapes (\22 \\ \0A \09 and hex), keyword
// names stay bare, quoted names stay quoted.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: solar-opt %s --mlir=14 | FileCheck %s
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CHECK-DAG: #[[$M:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$S:set[0-9]*]] = affine_set<(d0) : (d0 >= 0)>
#m = affine_map<(d0) -> (d0)>
#s = affine_set<(d0) : (d0 >= 0)>

// CHECK-LABEL: @values(%x: f32) {
// CHECK-NEXT:    %a = arith.addf %x, %x {
// CHECK-SAME:      arr = [1 : i64, [2 : i64, "x"], []],
// CHECK-SAME:      attrs = 8 : i64,
// CHECK-SAME:      b = true, c = false,
// CHECK-SAME:      d = {x = 1 : i64, y = {z}}, e = {},
// CHECK-SAME:      f = 2.500000e+00 : f64, g = 2.500000e+00 : f64, h = -5.000000e-01 : f16, hx = 0x7F800000 : f32,
// CHECK-SAME:      i = -3 : i32, i1t = true, idx = -1 : index, ins = 6 : i64, j = 7 : i64,
// CHECK-SAME:      m = #[[$M]], ma = #[[$M]], max = 4 : i64, min = 3 : i64, mod = 5 : i64,
// CHECK-SAME:      neg = -9223372036854775808 : i64, outs = 7 : i64,
// CHECK-SAME:      qs = @"a b", "quoted key" = 1 : i8,
// CHECK-SAME:      s = "a\22b\\c\0A\09A\00\7F", sa = #[[$S]], st = #[[$S]], step = 1 : i64, sym = @foo,
// CHECK-SAME:      t = f32, t2 = memref<?x4xbf16>, ti = index, to = 2 : i64, u} : f32
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @values(%x: f32) {
  %a = arith.addf %x, %x {u, b = true, c = false, i = -3 : i32, j = 7, f = 2.5 : f64, g = 2.5, h = -0.5 : f16, hx = 0x7F800000 : f32, arr = [1, [2, "x"], []], d = {x = 1, y = {z}}, m = affine_map<(d0) -> (d0)>, ma = #m, st = affine_set<(d0) : (d0 >= 0)>, sa = #s, t = f32, t2 = memref<?x4xbf16>, ti = index, sym = @foo, qs = @"a b", "quoted key" = 1 : i8, e = {}, s = "a\"b\\c\n\t\41\00\7f", step = 1, to = 2, min = 3, max = 4, mod = 5, ins = 6, outs = 7, attrs = 8, i1t = 1 : i1, idx = -1 : index, neg = -9223372036854775808 : i64} : f32
  return
}

// Dotted, `$` and `_` names; the empty quoted name; an empty dictionary prints nothing; dictionaries
// on every kind of op that takes one.
// CHECK-LABEL: @names(%x: f32, %A: memref<4xf32>) {
// CHECK-NEXT:    %a = arith.addf %x, %x {"" = 1 : i64, _x = 2 : i64, a$b = 3 : i64, a.b.c = 1 : i64} : f32
// CHECK-NEXT:    %b = arith.negf %a : f32
// CHECK-NEXT:    %c = arith.cmpf olt, %a, %b {solar.k = "cmp"} : f32
// CHECK-NEXT:    %v = affine.load %A[0] {solar.k = [@names]} : memref<4xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @names(%x: f32, %A: memref<4xf32>) {
  %a = arith.addf %x, %x {a.b.c = 1, _x = 2, a$b = 3, "" = 1} : f32
  %b = arith.negf %a {} : f32
  %c = arith.cmpf olt, %a, %b {solar.k = "cmp"} : f32
  %v = affine.load %A[0] {solar.k = [@names]} : memref<4xf32>
  return
}
