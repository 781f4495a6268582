// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Structural verifier (lib/IR/verifier.c): one rule per chunk, each one the parser lets
// through so that the verifier is what reports it. Messages are MLIR's wording where
// mlir-opt-14 has the same check; chunks marked "solar only" are accepted by mlir-opt-14.
// Rules the parser already enforces (redefinitions, step, non-affine and divide-by-zero
// maps, undefined or forward uses, integer ranges, typed uses) are tested with the parser.

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

func @f(%x: i32) {
  // expected-error@+1 {{operand #0 must be floating-point-like, but got 'i32'}}
  %y = math.exp %x : i32
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

#mk = affine_map<(d0, d1, d2) -> (d0, d2)>
#kn = affine_map<(d0, d1, d2) -> (d2, d1)>
func @f(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  // expected-error@+1 {{expected the number of indexing_map (2) to be equal to the number of input/output operands (3)}}
  linalg.generic {indexing_maps = [#mk, #kn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %c, %0 : f32
    linalg.yield %1 : f32
  }
  return
}

// -----

#mk = affine_map<(d0, d1, d2) -> (d0, d2)>
#kn = affine_map<(d0, d1, d2) -> (d2, d1)>
#mn = affine_map<(d0, d1, d2) -> (d0, d1)>
func @f(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  // expected-error@+1 {{expected indexing_map #0 to have 2 dim(s) to match the number of loops}}
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel"]}
      ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %c, %0 : f32
    linalg.yield %1 : f32
  }
  return
}

// -----

#mk = affine_map<(d0, d1, d2) -> (d0, d2)>
#kn = affine_map<(d0, d1, d2) -> (d2, d1)>
#mn = affine_map<(d0, d1, d2) -> (d0)>
func @f(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  // expected-error@+1 {{expected operand rank (2) to match the result rank of indexing_map #2 (1)}}
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %c, %0 : f32
    linalg.yield %1 : f32
  }
  return
}

// -----

#mk = affine_map<(d0, d1, d2) -> (d0, d2)>
#kn = affine_map<(d0, d1, d2) -> (d2, d1)>
#mn = affine_map<(d0, d1, d2) -> (d0, d1)>
func @f(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  // expected-error@+1 {{expected type of bb argument #2 ('f64') to match element or self type of the corresponding operand ('f32')}}
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f64):
    %0 = arith.mulf %a, %b : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

#mk = affine_map<(d0, d1, d2) -> (d0, d2)>
#kn = affine_map<(d0, d1, d2) -> (d2, d1)>
#mn = affine_map<(d0, d1, d2) -> (d0, d1)>
func @f(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.truncf %0 : f32 to f16
    // expected-error@+1 {{type of yield operand 1 ('f16') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %1 : f16
  }
  return
}

// -----

// solar only: mlir-opt-14 accepts an affine.min with an empty map.
func @f(%n: index) {
  // expected-error@+1 {{affine map must have at least one result}}
  %m = affine.min affine_map<(d0) -> ()>(%n)
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

func @f(%x: f32) -> f32 {
  affine.for %i = 0 to 4 {
    // expected-error@+1 {{expects parent op}}
    return %x : f32
  }
  return %x : f32
}

// -----

func @f(%x: f32) {
  // expected-error@+1 {{expected parent op}}
  linalg.yield %x : f32
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

#map = affine_map<(d0)[s0] -> (d0)>
func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  // expected-error@+1 {{unexpected symbols in indexing_map #0}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%A : memref<16xf32>) outs(%B : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  // expected-error@+1 {{iterator_types #0 must be "parallel" or "reduction"}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["sideways"]}
      ins(%A : memref<16xf32>) outs(%B : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%A : memref<16xf32>) outs(%B : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    // expected-error@+1 {{expected number of yield values (2) to match the number of outputs}}
    linalg.yield %a, %b : f32, f32
  }
  return
}

// -----

func @f() {
  %x = arith.constant 1 : i32
// expected-error@-2 {{expects regions to end with 'func.return', found 'arith.constant'}}
}

// -----

func @f(%x: f32, %n: index) {
  affine.if affine_set<(d0) : (d0 >= 0)>(%n) {
    // expected-error@+1 {{parent of yield must have same number of results as the yield operands}}
    affine.yield %x : f32
  }
  return
}
