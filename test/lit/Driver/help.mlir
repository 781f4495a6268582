// --help lists every flag and, generated from the registry, every pass with its options.
// When a pass is registered, add it here: this test pins the pass list.

// RUN: solar-opt --help | FileCheck %s
// RUN: solar-opt -h | FileCheck %s
// RUN: solar-opt --version | FileCheck %s --check-prefix=VERSION

// CHECK: USAGE: solar-opt [options] [FILE|-]
// CHECK: OPTIONS:
// CHECK-NEXT: -o OUT
// CHECK-NEXT: --pass-pipeline PIPELINE
// CHECK-NEXT: --bind N=V,...
// CHECK-NEXT: --entry NAME
// CHECK-NEXT: --mlir 14|current
// CHECK-NEXT: --split-input-file
// CHECK-NEXT: --verify-diagnostics
// CHECK-NEXT: --no-verify-each
// CHECK-NEXT: --print-ir-after-all
// CHECK-NEXT: --help
// CHECK-NEXT: --version
// CHECK-EMPTY:
// CHECK-NEXT: Passes
// CHECK-NEXT: --verify {{.*}}check SSA dominance
// CHECK-NOT: --

// VERSION: solar-opt (SOLAR-C) 0.1.0
