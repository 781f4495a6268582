// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Verifier rules of the affine dialect (lib/IR/Ops/affine.c): one rule per chunk, each one the
// parser lets through so that the verifier is what reports it. Messages are MLIR's wording where
// mlir-opt-14 has the same check; chunks marked "solar only" are accepted by mlir-opt-14. Rules the
// parser already enforces (step, non-affine and divide-by-zero maps, undeclared dims and symbols,
// operand counts of maps and sets, typed uses) are tested with the parser (test/lit/Parser/); rules
// only IR built through ir.h can break are in test/unit/verify_messages.c.

func @f(%n: index) {
  affine.for %i = 0 to 16 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.for %j = 0 to %i {
    }
  }
  return
}

// -----

func @f(%n: index) {
  affine.for %i = 0 to 16 {
    %j = arith.addi %i, %i : index
    // expected-error@+1 {{operand cannot be used as a dimension id}}
    affine.for %k = 0 to affine_map<(d0) -> (d0)>(%j) {
    }
  }
  return
}

// -----

func @f(%n: index) {
  affine.for %i = 0 to 16 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.if affine_set<()[s0] : (s0 >= 0)>()[%i] {
    }
  }
  return
}

// -----

func @f(%A: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    %j = arith.addi %i, %i : index
    // expected-error@+1 {{index must be a dimension or symbol identifier}}
    %v = affine.load %A[%i, %j] : memref<16x16xf32>
  }
  return
}

// -----

func @f(%A: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{affine map num results must equal memref rank}}
  %v = affine.load %A[%i] : memref<16x16xf32>
  return
}

// -----

// solar only: mlir-opt-14 does not check constant subscripts against static sizes.
func @f(%A: memref<16x4xf32>) {
  // expected-error@+1 {{index 4 is out of bounds for dimension 1 of size 4}}
  %v = affine.load %A[0, 4] : memref<16x4xf32>
  return
}

// -----

// solar only: the classic off-by-one loop bound.
func @f(%A: memref<16xf32>, %x: f32) {
  affine.for %i = 0 to 17 {
    // expected-error@+1 {{index range [0, 16] is out of bounds for dimension 0 of size 16}}
    affine.store %x, %A[%i] : memref<16xf32>
  }
  return
}

// -----

func @f(%x: f32) {
  %s = affine.for %i = 0 to 16 iter_args(%a = %x) -> (f32) {
    // expected-error@+1 {{parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

func @f(%x: f32, %y: f64) {
  %s = affine.for %i = 0 to 16 iter_args(%a = %x) -> (f32) {
    // expected-error@+1 {{types mismatch between yield op and its parent}}
    affine.yield %y : f64
  }
  return
}

// -----

// solar only: mlir-opt-14 accepts (and prints) an affine.if with results but no else.
func @f(%x: f32, %n: index) {
  // expected-error@+1 {{must have an else block if defining values}}
  %v = affine.if affine_set<(d0) : (d0 >= 0)>(%n) -> f32 {
    affine.yield %x : f32
  }
  return
}

// -----

func @f(%x: f32) {
  %y = arith.addf %x, %x : f32
  // expected-error@+1 {{only terminates affine.if/for}}
  affine.yield
}

// -----

// solar only: mlir-opt-14 accepts an affine.min with an empty map.
func @f(%n: index) {
  // expected-error@+1 {{affine map must have at least one result}}
  %m = affine.min affine_map<(d0) -> ()>(%n)
  return
}

// -----

func @f(%k: i32) {
  // expected-error@+1 {{operand #0 must be index, but got 'i32'}}
  affine.for %t = 0 to %k {
  }
  return
}

// -----

func @f(%k: i32) {
  // expected-error@+1 {{operand #0 must be index, but got 'i32'}}
  %v = affine.apply affine_map<(d0) -> (d0)>(%k)
  return
}

// -----

// solar only: negative constant subscript.
func @f(%A: memref<16xf32>) {
  // expected-error@+1 {{index -1 is out of bounds for dimension 0 of size 16}}
  %v = affine.load %A[-1] : memref<16xf32>
  return
}

// -----

// solar only: the last iteration of a stepped loop (%i = 16) is past the end.
func @f(%A: memref<16xf32>) {
  affine.for %i = 0 to 20 step 4 {
    // expected-error@+1 {{index range [0, 16] is out of bounds for dimension 0 of size 16}}
    %v = affine.load %A[%i] : memref<16xf32>
  }
  return
}

// -----

// solar only: an affine combination of induction variables (%j - 1 reaches -1).
func @f(%A: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      // expected-error@+1 {{index range [-1, 14] is out of bounds for dimension 1 of size 16}}
      %v = affine.load %A[%i, %j - 1] : memref<16x16xf32>
    }
  }
  return
}

