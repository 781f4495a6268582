// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Verifier rules of the arith ops (lib/IR/Ops/arith.c: the shared syntax classes): one rule per
// chunk, each one the parser lets through so that the verifier is what reports it. Messages are
// MLIR's wording where mlir-opt-14 has the same check; chunks marked "solar only" are accepted by
// mlir-opt-14. Rules the parser already enforces (one type per elementwise op, comparison and
// select, known predicates, constant values and ranges) are tested with the parser
// (test/lit/Parser/); rules only IR built through ir.h can break are in
// test/unit/verify_messages.c.

func @f(%x: i32) {
  // expected-error@+1 {{operand #0 must be floating-point-like, but got 'i32'}}
  %y = arith.addf %x, %x : i32
  return
}

// -----

func @f(%x: f32) {
  // expected-error@+1 {{operand #0 must be signless-integer-like, but got 'f32'}}
  %y = arith.cmpi slt, %x, %x : f32
  return
}

// -----

func @f(%x: f32) {
  // expected-error@+1 {{operand type 'f32' and result type 'f16' are cast incompatible}}
  %y = arith.extf %x : f32 to f16
  return
}

// -----

func @f(%x: bf16) {
  // expected-error@+1 {{operand type 'bf16' and result type 'f16' are cast incompatible}}
  %y = arith.extf %x : bf16 to f16
  return
}

// -----

func @f(%x: f32) {
  // expected-error@+1 {{operand type 'f32' and result type 'i32' are cast incompatible}}
  %y = arith.index_cast %x : f32 to i32
  return
}

// -----

func @f(%x: i32) {
  // expected-error@+1 {{operand type 'i32' and result type 'i32' are cast incompatible}}
  %y = arith.trunci %x : i32 to i32
  return
}

// -----

func @f(%x: f32, %c: i32) {
  // expected-error@+1 {{operand #0 must be bool-like, but got 'i32'}}
  %v = select %c, %x, %x : f32
  return
}

// -----

func @f(%x: f32) {
  // expected-error@+1 {{operand #0 must be signless-integer-like, but got 'f32'}}
  %y = arith.addi %x, %x : f32
  return
}

// -----

func @f(%x: i32) {
  // expected-error@+1 {{operand type 'i32' and result type 'f64' are cast incompatible}}
  %y = arith.bitcast %x : i32 to f64
  return
}

// -----

func @f(%x: f32) {
  // expected-error@+1 {{operand type 'f32' and result type 'index' are cast incompatible}}
  %y = arith.fptosi %x : f32 to index
  return
}

// -----

func @f(%x: i32) {
  // expected-error@+1 {{operand #0 must be floating-point-like, but got 'i32'}}
  %y = arith.cmpf olt, %x, %x : i32
  return
}

// -----

func @f(%x: i32) {
  // expected-error@+1 {{operand #0 must be floating-point-like, but got 'i32'}}
  %y = arith.negf %x : i32
  return
}

// -----

func @f(%x: f32) {
  // expected-error@+1 {{operand type 'f32' and result type 'f32' are cast incompatible}}
  %y = arith.uitofp %x : f32 to f32
  return
}

// -----

func @f(%x: i32) {
  // expected-error@+1 {{operand type 'i32' and result type 'i16' are cast incompatible}}
  %y = arith.extsi %x : i32 to i16
  return
}

// -----

func @f(%x: f16) {
  // expected-error@+1 {{operand type 'f16' and result type 'f32' are cast incompatible}}
  %y = arith.truncf %x : f16 to f32
  return
}

// -----

func @f(%x: index) {
  // expected-error@+1 {{operand type 'index' and result type 'index' are cast incompatible}}
  %y = arith.index_cast %x : index to index
  return
}
