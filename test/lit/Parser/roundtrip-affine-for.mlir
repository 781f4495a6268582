// affine.for: every bound form, step, iter_args with one and several results, the three ways
// of naming results, trailing attributes, and the elided empty yield. Source names are kept.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: solar-opt %s --mlir=14 | FileCheck %s --check-prefix=V14
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// Aliases are re-derived from the maps actually used (inline maps and #ub alike), each map once.
// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$PLUS4:map[0-9]*]] = affine_map<(d0) -> (d0 + 4)>
// CHECK-DAG: #[[$LB2:map[0-9]*]] = affine_map<(d0) -> (0, d0 - 1)>
// CHECK-DAG: #[[$UB2:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 + 32, s0)>
// CHECK-NOT: #ub
#ub = affine_map<(d0)[s0] -> (d0 + 32, s0)>

// CHECK-LABEL: func.func @bounds(%A: memref<?xf32>, %n: index) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    affine.for %i = -2 to 2 {
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %i = %c0 to %n step 4 {
// CHECK-NEXT:      affine.for %j = #[[$ID]](%i) to #[[$PLUS4]](%i) {
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.for %j = %n to 10 {
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.for %j = #[[$ID]](%n) to 10 {
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.for %j = max #[[$LB2]](%i) to min #[[$UB2]](%i)[%n] {
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.for %j = 0 to 8 step 3 {
// CHECK-NEXT:      } {solar.tag, solar.unroll = 4 : i64}
// CHECK-NEXT:      affine.for %j = 0 to 1 {
// CHECK-NEXT:        affine.for %k = 0 to 9223372036854775807 step 9223372036854775807 {
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// V14-LABEL:   func @bounds(%A: memref<?xf32>, %n: index) {
// V14:           affine.for %j = max #{{map[0-9]*}}(%i) to min #{{map[0-9]*}}(%i)[%n] {
func @bounds(%A: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  // Sibling regions may reuse a name (%i twice, %j five times).
  affine.for %i = -2 to 2 {
  }
  affine.for %i = %c0 to %n step 4 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 4)>(%i) {
    }
    // A single-symbol map prints as the shorthand; a dim map of a symbol does not.
    affine.for %j = affine_map<()[s0] -> (s0)>()[%n] to 10 {
    }
    affine.for %j = affine_map<(d0) -> (d0)>(%n) to 10 {
    }
    // An explicit empty yield is elided.
    affine.for %j = max affine_map<(d0) -> (0, d0 - 1)>(%i) to min #ub(%i)[%n] {
      affine.yield
    }
    affine.for %j = 0 to 8 step 3 {
    } {solar.unroll = 4 : i64, solar.tag}
    // `step 1` is omitted; the largest step and bound are kept exactly.
    affine.for %j = 0 to 1 step 1 {
      affine.for %k = 0 to 9223372036854775807 step 9223372036854775807 {
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @iter_args(%x: f32, %y: f32) -> f32 {
// CHECK-NEXT:    %s = affine.for %t = 0 to 16 iter_args(%acc = %x) -> (f32) {
// CHECK-NEXT:      %u = arith.addf %acc, %y : f32
// CHECK-NEXT:      affine.yield %u : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %r:2 = affine.for %t = 0 to 4 iter_args(%a = %x, %b = %y) -> (f32, f32) {
// CHECK-NEXT:      affine.yield %b, %a : f32, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %p, %q = affine.for %t = 0 to 4 iter_args(%a = %s, %b = %r#1) -> (f32, f32) {
// CHECK-NEXT:      %m:3 = affine.for %t2 = 0 to 2 iter_args(%e = %a, %f = %b, %g = %r#0) -> (f32, f32, f32) {
// CHECK-NEXT:        affine.yield %g, %e, %f : f32, f32, f32
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.yield %m#2, %m#1 : f32, f32
// CHECK-NEXT:    } {solar.k = 1 : i64}
// CHECK-NEXT:    %w = arith.addf %r#0, %r#1 : f32
// CHECK-NEXT:    %z = arith.addf %p, %q : f32
// CHECK-NEXT:    return %z : f32
// CHECK-NEXT:  }
// V14-LABEL:   func @iter_args(%x: f32, %y: f32) -> f32 {
// V14-NEXT:      %s = affine.for %t = 0 to 16 iter_args(%acc = %x) -> (f32) {
func @iter_args(%x: f32, %y: f32) -> f32 {
  // `-> f32` without parentheses is read and printed with them.
  %s = affine.for %t = 0 to 16 iter_args(%acc = %x) -> f32 {
    %u = arith.addf %acc, %y : f32
    affine.yield %u : f32
  }
  %r:2 = affine.for %t = 0 to 4 iter_args(%a = %x, %b = %y) -> (f32, f32) {
    affine.yield %b, %a : f32, f32
  }
  %p, %q = affine.for %t = 0 to 4 iter_args(%a = %s, %b = %r#1) -> (f32, f32) {
    %m:3 = affine.for %t2 = 0 to 2 iter_args(%e = %a, %f = %b, %g = %r#0) -> (f32, f32, f32) {
      affine.yield %g, %e, %f : f32, f32, f32
    }
    affine.yield %m#2, %m#1 : f32, f32
  } {solar.k = 1 : i64}
  %w = arith.addf %r#0, %r#1 : f32
  %z = arith.addf %p, %q : f32
  return %z : f32
}

// A name defined in a loop body dies with it: the enclosing block may define it afterwards.
// A bare `%r` of a multi-result op is `%r#0`.
// CHECK-LABEL: func.func @scopes(%x: f32) -> f32 {
// CHECK-NEXT:    %r:2 = affine.for %i = 0 to 4 iter_args(%a = %x, %b = %x) -> (f32, f32) {
// CHECK-NEXT:      %v = arith.negf %a : f32
// CHECK-NEXT:      affine.yield %v, %b : f32, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %v = arith.addf %r#0, %r#1 : f32
// CHECK-NEXT:    %i = arith.negf %v : f32
// CHECK-NEXT:    return %i : f32
// CHECK-NEXT:  }
func @scopes(%x: f32) -> f32 {
  %r:2 = affine.for %i = 0 to 4 iter_args(%a = %x, %b = %x) -> (f32, f32) {
    %v = arith.negf %a : f32
    affine.yield %v, %b : f32, f32
  }
  %v = arith.addf %r, %r#1 : f32
  %i = arith.negf %v : f32
  return %i : f32
}
