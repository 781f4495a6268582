// RUN: solar-opt %s --split-input-file --verify-diagnostics
// A file holds one module: nothing may follow an explicit one.

module {
  func.func @inside() {
    return
  }
}
// expected-error@+1 {{function '@outside' is outside the module; a file holds one module}}
func.func @outside() {
  return
}

// -----

// `%a:2, %b` binds three results; two are not enough.
func.func @short_group(%x: f32) {
  // expected-error@+1 {{operation defines 2 results but was provided 3 to bind}}
  %a:2, %b = affine.for %i = 0 to 4 iter_args(%p = %x, %q = %x) -> (f32, f32) {
    affine.yield %p, %q : f32, f32
  }
  return
}
