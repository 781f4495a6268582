// linalg.generic on memrefs (the lifted einsum form, reference section 9): the attribute dictionary,
// ins/outs with their types, `attrs = {...}` for solar.* attributes, and a region whose block
// arguments are named by the source. Printed exactly as mlir-opt-14 prints it (`attrs =  {`
// has two spaces there too).
// RUN: solar-opt %s | FileCheck %s --check-prefixes=CHECK,CUR
// RUN: solar-opt %s | solar-opt | FileCheck %s --check-prefixes=CHECK,CUR
// RUN: solar-opt %s --mlir=14 | FileCheck %s --check-prefixes=CHECK,V14
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null
// The lowering MLIR provides accepts our output too.
// RUN: solar-opt %s --mlir=14 | %mlir-opt --convert-linalg-to-affine-loops -o /dev/null

// CHECK-DAG: #[[$MK:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$KN:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$MN:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
#mk = affine_map<(d0, d1, d2) -> (d0, d2)>
#kn = affine_map<(d0, d1, d2) -> (d2, d1)>
#mn = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// CUR-LABEL:   {{^  }}func.func @matmul(
// V14-LABEL:   {{^  }}func @matmul(
// CHECK-SAME:      %A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[$MK]], #[[$KN]], #[[$MN]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME:        ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
// CHECK-SAME:        attrs = {solar.einsum = "mk,kn->mn", solar.group = 3 : i64} {
// CHECK-NEXT:    ^bb0(%a: f32, %b: f32, %c: f32):
// CHECK-NEXT:      %0 = arith.mulf %a, %b : f32
// CHECK-NEXT:      %1 = arith.addf %c, %0 : f32
// CHECK-NEXT:      linalg.yield %1 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @matmul(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
      attrs = {solar.group = 3 : i64, solar.einsum = "mk,kn->mn"} {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %c, %0 : f32
    linalg.yield %1 : f32
  }
  return
}

// Elementwise, dynamic shape, a value from outside the region, no `attrs =`; the block
// arguments of a sibling linalg.generic may reuse names.
// CUR-LABEL:   {{^  }}func.func @relu(
// V14-LABEL:   {{^  }}func @relu(
// CHECK-SAME:      %X: memref<?x8xf32>, %Y: memref<?x8xf32>) {
// CHECK-NEXT:    %z = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%X : memref<?x8xf32>) outs(%Y : memref<?x8xf32>) attrs = {solar.einsum = "ij->ij"} {
// CHECK-NEXT:    ^bb0(%x: f32, %y: f32):
// CUR-NEXT:        %m = arith.maximumf %x, %z : f32
// V14-NEXT:        %m = arith.maxf %x, %z : f32
// CHECK-NEXT:      linalg.yield %m : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[$ID]]], iterator_types = ["parallel", "parallel"]} outs(%Y : memref<?x8xf32>) {
// CHECK-NEXT:    ^bb0(%x: f32):
// CHECK-NEXT:      linalg.yield %z : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @relu(%X: memref<?x8xf32>, %Y: memref<?x8xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%X : memref<?x8xf32>) outs(%Y : memref<?x8xf32>) attrs = {solar.einsum = "ij->ij"} {
  ^bb0(%x: f32, %y: f32):
    %m = arith.maxf %x, %z : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%Y : memref<?x8xf32>) {
  ^bb0(%x: f32):
    linalg.yield %z : f32
  }
  return
}
