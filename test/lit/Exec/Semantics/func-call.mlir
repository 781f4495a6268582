// func.call of helpers with memref, f32 and index arguments and two results: the callee
// writes through the memref (the caller sees it), scalars come back by value; a callee that
// fills a caller's memref; a recursive helper (factorial via affine.if) returning i64.
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --print --no-batch | FileCheck %s

// fill: a = [0, 1, 2, 3]; helper(a, 3.0, 2): a[2] = 6, returns (6, 3);
// helper(a, 6.0, 3): a[3] = 18, returns (18, 4).
// CHECK:      %a: memref<4xf32> =
// CHECK-NEXT: [0, 1, 6, 18]
// CHECK-NEXT: %res: memref<3xf32> =
// CHECK-NEXT: [6, 18, 4]
// 20! = 2432902008176640000; 1! = 1 (the else branch at the top level).
// CHECK-NEXT: %ri: memref<2xi64> =
// CHECK-NEXT: [2432902008176640000, 1]

func.func @helper(%m: memref<4xf32>, %s: f32, %k: index) -> (f32, index) {
  %v = affine.load %m[%k] : memref<4xf32>
  %w = arith.mulf %v, %s : f32
  affine.store %w, %m[%k] : memref<4xf32>
  %k1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%k)
  return %w, %k1 : f32, index
}

func.func @fill(%m: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %m[%i] : memref<4xf32>
  }
  return
}

func.func @fact(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  %ni = arith.index_cast %n : i64 to index
  %r = affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%ni) -> i64 {
    %m = arith.subi %n, %one : i64
    %f = func.call @fact(%m) : (i64) -> i64
    %p = arith.muli %n, %f : i64
    affine.yield %p : i64
  } else {
    affine.yield %one : i64
  }
  return %r : i64
}

func.func @forward(%a: memref<4xf32>, %res: memref<3xf32>, %ri: memref<2xi64>) {
  func.call @fill(%a) : (memref<4xf32>) -> ()
  %three = arith.constant 3.0 : f32
  %c2 = arith.constant 2 : index
  %w, %k = func.call @helper(%a, %three, %c2) : (memref<4xf32>, f32, index) -> (f32, index)
  %w2, %k2 = func.call @helper(%a, %w, %k) : (memref<4xf32>, f32, index) -> (f32, index)
  affine.store %w, %res[0] : memref<3xf32>
  affine.store %w2, %res[1] : memref<3xf32>
  %k2i = arith.index_cast %k2 : index to i32
  %k2f = arith.sitofp %k2i : i32 to f32
  affine.store %k2f, %res[2] : memref<3xf32>
  %twenty = arith.constant 20 : i64
  %f = func.call @fact(%twenty) : (i64) -> i64
  affine.store %f, %ri[0] : memref<2xi64>
  %c1 = arith.constant 1 : i64
  %g = func.call @fact(%c1) : (i64) -> i64
  affine.store %g, %ri[1] : memref<2xi64>
  return
}
