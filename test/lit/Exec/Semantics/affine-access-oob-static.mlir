// An off-by-one affine.load / affine.store against static dims is caught before running: the
// verifier proves the subscript range out of bounds and names the op, the range and the
// dimension (exit status 1, nothing runs), even in a function that is not the entry.
// RUN: not solar-run %s --entry ok --print 2>&1 | FileCheck %s
// RUN: solar-run %s --entry ok > /dev/null 2>&1; test $? = 1

func.func @ok(%out: memref<8xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %z, %out[%i] : memref<8xf32>
  }
  return
}

func.func @load_past_end(%x: memref<8xf32>, %out: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    // CHECK: {{^}}{{.*}}affine-access-oob-static.mlir:[[# @LINE + 1]]:10: error: 'affine.load' op index range [1, 8] is out of bounds for dimension 0 of size 8
    %v = affine.load %x[%i + 1] : memref<8xf32>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  return
}

func.func @store_before_start(%x: memref<4x8xf32>, %out: memref<4x8xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %x[%i, %j] : memref<4x8xf32>
      // CHECK: {{^}}{{.*}}affine-access-oob-static.mlir:[[# @LINE + 1]]:7: error: 'affine.store' op index range [-1, 6] is out of bounds for dimension 1 of size 8
      affine.store %v, %out[%i, %j - 1] : memref<4x8xf32>
    }
  }
  return
}

// CHECK-NOT: {{^}}%out
