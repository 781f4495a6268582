// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Affine syntax the parser rejects: non-affine expressions, division by zero or by a negative
// constant, map and set operand counts, loop bounds and steps, map/set parameter names, aliases.
// (Dim/symbol validity of operands is a verifier rule: IR/invalid-affine.mlir.)
// Chunks marked "Subset rule" are valid MLIR 14 that solar-opt deliberately refuses.

func @product_of_dims(%A: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      // expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be a constant or symbolic}}
      %v = affine.load %A[%i * %j, 0] : memref<16x16xf32>
    }
  }
  return
}

// -----

func @product_in_map(%i: index) {
  // expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be a constant or symbolic}}
  %a = affine.apply affine_map<(d0) -> (d0 * d0)>(%i)
  return
}

// -----

func @floordiv_by_dim(%A: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 1 to 16 {
      // expected-error@+1 {{non-affine expression: the right operand of floordiv must be a constant or symbolic}}
      %v = affine.load %A[%i floordiv %j] : memref<16xf32>
    }
  }
  return
}

// -----

func @mod_by_dim_in_map(%i: index, %j: index) {
  // expected-error@+1 {{non-affine expression: the right operand of mod must be a constant or symbolic}}
  %a = affine.apply affine_map<(d0, d1) -> (d0 mod d1)>(%i, %j)
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
func @mod_by_zero(%A: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    // expected-error@+1 {{modulo by zero in affine expression}}
    %v = affine.load %A[%i mod 0] : memref<16xf32>
  }
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
func @floordiv_by_zero(%i: index) {
  // expected-error@+1 {{division by zero in affine expression}}
  %a = affine.apply affine_map<(d0) -> (d0 floordiv 0)>(%i)
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
func @ceildiv_by_folded_zero(%i: index) {
  // expected-error@+1 {{division by zero in affine expression}}
  %a = affine.apply affine_map<(d0) -> (d0 ceildiv (2 - 2))>(%i)
  return
}

// -----

func @apply_operand_count(%i: index) {
  // expected-error@+1 {{'affine.apply' map takes 2 dimension and 0 symbol operands, but 1 and 0 were given}}
  %a = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i)
  return
}

// -----

func @min_symbol_count(%i: index, %n: index) {
  // expected-error@+1 {{'affine.min' map takes 1 dimension and 1 symbol operands, but 1 and 0 were given}}
  %a = affine.min affine_map<(d0)[s0] -> (d0, s0)>(%i)
  return
}

// -----

func @bound_operand_count(%i: index) {
  // expected-error@+1 {{the bound map takes 2 dimension and 0 symbol operands, but 1 and 0 were given}}
  affine.for %t = 0 to affine_map<(d0, d1) -> (d0 + d1)>(%i) {
  }
  return
}

// -----

func @set_operand_count(%i: index) {
  // expected-error@+1 {{the integer set takes 1 dimension and 0 symbol operands, but 2 and 0 were given}}
  affine.if affine_set<(d0) : (d0 >= 0)>(%i, %i) {
  }
  return
}

// -----

func @lower_bound_needs_max(%i: index) {
  // expected-error@+1 {{a bound map with 2 results needs 'max' in front of it}}
  affine.for %t = affine_map<(d0) -> (d0, 0)>(%i) to 10 {
  }
  return
}

// -----

#two = affine_map<(d0) -> (d0 + 8, 20)>
func @upper_bound_needs_min(%i: index) {
  // expected-error@+1 {{a bound map with 2 results needs 'min' in front of it}}
  affine.for %t = 0 to #two(%i) {
  }
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
func @bound_without_results(%i: index) {
  // expected-error@+1 {{a loop bound map needs at least one result}}
  affine.for %t = 0 to affine_map<(d0) -> ()>(%i) {
  }
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
func @step_zero() {
  // expected-error@+1 {{step must be a positive integer}}
  affine.for %t = 0 to 10 step 0 {
  }
  return
}

// -----

func @step_negative() {
  // expected-error@+1 {{step must be a positive integer, got -1}}
  affine.for %t = 0 to 10 step -1 {
  }
  return
}

// -----

func @step_overflow() {
  // expected-error@+1 {{step must be a positive integer}}
  affine.for %t = 0 to 10 step 9223372036854775808 {
  }
  return
}

// -----

func @undeclared_map_name(%i: index) {
  // expected-error@+1 {{use of undeclared identifier 'd1' in affine expression}}
  %a = affine.apply affine_map<(d0) -> (d1)>(%i)
  return
}

// -----

func @duplicate_map_name(%i: index) {
  // expected-error@+1 {{redefinition of identifier 'd0' in affine map}}
  %a = affine.apply affine_map<(d0)[d0] -> (d0)>(%i)[%i]
  return
}

// -----

func @ssa_value_in_map(%i: index) {
  // expected-error@+1 {{SSA value in an affine map literal: use d0, s0 names}}
  %a = affine.apply affine_map<(d0) -> (d0 + %i)>(%i)
  return
}

// -----

func @bare_name_in_subscript(%A: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    // expected-error@+1 {{'i' is not an SSA value: subscripts use %names}}
    %v = affine.load %A[i] : memref<16xf32>
  }
  return
}

// -----

func @undefined_map_alias(%i: index) {
  // expected-error@+1 {{undefined symbol alias id '#nope'}}
  %a = affine.apply #nope(%i)
  return
}

// -----

#s = affine_set<(d0) : (d0 >= 0)>
func @set_used_as_map(%i: index) {
  // expected-error@+1 {{'#s' is an integer set, but an affine map is expected here}}
  %a = affine.apply #s(%i)
  return
}

// -----

#m = affine_map<(d0) -> (d0)>
func @map_used_as_set(%i: index) {
  // expected-error@+1 {{'#m' is an affine map, but an integer set is expected here}}
  affine.if #m(%i) {
  }
  return
}

// -----

func @alias_used_before_definition(%i: index) {
  // expected-error@+1 {{undefined symbol alias id '#late'}}
  %a = affine.apply #late(%i)
  return
}
#late = affine_map<(d0) -> (d0)>

// -----

#m = affine_map<(d0) -> (d0)>
// expected-error@+1 {{redefinition of attribute alias '#m'}}
#m = affine_map<(d0) -> (d0 + 1)>

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
module {
}
// expected-error@+1 {{alias definitions must come before the module}}
#m = affine_map<(d0) -> (d0)>
