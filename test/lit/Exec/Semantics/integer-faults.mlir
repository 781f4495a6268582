// Integer ops whose result MLIR leaves undefined are run-time errors at the op (exit status 1):
// division by zero (divsi, remui, floordivsi, ceildivsi), signed division overflow
// (INT_MIN / -1), and shift amounts >= the bit width (including "negative" amounts, which
// are huge unsigned). INT_MIN remsi -1 is 0, not a fault (arith-signed-division.mlir).
// RUN: not solar-run %s --entry divzero --print 2>&1 | FileCheck %s --check-prefix=DIVSI
// RUN: not solar-run %s --entry divzero --print --no-batch 2>&1 | FileCheck %s --check-prefix=DIVSI
// RUN: solar-run %s --entry divzero > /dev/null 2>&1; test $? = 1
// RUN: not solar-run %s --entry remzero 2>&1 | FileCheck %s --check-prefix=REMUI
// RUN: not solar-run %s --entry floorzero 2>&1 | FileCheck %s --check-prefix=FLOOR
// RUN: not solar-run %s --entry ceilzero 2>&1 | FileCheck %s --check-prefix=CEIL
// RUN: not solar-run %s --entry overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not solar-run %s --entry shift 2>&1 | FileCheck %s --check-prefix=SHL
// RUN: not solar-run %s --entry shiftneg 2>&1 | FileCheck %s --check-prefix=SHRSI
// RUN: not solar-run %s --entry shiftui 2>&1 | FileCheck %s --check-prefix=SHRUI
// RUN: solar-run %s --entry shiftok --print | FileCheck %s --check-prefix=SHIFTOK

// 8 / (2 - i) faults at i = 2, after out[0] and out[1] were computed; nothing is printed.
func.func @divzero(%out: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %ii = arith.index_cast %i : index to i32
    %c2 = arith.constant 2 : i32
    %d = arith.subi %c2, %ii : i32
    %c8 = arith.constant 8 : i32
    // DIVSI: {{^}}{{.*}}integer-faults.mlir:[[# @LINE + 1]]:10: error: 'arith.divsi': integer division by zero
    %q = arith.divsi %c8, %d : i32
    affine.store %q, %out[%i] : memref<4xi32>
  }
  return
}
// DIVSI-NOT: %out

func.func @remzero(%out: memref<1xi64>) {
  %a = arith.constant 5 : i64
  %z = arith.constant 0 : i64
  // REMUI: {{^}}{{.*}}integer-faults.mlir:[[# @LINE + 1]]:8: error: 'arith.remui': integer division by zero
  %r = arith.remui %a, %z : i64
  affine.store %r, %out[0] : memref<1xi64>
  return
}

func.func @floorzero(%out: memref<1xi8>) {
  %a = arith.constant -5 : i8
  %z = arith.constant 0 : i8
  // FLOOR: {{^}}{{.*}}integer-faults.mlir:[[# @LINE + 1]]:8: error: 'arith.floordivsi': integer division by zero
  %r = arith.floordivsi %a, %z : i8
  affine.store %r, %out[0] : memref<1xi8>
  return
}

func.func @ceilzero(%out: memref<1xi8>) {
  %a = arith.constant -5 : i8
  %z = arith.constant 0 : i8
  // CEIL: {{^}}{{.*}}integer-faults.mlir:[[# @LINE + 1]]:8: error: 'arith.ceildivsi': integer division by zero
  %r = arith.ceildivsi %a, %z : i8
  affine.store %r, %out[0] : memref<1xi8>
  return
}

func.func @overflow(%out: memref<1xi8>) {
  %a = arith.constant -128 : i8
  %m = arith.constant -1 : i8
  // OVERFLOW: {{^}}{{.*}}integer-faults.mlir:[[# @LINE + 1]]:8: error: 'arith.divsi': signed integer division overflows
  %r = arith.divsi %a, %m : i8
  affine.store %r, %out[0] : memref<1xi8>
  return
}

func.func @shift(%out: memref<1xi32>) {
  %a = arith.constant 1 : i32
  %s = arith.constant 32 : i32
  // SHL: {{^}}{{.*}}integer-faults.mlir:[[# @LINE + 1]]:8: error: 'arith.shli': shift amount 32 is not less than the bit width 32
  %r = arith.shli %a, %s : i32
  affine.store %r, %out[0] : memref<1xi32>
  return
}

func.func @shiftneg(%out: memref<1xi8>) {
  %a = arith.constant 1 : i8
  %s = arith.constant -1 : i8
  // SHRSI: {{^}}{{.*}}integer-faults.mlir:[[# @LINE + 1]]:8: error: 'arith.shrsi': shift amount 255 is not less than the bit width 8
  %r = arith.shrsi %a, %s : i8
  affine.store %r, %out[0] : memref<1xi8>
  return
}

func.func @shiftui(%out: memref<1xi64>) {
  %a = arith.constant 1 : i64
  %s = arith.constant 64 : i64
  // SHRUI: {{^}}{{.*}}integer-faults.mlir:[[# @LINE + 1]]:8: error: 'arith.shrui': shift amount 64 is not less than the bit width 64
  %r = arith.shrui %a, %s : i64
  affine.store %r, %out[0] : memref<1xi64>
  return
}

// width - 1 is fine: 1 << 63 = INT64_MIN, -1 shrui 63 = 1, i1: 1 << 0 = true (-1 in i1).
// SHIFTOK:      %out: memref<2xi64> =
// SHIFTOK-NEXT: [-9223372036854775808, 1]
// SHIFTOK-NEXT: %b: memref<1xi1> =
// SHIFTOK-NEXT: [1]
func.func @shiftok(%out: memref<2xi64>, %b: memref<1xi1>) {
  %a = arith.constant 1 : i64
  %m = arith.constant -1 : i64
  %s = arith.constant 63 : i64
  %r = arith.shli %a, %s : i64
  %u = arith.shrui %m, %s : i64
  affine.store %r, %out[0] : memref<2xi64>
  affine.store %u, %out[1] : memref<2xi64>
  %t = arith.constant true
  %f = arith.constant false
  %bs = arith.shli %t, %f : i1
  affine.store %bs, %b[0] : memref<1xi1>
  return
}
