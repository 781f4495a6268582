// tile-for-cache's options and the errors it reports: --emit-tiled names a level of the
// device that has tiles (a bounded level: DRAM and L2 on h100-sxm, never the per-SM levels),
// or `auto`; a bad name is an error that lists the choices, with a non-zero exit. The
// capacity is a byte size; without it the levels come from the report's first device.

// RUN: not solar-opt %s --emit-tiled=NOPE --hw h100-sxm 2>&1 | FileCheck %s --check-prefix=NOPE
// RUN: not solar-opt %s --pass-pipeline='tile-for-cache{emit=RF}' --hw h100-sxm 2>&1 | FileCheck %s --check-prefix=RF
// RUN: not solar-opt %s --pass-pipeline='tile-for-cache{capacity=lots}' 2>&1 | FileCheck %s --check-prefix=LOTS
// RUN: not solar-opt %s --pass-pipeline='tile-for-cache{tiles=4}' 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not solar-opt %s --tile-for-cache --hw nosuch 2>&1 | FileCheck %s --check-prefix=HW
// RUN: not solar-opt %s --emit-tiled=x\'y 2>&1 | FileCheck %s --check-prefix=QUOTE
// RUN: solar-opt %s --emit-tiled=l2 --hw h100-sxm --report=none | FileCheck %s --check-prefix=CASE

// NOPE: invalid.mlir:[[@LINE+8]]:11: error: tile-for-cache: no level 'NOPE' to emit tiles for; expected 'auto' or one of 'DRAM', 'L2'
// RF: error: tile-for-cache: no level 'RF' to emit tiles for; expected 'auto' or one of 'DRAM', 'L2'
// LOTS: <pipeline>:1:25: error: expected a byte size (like 4096, 512KiB or 48MiB) for option 'capacity', got 'lots'
// OPT: <pipeline>:1:16: error: pass 'tile-for-cache' has no option 'tiles'
// HW: solar-opt: error: --hw: unknown device 'nosuch'; available:
// QUOTE: solar-opt: error: --emit-tiled: a level name has no quote, got 'x'y'
// CASE: solar.tiles = {DRAM = [64 : i64, 64 : i64, 64 : i64], L2 = [64 : i64, 64 : i64, 64 : i64]}

func.func @forward(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}
