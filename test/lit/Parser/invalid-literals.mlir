// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Literals: integers must fit their type (signless: iN takes -2^(N-1) .. 2^N-1, decimal i64 and
// index take int64), floats need a float type and a dot, and must be finite in their type (write
// inf/nan as hex bit patterns); hex patterns must fit the width; strings take only MLIR's escapes.
// Chunks marked "Subset rule" are valid MLIR 14 that solar-opt deliberately refuses.

func @i8_too_big() {
  // expected-error@+1 {{integer constant 256 is out of range for i8}}
  %a = arith.constant 256 : i8
  return
}

// -----

func @i8_too_small() {
  // expected-error@+1 {{integer constant -129 is out of range for i8}}
  %a = arith.constant -129 : i8
  return
}

// -----

func @i8_limits_ok() {
  %a = arith.constant 255 : i8
  %b = arith.constant -128 : i8
  // expected-error@+1 {{integer constant 65536 is out of range for i16}}
  %c = arith.constant 65536 : i16
  return
}

// -----

func @i1_two() {
  // expected-error@+1 {{integer constant 2 is out of range for i1}}
  %a = arith.constant 2 : i1
  return
}

// -----

func @i64_decimal_overflow() {
  // expected-error@+1 {{integer constant is out of range for i64}}
  %a = arith.constant 99999999999999999999 : i64
  return
}

// -----

func @i64_below_min() {
  // expected-error@+1 {{integer constant -9223372036854775809 is out of range for i64}}
  %a = arith.constant -9223372036854775809 : i64
  return
}

// -----

func @index_above_max() {
  // expected-error@+1 {{integer constant 9223372036854775808 is out of range for index}}
  %a = arith.constant 9223372036854775808 : index
  return
}

// -----

func @hex_int_too_wide() {
  // expected-error@+1 {{hex integer literal does not fit in 8 bits}}
  %a = arith.constant 0x1FF : i8
  return
}

// -----

func @hex_f16_too_wide() {
  // expected-error@+1 {{hex float literal has more than 16 bits}}
  %a = arith.constant 0x17C00 : f16
  return
}

// -----

func @hex_f64_overflow() {
  // expected-error@+1 {{hex float literal has more than 64 bits}}
  %a = arith.constant 0xFFFFFFFFFFFFFFFFF : f64
  return
}

// -----

func @float_for_int() {
  // expected-error@+1 {{float literal needs a float type (f16, bf16, f32 or f64)}}
  %a = arith.constant 1.5 : i32
  return
}

// -----

func @int_for_float() {
  // expected-error@+1 {{integer literal for a float type: write it with a '.', as in 1.0}}
  %a = arith.constant 1 : f32
  return
}

// -----

func @negative_int_for_float() {
  // expected-error@+1 {{integer literal for a float type: write it with a '.', as in -3.0}}
  %a = arith.constant -3 : f64
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
func @f32_overflow() {
  // expected-error@+1 {{float literal is out of range for its type}}
  %a = arith.constant 1.0e39 : f32
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
func @f16_rounds_to_inf() {
  %max = arith.constant 65504.0 : f16
  %down = arith.constant 65519.0 : f16
  // 65520 is halfway between 65504 and 2^16: ties to even rounds up to infinity.
  // expected-error@+1 {{float literal is out of range for its type}}
  %a = arith.constant 65520.0 : f16
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
func @bf16_overflow() {
  // expected-error@+1 {{float literal is out of range for its type}}
  %a = arith.constant -4.0e38 : bf16
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
func @f64_overflow() {
  // expected-error@+1 {{float literal is out of range for its type}}
  %a = arith.constant 1.0e400 : f64
  return
}

// -----

func @attr_int_for_float(%x: f32) {
  // expected-error@+1 {{integer literal for a float type}}
  %a = arith.addf %x, %x {a = 1 : f32} : f32
  return
}

// -----

func @attr_float_for_int(%x: f32) {
  // expected-error@+1 {{float literal needs a float type}}
  %a = arith.addf %x, %x {a = 1.0 : i32} : f32
  return
}

// -----

func @attr_int_out_of_range(%x: f32) {
  // expected-error@+1 {{integer constant 300 is out of range for i8}}
  %a = arith.addf %x, %x {a = 300 : i8} : f32
  return
}

// -----

func @attr_int_with_memref_type(%x: f32) {
  // expected-error@+1 {{integer literal needs an integer or index type}}
  %a = arith.addf %x, %x {a = 1 : memref<4xf32>} : f32
  return
}

// -----

func @unknown_escape(%x: f32) {
  // expected-error@+1 {{unknown escape '\q' in string}}
  %a = arith.addf %x, %x {s = "\q"} : f32
  return
}

// -----

func @half_hex_escape(%x: f32) {
  // expected-error@+1 {{unknown escape '\4' in string}}
  %a = arith.addf %x, %x {s = "\4"} : f32
  return
}

// -----

func @duplicate_key(%x: f32) {
  // expected-error@+1 {{duplicate key 'k' in dictionary attribute}}
  %a = arith.addf %x, %x {k = 1, j = 3, k = 2} : f32
  return
}

// -----

func @duplicate_key_nested(%x: f32) {
  // expected-error@+1 {{duplicate key 'k' in dictionary attribute}}
  %a = arith.addf %x, %x {d = {k = 1, k = 2}} : f32
  return
}

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
module attributes {a = 1, "a" = 2} {
}

// -----

func @loop_bound_overflow() {
  // expected-error@+1 {{loop bound is out of range}}
  affine.for %i = 0 to 99999999999999999999 {
  }
  return
}

// -----

func @subscript_constant_overflow(%A: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    // expected-error@+1 {{integer in affine expression is out of range}}
    %v = affine.load %A[%i + 99999999999999999999] : memref<16xf32>
  }
  return
}

// -----

func @map_constant_overflow(%i: index) {
  // expected-error@+1 {{integer in affine expression is out of range}}
  %a = affine.apply affine_map<(d0) -> (d0 + 9223372036854775808)>(%i)
  return
}

// -----

// Prefixes of literals that end early are errors of their own (the scanner never backs up to
// read `1.5` and then `e`): an exponent without digits, `0x` without hex digits, an
// unterminated quoted symbol.
func @exponent_without_digits() {
  // expected-error@+1 {{float literal '1.5e' has no exponent digits}}
  %a = arith.constant 1.5e : f32
  return
}

// -----

func @exponent_sign_without_digits() {
  // expected-error@+1 {{float literal '2.0E-' has no exponent digits}}
  %a = arith.constant 2.0E- : f32
  return
}

// -----

func @hex_without_digits() {
  // expected-error@+1 {{expected hex digits after '0x'}}
  %a = arith.constant 0x : f32
  return
}

// -----

func @unterminated_quoted_symbol(%x: f32) {
  // expected-error@+1 {{unterminated quoted symbol}}
  %a = call @"callee(%x) : (f32) -> f32
  return
}
