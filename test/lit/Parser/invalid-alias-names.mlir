// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Alias names with a '.' are reserved in MLIR for dialect attributes: mlir-opt-14 refuses
// `#tile.lb = ...` ("attribute names with a '.' are reserved for dialect-defined names"), so
// solar-opt must not accept it either (what it accepts, mlir-opt-14 accepts). `$` and `_`
// are fine (roundtrip-aliases.mlir).

// expected-error@+1 {{'.'}}
#tile.lb = affine_map<(d0) -> (d0)>
func @dotted_alias(%i: index) {
  %a = affine.apply #tile.lb(%i)
  return
}
