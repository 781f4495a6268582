// memref.dealloc faults: a load or store after the dealloc, a second dealloc, and a dealloc of
// a memref the caller owns are run-time errors at the op (exit status 1).
// RUN: not solar-run %s --entry use_after_free --print 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: solar-run %s --entry use_after_free > /dev/null 2>&1; test $? = 1
// RUN: not solar-run %s --entry store_after_free 2>&1 | FileCheck %s --check-prefix=STORE
// RUN: not solar-run %s --entry free_in_callee 2>&1 | FileCheck %s --check-prefix=CALLEE
// RUN: not solar-run %s --entry double_free 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not solar-run %s --entry free_arg 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: solar-run %s --entry free_then_alloc --print | FileCheck %s --check-prefix=AGAIN

func.func @use_after_free(%out: memref<1xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %z = arith.constant 2.0 : f32
  affine.store %z, %a[1] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  // LOAD: {{^}}{{.*}}dealloc-errors.mlir:[[# @LINE + 1]]:8: error: 'affine.load' accesses a memref after its memref.dealloc
  %v = affine.load %a[1] : memref<4xf32>
  affine.store %v, %out[0] : memref<1xf32>
  return
}
// LOAD-NOT: %out

func.func @store_after_free(%out: memref<1xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %z = arith.constant 2.0 : f32
  memref.dealloc %a : memref<4xf32>
  %c = arith.constant 0 : index
  // STORE: {{^}}{{.*}}dealloc-errors.mlir:[[# @LINE + 1]]:3: error: 'memref.store' accesses a memref after its memref.dealloc
  memref.store %z, %a[%c] : memref<4xf32>
  return
}

// The dealloc happens in a callee; the load in the caller must still see it.
func.func @release(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}
func.func @free_in_callee(%out: memref<1xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %z = arith.constant 2.0 : f32
  affine.store %z, %a[3] : memref<4xf32>
  func.call @release(%a) : (memref<4xf32>) -> ()
  // CALLEE: {{^}}{{.*}}dealloc-errors.mlir:[[# @LINE + 1]]:8: error: 'affine.load' accesses a memref after its memref.dealloc
  %v = affine.load %a[3] : memref<4xf32>
  affine.store %v, %out[0] : memref<1xf32>
  return
}

func.func @double_free(%out: memref<1xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  // TWICE: {{^}}{{.*}}dealloc-errors.mlir:[[# @LINE + 1]]:3: error: 'memref.dealloc': the memref was already deallocated
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @free_arg(%out: memref<1xf32>) {
  // ARG: {{^}}{{.*}}dealloc-errors.mlir:[[# @LINE + 1]]:3: error: 'memref.dealloc': deallocating a memref that belongs to the caller
  memref.dealloc %out : memref<1xf32>
  return
}

// Each execution of a memref.alloc is a new buffer: a dealloc in iteration i does not affect
// iteration i + 1.
// AGAIN:      %out: memref<3xf32> =
// AGAIN-NEXT: [0, 1, 2]
func.func @free_then_alloc(%out: memref<3xf32>) {
  affine.for %i = 0 to 3 {
    %a = memref.alloc() : memref<2xf32>
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %a[1] : memref<2xf32>
    %v = affine.load %a[1] : memref<2xf32>
    affine.store %v, %out[%i] : memref<3xf32>
    memref.dealloc %a : memref<2xf32>
  }
  return
}
