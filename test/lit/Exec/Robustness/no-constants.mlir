// Found by the executor fuzzer (fuzz/exec_fuzzer.c): a function without constants made
// compile.c memcpy its constant table from a NULL vector (0 bytes, still undefined behaviour,
// which UBSan builds abort on). It simply runs.
// RUN: solar-run %s --stats 2>&1 | FileCheck %s
// CHECK: solar-run: {{.*}}, 0 steps,
// CHECK-NOT: runtime error

func.func @forward() {
  return
}
