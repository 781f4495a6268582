// RUN: solar-opt %s --split-input-file --verify-diagnostics
// An op name solar-opt does not read: one error at the name, with the closest op names (the
// edit distance counts in the op's own part, so `arith.foo` gets none) or the op of that name
// in another dialect, and the page that lists the ops. The rest of the statement is skipped
// and nothing that follows from it is reported: the results of the op stay quiet at their
// uses (mlir-opt-14 also reports the first error only). Some expectations are written with a
// space before the offset, as MLIR's own tests write them.

func @mul(%a: f32, %b: f32) -> f32 {
  // expected-error @+1 {{unknown operation 'arith.mul'; did you mean 'arith.mulf' or 'arith.muli'? (the ops solar-opt reads are listed in docs/dialect.md)}}
  %c = arith.mul %a, %b : f32
  %d = arith.addf %c, %c : f32
  return %d : f32
}

// -----

func @other_dialect(%a: f32) {
  // expected-error @+1 {{unknown operation 'arith.exp'; did you mean 'math.exp'?}}
  %e = arith.exp %a : f32
  return
}

// -----

func @transposed_letters() {
  affine.for %i = 0 to 4 {
    // expected-error@+1 {{unknown operation 'affine.yeild'; did you mean 'affine.yield'?}}
    affine.yeild
  }
  return
}

// -----

func @nothing_close(%a: f32) {
  // expected-error@+1 {{unknown operation 'arith.foo' (the ops solar-opt reads are listed in docs/dialect.md)}}
  %b = arith.foo %a : f32
  return
}

// -----

func @bare_name(%a: f32) {
  // expected-error@+1 {{unknown operation 'frobnicate' (the ops solar-opt reads are listed in docs/dialect.md)}}
  %b = frobnicate %a : f32
  return
}

// -----

// An unknown op with a region: the region is skipped with it, and the `}` that closes it does
// not close the function.
func @unknown_region(%n: index) {
  // expected-error@+1 {{unknown operation 'scf.for'; did you mean 'affine.for'?}}
  scf.for %i = %n to %n step %n {
    %x = arith.constant 1 : index
  }
  %y = arith.constant 2 : index
  return
}

// -----

// A mistake on each of two lines: two independent errors, both reported.
func @two(%a: f32) {
  // expected-error@+1 {{unknown operation 'arith.subff'; did you mean 'arith.subf'?}}
  %b = arith.subff %a, %a : f32
  // expected-error@+1 {{unknown operation 'math.tanhh'; did you mean 'math.tanh'?}}
  %c = math.tanhh %a : f32
  return
}
