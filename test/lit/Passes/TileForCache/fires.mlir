// tile-for-cache fires on contractions and nothing else. With remarks, each contraction node
// says which tiles it got per level and the bytes they move, and --emit-tiled says which
// loops it split or why it left a nest alone. Elementwise nests get no tiles (one streaming
// pass moves their compulsory bytes) and no remark.

// RUN: solar-opt %s --split-input-file --verify-diagnostics --tile-for-cache=capacity=4KiB,emit=auto,remarks=true
// RUN: solar-opt %s --split-input-file --tile-for-cache=capacity=4KiB,emit=auto --report=none | FileCheck %s

// An in-place matmul (C[i, j] += A[i, k] * B[k, j] inside the k loop): 4 KiB hold 1024 f32.
// The least traffic: all 40 rows, 24 of the 72 columns, one k at a time (40*24 + 40 + 24 =
// 1024 elements); A is read once per column tile (3), B once, C read and written once:
// (3*960 + 1728 + 2*2880) * 4 = 41,472 bytes. Only j is split, inside i; k stays whole (it
// updates C itself, with no iter_args chain to carry through C), so every C[i, j] adds its
// terms in order.
// CHECK-LABEL: func.func @forward(%A: memref<40x24xf32>
// CHECK: affine.for %i = 0 to 40 {
// CHECK-NEXT: affine.for %[[JT:j_tile]] = 0 to 72 step 24 {
// CHECK-NEXT: affine.for %j = #map{{[0-9]*}}(%[[JT]]) to min #map{{[0-9]*}}(%[[JT]]) {
// CHECK-NEXT: affine.for %k = 0 to 24 {
// CHECK: } {solar.bytes = {{.*}}, solar.tiles = {custom = [40 : i64, 24 : i64, 1 : i64]}
func.func @forward(%A: memref<40x24xf32>, %B: memref<24x72xf32>, %C: memref<40x72xf32>) {
  // expected-remark@+3 {{node0: tiles [40, 24, 1] for custom (4096 of 4096 bytes resident): 41472 bytes moved}}
  // expected-remark@+2 {{node0: reduction loop 2 stays whole: the reduction loop does not carry one iter_args value}}
  // expected-remark@+1 {{node0: rewritten with the custom tiles (loop 1 by 24)}}
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 72 {
      affine.for %k = 0 to 24 {
        %a = affine.load %A[%i, %k] : memref<40x24xf32>
        %b = affine.load %B[%k, %j] : memref<24x72xf32>
        %c = affine.load %C[%i, %j] : memref<40x72xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<40x72xf32>
      }
    }
  }
  return
}

// -----

// The same matmul as a linalg.generic (lift-einsum's form): it gets tiles, but the rewrite
// works on affine loops, so it is left as it is.
// CHECK-LABEL: func.func @forward(%A: memref<40x24xf32>
// CHECK-NOT: step
// CHECK: linalg.generic
// CHECK: solar.tiles = {custom = [
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @forward(%A: memref<40x24xf32>, %B: memref<24x72xf32>, %C: memref<40x72xf32>) {
  // expected-remark@+2 {{node0: tiles [40, 24, 1] for custom}}
  // expected-remark@+1 {{node0: not rewritten for custom: not an affine loop nest (tile before lift-einsum)}}
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<40x24xf32>, memref<24x72xf32>) outs(%C : memref<40x72xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Elementwise: nothing to tile, no attribute, no remark.
// CHECK-LABEL: func.func @forward(%X: memref<100xf32>
// CHECK-NOT: solar.tiles
// CHECK-NOT: step
func.func @forward(%X: memref<100xf32>, %Y: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    %x = affine.load %X[%i] : memref<100xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %Y[%i] : memref<100xf32>
  }
  return
}

// -----

// A nest whose parallel iterations are not independent is not rewritten: (i, j) reads
// C[j, i], which iteration (j, i) writes, so reordering them would change the result.
// CHECK-LABEL: func.func @forward(%A: memref<40x24xf32>
// CHECK-NOT: step
// CHECK: solar.tiles = {custom = [
func.func @forward(%A: memref<40x24xf32>, %B: memref<24x40xf32>, %C: memref<40x40xf32>,
                   %D: memref<40x40xf32>) {
  // expected-remark@+2 {{node0: tiles}}
  // expected-remark@+1 {{node0: not rewritten for custom: two accesses of a written tensor differ in a tiled loop}}
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 40 {
      affine.for %k = 0 to 24 {
        %a = affine.load %A[%i, %k] : memref<40x24xf32>
        %b = affine.load %B[%k, %j] : memref<24x40xf32>
        %c = affine.load %C[%i, %j] : memref<40x40xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<40x40xf32>
      }
      %t = affine.load %C[%j, %i] : memref<40x40xf32>
      affine.store %t, %D[%i, %j] : memref<40x40xf32>
    }
  }
  return
}

// -----

// A matmul accumulating in f32 and storing f16: a partial sum would be rounded to f16 between
// k tiles, so k stays whole and only j is split.
// CHECK-LABEL: func.func @forward(%A: memref<40x24xf32>
// CHECK-NOT: k_tile
// CHECK: affine.for %k = 0 to 24 iter_args
func.func @forward(%A: memref<40x24xf32>, %B: memref<24x72xf32>, %C: memref<40x72xf16>) {
  %zero = arith.constant 0.000000e+00 : f32
  // expected-remark@+3 {{node0: tiles}}
  // expected-remark@+2 {{node0: reduction loop 2 stays whole: the stored value is not the accumulator's type}}
  // expected-remark@+1 {{node0: rewritten with the custom tiles (loop 1 by}}
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 72 {
      %sum = affine.for %k = 0 to 24 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<40x24xf32>
        %b = affine.load %B[%k, %j] : memref<24x72xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      %h = arith.truncf %sum : f32 to f16
      affine.store %h, %C[%i, %j] : memref<40x72xf16>
    }
  }
  return
}

// -----

// The iter_args matmul without that read: j and k are both split. The k tile loop sits
// inside the output tile loops, after a nest storing the start value into C; each k tile
// resumes from C and stores its partial back.
// CHECK-LABEL: func.func @forward(%A: memref<40x24xf32>
// CHECK: affine.for %[[JT:j_tile]] = 0 to 72 step 24 {
// CHECK-NEXT: affine.for %j = #map{{[0-9]*}}(%[[JT]]) to min #map{{[0-9]*}}(%[[JT]]) {
// CHECK-NEXT: affine.store %zero, %C[%i, %j]
// CHECK: affine.for %[[KT:k_tile]] = 0 to 24 {
// CHECK-NEXT: affine.for %j = #map{{[0-9]*}}(%[[JT]]) to min #map{{[0-9]*}}(%[[JT]]) {
// CHECK-NEXT: %partial = affine.load %C[%i, %j]
// CHECK-NEXT: %sum = affine.for %k = #map{{[0-9]*}}(%[[KT]]) to min #map{{[0-9]*}}(%[[KT]]) iter_args(%acc = %partial) -> (f32) {
// CHECK: affine.store %sum, %C[%i, %j]
func.func @forward(%A: memref<40x24xf32>, %B: memref<24x72xf32>, %C: memref<40x72xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  // expected-remark@+2 {{node0: tiles}}
  // expected-remark@+1 {{node0: rewritten with the custom tiles (loop 1 by}}
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 72 {
      %sum = affine.for %k = 0 to 24 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<40x24xf32>
        %b = affine.load %B[%k, %j] : memref<24x72xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %sum, %C[%i, %j] : memref<40x72xf32>
    }
  }
  return
}
