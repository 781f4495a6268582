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
// CHECK-NEXT: --hw NAME[,NAME...]|all|PATH.json
// CHECK-NEXT: {{^}}  --list-hw
// CHECK-NEXT: --report text|json|csv|html|none
// CHECK-NEXT: --report-file PATH
// CHECK-NEXT: --measured-ms T
// CHECK-NEXT: --target-ms T
// CHECK-NEXT: --fp32-matmul ieee|tf32|bf16 {{.*}}default: each device's
// CHECK-NEXT: --cache-state cold|warm {{.*}}inputs start in DRAM
// CHECK-NEXT: --conv-algo direct|any
// CHECK-NEXT: --tight-matmul {{.*}}published 2W/sqrt(S) matmul constant
// CHECK-NEXT: --emit-tiled[=LEVEL] {{.*}}rewrite contraction loops into the tiled nest
// CHECK-NEXT: --print-signature json {{.*}}arguments (name, type, shape, written) as JSON
// CHECK-NEXT: --help
// CHECK-NEXT: --version
// CHECK-EMPTY:
// CHECK-NEXT: Passes
// CHECK-NEXT: --verify {{.*}}check SSA dominance
// CHECK-NEXT: --lift-einsum {{.*}}turn loop nests into linalg.generic einsums
// CHECK-NEXT: {{^}}      remarks=<bool> {{.*}}(default: false)
// CHECK-NEXT: --fuse {{.*}}groups under an on-chip budget
// CHECK-NEXT: {{^}}      max-bytes=<bytes> {{.*}}(default: 0)
// CHECK-NEXT: {{^}}      remarks=<bool> {{.*}}(default: false)
// CHECK-NEXT: --tile-for-cache {{.*}}tiles per memory level for each contraction
// CHECK-NEXT: {{^}}      emit=<string> {{.*}}(default: "")
// CHECK-NEXT: {{^}}      capacity=<bytes> {{.*}}(default: 0)
// CHECK-NEXT: {{^}}      remarks=<bool> {{.*}}(default: false)
// CHECK-NEXT: --sol-unfused {{.*}}every source op its own kernel
// CHECK-NEXT: --sol-fused {{.*}}compulsory traffic only
// CHECK-NEXT: --sol-cache {{.*}}provable traffic per memory level
// CHECK-NOT: --

// VERSION: solar-opt (SOLAR-C) 0.1.0
