// A triangular nest, %j below %i: `%x[%i - %j - 1]` lies in [0, 6] because %j <= %i - 1, which
// only substituting the inner loop's bound into the subscript shows (lib/Exec/bounds.c).
// RUN: solar-run %s --engine=interp --stats 2>&1 | FileCheck %s
// RUN: solar-run %s --engine=c --stats 2>&1 | FileCheck %s
// CHECK: 2 accesses proved in bounds, 0 checked at run time
#diag = affine_map<(d0) -> (d0)>
func.func @forward(%x: memref<8xf32>, %y: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to #diag(%i) {
      %t = affine.load %x[%i - %j - 1] : memref<8xf32>
      affine.store %t, %y[%i - %j] : memref<8xf32>
    }
  }
  return
}
