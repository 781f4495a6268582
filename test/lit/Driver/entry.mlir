// The entry function (what --bind specialises): --entry NAME (with or without '@'), else
// @forward, else the only function. A missing explicit name is an error listing the functions.

// RUN: solar-opt %s --bind N=8 | FileCheck %s --check-prefix=DEFAULT
// RUN: solar-opt %s --entry helper --bind N=8 | FileCheck %s --check-prefix=HELPER
// RUN: solar-opt %s --entry=@helper --bind N=8 | FileCheck %s --check-prefix=HELPER
// RUN: solar-opt %S/Inputs/only-function.mlir --bind N=8 | FileCheck %s --check-prefix=ONLY
// RUN: solar-opt %s --entry nope > /dev/null 2>&1; test $? = 2
// RUN: solar-opt %s --entry nope --verify-diagnostics

// DEFAULT-LABEL: func.func @forward(%{{.*}}: memref<8xf32>) {
// DEFAULT-NEXT:    affine.for %{{.*}} = 0 to 8 {
// DEFAULT-LABEL: func.func @helper(%{{.*}}: memref<?xf32>, %{{.*}}: index) {

// HELPER-LABEL: func.func @forward(%{{.*}}: memref<?xf32>, %{{.*}}: index) {
// HELPER-LABEL: func.func @helper(%{{.*}}: memref<16xf32>) {
// HELPER-NEXT:    affine.for %{{.*}} = 0 to 16 {

// ONLY-LABEL: func.func @kernel(%{{.*}}: memref<8xf32>) {
// ONLY-NEXT:    affine.for %{{.*}} = 0 to 8 {

// expected-error@+1 {{--entry: no function '@nope' in the module; its functions are @forward, @helper}}
func.func @forward(%A: memref<?xf32>, %N: index) {
  affine.for %i = 0 to %N {
    %v = affine.load %A[%i] : memref<?xf32>
  }
  return
}

func.func @helper(%A: memref<?xf32>, %N: index) {
  affine.for %i = 0 to affine_map<()[s0] -> (s0 * 2)>()[%N] {
    %v = affine.load %A[%i] : memref<?xf32>
  }
  return
}
