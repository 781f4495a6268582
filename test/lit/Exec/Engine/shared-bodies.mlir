// Repeated layers share one outlined body in the C program (registers numbered by first use,
// pcs relative to the loop), and a fault in the second copy is still reported at the second
// loop, with the interpreter's message: here both loops gather x[idx[i] + 2], and only the
// second one's index (from %idx2) leaves the buffer.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/i1.npy', np.arange(6, dtype=np.int64)); np.save('%t/i2.npy', np.array([0, 1, 2, 9, 3, 4], dtype=np.int64))"
// RUN: solar-run %s --engine=c --emit-c %t/prog.c --input idx1=%t/i1.npy --input idx2=%t/i1.npy > /dev/null
// RUN: grep -c '^static int PB[0-9]*_(' %t/prog.c | FileCheck %s --check-prefix=ONE
// ONE: {{^1$}}
// RUN: not solar-run %s --engine=interp --no-batch --input idx1=%t/i1.npy --input idx2=%t/i2.npy 2> %t/interp.txt
// RUN: not solar-run %s --engine=c --threads 1 --input idx1=%t/i1.npy --input idx2=%t/i2.npy 2> %t/c.txt
// RUN: FileCheck %s < %t/c.txt
// RUN: diff %t/interp.txt %t/c.txt
// CHECK: shared-bodies.mlir:[[# @LINE + 18]]:12: error: out-of-bounds 'memref.load': index [11] is outside memref<8xf32>
func.func @forward(%x: memref<8xf32>, %idx1: memref<6xi64>, %idx2: memref<6xi64>,
                   %y1: memref<6x4xf32>, %y2: memref<6x4xf32>) {
  %two = arith.constant 2 : index
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 4 {
      %k = affine.load %idx1[%i] : memref<6xi64>
      %ki = arith.index_cast %k : i64 to index
      %kk = arith.addi %ki, %two : index
      %v = memref.load %x[%kk] : memref<8xf32>
      affine.store %v, %y1[%i, %j] : memref<6x4xf32>
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 4 {
      %k = affine.load %idx2[%i] : memref<6xi64>
      %ki = arith.index_cast %k : i64 to index
      %kk = arith.addi %ki, %two : index
      %v = memref.load %x[%kk] : memref<8xf32>
      affine.store %v, %y2[%i, %j] : memref<6x4xf32>
    }
  }
  return
}
