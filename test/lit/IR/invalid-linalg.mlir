// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Verifier rules of the linalg dialect (lib/IR/Ops/linalg.c): one rule per chunk, each one the
// parser lets through so that the verifier is what reports it. Messages are MLIR's wording where
// mlir-opt-14 has the same check; chunks marked "solar only" are accepted by mlir-opt-14. Rules the
// parser already enforces (one block per body, typed uses) are tested with the parser
// (test/lit/Parser/); rules only IR built through ir.h can break are in
// test/unit/verify_messages.c.

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

func @f(%x: f32) {
  // expected-error@+1 {{expected parent op}}
  linalg.yield %x : f32
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

#map = affine_map<(d0) -> (d0)>
func @f(%x: f32, %B: memref<16xf32>) {
  // expected-error@+1 {{operand #0 must be a memref, but got 'f32'}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : f32) outs(%B : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  // expected-error@+1 {{requires an array attribute 'iterator_types'}}
  linalg.generic {indexing_maps = [#map, #map]}
      ins(%A : memref<16xf32>) outs(%B : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  // expected-error@+1 {{requires an array attribute 'iterator_types'}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = "parallel"}
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
  linalg.generic {indexing_maps = [#map, #map], iterator_types = [1]}
      ins(%A : memref<16xf32>) outs(%B : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  // expected-error@+1 {{requires an array attribute 'indexing_maps'}}
  linalg.generic {iterator_types = ["parallel"]}
      ins(%A : memref<16xf32>) outs(%B : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  // expected-error@+1 {{indexing_maps #1 must be an affine map}}
  linalg.generic {indexing_maps = [#map, 1], iterator_types = ["parallel"]}
      ins(%A : memref<16xf32>) outs(%B : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  // expected-error@+1 {{expected as many non-induction variable region arguments as the number of input/output operands}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%A : memref<16xf32>) outs(%B : memref<16xf32>) {
  ^bb0(%a: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  // expected-error@+1 {{expects regions to end with 'linalg.yield', found an empty block}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%A : memref<16xf32>) outs(%B : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32):
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  // expected-error@+1 {{expects regions to end with 'linalg.yield', found 'arith.addf'}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%A : memref<16xf32>) outs(%B : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
  }
  return
}
