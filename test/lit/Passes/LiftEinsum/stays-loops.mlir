// Nests that are not einsums stay loops, unchanged, and the pass still succeeds (analysis
// never refuses a program). Under `lift-einsum{remarks=true}` a remark at the nest says why,
// with a note at the op responsible when that is on another line.

// RUN: solar-opt %s --split-input-file --lift-einsum | FileCheck %s
// RUN: solar-opt %s --split-input-file --verify-diagnostics --pass-pipeline='lift-einsum{remarks=true}'

// A data-dependent gather: the subscript comes from a loaded value.
// CHECK-LABEL: func.func @gather(
// CHECK:         affine.for
// CHECK:           memref.load
// CHECK-NOT:     linalg.generic
func.func @gather(%T: memref<5xi64>, %P: memref<5x7xf32>, %Y: memref<5xf32>) {
  // expected-remark@+1 {{loop nest stays loops: 'memref.load' has data-dependent subscripts}}
  affine.for %b = 0 to 5 {
    %t = affine.load %T[%b] : memref<5xi64>
    %ti = arith.index_cast %t : i64 to index
    // expected-note@+1 {{here}}
    %x = memref.load %P[%b, %ti] : memref<5x7xf32>
    affine.store %x, %Y[%b] : memref<5xf32>
  }
  return
}

// -----

// A triangular nest: the inner bound depends on the outer counter.
// CHECK-LABEL: func.func @triangular(
// CHECK:         affine.for %[[I:.+]] = 0 to 8 {
// CHECK-NEXT:      affine.for %{{.+}} = 0 to #{{.+}}(%[[I]]) {
// CHECK-NOT:     linalg.generic
#upto = affine_map<(d0) -> (d0 + 1)>
func.func @triangular(%A: memref<8x8xf32>, %L: memref<8x8xf32>) {
  // expected-remark@+1 {{loop nest stays loops: the bounds of loop %j depend on the nest (not a rectangular domain)}}
  affine.for %i = 0 to 8 {
    // expected-note@+1 {{here}}
    affine.for %j = 0 to #upto(%i) {
      %a = affine.load %A[%i, %j] : memref<8x8xf32>
      affine.store %a, %L[%i, %j] : memref<8x8xf32>
    }
  }
  return
}

// -----

// A guarded body (zero padding written with affine.if).
// CHECK-LABEL: func.func @guarded(
// CHECK:         affine.if
// CHECK-NOT:     linalg.generic
#inside = affine_set<(d0, d1) : (d0 + d1 - 1 >= 0, 8 - d0 - d1 >= 0)>
func.func @guarded(%in: memref<8xf32>, %w: memref<3xf32>, %out: memref<8xf32>) {
  // expected-remark@+1 {{loop nest stays loops: affine.if guards part of the nest (not a rectangular domain)}}
  affine.for %p = 0 to 8 {
    affine.for %k = 0 to 3 {
      // expected-note@+1 {{here}}
      affine.if #inside(%p, %k) {
        %x = affine.load %in[%p + %k - 1] : memref<8xf32>
        %y = affine.load %w[%k] : memref<3xf32>
        %o = affine.load %out[%p] : memref<8xf32>
        %m = arith.mulf %x, %y : f32
        %s = arith.addf %o, %m : f32
        affine.store %s, %out[%p] : memref<8xf32>
      }
    }
  }
  return
}

// -----

// Clipped windows: max/min bounds.
// CHECK-LABEL: func.func @clipped(
// CHECK:         affine.for %{{.+}} = max
// CHECK-NOT:     linalg.generic
#lo = affine_map<(d0) -> (0, d0 - 1)>
#hi = affine_map<(d0) -> (8, d0 + 2)>
func.func @clipped(%in: memref<8xf32>, %out: memref<8xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  // expected-remark@+1 {{loop nest stays loops: loop %r has a max/min bound (not a rectangular domain)}}
  affine.for %p = 0 to 8 {
    // expected-note@+1 {{here}}
    %m = affine.for %r = max #lo(%p) to min #hi(%p) iter_args(%a = %ninf) -> (f32) {
      %x = affine.load %in[%r] : memref<8xf32>
      %n = arith.maximumf %a, %x : f32
      affine.yield %n : f32
    }
    affine.store %m, %out[%p] : memref<8xf32>
  }
  return
}

// -----

// A loop counter used as a value (linalg.index is not in the subset).
// CHECK-LABEL: func.func @iota(
// CHECK:         arith.index_cast
// CHECK-NOT:     linalg.generic
func.func @iota(%Y: memref<6xi64>) {
  // expected-remark@+1 {{loop nest stays loops: the loop counter %i is used as a value}}
  affine.for %i = 0 to 6 {
    %v = arith.index_cast %i : index to i64
    affine.store %v, %Y[%i] : memref<6xi64>
  }
  return
}

// -----

