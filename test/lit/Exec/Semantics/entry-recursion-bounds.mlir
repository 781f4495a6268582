// The entry function can also be called, from itself, with memrefs other than the run's
// arguments. Its accesses are proved in bounds for the argument shapes of this run (1000000
// elements here), so those proofs do not hold for the recursive call with a 2-element
// memref: every access must stay checked (or the entry be compiled twice). Expected: an
// out-of-bounds error for the store into the 2-element buffer, exit status 1.
// KNOWN BUG (lib/Exec/compile.c known_dims/never_freed with arg_tensors): the store is
// compiled unchecked and the recursive call writes 4 MB past a 2-element buffer: solar-run
// dies with SIGSEGV (or silently corrupts memory). The same assumption lets the batch path
// treat two entry arguments as distinct buffers when a call passes one memref twice.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.zeros(1000000, np.float32)); np.save('%t/flag.npy', np.zeros(1, np.int64))"
// RUN: not solar-run %s --input x=%t/x.npy --input flag=%t/flag.npy 2>&1 | FileCheck %s
// RUN: not solar-run %s --input x=%t/x.npy --input flag=%t/flag.npy --no-batch 2>&1 | FileCheck %s

func.func @forward(%x: memref<?xf32>, %flag: memref<1xi64>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 1000000 {
    // CHECK: {{^}}{{.*}}entry-recursion-bounds.mlir:[[# @LINE + 1]]:5: error: out-of-bounds 'affine.store': index [2] is outside memref<2xf32>
    affine.store %one, %x[%i] : memref<?xf32>
  }
  // Recurse once, on a 2-element buffer.
  %f = affine.load %flag[0] : memref<1xi64>
  %fi = arith.index_cast %f : i64 to index
  affine.if affine_set<(d0) : (d0 == 0)>(%fi) {
    %c1 = arith.constant 1 : i64
    affine.store %c1, %flag[0] : memref<1xi64>
    %c2 = arith.constant 2 : index
    %small = memref.alloc(%c2) : memref<?xf32>
    func.call @forward(%small, %flag) : (memref<?xf32>, memref<1xi64>) -> ()
    memref.dealloc %small : memref<?xf32>
  }
  return
}
