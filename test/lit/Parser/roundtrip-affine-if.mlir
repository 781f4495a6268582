// affine.if: set aliases and inline sets, dims and symbols, else, elided empty else and yields,
// results (one, `%a, %b =`, `%c:2`), trailing attributes. Constraints print as `e >= 0` and
// `e == 0`, which both MLIR versions read, whatever form (`a >= b`, `a <= b`) was written.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: solar-opt %s --mlir=14 | FileCheck %s --check-prefix=V14
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CHECK-DAG: #[[$S:set[0-9]*]] = affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 - 2 >= 0)>
// CHECK-DAG: #[[$EVEN4:set[0-9]*]] = affine_set<(d0) : (d0 mod 2 == 0, d0 - 4 >= 0)>
// CHECK-DAG: #[[$REL:set[0-9]*]] = affine_set<(d0)[s0] : (d0 - s0 >= 0, -d0 + 10 >= 0, d0 + s0 - 3 == 0)>
// CHECK-DAG: #[[$SYM:set[0-9]*]] = affine_set<()[s0] : (s0 - 4 >= 0)>
// CHECK-DAG: #[[$EVEN:set[0-9]*]] = affine_set<(d0) : (d0 mod 2 == 0)>
// V14-NOT:   affine_set<{{.*}}(d0 >= s0
#s = affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 - 2 >= 0)>

// CHECK-LABEL: func.func @ifs(%A: memref<16xf32>, %n: index, %x: f32, %y: f32) -> f32 {
// CHECK-NEXT:    affine.for %i = 0 to 16 {
// CHECK-NEXT:      affine.if #[[$S]](%i)[%n] {
// CHECK-NEXT:        affine.store %x, %A[%i] : memref<16xf32>
// CHECK-NEXT:      } else {
// CHECK-NEXT:        affine.store %y, %A[%i] : memref<16xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.if #[[$S]](%i)[%n] {
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.if #[[$EVEN4]](%i) {
// CHECK-NEXT:      } {solar.tag}
// CHECK-NEXT:      affine.if #[[$REL]](%i)[%n] {
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.if #[[$SYM]]()[%n] {
// CHECK-NEXT:      }
// CHECK-NEXT:      %v = affine.if #[[$EVEN]](%i) -> f32 {
// CHECK-NEXT:        affine.yield %x : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        affine.yield %y : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      %a, %b = affine.if #[[$S]](%i)[%n] -> (f32, f32) {
// CHECK-NEXT:        %i2 = arith.addf %x, %x : f32
// CHECK-NEXT:        affine.yield %i2, %x : f32, f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %i2 = arith.addf %y, %y : f32
// CHECK-NEXT:        affine.yield %y, %i2 : f32, f32
// CHECK-NEXT:      }
// CHECK-NEXT:      %c:2 = affine.if #[[$S]](%i)[%n] -> (f32, f32) {
// CHECK-NEXT:        affine.yield %a, %b : f32, f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        affine.yield %b, %v : f32, f32
// CHECK-NEXT:      } {solar.k = "v"}
// CHECK-NEXT:      affine.store %c#1, %A[%i] : memref<16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %x : f32
// CHECK-NEXT:  }
// V14-LABEL:   func @ifs(
// V14:           %c:2 = affine.if #{{set[0-9]*}}(%i)[%n] -> (f32, f32) {
func @ifs(%A: memref<16xf32>, %n: index, %x: f32, %y: f32) -> f32 {
  affine.for %i = 0 to 16 {
    affine.if #s(%i)[%n] {
      affine.store %x, %A[%i] : memref<16xf32>
    } else {
      affine.store %y, %A[%i] : memref<16xf32>
    }
    // An empty else is dropped.
    affine.if #s(%i)[%n] {
    } else {
    }
    affine.if affine_set<(d0) : (d0 mod 2 == 0, d0 >= 4)>(%i) {
      affine.yield
    } {solar.tag}
    // Relations with a non-zero right side (current MLIR) become `e >= 0` / `e == 0`.
    affine.if affine_set<(d0)[s0] : (d0 >= s0, d0 <= 10, d0 + s0 == 3)>(%i)[%n] {
    }
    affine.if affine_set<()[s0] : (s0 - 4 >= 0)>()[%n] {
    }
    %v = affine.if affine_set<(d0) : (d0 mod 2 == 0)>(%i) -> f32 {
      affine.yield %x : f32
    } else {
      affine.yield %y : f32
    }
    // The two branches are sibling regions: both may define %i2.
    %a, %b = affine.if #s(%i)[%n] -> (f32, f32) {
      %i2 = arith.addf %x, %x : f32
      affine.yield %i2, %x : f32, f32
    } else {
      %i2 = arith.addf %y, %y : f32
      affine.yield %y, %i2 : f32, f32
    }
    %c:2 = affine.if #s(%i)[%n] -> (f32, f32) {
      affine.yield %a, %b : f32, f32
    } else {
      affine.yield %b, %v : f32, f32
    } {solar.k = "v"}
    affine.store %c#1, %A[%i] : memref<16xf32>
  }
  return %x : f32
}
