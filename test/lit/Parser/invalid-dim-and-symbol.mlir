// RUN: solar-opt %s --split-input-file --verify-diagnostics
// In an affine subscript list a value takes the role (dim or symbol) of its first appearance,
// as in MLIR; solar-opt must not accept a list that mlir-opt-14 rejects for that reason.
// (A second use in the other role that changes nothing, `[symbol(%g), %g]`, is fine.)

// A value may be a dim or a symbol of one access, not both: MLIR reads the second use of %g
// with the role of the first (a dim), so `%i * symbol(%g)` is a product of two dims there.
func @dim_and_symbol_at_once(%B: memref<?x?xf32>, %g: index) {
  affine.for %i = 0 to 4 {
    // expected-error@+1 {{non-affine expression}}
    %z = affine.load %B[%g, %i * symbol(%g)] : memref<?x?xf32>
  }
  return
}

// -----

func @symbol_then_dim(%B: memref<?x?xf32>, %g: index) {
  affine.for %i = 0 to 4 {
    %z = affine.load %B[symbol(%g), %i * %g] : memref<?x?xf32>
    %y = affine.load %B[symbol(%g), %g] : memref<?x?xf32>
  }
  return
}
