// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Syntax and lexical errors: each chunk is one malformed input, reported once, at the offending
// token. Generic "unexpected X; expected Y" messages are matched on their stable part; how they
// name tokens is pinned by invalid-messages.mlir.
// Chunks marked "Subset rule" are valid MLIR 14 that solar-opt deliberately refuses.

// expected-error@+1 {{expected ':'}}
func @missing_colon_in_argument(%x f32) { return }

// -----

func @missing_colon_before_type() {
  // expected-error@+1 {{expected ':'}}
  %a = arith.constant 1.0 f32
  return
}

// -----

func @missing_comma(%x: f32) {
  // expected-error@+1 {{expected ','}}
  %a = arith.addf %x %x : f32
  return
}

// -----

func @missing_type(%x: f32) {
  // expected-error@+2 {{unexpected 'return'; expected ':'}}
  %a = arith.addf %x, %x
  return
}

// -----

func @unterminated_string(%x: f32) {
  // expected-error@+1 {{unterminated string}}
  %a = arith.addf %x, %x {s = "abc} : f32
  return
}

// -----

func @bad_ssa_name(%x: f32) {
  // expected-error@+1 {{invalid SSA name '%1a': a name that starts with a digit must be all digits}}
  %1a = arith.negf %x : f32
  return
}

// -----

func @unknown_dialect_op(%x: f32) {
  // expected-error@+1 {{unknown operation 'arith.foo'}}
  %a = arith.foo %x : f32
  return
}

// -----

func @unknown_known_dialect(%x: f32) {
  // expected-error@+1 {{unknown operation 'scf.for'}}
  scf.for %i = %x to %x step %x {
  }
  return
}

// -----

// expected-error@+1 {{block comments are not MLIR: use '//' line comments}}
/* an unterminated block comment

// -----

func @float_without_dot() {
  // expected-error@+1 {{float literal '1e10' needs a '.'}}
  %a = arith.constant 1e10 : f32
  return
}

// -----

func @float_leading_dot() {
  // expected-error@+1 {{unexpected character '.'}}
  %a = arith.constant .5 : f32
  return
}

// -----

func @float_plus_sign() {
  // expected-error@+1 {{unexpected '+'}}
  %a = arith.constant +2.0 : f32
  return
}

// -----

func @stray_backtick() {
  return
} ` // expected-error {{unexpected character '`'}}

// -----

func @stray_control_byte() {
  // expected-error@below {{unexpected byte 0x01}}
  return 
}

// -----

// expected-error@+1 {{unexpected character '@'}}
func @0() { return }

// -----

// A `{` left open is reported where it opened, not where the input ends.
// expected-error@+1 {{missing '}': the '{' here is still open at the end of the input}}
func @unclosed_body() {
  return
// -----

func @extra_brace() {
  return
}
// expected-error@+1 {{unexpected '}'}}
}

// -----

func @double_equals(%x: f32) {
  // expected-error@+1 {{unexpected '='}}
  %a = = arith.addf %x, %x : f32
  return
}

// -----

func @for_missing_to() {
  // expected-error@+1 {{expected 'to'}}
  affine.for %i = 0 10 {
  }
  return
}

// -----

func @for_missing_equals() {
  // expected-error@+1 {{expected '='}}
  affine.for %i 0 to 10 {
  }
  return
}

// -----

func @op_after_terminator(%x: f32) -> f32 {
  return %x : f32
  // expected-error@+1 {{expected '}'}}
  %a = arith.negf %x : f32
}

// -----

func @two_terminators() {
  return
  // expected-error@+1 {{unexpected 'return'; expected '}'}}
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
func @block_label() {
// expected-error@+1 {{unexpected block label}}
^bb0:
  return
}

// -----

func @result_number_in_definition(%x: f32) {
  // expected-error@+1 {{expected '=' or ','}}
  %r#0 = arith.negf %x : f32
  return
}

// -----

module {
  // expected-error@+1 {{expected 'func' or '}'}}
  #m = affine_map<(d0) -> (d0)>
  func @alias_inside_module() { return }
}

// -----

func @trailing_comma_in_dict(%x: f32) {
  // expected-error@+1 {{unexpected '}'}}
  %a = arith.addf %x, %x {a = 1,} : f32
  return
}

// -----

func @trailing_comma_in_array(%x: f32) {
  // expected-error@+1 {{unexpected ']'}}
  %a = arith.addf %x, %x {a = [1, 2,]} : f32
  return
}

// -----

func @missing_attr_value(%x: f32) {
  // expected-error@+1 {{unexpected '}'}}
  %a = arith.addf %x, %x {a = } : f32
  return
}

// -----

func @unknown_cmpf_predicate(%x: f32) {
  // expected-error@+1 {{unknown predicate 'foo' for 'arith.cmpf'; expected one of false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true}}
  %a = arith.cmpf foo, %x, %x : f32
  return
}

// -----

func @cmpi_with_cmpf_predicate(%i: i32) {
  // expected-error@+1 {{unknown predicate 'olt' for 'arith.cmpi'; expected one of eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge}}
  %a = arith.cmpi olt, %i, %i : i32
  return
}

// -----

func @cmpf_with_cmpi_predicate(%x: f32) {
  // expected-error@+1 {{unknown predicate 'slt' for 'arith.cmpf'}}
  %a = arith.cmpf slt, %x, %x : f32
  return
}
