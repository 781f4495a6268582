// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Verifier rules of the memref dialect (lib/IR/Ops/memref.c): one rule per chunk, each one the
// parser lets through so that the verifier is what reports it. Messages are MLIR's wording where
// mlir-opt-14 has the same check; chunks marked "solar only" are accepted by mlir-opt-14. Rules the
// parser already enforces (memref types after the colon, element types of loaded and stored values,
// index memref.dim operands) are tested with the parser (test/lit/Parser/); rules only IR built
// through ir.h can break are in test/unit/verify_messages.c.

func @f() {
  // expected-error@+1 {{dimension operand count does not equal memref dynamic dimension count}}
  %a = memref.alloc() : memref<?xf32>
  return
}

// -----

func @f(%A: memref<4xf32>) {
  %c = arith.constant 1 : index
  // expected-error@+1 {{index is out of range}}
  %d = memref.dim %A, %c : memref<4xf32>
  return
}

// -----

func @f(%A: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{incorrect number of indices}}
  %v = memref.load %A[%i] : memref<16x16xf32>
  return
}

// -----

// solar only: mlir-opt-14 lets a negative constant dimension through.
func @f(%A: memref<4xf32>) {
  %c = arith.constant -1 : index
  // expected-error@+1 {{index is out of range}}
  %d = memref.dim %A, %c : memref<4xf32>
  return
}

// -----

func @f(%k: i32) {
  // expected-error@+1 {{operand #0 must be index, but got 'i32'}}
  %a = memref.alloc(%k) : memref<?xf32>
  return
}

// -----

func @f(%A: memref<4xf32>, %k: i32) {
  // expected-error@+1 {{operand #1 must be index, but got 'i32'}}
  %v = memref.load %A[%k] : memref<4xf32>
  return
}

// -----

func @f(%A: memref<4x4xf32>, %i: index, %k: i32, %x: f32) {
  // expected-error@+1 {{operand #3 must be index, but got 'i32'}}
  memref.store %x, %A[%i, %k] : memref<4x4xf32>
  return
}

// -----

func @f(%A: memref<4x4xf32>, %i: index, %x: f32) {
  // expected-error@+1 {{incorrect number of indices (1) for memref rank 2}}
  memref.store %x, %A[%i] : memref<4x4xf32>
  return
}

// -----

func @f(%n: index) {
  // expected-error@+1 {{dimension operand count does not equal memref dynamic dimension count}}
  %a = memref.alloc(%n, %n) : memref<?x4xf32>
  return
}
