// --bind names must be index arguments of the entry function, and the entry function must be
// known and uncalled. Each error points at the function (or the call, or the module).

// RUN: solar-opt %s --split-input-file --verify-diagnostics --bind N=8,Q=2

// expected-error@+1 {{--bind: function '@forward' has no index argument 'Q'; its index arguments are N, D}}
func.func @forward(%A: memref<?xf32>, %N: index, %D: index) {
  return
}

// -----

// expected-error@+2 {{--bind: function '@forward' has no index argument 'N'; it has no index arguments}}
// expected-error@+1 {{--bind: function '@forward' has no index argument 'Q'; it has no index arguments}}
func.func @forward(%A: memref<?xf32>, %x: f32) {
  return
}

// -----

// expected-error@+1 {{--bind: no entry function: the module has no @forward and 2 functions: @a, @b; choose one with --entry}}
func.func @a(%N: index) {
  return
}
func.func @b(%Q: index) {
  return
}

// -----

func.func @forward(%N: index, %Q: index) {
  return
}
func.func @main() {
  %c = arith.constant 4 : index
  // expected-error@+1 {{--bind: cannot specialise '@forward': this call would no longer match}}
  func.call @forward(%c, %c) : (index, index) -> ()
  return
}
