// Calls nest at most 256 deep: fact(256) makes 256 nested calls and runs; fact(257) and an
// unconditional self-call stop with an error at the call that would go deeper (exit status 1).
// RUN: solar-run %s --entry d256 --print | FileCheck %s --check-prefix=OK
// RUN: not solar-run %s --entry d257 --print 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: solar-run %s --entry d257 > /dev/null 2>&1; test $? = 1
// RUN: not solar-run %s --entry forever 2>&1 | FileCheck %s --check-prefix=FOREVER

// Counts the calls instead of multiplying (256! wraps to 0 in i64).
func.func @depth(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  %ni = arith.index_cast %n : i64 to index
  %r = affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%ni) -> i64 {
    %m = arith.subi %n, %one : i64
    // DEEP: {{^}}{{.*}}call-depth-limit.mlir:[[# @LINE + 1]]:10: error: call depth exceeds 256 (unbounded recursion?)
    %f = func.call @depth(%m) : (i64) -> i64
    %p = arith.addi %f, %one : i64
    affine.yield %p : i64
  } else {
    affine.yield %one : i64
  }
  return %r : i64
}

// OK:      %out: memref<1xi64> =
// OK-NEXT: [256]
func.func @d256(%out: memref<1xi64>) {
  %n = arith.constant 256 : i64
  %f = func.call @depth(%n) : (i64) -> i64
  affine.store %f, %out[0] : memref<1xi64>
  return
}

// DEEP-NOT: %out
func.func @d257(%out: memref<1xi64>) {
  %n = arith.constant 257 : i64
  %f = func.call @depth(%n) : (i64) -> i64
  affine.store %f, %out[0] : memref<1xi64>
  return
}

func.func @self(%m: memref<1xi64>) {
  // FOREVER: {{^}}{{.*}}call-depth-limit.mlir:[[# @LINE + 1]]:3: error: call depth exceeds 256 (unbounded recursion?)
  func.call @self(%m) : (memref<1xi64>) -> ()
  return
}

func.func @forever(%out: memref<1xi64>) {
  func.call @self(%out) : (memref<1xi64>) -> ()
  return
}
