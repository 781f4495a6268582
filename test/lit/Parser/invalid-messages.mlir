// Syntax-error wording: diagnostics speak the user's language. They never name the parser's
// internal token kinds (BARE_ID, SSA_ID, TYPE, INT, ...), they name what was found when it is
// the point (an unknown op), numbers are the ones written, and every error points at the
// offending token. Matched on stderr (not --verify-diagnostics) so that what must NOT appear
// can be checked too.
// RUN: not solar-opt %s --split-input-file 2>&1 | FileCheck %s --implicit-check-not='{{[A-Z]+_[A-Z]+|(unexpected|expected|or|,) (TYPE|INT|STRING|HEX|FLOAT)( |;|$)}}'

// CHECK: invalid-messages.mlir:[[#@LINE+1]]:23: error:
func @tensor_type(%x: tensor<4xf32>) { return }

// -----

func @unknown_bare_op(%x: f32) {
  // CHECK: invalid-messages.mlir:[[#@LINE+1]]:8: error: {{.*}}'foo'
  %a = foo %x : f32
  return
}

// -----

func @step_ssa(%n: index) {
  // CHECK: invalid-messages.mlir:[[#@LINE+1]]:32: error:
  affine.for %i = 0 to 10 step %n {
  }
  return
}

// -----

// CHECK: invalid-messages.mlir:[[#@LINE+1]]:6: error:
func missing_at() { return }

// -----

func @missing_type(%x: f32) {
  // CHECK: invalid-messages.mlir:[[#@LINE+1]]:28: error:
  %a = arith.addf %x, %x : return
}

// -----

func @stray_close() { return }
// CHECK: invalid-messages.mlir:[[#@LINE+1]]:1: error:
}

// -----

func @result_number_in_definition(%x: f32) {
  // CHECK: invalid-messages.mlir:[[#@LINE+1]]:5: error:
  %r#0 = arith.negf %x : f32
  return
}

// -----

// i0 is not "wider than 64 bits".
// CHECK: invalid-messages.mlir:[[#@LINE+2]]:22: error:
// CHECK-NOT: wider
func @zero_width(%x: i0) { return }

// -----

// The result number is reported as written, not wrapped modulo 2^64.
func @huge_result_number(%x: f32) {
  // CHECK: invalid-messages.mlir:[[#@LINE+2]]:19: error:
  // CHECK-NOT: 7766279631452241919
  %r = arith.negf %x#99999999999999999999 : f32
  return
}

// -----

// A duplicate key is reported at the key, not where the dictionary ends.
func @duplicate_key_location(%x: f32) {
  %a = arith.addf %x, %x {k = 1,
      // CHECK: invalid-messages.mlir:[[#@LINE+1]]:7: error: duplicate key 'k' in dictionary attribute
      k = 2
  } : f32
  return
}
