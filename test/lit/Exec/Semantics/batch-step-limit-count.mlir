// The step-limit error counts the iterations that ran plus the one refused: 1001 for
// --max-steps 1000, on both paths.
// KNOWN BUG (lib/Exec/batch_run.c sol_exec_batch_run): the batched loop adds a whole 256-lane
// chunk to the count before checking, and reports "1024 loop iterations" although only 768
// ran (max-steps.mlir accepts any count for the batched loop).
// RUN: not solar-run %s --max-steps 1000 --engine=interp --no-batch 2>&1 | FileCheck %s
// RUN: not solar-run %s --max-steps 1000 2>&1 | FileCheck %s

// CHECK: {{^}}{{.*}}batch-step-limit-count.mlir:[[# @LINE + 4]]:8: error: step limit reached: 1001 loop iterations and calls (raise --max-steps)
func.func @forward(%out: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %s = affine.for %i = 0 to 1000000000000 iter_args(%acc = %z) -> (f32) {
    %n = arith.addf %acc, %one : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[0] : memref<1xf32>
  return
}
