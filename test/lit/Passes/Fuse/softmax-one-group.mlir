// A row softmax lifted into five nodes (fill max, max-reduce, fill sum, exp-sum, normalise)
// is one group: the row statistics and the exp values stay on chip, so the plan moves only the
// compulsory bytes. X, Y are 4x33 f32 (528 bytes each); %max and %sum 4 f32 (16 bytes each).
//   node bytes: node0 16, node1 560 (X 528 + max read/written), node2 16, node3 1104
//   (X, max, Y written, sum read/written), node4 1072 (sum, Y read and written) = 2768, but the
//   nest is one source op, one kernel: unfused = 1056, the plan
//   plan: one group reading X (528) and writing Y (528) = 1056 = compulsory; on chip it keeps
//   %max (16, node3 reads it), then %sum and %Y (16 + 528, node4 reads them): 560 bytes.
//   H100-SXM: a cold cache charges DRAM the read of X (Y stays in L2), 528 / 3.35e12 = 0.158 ns
//   (vector 660 / 66.9e12 = 0.010 ns), like sol-fused.
// The default budget is the device's on-chip capacity, every level below DRAM: H100-SXM
// 50 MiB L2 + 132 x (256 KiB L1/shared + 256 KiB registers) = 121634816 bytes; A100-SXM
// 40 MiB + 108 x (192 + 256) KiB = 91488256 bytes (the first device of --hw).

// RUN: solar-opt %s --pass-pipeline='lift-einsum,fuse' --report=none | FileCheck %s --check-prefix=IR
// RUN: solar-opt %s --lift-einsum --fuse --sol-unfused --sol-fused --hw h100-sxm | FileCheck %s
// RUN: solar-opt %s --lift-einsum --fuse --sol-unfused --sol-fused --hw h100-sxm --report=json | FileCheck %s --check-prefix=JSON
// RUN: solar-opt %s --lift-einsum --fuse --hw a100-sxm,h100-sxm | FileCheck %s --check-prefix=A100
// RUN: solar-opt %s --lift-einsum --fuse | FileCheck %s --check-prefix=ONLY
// RUN: solar-opt %s --verify-diagnostics --pass-pipeline='lift-einsum,fuse{remarks=true}'

// IR-LABEL: func.func @softmax(
// IR-COUNT-5: linalg.generic {{.*}}solar.group = 0 : i64
// IR-NOT:     solar.group = 1

// CHECK-LABEL: SOL report: {{.*}} @softmax, 5 nodes
// CHECK:       totals: 0 matrix FLOP, 660 vector ops, 1056 unfused bytes, 1056 compulsory bytes
// CHECK:       H100-SXM 0.158 ns DRAM 0.158 ns DRAM 0.158 ns DRAM
// CHECK:       1 source op by time on H100-SXM (each its own kernel; they sum to sol-unfused, 0.158 ns)
// CHECK:       fusion plan (fuse): 1 group under a 121634816-byte (116 MiB) on-chip budget, 1056 bytes in and out of kernels
// CHECK-NEXT:  group nodes
// CHECK-NEXT:  0 node0..node4 0 1056 560 0.158 ns DRAM
// CHECK-NEXT:  (the budget

// JSON:        "fused_plan": {"seconds": 1.5761194029850745{{[0-9]*}}e-10, "bytes": 1056, "bound": "memory", "budget_bytes": 121634816, "approximate": false, "groups": [{"first": "node0", "last": "node4", "nodes": 5, "bytes": 1056, "read_bytes": 528, "write_bytes": 528, "resident_bytes": 560, "attention": false, "seconds": 1.5761194029850745{{[0-9]*}}e-10, "bound": "memory"}], "dram_bytes": 528}

// A100:        fusion plan (fuse): 1 group under a 91488256-byte (87.25 MiB) on-chip budget
// A100-NEXT:   group nodes source ops bytes in+out kept on chip A100-SXM bound by H100-SXM bound by
// A100-NEXT:   0 node0..node4 0 1056 560 0.259 ns DRAM 0.158 ns DRAM

// fuse alone still gives a report, with the plan as its only bound.
// ONLY:        (no --hw given: assuming H100-SXM)
// ONLY:        SOL = sol-fused-plan:
// ONLY:        H100-SXM 0.158 ns DRAM 0 s 0.010 ns 0.158 ns 19.97
// ONLY-NOT:    every bound

func.func @softmax(%X: memref<4x33xf32>, %Y: memref<4x33xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to 4 {
    // expected-remark@+2 {{node0 starts group 0}}
    // expected-remark@+1 {{node1 joins group 0: the group so far only initialises its operands}}
    %max = affine.for %d = 0 to 33 iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<4x33xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    // expected-remark@+2 {{node2 joins group 0: an initialisation (reads only what no node wrote before)}}
    // expected-remark@+1 {{node3 joins group 0: consumes %max; the group keeps 16 of 121634816 bytes on chip}}
    %sum = affine.for %d = 0 to 33 iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<4x33xf32>
      %c = arith.subf %x, %max : f32
      %e = math.exp %c : f32
      affine.store %e, %Y[%b, %d] : memref<4x33xf32>
      %t = arith.addf %s, %e : f32
      affine.yield %t : f32
    }
    affine.for %d = 0 to 33 {
      %e = affine.load %Y[%b, %d] : memref<4x33xf32>
      %y = arith.divf %e, %sum : f32
      // expected-remark@+1 {{node4 joins group 0: consumes %sum, %Y; the group keeps 560 of 121634816 bytes on chip}}
      affine.store %y, %Y[%b, %d] : memref<4x33xf32>
    }
  }
  return
}
