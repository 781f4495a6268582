// RUN: solar-opt %s --split-input-file --verify-diagnostics
// SSA names: definitions, uses, scopes. A name is defined once in its region and in every region
// nested in it; it dies with its region (sibling regions may reuse it: see
// roundtrip-affine-for.mlir and roundtrip-affine-if.mlir); function bodies are isolated.

func @undefined() {
  // expected-error@+1 {{use of undefined value '%zz'}}
  %a = arith.negf %zz : f32
  return
}

// -----

func @use_before_def(%x: f32) {
  // expected-error@+1 {{use of undefined value '%b'}}
  %a = arith.negf %b : f32
  %b = arith.negf %x : f32
  return
}

// -----

func @redefinition_same_block(%x: f32) {
  // expected-note@+1 {{previously defined here}}
  %a = arith.negf %x : f32
  // expected-error@+1 {{redefinition of SSA value '%a'}}
  %a = arith.negf %x : f32
  return
}

// -----

// expected-note@+1 {{previously defined here}}
func @redefinition_of_argument(%x: f32) {
  // expected-error@+1 {{redefinition of SSA value '%x'}}
  %x = arith.negf %x : f32
  return
}

// -----

func @duplicate_argument(%x: f32, %x: f32) { // expected-error {{redefinition of SSA value '%x'}} expected-note {{previously defined here}}
  return
}

// -----

func @duplicate_in_result_list(%x: f32) {
  // expected-error@+1 {{redefinition of SSA value '%a'}} expected-note@+1 {{previously defined here}}
  %a, %a = affine.for %i = 0 to 2 iter_args(%p = %x, %q = %x) -> (f32, f32) {
    affine.yield %p, %q : f32, f32
  }
  return
}

// -----

func @nested_region_reuses_outer_name(%x: f32) {
  // expected-note@+1 {{previously defined here}}
  %a = arith.negf %x : f32
  affine.for %i = 0 to 4 {
    // expected-error@+1 {{redefinition of SSA value '%a'}}
    %a = arith.negf %x : f32
  }
  return
}

// -----

// expected-note@+1 {{previously defined here}}
func @induction_variable_shadows_argument(%i: index) {
  // expected-error@+1 {{redefinition of SSA value '%i'}}
  affine.for %i = 0 to 4 {
  }
  return
}

// -----

func @nested_loops_same_iv() {
  // expected-note@+1 {{previously defined here}}
  affine.for %t = 0 to 4 {
    // expected-error@+1 {{redefinition of SSA value '%t'}}
    affine.for %t = 0 to 4 {
    }
  }
  return
}

// -----

// expected-note@+1 {{previously defined here}}
func @iter_arg_shadows_outer(%x: f32, %acc: f32) {
  // expected-error@+1 {{redefinition of SSA value '%acc'}}
  %r = affine.for %i = 0 to 4 iter_args(%acc = %x) -> (f32) {
    affine.yield %x : f32
  }
  return
}

// -----

func @if_branch_reuses_outer(%x: f32, %i: index) {
  // expected-note@+1 {{previously defined here}}
  %v = arith.negf %x : f32
  affine.if affine_set<(d0) : (d0 >= 0)>(%i) {
  } else {
    // expected-error@+1 {{redefinition of SSA value '%v'}}
    %v = arith.negf %x : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
// expected-note@+1 {{previously defined here}}
func @generic_block_arg_shadows_outer(%A: memref<4xf32>, %a: f32) {
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%A : memref<4xf32>) {
  // expected-error@+1 {{redefinition of SSA value '%a'}}
  ^bb0(%a: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

func @value_of_another_function(%x: f32) {
  %a = arith.negf %x : f32
  return
}
func @other() {
  // expected-error@+1 {{use of undefined value '%a'}}
  %b = arith.negf %a : f32
  return
}

// -----

func @induction_variable_after_loop(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
  }
  // expected-error@+1 {{use of undefined value '%i'}}
  %v = affine.load %A[%i] : memref<4xf32>
  return
}

// -----

func @value_from_inside_a_loop(%x: f32) {
  affine.for %i = 0 to 4 {
    %in = arith.negf %x : f32
  }
  // expected-error@+1 {{use of undefined value '%in'}}
  %out = arith.negf %in : f32
  return
}

// -----

func @then_value_in_else(%x: f32, %i: index) {
  affine.if affine_set<(d0) : (d0 >= 0)>(%i) {
    %t = arith.negf %x : f32
  } else {
    // expected-error@+1 {{use of undefined value '%t'}}
    %e = arith.negf %t : f32
  }
  return
}

// -----

func @result_number_out_of_range(%x: f32) {
  %r:2 = affine.for %i = 0 to 4 iter_args(%a = %x, %b = %x) -> (f32, f32) {
    affine.yield %a, %b : f32, f32
  }
  // expected-error@+1 {{result number 3 is out of range: '%r' has 2 results}}
  %s = arith.addf %r#3, %x : f32
  return
}

// -----

func @result_number_on_single_result(%x: f32) {
  // expected-error@+1 {{result number 1 is out of range: '%x' has 1 result}}
  %r = arith.negf %x#1 : f32
  return
}

// -----

func @too_many_names(%x: f32) {
  // expected-error@+1 {{operation defines 1 result but was provided 2 to bind}}
  %a, %b = arith.addf %x, %x : f32
  return
}

// -----

func @group_count_mismatch(%x: f32) {
  // expected-error@+1 {{operation defines 2 results but was provided 3 to bind}}
  %r:3 = affine.for %i = 0 to 4 iter_args(%a = %x, %b = %x) -> (f32, f32) {
    affine.yield %a, %b : f32, f32
  }
  return
}

// -----

func @name_for_no_result(%A: memref<4xf32>) {
  // expected-error@+1 {{operation defines 0 results but was provided 1 to bind}}
  %r = affine.for %i = 0 to 4 {
  }
  return
}

// -----

func @zero_group(%x: f32) {
  // expected-error@+1 {{expected a positive result count after '%r:'}}
  %r:0 = arith.negf %x : f32
  return
}

// -----

func @f() {
  return
}
// expected-error@+1 {{redefinition of symbol '@f'}}
func @f() {
  return
}
