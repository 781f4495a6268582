// Integer memref.allocs start at 0 (documented in lib/Exec/interp.c alloc_buffer: "Integers
// start at 0"), so a read before a write is deterministic.
// KNOWN BUG (lib/Exec/exec.c sol_exec_buf_new): the buffer comes from malloc and only float
// buffers are filled, so integer buffers hold whatever the heap held. Here the first alloc is
// filled with 7, freed, and the second alloc of the same size reuses its memory: it reads 7s
// (past the allocator's free-list words) instead of 0s.
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --print --no-batch | FileCheck %s

// CHECK:      %oi: memref<8xi64> =
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: %o32: memref<4xi32> =
// CHECK-NEXT: [0, 0, 0, 0]
// CHECK-NEXT: %o1: memref<4xi1> =
// CHECK-NEXT: [0, 0, 0, 0]

func.func @forward(%oi: memref<8xi64>, %o32: memref<4xi32>, %o1: memref<4xi1>) {
  %seven = arith.constant 7 : i64
  %t = arith.constant true
  %a = memref.alloc() : memref<8xi64>
  affine.for %k = 0 to 8 {
    affine.store %seven, %a[%k] : memref<8xi64>
  }
  memref.dealloc %a : memref<8xi64>
  %b = memref.alloc() : memref<8xi64>
  affine.for %k = 0 to 8 {
    %v = affine.load %b[%k] : memref<8xi64>
    affine.store %v, %oi[%k] : memref<8xi64>
  }
  %c = memref.alloc() : memref<4xi32>
  %d = memref.alloc() : memref<4xi1>
  affine.for %k = 0 to 4 {
    %v = affine.load %c[%k] : memref<4xi32>
    affine.store %v, %o32[%k] : memref<4xi32>
    %w = affine.load %d[%k] : memref<4xi1>
    affine.store %w, %o1[%k] : memref<4xi1>
  }
  memref.dealloc %b : memref<8xi64>
  memref.dealloc %c : memref<4xi32>
  memref.dealloc %d : memref<4xi1>
  return
}
