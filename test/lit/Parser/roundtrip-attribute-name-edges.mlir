// Attribute names with NUL bytes stay distinct (names compare by bytes and length), and a
// name that looks like a zero-padded integer type is quoted: bare `i01` would read back as i1.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s

// CHECK-LABEL: func.func @edges(%x: f32)
// CHECK-NEXT:    arith.addf %x, %x {"i01" = 3 : i64, "x\00a" = 1 : i64, "x\00b" = 2 : i64} : f32
func.func @edges(%x: f32) {
  %a = arith.addf %x, %x {"x\00a" = 1, "x\00b" = 2, "i01" = 3} : f32
  return
}

// CHECK-LABEL: func.func @"a\00b"()
// CHECK-LABEL: func.func @"a\00c"()
func.func @"a\00b"() {
  return
}
func.func @"a\00c"() {
  return
}
