// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Verifier rules of the math ops, which share the arith syntax classes (lib/IR/Ops/arith.c): one
// rule per chunk, each one the parser lets through so that the verifier is what reports it.
// Messages are MLIR's wording where mlir-opt-14 has the same check; chunks marked "solar only" are
// accepted by mlir-opt-14. Rules the parser already enforces (one type per op) are tested with the
// parser (test/lit/Parser/); rules only IR built through ir.h can break are in
// test/unit/verify_messages.c.

func @f(%x: i32) {
  // expected-error@+1 {{operand #0 must be floating-point-like, but got 'i32'}}
  %y = math.exp %x : i32
  return
}

// -----

func @f(%x: f32) {
  // expected-error@+1 {{operand #0 must be signless-integer-like, but got 'f32'}}
  %y = math.ctlz %x : f32
  return
}

// -----

func @f(%x: i32) {
  // expected-error@+1 {{operand #0 must be floating-point-like, but got 'i32'}}
  %y = math.powf %x, %x : i32
  return
}

// -----

func @f(%x: i32) {
  // expected-error@+1 {{operand #0 must be floating-point-like, but got 'i32'}}
  %y = math.fma %x, %x, %x : i32
  return
}

// -----

func @f(%x: index) {
  // expected-error@+1 {{operand #0 must be floating-point-like, but got 'index'}}
  %y = math.sqrt %x : index
  return
}
