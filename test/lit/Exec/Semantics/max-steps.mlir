// --max-steps N stops a run after N loop iterations (plus calls): an error at the loop that
// would run iteration N + 1, exit status 1, nothing printed. Exactly N steps still succeed.
// RUN: not solar-run %s --max-steps 1000 --print 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not solar-run %s --max-steps 1000 --print --no-batch 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: solar-run %s --max-steps 1000 > /dev/null 2>&1; test $? = 1
// RUN: not solar-run %s --entry nested --max-steps=1000 --print 2>&1 | FileCheck %s --check-prefix=NESTED
// The nest below is 10 + 10 * 100 = 1010 steps.
// RUN: solar-run %s --entry exact --max-steps=1010 --print | FileCheck %s --check-prefix=EXACT
// RUN: not solar-run %s --entry exact --max-steps=1009 --print 2>&1 | FileCheck %s --check-prefix=EXACT-1
// RUN: not solar-run %s --entry exact --max-steps=1009 --print --no-batch 2>&1 | FileCheck %s --check-prefix=EXACT-1
// A call is a step: 3 calls + 3 * 2 iterations = 9.
// RUN: solar-run %s --entry calls --max-steps=9 --print | FileCheck %s --check-prefix=CALLS
// RUN: not solar-run %s --entry calls --max-steps=8 2>&1 | FileCheck %s --check-prefix=CALLS-1

// HUGE: {{^}}{{.*}}max-steps.mlir:[[# @LINE + 5]]:8: error: step limit reached: {{[0-9]+}} loop iterations and calls (raise --max-steps)
// HUGE-NOT: %out
func.func @forward(%out: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %s = affine.for %i = 0 to 1000000000000 iter_args(%acc = %z) -> (f32) {
    %n = arith.addf %acc, %one : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[0] : memref<1xf32>
  return
}

// The inner loop (no batch: it holds an affine.if) runs iteration 1001.
// NESTED: {{^}}{{.*}}max-steps.mlir:[[# @LINE + 4]]:5: error: step limit reached: 1001 loop iterations and calls (raise --max-steps)
func.func @nested(%out: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 1000000 {
    affine.for %j = 0 to 1000000 {
      affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%j) {
        affine.store %z, %out[0] : memref<1xf32>
      }
    }
  }
  return
}

// EXACT:      %out: memref<1xf32> =
// EXACT-NEXT: [0]
// EXACT-1: {{^}}{{.*}}max-steps.mlir:[[# @LINE + 4]]:5: error: step limit reached: 1010 loop iterations and calls (raise --max-steps)
func.func @exact(%out: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 100 {
      affine.store %z, %out[0] : memref<1xf32>
    }
  }
  return
}

func.func @two(%m: memref<1xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %j = 0 to 2 {
    %v = affine.load %m[0] : memref<1xf32>
    %n = arith.addf %v, %one : f32
    affine.store %n, %m[0] : memref<1xf32>
  }
  return
}

// CALLS:      %out: memref<1xf32> =
// CALLS-NEXT: [6]
// CALLS-1: error: step limit reached: 9 loop iterations and calls (raise --max-steps)
func.func @calls(%out: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  affine.store %z, %out[0] : memref<1xf32>
  func.call @two(%out) : (memref<1xf32>) -> ()
  func.call @two(%out) : (memref<1xf32>) -> ()
  func.call @two(%out) : (memref<1xf32>) -> ()
  return
}
