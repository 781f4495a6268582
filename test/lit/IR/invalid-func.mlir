// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Verifier rules of the func dialect (lib/IR/Ops/func.c: func.func, func.return, func.call): one
// rule per chunk, each one the parser lets through so that the verifier is what reports it.
// Messages are MLIR's wording where mlir-opt-14 has the same check; chunks marked "solar only" are
// accepted by mlir-opt-14. Rules the parser already enforces (names and signatures the grammar
// gives every function, redefinitions, typed uses, return as the last op) are tested with the
// parser (test/lit/Parser/); rules only IR built through ir.h can break are in
// test/unit/verify_messages.c.

// expected-error@+1 {{symbol declaration cannot have public visibility}}
func @ext(f32)

// -----

func @f(%a: f32) -> (f32, f32) {
  // expected-error@+1 {{has 1 operands, but enclosing function (@f) returns 2}}
  return %a : f32
}

// -----

func @f(%a: f32) -> f64 {
  // expected-error@+1 {{type of return operand 0 ('f32') doesn't match function result type ('f64') in function @f}}
  return %a : f32
}

// -----

func @f(%a: f32) -> f32 {
  // expected-error@+1 {{'g' does not reference a valid function}}
  %r = call @g(%a) : (f32) -> f32
  return %r : f32
}

// -----

func private @g(f32) -> f32
func @f(%a: f64) -> f32 {
  // expected-error@+1 {{operand type mismatch: expected operand type 'f32', but provided 'f64' for operand number 0}}
  %r = call @g(%a) : (f64) -> f32
  return %r : f32
}

// -----

func private @g(f32) -> f32
func @f(%a: f32) {
  // expected-error@+1 {{incorrect number of results for callee}}
  call @g(%a) : (f32) -> ()
  return
}

// -----

func private @g(f32) -> f32
func @f(%a: f32) -> f32 {
  // expected-error@+1 {{incorrect number of operands for callee}}
  %r = call @g(%a, %a) : (f32, f32) -> f32
  return %r : f32
}

// -----

func @f(%x: f32) -> f32 {
  affine.for %i = 0 to 4 {
    // expected-error@+1 {{expects parent op}}
    return %x : f32
  }
  return %x : f32
}

// -----

func @f() {
  %x = arith.constant 1 : i32
// expected-error@-2 {{expects regions to end with 'func.return', found 'arith.constant'}}
}

// -----

func private @g(f32) -> f32
func @f(%a: f32) {
  // expected-error@+1 {{result type mismatch at index 0 ('f64' vs 'f32')}}
  %r = call @g(%a) : (f32) -> f64
  return
}

// -----

// expected-error@+1 {{expects regions to end with 'func.return', found an empty block}}
func @f() {
}
