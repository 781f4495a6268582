// RUN: solar-opt %s --split-input-file --verify-diagnostics
// One mistake, one error: what follows a bad token or a bad definition must not be reported
// again (mlir-opt-14 reports each of these once). Recovery resumes at the next line that starts
// a statement (see one-error-per-mistake.test for the check against mlir-opt-14); names and
// aliases whose definition failed stay quiet at their uses.

func @block_comment_in_body() {
  // expected-error@+1 {{block comments are not MLIR}}
  /* block */ return
}

// -----

func @unsupported_type_in_op(%x: f32) {
  // expected-error@+1 {{unsupported type 'tensor<4xf32>'}}
  %a = arith.negf %x : tensor<4xf32>
  return
}

// -----

// expected-error@+1 {{non-affine expression}}
#m = affine_map<(d0) -> (d0 * d0)>
func @uses_of_a_failed_alias(%i: index) {
  %a = affine.apply #m(%i)
  %b = affine.apply #m(%a)
  return
}

// -----

func @uses_of_a_failed_value(%x: f32) {
  // expected-error@+1 {{use of undefined value '%y'}}
  %a = arith.addf %x, %y : f32
  %b = arith.negf %a : f32
  %c = arith.addf %a, %b : f32
  return
}

// -----

func @uses_of_a_failed_loop(%x: f32, %n: index) {
  // expected-error@+1 {{use of undefined value '%m'}}
  %r = affine.for %i = 0 to %m iter_args(%acc = %x) -> (f32) {
    %s = arith.addf %acc, %x : f32
    affine.yield %s : f32
  }
  %t = arith.negf %r : f32
  return
}

// -----

func @zero_result_count() {
  // expected-error@+1 {{expected a positive result count after '%r:'}}
  %r:0 = affine.for %i = 0 to 2 {
  }
  return
}
