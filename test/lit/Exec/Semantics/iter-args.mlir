// affine.for iter_args: a sum, a swap of two iter_args (`yield %b, %a`), a pair that reads
// both (Fibonacci), zero-trip loops (including lb > ub) that return their inits, nested
// loops threading an index accumulator, an i32 accumulator that wraps, an iter_arg yielded
// unchanged, and trip counts with a step.
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --print --no-batch | FileCheck %s

// sum 0..9 = 45; swap 5 times (odd) from (1, 2) = (2, 1); fib 10 steps from (0, 1) = (55, 89);
// empty loop 5 to 5 returns 2; empty loop 7 to 3 returns (1, 2) unswapped.
// CHECK:      %o: memref<8xf32> =
// CHECK-NEXT: [45, 2, 1, 55, 89, 2, 1, 2]
// sum over i < 4, j < i of 10 i + j = 144; 3 * 2^30 in i32 = -2^30; 42 unchanged;
// iterations of [1, 11) step 3 = 4 (1, 4, 7, 10); swap 4 times (even) returns (3, 4).
// CHECK-NEXT: %oi: memref<6xi64> =
// CHECK-NEXT: [144, -1073741824, 42, 4, 3, 4]

func.func @forward(%o: memref<8xf32>, %oi: memref<6xi64>) {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  // sum of i for i in 0..10 = 45
  %s = affine.for %i = 0 to 10 iter_args(%acc = %z) -> (f32) {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %n = arith.addf %acc, %f : f32
    affine.yield %n : f32
  }
  affine.store %s, %o[0] : memref<8xf32>
  // swap: odd trip count 5 -> (2, 1)
  %r:2 = affine.for %i = 0 to 5 iter_args(%a = %one, %b = %two) -> (f32, f32) {
    affine.yield %b, %a : f32, f32
  }
  affine.store %r#0, %o[1] : memref<8xf32>
  affine.store %r#1, %o[2] : memref<8xf32>
  // fibonacci: (a, b) -> (b, a + b), 10 times from (0, 1): a = 55, b = 89
  %fib:2 = affine.for %i = 0 to 10 iter_args(%a = %z, %b = %one) -> (f32, f32) {
    %c = arith.addf %a, %b : f32
    affine.yield %b, %c : f32, f32
  }
  affine.store %fib#0, %o[3] : memref<8xf32>
  affine.store %fib#1, %o[4] : memref<8xf32>
  // zero-trip: returns init
  %zt = affine.for %i = 5 to 5 iter_args(%acc = %two) -> (f32) {
    %n = arith.addf %acc, %one : f32
    affine.yield %n : f32
  }
  affine.store %zt, %o[5] : memref<8xf32>
  // negative trip (lb > ub): returns init
  %nt:2 = affine.for %i = 7 to 3 iter_args(%a = %one, %b = %two) -> (f32, f32) {
    affine.yield %b, %a : f32, f32
  }
  affine.store %nt#0, %o[6] : memref<8xf32>
  affine.store %nt#1, %o[7] : memref<8xf32>
  // nested: sum over i<4, j<i of (i*10+j) as index-typed iter_args
  %c0 = arith.constant 0 : index
  %t = affine.for %i = 0 to 4 iter_args(%acc = %c0) -> (index) {
    %inner = affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) iter_args(%acc2 = %acc) -> (index) {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
      %n = arith.addi %acc2, %v : index
      affine.yield %n : index
    }
    affine.yield %inner : index
  }
  %ti = arith.index_cast %t : index to i64
  affine.store %ti, %oi[0] : memref<6xi64>
  // i32 iter_arg wrapping sum: 3 * 2^30 in i32 = -2^30
  %cz = arith.constant 0 : i32
  %big = arith.constant 1073741824 : i32
  %w = affine.for %i = 0 to 3 iter_args(%acc = %cz) -> (i32) {
    %n = arith.addi %acc, %big : i32
    affine.yield %n : i32
  }
  %wi = arith.extsi %w : i32 to i64
  affine.store %wi, %oi[1] : memref<6xi64>
  // iter_arg yielded unchanged with a step
  %k = arith.constant 42 : i64
  %u = affine.for %i = 0 to 10 step 3 iter_args(%acc = %k) -> (i64) {
    affine.yield %acc : i64
  }
  affine.store %u, %oi[2] : memref<6xi64>
  // count iterations with step 3 over [1, 11): 1,4,7,10 -> 4
  %c1 = arith.constant 1 : i64
  %zi = arith.constant 0 : i64
  %cnt = affine.for %i = 1 to 11 step 3 iter_args(%acc = %zi) -> (i64) {
    %n = arith.addi %acc, %c1 : i64
    affine.yield %n : i64
  }
  affine.store %cnt, %oi[3] : memref<6xi64>
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %sw:2 = affine.for %i = 0 to 8 step 2 iter_args(%a = %c3, %b = %c4) -> (i64, i64) {
    affine.yield %b, %a : i64, i64
  }
  affine.store %sw#0, %oi[4] : memref<6xi64>
  affine.store %sw#1, %oi[5] : memref<6xi64>
  return
}
