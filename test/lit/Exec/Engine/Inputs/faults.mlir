// For faults-in-order.test: a parallel loop over i reading x[i + 2] (out of bounds from i = 10,
// checked at run time: memref.load of a computed index), and a nest with lanes, an innermost
// loop, outer loops and a call, to run out of steps anywhere.
func.func @parallel_oob(%x: memref<12xf32>, %y: memref<400x12xf32>) {
  %two = arith.constant 2 : index
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 400 {
      %k = arith.addi %i, %two : index
      %v = memref.load %x[%k] : memref<12xf32>
      affine.store %v, %y[%j, %i] : memref<400x12xf32>
    }
  }
  return
}

func.func private @twice(%v: f32) -> f32 {
  %r = arith.addf %v, %v : f32
  return %r : f32
}

func.func @steps(%a: memref<16x16xf32>, %b: memref<16x16xf32>, %c: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %zero = arith.constant 0.0 : f32
      %s = affine.for %k = 0 to 4 iter_args(%acc = %zero) -> (f32) {
        %av = affine.load %a[%i, %k] : memref<16x16xf32>
        %bv = affine.load %b[%k, %j] : memref<16x16xf32>
        %p = arith.mulf %av, %bv : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %c[%i, %j] : memref<16x16xf32>
    }
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %c[%i, 0] : memref<16x16xf32>
    %w = func.call @twice(%v) : (f32) -> f32
    affine.store %w, %c[%i, 1] : memref<16x16xf32>
  }
  return
}