// argmax: the reduction carries two values.
// CHECK-LABEL: func.func @argmax(
// CHECK:         affine.for
// CHECK-NOT:     linalg.generic
func.func @argmax(%X: memref<4x8xf32>, %Y: memref<4xf32>, %I: memref<4xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  // expected-remark@+1 {{loop nest stays loops: the reduction carries 2 values}}
  affine.for %b = 0 to 4 {
    // expected-note@+1 {{here}}
    %r:2 = affine.for %k = 0 to 8 iter_args(%best = %ninf, %idx = %c0) -> (f32, i64) {
      %x = affine.load %X[%b, %k] : memref<4x8xf32>
      %gt = arith.cmpf ogt, %x, %best : f32
      %nb = arith.select %gt, %x, %best : f32
      %one = arith.constant 1 : i64
      %ni = arith.addi %idx, %one : i64
      affine.yield %nb, %ni : f32, i64
    }
    affine.store %r#0, %Y[%b] : memref<4xf32>
    affine.store %r#1, %I[%b] : memref<4xi64>
  }
  return
}

// -----

// A prefix sum stores the running value: a scan, not an einsum.
// CHECK-LABEL: func.func @cumsum(
// CHECK:         iter_args
// CHECK-NOT:     linalg.generic
func.func @cumsum(%X: memref<3x13xf32>, %Y: memref<3x13xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  // expected-remark@+1 {{loop nest stays loops: a running value of the reduction is stored (a scan, not an einsum)}}
  affine.for %b = 0 to 3 {
    %total = affine.for %i = 0 to 13 iter_args(%acc = %zero) -> (f32) {
      %x = affine.load %X[%b, %i] : memref<3x13xf32>
      %s = arith.addf %acc, %x : f32
      // expected-note@+1 {{here}}
      affine.store %s, %Y[%b, %i] : memref<3x13xf32>
      affine.yield %s : f32
    }
  }
  return
}

// -----

// A loop covering part of a dim: MLIR would take the range from the operand's shape.
// CHECK-LABEL: func.func @part_of_a_dim(
// CHECK:         affine.for
// CHECK-NOT:     linalg.generic
func.func @part_of_a_dim(%A: memref<10xf32>, %B: memref<10xf32>) {
  // expected-remark@+1 {{loop nest stays loops: loop %i covers 8 of the 10 elements of a dim of %A}}
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<10xf32>
    affine.store %a, %B[%i] : memref<10xf32>
  }
  return
}

// -----

// Distributing the i loop would run every j loop of one statement before the next: %T is
// written at T[j] in each i iteration and read by the second loop, so the order of the
// accesses would change (T is an argument: it cannot get a dim of its own).
// CHECK-LABEL: func.func @reorder(
// CHECK:         affine.for
// CHECK-NOT:     linalg.generic
func.func @reorder(%A: memref<4x6xf32>, %T: memref<6xf32>, %B: memref<4x6xf32>) {
  // expected-remark@+1 {{loop nest stays loops: distributing loop %i would reorder accesses to %T}}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<4x6xf32>
      affine.store %a, %T[%j] : memref<6xf32>
    }
    affine.for %j = 0 to 6 {
      %t = affine.load %T[%j] : memref<6xf32>
      %s = arith.addf %t, %t : f32
      // expected-note@+1 {{here}}
      affine.store %s, %B[%i, %j] : memref<4x6xf32>
    }
  }
  return
}

// -----

// Symbols in subscripts (unbound sizes: `--bind` turns them into constants first).
// CHECK-LABEL: func.func @symbolic_offset(
// CHECK:         affine.for
// CHECK-NOT:     linalg.generic
func.func @symbolic_offset(%n: index, %A: memref<?xf32>, %B: memref<4xf32>) {
  // expected-remark@+1 {{loop nest stays loops: a subscript of %A is not an affine function of the loop counters (data-dependent or symbolic)}}
  affine.for %i = 0 to 4 {
    // expected-note@+1 {{here}}
    %a = affine.load %A[%i + symbol(%n)] : memref<?xf32>
    affine.store %a, %B[%i] : memref<4xf32>
  }
  return
}

// -----

// A call inside the nest.
// CHECK-LABEL: func.func @calls(
// CHECK:         call @f
func.func private @f(f32) -> f32
func.func @calls(%A: memref<4xf32>) {
  // expected-remark@+1 {{loop nest stays loops: 'func.call' cannot be part of an einsum}}
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xf32>
    // expected-note@+1 {{here}}
    %b = func.call @f(%a) : (f32) -> f32
    affine.store %b, %A[%i] : memref<4xf32>
  }
  return
}

// -----

// Must not fire: a nest that writes no buffer is left as it is.
// CHECK-LABEL: func.func @no_store(
// CHECK:         affine.for
func.func @no_store(%A: memref<4xf32>) {
  // expected-remark@+1 {{loop nest writes no buffer: left as it is}}
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xf32>
  }
  return
}
