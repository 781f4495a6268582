// affine.load / affine.store / affine.apply / affine.min / affine.max: subscripts written with
// SSA values (dims) and symbol(...) (symbols), every operator, negative constants, constant
// folding into canonical form, rank-0 memrefs, and the `%g * %cpg` extension (a product of two
// function-level values reads as `%g * symbol(%cpg)`, which MLIR accepts).
// RUN: solar-opt %s | FileCheck %s --check-prefixes=CHECK,CUR
// RUN: solar-opt %s | solar-opt | FileCheck %s --check-prefixes=CHECK,CUR
// RUN: solar-opt %s --mlir=14 | FileCheck %s --check-prefixes=CHECK,V14
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CHECK-DAG: #[[$APPLY:map[0-9]*]] = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 floordiv 2 + s0)>
// CHECK-DAG: #[[$MIN:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 + 32, s0)>
// CHECK-DAG: #[[$MAX:map[0-9]*]] = affine_map<(d0) -> (d0, 0)>
// CHECK-DAG: #[[$CONST:map[0-9]*]] = affine_map<() -> (-42)>
// CHECK-DAG: #[[$MIX:map[0-9]*]] = affine_map<(d0) -> (d0 ceildiv 4 + d0 mod 4 * 2)>
#m = affine_map<(d0)[s0] -> (d0 + 32, s0)>

// CUR-LABEL:   {{^  }}func.func @access(
// V14-LABEL:   {{^  }}func @access(
// CHECK-SAME:      %A: memref<16x16xf32>, %B: memref<?x?xf32>, %Z: memref<f32>, %n: index, %g: index, %cpg: index) {
// CHECK-NEXT:    affine.for %i = 0 to 16 {
// CHECK-NEXT:      affine.for %j = 0 to 16 {
// CHECK-NEXT:        %v = affine.load %A[%i, %j] : memref<16x16xf32>
// CHECK-NEXT:        %w = affine.load %B[%i + symbol(%n), %j * 2] : memref<?x?xf32>
// CHECK-NEXT:        %x = affine.load %B[%i floordiv 2 + %j ceildiv 3, (-%j + 15) mod 16] : memref<?x?xf32>
// CHECK-NEXT:        %y = affine.load %B[%i - 1, %j + 3] : memref<?x?xf32>
// CHECK-NEXT:        %y2 = affine.load %B[-%i + 15, (%j + 1) * 3 - %i * 7] : memref<?x?xf32>
// CHECK-NEXT:        %y3 = affine.load %B[%i * 8, -%i] : memref<?x?xf32>
// CHECK-NEXT:        %y4 = affine.load %B[%i - %i, %j] : memref<?x?xf32>
// CHECK-NEXT:        %y5 = affine.load %B[%i floordiv symbol(%n), %j mod symbol(%n)] : memref<?x?xf32>
// CHECK-NEXT:        %z = affine.load %B[%g * symbol(%cpg), %i * symbol(%n)] : memref<?x?xf32>
// CHECK-NEXT:        affine.store %v, %A[%j, %i] {solar.k} : memref<16x16xf32>
// CHECK-NEXT:        affine.store %z, %B[%i + symbol(%n), 0] : memref<?x?xf32>
// CHECK-NEXT:        %r = affine.load %Z[] : memref<f32>
// CHECK-NEXT:        affine.store %r, %Z[] : memref<f32>
// CHECK-NEXT:        %a = affine.apply #[[$APPLY]](%i, %j)[%n]
// CHECK-NEXT:        %b = affine.min #[[$MIN]](%i)[%n]
// CHECK-NEXT:        %c = affine.max #[[$MAX]](%a)
// CHECK-NEXT:        %d = affine.apply #[[$CONST]]()
// CHECK-NEXT:        %e = affine.apply #[[$MIX]](%b) {solar.t = 1 : i64}
// CHECK-NEXT:        %f = affine.load %B[%a, %d] : memref<?x?xf32>
// CHECK-NEXT:        %s = affine.load %B[%i + symbol(%n) - 1, (-%j + 16) floordiv 4] : memref<?x?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @access(%A: memref<16x16xf32>, %B: memref<?x?xf32>, %Z: memref<f32>, %n: index, %g: index, %cpg: index) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.load %A[%i, %j] : memref<16x16xf32>
      // Constants go to the right of a product.
      %w = affine.load %B[%i + symbol(%n), 2 * %j] : memref<?x?xf32>
      %x = affine.load %B[%i floordiv 2 + %j ceildiv 3, (-%j + 15) mod 16] : memref<?x?xf32>
      // `- -3` folds to `+ 3`; `%i - 1` keeps its spaces (`%i-1` would be one SSA name).
      %y = affine.load %B[%i - 1, %j - -3] : memref<?x?xf32>
      %y2 = affine.load %B[-%i + 15, 3 * (%j + 1) - 7 * %i] : memref<?x?xf32>
      %y3 = affine.load %B[(%i * 4) * 2, %i * -1] : memref<?x?xf32>
      %y4 = affine.load %B[%i - %i, %j floordiv 1] : memref<?x?xf32>
      %y5 = affine.load %B[%i floordiv symbol(%n), %j mod symbol(%n)] : memref<?x?xf32>
      %z = affine.load %B[%g * %cpg, %i * symbol(%n)] : memref<?x?xf32>
      affine.store %v, %A[%j, %i] {solar.k} : memref<16x16xf32>
      affine.store %z, %B[%i + symbol(%n), 0] : memref<?x?xf32>
      %r = affine.load %Z[] : memref<f32>
      affine.store %r, %Z[] : memref<f32>
      %a = affine.apply affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 floordiv 2 + s0)>(%i, %j)[%n]
      %b = affine.min #m(%i)[%n]
      %c = affine.max affine_map<(d0) -> (d0, 0)>(%a)
      %d = affine.apply affine_map<() -> (-42)>()
      %e = affine.apply affine_map<(d0) -> (d0 ceildiv 4 - (d0 mod 4) * -2)>(%b) {solar.t = 1 : i64}
      // An affine.apply of dims is a dim; an affine.apply of nothing is a symbol.
      %f = affine.load %B[%a, %d] : memref<?x?xf32>
      %s = affine.load %B[%i + symbol(%n) - 1, (16 - %j) floordiv 4] : memref<?x?xf32>
    }
  }
  return
}
