// z[i] = x[i] + y[i] in i32, for cli-compare-rule.test.
func.func @forward(%x: memref<4xi32>, %y: memref<4xi32>, %z: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %a = affine.load %x[%i] : memref<4xi32>
    %b = affine.load %y[%i] : memref<4xi32>
    %s = arith.addi %a, %b : i32
    affine.store %s, %z[%i] : memref<4xi32>
  }
  return
}
