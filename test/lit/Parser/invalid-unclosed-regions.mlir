// RUN: solar-opt %s --split-input-file --verify-diagnostics
// A missing `}` is reported where the region it belongs to opened. The `}`s that follow close
// the wrong regions, so the layout is the evidence: the first `}` indented unlike the line of
// the `{` it closes points at the region that lost its own. One error per mistake: what only
// follows from the missing `}` (names redefined once the regions are mismatched) is not
// reported again.

// The input ends inside the function: the function's `{` is still open, and the loop's is the
// one missing its `}`.
// expected-error@+1 {{missing '}': the '{' here is still open at the end of the input}}
func @lost_loop_brace(%A: memref<4xf32>) {
  // expected-note@+1 {{the '}' at 16:1 closed this '{' but is indented like an outer line: this is probably the region missing its '}'}}
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
  return
}

// -----

// The next loop reuses the induction variable's name, which is still in scope: the
// redefinition is reported, with a note at the region the loop is indented outside of.
func @redefinition_after_missing_brace(%A: memref<4xf32>) {
  // expected-note@+2 {{previously defined here}}
  // expected-note@+1 {{the region opened here is still open, but the redefinition is indented as if outside it: is its '}' missing?}}
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
  // expected-error@+1 {{redefinition of SSA value '%i'}}
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
  }
  return
}

// -----

// The next function starts inside this one.
func @then_a_function(%A: memref<4xf32>) {
  // expected-note@+1 {{the '}' at 42:1 closed this '{' but is indented like an outer line}}
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
  return
}
// expected-error@+1 {{unexpected 'func' inside a function body: is a '}' missing?}}
func @g(%A: memref<4xf32>) {
  return
}

// -----

// Shadowing that is not a lost `}` (the inner loop is indented inside the outer one): just
// the redefinition.
func @plain_shadowing() {
  // expected-note@+1 {{previously defined here}}
  affine.for %t = 0 to 4 {
    // expected-error@+1 {{redefinition of SSA value '%t'}}
    affine.for %t = 0 to 4 {
    }
  }
  return
}

// -----

// An unclosed dictionary at the end of the input.
func @open_dictionary(%x: f32) {
  // expected-error@+1 {{missing '}': the '{' here is still open at the end of the input}}
  %a = arith.addf %x, %x {a = 1,
