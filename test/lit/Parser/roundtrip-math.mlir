// math: every op of lib/IR/ops.def that MLIR 14 has, on f16/f32/f64 (and integers for the
// bit-count ops). `math.abs` (MLIR 14) and `math.absf` (current) are one op printed per target.
// Ops that only current MLIR has are in roundtrip-current-only.mlir.
// RUN: solar-opt %s | FileCheck %s --check-prefixes=CHECK,CUR
// RUN: solar-opt %s | solar-opt | FileCheck %s --check-prefixes=CHECK,CUR
// RUN: solar-opt %s --mlir=14 | FileCheck %s --check-prefixes=CHECK,V14 --implicit-check-not=math.absf
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CUR-LABEL:   {{^  }}func.func @math(
// V14-LABEL:   {{^  }}func @math(
// CHECK-SAME:      %a: f32, %b: f32, %c: f32, %h: f16, %d: f64, %i: i32, %k: i64) {
// CUR-NEXT:      %abs = math.absf %a : f32
// CUR-NEXT:      %abs2 = math.absf %h : f16
// V14-NEXT:      %abs = math.abs %a : f32
// V14-NEXT:      %abs2 = math.abs %h : f16
// CHECK-NEXT:    %atan = math.atan %a : f32
// CHECK-NEXT:    %ceil = math.ceil %a : f32
// CHECK-NEXT:    %cos = math.cos %a : f32
// CHECK-NEXT:    %erf = math.erf %a : f32
// CHECK-NEXT:    %exp = math.exp %a : f32
// CHECK-NEXT:    %exp2 = math.exp2 %a : f32
// CHECK-NEXT:    %expm1 = math.expm1 %a : f32
// CHECK-NEXT:    %floor = math.floor %a : f32
// CHECK-NEXT:    %log = math.log %a : f32
// CHECK-NEXT:    %log10 = math.log10 %a : f32
// CHECK-NEXT:    %log1p = math.log1p %a : f32
// CHECK-NEXT:    %log2 = math.log2 %a : f32
// CHECK-NEXT:    %rsqrt = math.rsqrt %a : f32
// CHECK-NEXT:    %sin = math.sin %a : f32
// CHECK-NEXT:    %sqrt = math.sqrt %a : f32
// CHECK-NEXT:    %tanh = math.tanh %a : f32
// CHECK-NEXT:    %powf = math.powf %a, %b : f32
// CHECK-NEXT:    %atan2 = math.atan2 %a, %b : f32
// CHECK-NEXT:    %copysign = math.copysign %a, %b : f32
// CHECK-NEXT:    %fma = math.fma %a, %b, %c : f32
// CHECK-NEXT:    %fmah = math.fma %h, %h, %h : f16
// CHECK-NEXT:    %sqrth = math.sqrt %h : f16
// CHECK-NEXT:    %expd = math.exp %d : f64
// CHECK-NEXT:    %powd = math.powf %d, %d {solar.k} : f64
// CHECK-NEXT:    %ctlz = math.ctlz %i : i32
// CHECK-NEXT:    %cttz = math.cttz %i : i32
// CHECK-NEXT:    %ctpop = math.ctpop %k : i64
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @math(%a: f32, %b: f32, %c: f32, %h: f16, %d: f64, %i: i32, %k: i64) {
  %abs = math.abs %a : f32
  %abs2 = math.absf %h : f16
  %atan = math.atan %a : f32
  %ceil = math.ceil %a : f32
  %cos = math.cos %a : f32
  %erf = math.erf %a : f32
  %exp = math.exp %a : f32
  %exp2 = math.exp2 %a : f32
  %expm1 = math.expm1 %a : f32
  %floor = math.floor %a : f32
  %log = math.log %a : f32
  %log10 = math.log10 %a : f32
  %log1p = math.log1p %a : f32
  %log2 = math.log2 %a : f32
  %rsqrt = math.rsqrt %a : f32
  %sin = math.sin %a : f32
  %sqrt = math.sqrt %a : f32
  %tanh = math.tanh %a : f32
  %powf = math.powf %a, %b : f32
  %atan2 = math.atan2 %a, %b : f32
  %copysign = math.copysign %a, %b : f32
  %fma = math.fma %a, %b, %c : f32
  %fmah = math.fma %h, %h, %h : f16
  %sqrth = math.sqrt %h : f16
  %expd = math.exp %d : f64
  %powd = math.powf %d, %d {solar.k} : f64
  %ctlz = math.ctlz %i : i32
  %cttz = math.cttz %i : i32
  %ctpop = math.ctpop %k : i64
  return
}