// -----

// Not reported: in bounds (the largest value of %i * 2 + 1 is 15), guarded by an affine.if,
// dynamic, or over a symbol.
func @f(%A: memref<16xf32>, %V: memref<?xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i * 2 + 1] : memref<16xf32>
  }
  affine.for %i = 0 to 17 {
    affine.if affine_set<(d0) : (15 - d0 >= 0)>(%i) {
      %b = affine.load %A[%i] : memref<16xf32>
    }
    %c = affine.load %V[%i] : memref<?xf32>
  }
  affine.for %i = 0 to %n {
    %d = affine.load %A[%i] : memref<16xf32>
  }
  return
}

// -----

func @f(%x: f32, %n: index) {
  affine.if affine_set<(d0) : (d0 >= 0)>(%n) {
    // expected-error@+1 {{parent of yield must have same number of results as the yield operands}}
    affine.yield %x : f32
  }
  return
}

// -----

func @f(%A: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %j = arith.addi %i, %i : index
    // expected-error@+1 {{operand cannot be used as a symbol}}
    %v = affine.load %A[symbol(%j)] : memref<16xf32>
  }
  return
}

// -----

func @f(%x: f32) {
  // expected-error@+1 {{expects regions to end with 'affine.yield', found 'arith.addf'}}
  %r = affine.for %i = 0 to 8 iter_args(%a = %x) -> (f32) {
    %y = arith.addf %a, %a : f32
  }
  return
}

// -----

func @f(%x: f32, %n: index) {
  // expected-error@+1 {{expects regions to end with 'affine.yield', found 'arith.addf'}}
  %v = affine.if affine_set<(d0) : (d0 >= 0)>(%n) -> f32 {
    affine.yield %x : f32
  } else {
    %y = arith.addf %x, %x : f32
  }
  return
}

// -----

func @f(%a: index) {
  // expected-error@+1 {{mapping must produce one value}}
  %v = affine.apply affine_map<(d0) -> (d0, d0)>(%a)
  return
}

// -----

// solar only: mlir-opt-14 accepts an affine.max with an empty map.
func @f(%n: index) {
  // expected-error@+1 {{affine map must have at least one result}}
  %m = affine.max affine_map<(d0) -> ()>(%n)
  return
}

// -----

func @f(%k: i32) {
  // expected-error@+1 {{operand #0 must be index, but got 'i32'}}
  affine.if affine_set<(d0) : (d0 >= 0)>(%k) {
  }
  return
}

// -----

func @f(%A: memref<16xf32>, %k: i32) {
  // expected-error@+1 {{operand #1 must be index, but got 'i32'}}
  %v = affine.load %A[%k] : memref<16xf32>
  return
}

// -----

func @f(%A: memref<16x16xf32>, %i: index, %x: f32) {
  // expected-error@+1 {{affine map num results must equal memref rank (1 vs 2)}}
  affine.store %x, %A[%i] : memref<16x16xf32>
  return
}

// -----

// solar only: a constant subscript past the end of a store.
func @f(%A: memref<16xf32>, %x: f32) {
  // expected-error@+1 {{index 16 is out of bounds for dimension 0 of size 16}}
  affine.store %x, %A[16] : memref<16xf32>
  return
}
