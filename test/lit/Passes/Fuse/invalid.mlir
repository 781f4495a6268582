// fuse's options and the errors it reports. max-bytes is a byte size (4096, 512KiB, 48MiB);
// 0, the default, takes the budget from the report's first device (--hw), which must then
// exist and list some on-chip memory. An explicit budget needs no device.

// RUN: not solar-opt %s --pass-pipeline='fuse{max-bytes=lots}' 2>&1 | FileCheck %s --check-prefix=LOTS
// RUN: not solar-opt %s --pass-pipeline='fuse{max-bytes=-1}' 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not solar-opt %s --pass-pipeline='fuse{budget=1}' 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not solar-opt %s --fuse --hw nosuch 2>&1 | FileCheck %s --check-prefix=HW
// RUN: not solar-opt %s --fuse --hw %S/Inputs/dram-only.json 2>&1 | FileCheck %s --check-prefix=DRAM
// A bad --hw fails before anything runs, with an explicit budget and with --report=none too:
// RUN: not solar-opt %s --fuse=max-bytes=1KiB --hw nosuch --report=none 2>&1 | FileCheck %s --check-prefix=HW

// LOTS: <pipeline>:1:16: error: expected a byte size (like 4096, 512KiB or 48MiB) for option 'max-bytes', got 'lots'
// NEG:  <pipeline>:1:16: error: expected a byte size (like 4096, 512KiB or 48MiB) for option 'max-bytes', got '-1'
// OPT:  <pipeline>:1:6: error: pass 'fuse' has no option 'budget'
// HW:   solar-opt: error: --hw: unknown device 'nosuch'; available:
// DRAM: invalid.mlir:[[@LINE+2]]:11: error: fuse: device DRAM-Only lists no on-chip memory; give fuse{max-bytes=...}

func.func @forward(%A: memref<8xf32>, %B: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %B[%i] : memref<8xf32>
  }
  return
}
