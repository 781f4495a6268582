// lift-einsum takes one option, `remarks` (bool, default false).

// RUN: solar-opt %s --lift-einsum=remarks=false | FileCheck %s --check-prefix=QUIET
// RUN: solar-opt %s --lift-einsum 2>&1 >/dev/null | count 0
// RUN: solar-opt %s --lift-einsum=remarks=true 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: not solar-opt %s --pass-pipeline='lift-einsum{remarks=maybe}' 2>&1 | FileCheck %s --check-prefix=BAD-VALUE
// RUN: not solar-opt %s --pass-pipeline='lift-einsum{max-bytes=1MiB}' 2>&1 | FileCheck %s --check-prefix=BAD-NAME
// RUN: solar-opt --help | FileCheck %s --check-prefix=HELP

// QUIET: solar.einsum = "i->i"
// REMARK: remark: lifted into 1 linalg.generic op
// BAD-VALUE: <pipeline>:1:21: error: expected true or false for option 'remarks', got 'maybe'
// BAD-NAME: <pipeline>:1:13: error: pass 'lift-einsum' has no option 'max-bytes'
// HELP: --lift-einsum
func.func @copy(%A: memref<4xf32>, %B: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xf32>
    affine.store %a, %B[%i] : memref<4xf32>
  }
  return
}
