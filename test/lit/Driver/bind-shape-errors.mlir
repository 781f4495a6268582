// A shape binding must name a memref argument, match its rank and its static dims, and the
// argument must not be passed on with its type. Each error points at the function.

// RUN: solar-opt %s --split-input-file --verify-diagnostics --bind A=4x8

// expected-error@+1 {{--bind: 'A' has rank 1, got a shape of rank 2}}
func.func @forward(%A: memref<?xf32>) {
  return
}

// -----

// expected-error@+1 {{--bind: dim 0 of 'A' is 3 in its type, got 4}}
func.func @forward(%A: memref<3x?xf32>) {
  return
}

// -----

// expected-error@+1 {{--bind: function '@forward' has no memref argument 'A' (a shape such as 16x16384 sizes a memref argument)}}
func.func @forward(%A: index) {
  return
}

// -----

func.func @use(%B: memref<?x?xf32>) {
  return
}
// expected-error@+1 {{--bind: cannot give 'A' a static shape: an op passes it on with its type (a call, return or select)}}
func.func @forward(%A: memref<?x?xf32>) {
  func.call @use(%A) : (memref<?x?xf32>) -> ()
  return
}

// RUN: not solar-opt %s --split-input-file --bind A=4x-8 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: --bind: size 'A' must not be negative, got -8
// RUN: not solar-opt %s --split-input-file --bind A=4xx8 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: --bind: expected an integer for 'A', got ''
