// Two independent kernels, each reading 40 MiB and writing 40 MiB of graph output (f32,
// 10485760 elements each): each output fits in H100's 50 MiB L2 on its own, both do not.
func.func @two_outputs(%X1: memref<10485760xf32>, %Y1: memref<10485760xf32>,
                       %X2: memref<10485760xf32>, %Y2: memref<10485760xf32>) {
  %two = arith.constant 2.000000e+00 : f32
  affine.for %i = 0 to 10485760 {
    %x = affine.load %X1[%i] : memref<10485760xf32>
    %y = arith.mulf %x, %two : f32
    affine.store %y, %Y1[%i] : memref<10485760xf32>
  }
  affine.for %i = 0 to 10485760 {
    %x = affine.load %X2[%i] : memref<10485760xf32>
    %y = arith.mulf %x, %two : f32
    affine.store %y, %Y2[%i] : memref<10485760xf32>
  }
  return
}

// A kernel reading X (8 MiB) and writing T, then one reading X again and T: only the first
// read of X is cold; the second may find X in L2, and T never needs to reach DRAM.
func.func @reread(%X: memref<2097152xf32>, %Y: memref<2097152xf32>) {
  %T = memref.alloc() : memref<2097152xf32>
  affine.for %i = 0 to 2097152 {
    %x = affine.load %X[%i] : memref<2097152xf32>
    %t = arith.mulf %x, %x : f32
    affine.store %t, %T[%i] : memref<2097152xf32>
  }
  affine.for %i = 0 to 2097152 {
    %x = affine.load %X[%i] : memref<2097152xf32>
    %t = affine.load %T[%i] : memref<2097152xf32>
    %y = arith.addf %x, %t : f32
    affine.store %y, %Y[%i] : memref<2097152xf32>
  }
  return
}
