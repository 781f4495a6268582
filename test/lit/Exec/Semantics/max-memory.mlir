// --max-memory BYTES bounds arguments plus live allocations: a memref.alloc that would pass
// the limit is an error at the alloc naming the sizes (exit status 1); an alloc in a loop
// without dealloc accumulates until it hits the limit, and with a dealloc it does not.
// RUN: not solar-run %s --entry big --max-memory 1M --print 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: solar-run %s --entry big --max-memory 1M > /dev/null 2>&1; test $? = 1
// The limit is inclusive: 4 bytes of argument + 4 MiB of alloc = 4194308 bytes.
// RUN: solar-run %s --entry big --max-memory 4194308 --print | FileCheck %s --check-prefix=FITS
// RUN: not solar-run %s --entry big --max-memory 4194307 2>&1 | FileCheck %s --check-prefix=BIG-1
// 64 KiB = 4 + 63 * 1024 + 1020 bytes: the 64th 1 KiB alloc (iteration 63) does not fit.
// RUN: not solar-run %s --entry leak --max-memory 64K --print 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: not solar-run %s --entry leak --max-memory 64K --print --no-batch 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: solar-run %s --entry noleak --max-memory 1028 --print --stats 2>&1 | FileCheck %s --check-prefix=NOLEAK
// RUN: not solar-run %s --entry noleak --max-memory 1027 2>&1 | FileCheck %s --check-prefix=NOLEAK-1
// Arguments count too.
// RUN: not solar-run %s --entry noleak --max-memory 3 2>&1 | FileCheck %s --check-prefix=ARGS

// BIG: {{^}}{{.*}}max-memory.mlir:[[# @LINE + 5]]:8: error: memory limit reached: memref.alloc of 4194304 bytes would bring the total to 4194308 bytes (limit 1048576, raise --max-memory)
// BIG-NOT: %out
// BIG-1: error: memory limit reached: memref.alloc of 4194304 bytes would bring the total to 4194308 bytes (limit 4194307, raise --max-memory)
// FITS: %out: memref<1xf32> =
func.func @big(%out: memref<1xf32>) {
  %a = memref.alloc() : memref<1024x1024xf32>
  %z = arith.constant 0.0 : f32
  affine.store %z, %a[0, 0] : memref<1024x1024xf32>
  %v = affine.load %a[0, 0] : memref<1024x1024xf32>
  affine.store %v, %out[0] : memref<1xf32>
  return
}

// LEAK: {{^}}{{.*}}max-memory.mlir:[[# @LINE + 4]]:10: error: memory limit reached: memref.alloc of 1024 bytes would bring the total to 65540 bytes (limit 65536, raise --max-memory)
func.func @leak(%out: memref<1xf32>) {
  %z = arith.constant 1.0 : f32
  affine.for %i = 0 to 100 {
    %a = memref.alloc() : memref<256xf32>
    affine.store %z, %a[0] : memref<256xf32>
    %v = affine.load %a[0] : memref<256xf32>
    affine.store %v, %out[0] : memref<1xf32>
  }
  return
}

// NOLEAK:      peak memory 1028 bytes
// NOLEAK:      %out: memref<1xf32> =
// NOLEAK-NEXT: [1]
// NOLEAK-1: {{^}}{{.*}}max-memory.mlir:[[# @LINE + 4]]:10: error: memory limit reached: memref.alloc of 1024 bytes would bring the total to 1028 bytes (limit 1027, raise --max-memory)
func.func @noleak(%out: memref<1xf32>) {
  %z = arith.constant 1.0 : f32
  affine.for %i = 0 to 100 {
    %a = memref.alloc() : memref<256xf32>
    affine.store %z, %a[0] : memref<256xf32>
    %v = affine.load %a[0] : memref<256xf32>
    affine.store %v, %out[0] : memref<1xf32>
    memref.dealloc %a : memref<256xf32>
  }
  return
}

// ARGS: solar-run: error: argument %out (memref<1xf32>) does not fit in memory (limit 3 bytes, raise --max-memory)
