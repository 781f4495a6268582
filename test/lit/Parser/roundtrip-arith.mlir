// arith: every binary, unary and cast op of the subset, every cmpf/cmpi predicate, select, and
// constants of every kind. `select`, `arith.maxf`/`minf` are the MLIR 14 spellings of
// `arith.select`, `arith.maximumf`/`minimumf`; either is read, and each target prints its own.
// Constants print MLIR's way: floats in a decimal form with a dot (shortest that round-trips,
// at least 7 significant digits), inf/nan as hex bit patterns, i1 as true/false, signless
// integers sign-extended.
// RUN: solar-opt %s | FileCheck %s --check-prefixes=CHECK,CUR --implicit-check-not=select
// RUN: solar-opt %s | solar-opt | FileCheck %s --check-prefixes=CHECK,CUR --implicit-check-not=select
// RUN: solar-opt %s --mlir=14 | FileCheck %s --check-prefixes=CHECK,V14 --implicit-check-not=arith.select
// RUN: solar-opt %s --mlir=14 | solar-opt --mlir=14 | FileCheck %s --check-prefixes=CHECK,V14 --implicit-check-not=arith.select
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CUR-LABEL:   {{^  }}func.func @binary(
// V14-LABEL:   {{^  }}func @binary(
// CHECK-SAME:      %a: f32, %b: f32, %i: i32, %j: i32, %x: index, %y: index, %h: f16, %d: f64) {
// CHECK-NEXT:    %0 = arith.addf %a, %b : f32
// CHECK-NEXT:    %1 = arith.subf %a, %b : f32
// CHECK-NEXT:    %2 = arith.mulf %a, %b : f32
// CHECK-NEXT:    %3 = arith.divf %a, %b : f32
// CHECK-NEXT:    %4 = arith.remf %a, %b : f32
// CUR-NEXT:      %5 = arith.maximumf %a, %b : f32
// CUR-NEXT:      %6 = arith.minimumf %a, %b : f32
// CUR-NEXT:      %m5 = arith.maximumf %h, %h : f16
// CUR-NEXT:      %m6 = arith.minimumf %d, %d : f64
// V14-NEXT:      %5 = arith.maxf %a, %b : f32
// V14-NEXT:      %6 = arith.minf %a, %b : f32
// V14-NEXT:      %m5 = arith.maxf %h, %h : f16
// V14-NEXT:      %m6 = arith.minf %d, %d : f64
// CHECK-NEXT:    %7 = arith.negf %a : f32
// CHECK-NEXT:    %8 = arith.addi %i, %j : i32
// CHECK-NEXT:    %9 = arith.subi %i, %j : i32
// CHECK-NEXT:    %10 = arith.muli %i, %j : i32
// CHECK-NEXT:    %11 = arith.divsi %i, %j : i32
// CHECK-NEXT:    %12 = arith.divui %i, %j : i32
// CHECK-NEXT:    %13 = arith.ceildivsi %i, %j : i32
// CHECK-NEXT:    %14 = arith.floordivsi %i, %j : i32
// CHECK-NEXT:    %15 = arith.remsi %i, %j : i32
// CHECK-NEXT:    %16 = arith.remui %i, %j : i32
// CHECK-NEXT:    %17 = arith.andi %i, %j : i32
// CHECK-NEXT:    %18 = arith.ori %i, %j : i32
// CHECK-NEXT:    %19 = arith.xori %i, %j : i32
// CHECK-NEXT:    %20 = arith.shli %i, %j : i32
// CHECK-NEXT:    %21 = arith.shrsi %i, %j : i32
// CHECK-NEXT:    %22 = arith.shrui %i, %j : i32
// CHECK-NEXT:    %23 = arith.maxsi %x, %y : index
// CHECK-NEXT:    %24 = arith.minsi %x, %y : index
// CHECK-NEXT:    %25 = arith.maxui %i, %j : i32
// CHECK-NEXT:    %26 = arith.minui %i, %j : i32
// CHECK-NEXT:    %27 = arith.addf %0, %1 {solar.k = 1 : i64} : f32
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @binary(%a: f32, %b: f32, %i: i32, %j: i32, %x: index, %y: index, %h: f16, %d: f64) {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b : f32
  %2 = arith.mulf %a, %b : f32
  %3 = arith.divf %a, %b : f32
  %4 = arith.remf %a, %b : f32
  %5 = arith.maxf %a, %b : f32
  %6 = arith.minimumf %a, %b : f32
  %m5 = arith.maximumf %h, %h : f16
  %m6 = arith.minf %d, %d : f64
  %7 = arith.negf %a : f32
  %8 = arith.addi %i, %j : i32
  %9 = arith.subi %i, %j : i32
  %10 = arith.muli %i, %j : i32
  %11 = arith.divsi %i, %j : i32
  %12 = arith.divui %i, %j : i32
  %13 = arith.ceildivsi %i, %j : i32
  %14 = arith.floordivsi %i, %j : i32
  %15 = arith.remsi %i, %j : i32
  %16 = arith.remui %i, %j : i32
  %17 = arith.andi %i, %j : i32
  %18 = arith.ori %i, %j : i32
  %19 = arith.xori %i, %j : i32
  %20 = arith.shli %i, %j : i32
  %21 = arith.shrsi %i, %j : i32
  %22 = arith.shrui %i, %j : i32
  %23 = arith.maxsi %x, %y : index
  %24 = arith.minsi %x, %y : index
  %25 = arith.maxui %i, %j : i32
  %26 = arith.minui %i, %j : i32
  %27 = arith.addf %0, %1 {solar.k = 1 : i64} : f32
  return
}

// CUR-LABEL:   {{^  }}func.func @casts(
// V14-LABEL:   {{^  }}func @casts(
// CHECK-SAME:      %x: index, %i: i32, %f: f32, %h: f16, %d: f64, %b: i8, %bf: bf16) {
// CHECK-NEXT:    %0 = arith.index_cast %x : index to i32
// CHECK-NEXT:    %1 = arith.index_cast %i : i32 to index
// CHECK-NEXT:    %2 = arith.sitofp %i : i32 to f32
// CHECK-NEXT:    %3 = arith.uitofp %i : i32 to f64
// CHECK-NEXT:    %4 = arith.fptosi %f : f32 to i32
// CHECK-NEXT:    %5 = arith.fptoui %f : f32 to i8
// CHECK-NEXT:    %6 = arith.extf %h : f16 to f32
// CHECK-NEXT:    %7 = arith.truncf %d : f64 to f16
// CHECK-NEXT:    %8 = arith.extsi %b : i8 to i32
// CHECK-NEXT:    %9 = arith.extui %b : i8 to i32
// CHECK-NEXT:    %10 = arith.trunci %i : i32 to i8
// CHECK-NEXT:    %11 = arith.bitcast %f : f32 to i32
// CHECK-NEXT:    %12 = arith.extf %bf : bf16 to f64
// CHECK-NEXT:    %13 = arith.truncf %f {solar.k} : f32 to bf16
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @casts(%x: index, %i: i32, %f: f32, %h: f16, %d: f64, %b: i8, %bf: bf16) {
  %0 = arith.index_cast %x : index to i32
  %1 = arith.index_cast %i : i32 to index
  %2 = arith.sitofp %i : i32 to f32
  %3 = arith.uitofp %i : i32 to f64
  %4 = arith.fptosi %f : f32 to i32
  %5 = arith.fptoui %f : f32 to i8
  %6 = arith.extf %h : f16 to f32
  %7 = arith.truncf %d : f64 to f16
  %8 = arith.extsi %b : i8 to i32
  %9 = arith.extui %b : i8 to i32
  %10 = arith.trunci %i : i32 to i8
  %11 = arith.bitcast %f : f32 to i32
  %12 = arith.extf %bf : bf16 to f64
  %13 = arith.truncf %f {solar.k} : f32 to bf16
  return
}

// CUR-LABEL:   {{^  }}func.func @cmp(
// V14-LABEL:   {{^  }}func @cmp(
// CHECK-SAME:      %a: f32, %b: f32, %i: i32, %j: i32, %x: index, %y: index) {
// CHECK-NEXT:    %f_false = arith.cmpf false, %a, %b : f32
// CHECK-NEXT:    %f_oeq = arith.cmpf oeq, %a, %b : f32
// CHECK-NEXT:    %f_ogt = arith.cmpf ogt, %a, %b : f32
// CHECK-NEXT:    %f_oge = arith.cmpf oge, %a, %b : f32
// CHECK-NEXT:    %f_olt = arith.cmpf olt, %a, %b : f32
// CHECK-NEXT:    %f_ole = arith.cmpf ole, %a, %b : f32
// CHECK-NEXT:    %f_one = arith.cmpf one, %a, %b : f32
// CHECK-NEXT:    %f_ord = arith.cmpf ord, %a, %b : f32
// CHECK-NEXT:    %f_ueq = arith.cmpf ueq, %a, %b : f32
// CHECK-NEXT:    %f_ugt = arith.cmpf ugt, %a, %b : f32
// CHECK-NEXT:    %f_uge = arith.cmpf uge, %a, %b : f32
// CHECK-NEXT:    %f_ult = arith.cmpf ult, %a, %b : f32
// CHECK-NEXT:    %f_ule = arith.cmpf ule, %a, %b : f32
// CHECK-NEXT:    %f_une = arith.cmpf une, %a, %b : f32
// CHECK-NEXT:    %f_uno = arith.cmpf uno, %a, %b : f32
// CHECK-NEXT:    %f_true = arith.cmpf true, %a, %b : f32
// CHECK-NEXT:    %i_eq = arith.cmpi eq, %i, %j : i32
// CHECK-NEXT:    %i_ne = arith.cmpi ne, %i, %j : i32
// CHECK-NEXT:    %i_slt = arith.cmpi slt, %i, %j : i32
// CHECK-NEXT:    %i_sle = arith.cmpi sle, %i, %j : i32
// CHECK-NEXT:    %i_sgt = arith.cmpi sgt, %i, %j : i32
// CHECK-NEXT:    %i_sge = arith.cmpi sge, %i, %j : i32
// CHECK-NEXT:    %i_ult = arith.cmpi ult, %i, %j : i32
// CHECK-NEXT:    %i_ule = arith.cmpi ule, %i, %j : i32
// CHECK-NEXT:    %i_ugt = arith.cmpi ugt, %i, %j : i32
// CHECK-NEXT:    %i_uge = arith.cmpi uge, %i, %j : i32
// CHECK-NEXT:    %x_slt = arith.cmpi slt, %x, %y : index
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @cmp(%a: f32, %b: f32, %i: i32, %j: i32, %x: index, %y: index) {
  %f_false = arith.cmpf false, %a, %b : f32
  %f_oeq = arith.cmpf oeq, %a, %b : f32
  %f_ogt = arith.cmpf ogt, %a, %b : f32
  %f_oge = arith.cmpf oge, %a, %b : f32
  %f_olt = arith.cmpf olt, %a, %b : f32
  %f_ole = arith.cmpf ole, %a, %b : f32
  %f_one = arith.cmpf one, %a, %b : f32
  %f_ord = arith.cmpf ord, %a, %b : f32
  %f_ueq = arith.cmpf ueq, %a, %b : f32
  %f_ugt = arith.cmpf ugt, %a, %b : f32
  %f_uge = arith.cmpf uge, %a, %b : f32
  %f_ult = arith.cmpf ult, %a, %b : f32
  %f_ule = arith.cmpf ule, %a, %b : f32
  %f_une = arith.cmpf une, %a, %b : f32
  %f_uno = arith.cmpf uno, %a, %b : f32
  %f_true = arith.cmpf true, %a, %b : f32
  %i_eq = arith.cmpi eq, %i, %j : i32
  %i_ne = arith.cmpi ne, %i, %j : i32
  %i_slt = arith.cmpi slt, %i, %j : i32
  %i_sle = arith.cmpi sle, %i, %j : i32
  %i_sgt = arith.cmpi sgt, %i, %j : i32
  %i_sge = arith.cmpi sge, %i, %j : i32
  %i_ult = arith.cmpi ult, %i, %j : i32
  %i_ule = arith.cmpi ule, %i, %j : i32
  %i_ugt = arith.cmpi ugt, %i, %j : i32
  %i_uge = arith.cmpi uge, %i, %j : i32
  %x_slt = arith.cmpi slt, %x, %y : index
  return
}

// CUR-LABEL:   {{^  }}func.func @select(
// V14-LABEL:   {{^  }}func @select(
// CHECK-SAME:      %p: i1, %a: f32, %b: f32, %i: index, %j: index) -> f32 {
// CUR-NEXT:      %s = arith.select %p, %a, %b : f32
// CUR-NEXT:      %t = arith.select %p, %i, %j {solar.k} : index
// V14-NEXT:      %s = select %p, %a, %b : f32
// V14-NEXT:      %t = select %p, %i, %j {solar.k} : index
// CHECK-NEXT:    %c = arith.cmpf ogt, %s, %a : f32
// CUR-NEXT:      %u = arith.select %c, %s, %a : f32
// V14-NEXT:      %u = select %c, %s, %a : f32
// CHECK-NEXT:    return %u : f32
// CHECK-NEXT:  }
func @select(%p: i1, %a: f32, %b: f32, %i: index, %j: index) -> f32 {
  %s = select %p, %a, %b : f32
  %t = arith.select %p, %i, %j {solar.k} : index
  %c = arith.cmpf ogt, %s, %a : f32
  %u = arith.select %c, %s, %a : f32
  return %u : f32
}

// CUR-LABEL:   {{^  }}func.func @constants() {
// V14-LABEL:   {{^  }}func @constants() {
// CHECK-NEXT:    %ninf = arith.constant 0xFF800000 : f32
// CHECK-NEXT:    %inf = arith.constant 0x7F800000 : f32
// CHECK-NEXT:    %nan = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:    %payload = arith.constant 0x7FC00001 : f32
// CHECK-NEXT:    %hinf = arith.constant 0x7C00 : f16
// CHECK-NEXT:    %hnan = arith.constant 0xFFFF : f16
// CHECK-NEXT:    %bfinf = arith.constant 0x7F80 : bf16
// CHECK-NEXT:    %dinf = arith.constant 0x7FF0000000000000 : f64
// CHECK-NEXT:    %hexone = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %bfnz = arith.constant -0.000000e+00 : bf16
// CHECK-NEXT:    %hsub = arith.constant 5.960464e-08 : f16
// CHECK-NEXT:    %nz = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:    %nzd = arith.constant -0.000000e+00 : f64
// CHECK-NEXT:    %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %dot = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %e3 = arith.constant 1.000000e+03 : f32
// CHECK-NEXT:    %neg = arith.constant -2.500000e-03 : f64
// CHECK-NEXT:    %pi = arith.constant 3.141592653589793e+00 : f64
// CHECK-NEXT:    %big = arith.constant 1.7976931348623157e+308 : f64
// CHECK-NEXT:    %g = arith.constant 1.23456789e+08 : f64
// CHECK-NEXT:    %f32max = arith.constant 3.4028235e+38 : f32
// CHECK-NEXT:    %f32min = arith.constant 1.1754944e-38 : f32
// CHECK-NEXT:    %f32r = arith.constant 1.2345679e-01 : f32
// CHECK-NEXT:    %tenth = arith.constant 1.000000e-01 : f32
// CHECK-NEXT:    %hmax = arith.constant 6.550400e+04 : f16
// CHECK-NEXT:    %hround = arith.constant 2.048000e+03 : f16
// CHECK-NEXT:    %bf = arith.constant 1.000000e+00 : bf16
// CHECK-NEXT:    %bf2 = arith.constant 1.015625e+00 : bf16
// CHECK-NEXT:    %t = arith.constant true
// CHECK-NEXT:    %f = arith.constant false
// CHECK-NEXT:    %i1 = arith.constant true
// CHECK-NEXT:    %i1z = arith.constant false
// CHECK-NEXT:    %idx = arith.constant -1 : index
// CHECK-NEXT:    %idx0 = arith.constant 0 : index
// CHECK-NEXT:    %i8 = arith.constant -1 : i8
// CHECK-NEXT:    %u8 = arith.constant -1 : i8
// CHECK-NEXT:    %i8min = arith.constant -128 : i8
// CHECK-NEXT:    %i8max = arith.constant 127 : i8
// CHECK-NEXT:    %i16 = arith.constant -32768 : i16
// CHECK-NEXT:    %i64max = arith.constant 9223372036854775807 : i64
// CHECK-NEXT:    %i64min = arith.constant -9223372036854775808 : i64
// CHECK-NEXT:    %i32 = arith.constant 7 : i32
// CHECK-NEXT:    %hx = arith.constant 255 : i32
// CHECK-NEXT:    %hxi8 = arith.constant -1 : i8
// CHECK-NEXT:    %c-1_i8 = arith.constant -128 : i8
// CHECK-NEXT:    %attr = arith.constant {solar.k = 1 : i64} 1.500000e+00 : f32
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @constants() {
  %ninf = arith.constant 0xFF800000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %payload = arith.constant 0x7FC00001 : f32
  %hinf = arith.constant 0x7C00 : f16
  %hnan = arith.constant 0xFFFF : f16
  %bfinf = arith.constant 0x7F80 : bf16
  %dinf = arith.constant 0x7FF0000000000000 : f64
  // Finite hex patterns print as decimals.
  %hexone = arith.constant 0x3F800000 : f32
  %bfnz = arith.constant 0x8000 : bf16
  %hsub = arith.constant 0x0001 : f16
  %nz = arith.constant -0.0 : f32
  %nzd = arith.constant -0.0 : f64
  %one = arith.constant 1.0 : f32
  %dot = arith.constant 1. : f32
  %e3 = arith.constant 1.e3 : f32
  %neg = arith.constant -2.5E-3 : f64
  %pi = arith.constant 3.14159265358979323846 : f64
  %big = arith.constant 1.7976931348623157e308 : f64
  %g = arith.constant 123456789.0 : f64
  %f32max = arith.constant 3.4028234663852886e+38 : f32
  %f32min = arith.constant 1.17549435E-38 : f32
  // Rounded to the type first: 0.1234567891 is 0.123456791... as an f32.
  %f32r = arith.constant 0.1234567891 : f32
  %tenth = arith.constant 0.1 : f32
  %hmax = arith.constant 65504.0 : f16
  // 2049 is not an f16: ties to even gives 2048.
  %hround = arith.constant 2049.0 : f16
  // 1 + 2^-8 is halfway between two bf16 values: ties to even gives 1.0; 1 + 3 * 2^-8 gives 1 + 2^-6.
  %bf = arith.constant 1.00390625 : bf16
  %bf2 = arith.constant 1.01171875 : bf16
  %t = arith.constant true
  %f = arith.constant false
  %i1 = arith.constant 1 : i1
  %i1z = arith.constant 0 : i1
  %idx = arith.constant -1 : index
  %idx0 = arith.constant 0 : index
  %i8 = arith.constant -1 : i8
  // Signless: 255 : i8 is the bit pattern of -1.
  %u8 = arith.constant 255 : i8
  %i8min = arith.constant -128 : i8
  %i8max = arith.constant 127 : i8
  %i16 = arith.constant 32768 : i16
  %i64max = arith.constant 9223372036854775807 : i64
  %i64min = arith.constant -9223372036854775808 : i64
  %i32 = arith.constant 7 : i32
  %hx = arith.constant 0xFF : i32
  %hxi8 = arith.constant 0xFF : i8
  %c-1_i8 = arith.constant -128 : i8
  %attr = arith.constant {solar.k = 1 : i64} 1.5 : f32
  return
}
