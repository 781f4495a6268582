// The softmax of softmax-one-group.mlir, written as three loop nests (three source ops: row
// max, exp and sum, normalise; a plan never splits one), under budgets too small for what its
// nodes keep on chip: groups split where an intermediate would not fit, and whatever crosses a
// split goes through DRAM (written by one group, read by the next). Sizes: X, Y 528 bytes;
// %max, %sum 16. Lifted, the nests are the same five einsums as the one-nest form.
//
// max-bytes=560 keeps everything (16 for %max, then 16 + 528 for %sum and %Y): one group, 1056.
// max-bytes=559: node4 (normalise) would take the group to 560, so it starts group 1.
//   group 0 = node0..node3: reads X once (528; node1 and node3 share it), writes Y (528, an
//   argument) and %sum (16: node4 reads it) = 1072; group 1 = node4: reads %sum 16 and Y 528,
//   writes Y 528 = 1072. Plan 2144 bytes in and out of kernels.
// max-bytes=15: not even %max (16) fits, so node3 starts group 1 and takes node2 (the fill of
//   its accumulator %sum) along; node4 starts group 2.
//   group 0 = node0..node1: X 528 + %max written for group 1 (16) = 544
//   group 1 = node2..node3: X 528 + %max 16 read; Y 528 + %sum 16 written = 1088
//   group 2 = node4: 1072 as above. Plan 2704 bytes: the groups are the source ops, so this
//   is the unfused plan exactly (%max and %sum each cross kernels twice: written by one nest,
//   read by the next).
// Times: a cold cache charges DRAM the first read of X (528 bytes, 0.158 ns) and nothing else
// (at these sizes every write and re-read stays in L2), so a group's time is its compute
// when it reads no argument first (0.002 ns for node4's divisions). In every case sol-fused
// (0.158 ns) <= sol-fused-plan <= sol-unfused (0.166 ns).

// RUN: solar-opt %s --pass-pipeline='lift-einsum,fuse{max-bytes=560},sol-unfused,sol-fused' --hw h100-sxm | FileCheck %s --check-prefix=B560
// RUN: solar-opt %s --pass-pipeline='lift-einsum,fuse{max-bytes=559},sol-unfused,sol-fused' --hw h100-sxm | FileCheck %s --check-prefix=B559
// RUN: solar-opt %s --pass-pipeline='lift-einsum,fuse{max-bytes=15},sol-unfused,sol-fused' --hw h100-sxm | FileCheck %s --check-prefix=B15
// RUN: solar-opt %s --pass-pipeline='lift-einsum,fuse{max-bytes=15}' --report=none | FileCheck %s --check-prefix=IR
// RUN: solar-opt %s --pass-pipeline='lift-einsum,fuse{max-bytes=15},sol-fused' --hw h100-sxm --report=json | FileCheck %s --check-prefix=JSON
// RUN: solar-opt %s --verify-diagnostics --pass-pipeline='lift-einsum,fuse{max-bytes=15 remarks=true}'

// B560:       H100-SXM 0.166 ns DRAM 0.158 ns DRAM 0.158 ns DRAM
// B560:       fusion plan (fuse): 1 group under a 560-byte (560 B) on-chip budget, 1056 bytes
// B560-NEXT:  group nodes
// B560-NEXT:  0 node0..node4 0-2 1056 560 0.158 ns DRAM

// B559:       H100-SXM 0.166 ns DRAM 0.160 ns DRAM 0.158 ns DRAM
// B559:       3 source ops by time on H100-SXM (each its own kernel; they sum to sol-unfused, 0.166 ns)
// B559:       fusion plan (fuse): 2 groups under a 559-byte (559 B) on-chip budget, 2144 bytes in and out of kernels
// B559-NEXT:  group nodes
// B559-NEXT:  0 node0..node3 0-1 1072 16 0.158 ns DRAM
// B559-NEXT:  1 node4 2 1072 - 0.002 ns vector
// B559-NEXT:  (the budget

// B15:        fusion plan (fuse): 3 groups under a 15-byte (15 B) on-chip budget, 2704 bytes in and out of kernels
// B15-NEXT:   group nodes
// B15-NEXT:   0 node0..node1 0 544 - 0.158 ns DRAM{{$}}
// B15-NEXT:   1 node2..node3 1 1088 - 0.006 ns vector{{$}}
// B15-NEXT:   2 node4 2 1072 - 0.002 ns vector{{$}}

// IR-LABEL: func.func @softmax(
// IR:         linalg.generic {{.*}}solar.einsum = "->b", solar.group = 0 : i64
// IR:         linalg.generic {{.*}}solar.einsum = "bd->b", solar.group = 0 : i64
// IR:         linalg.generic {{.*}}solar.einsum = "->b", solar.group = 1 : i64
// IR:         linalg.generic {{.*}}solar.einsum = "bd,b->bd,b", solar.group = 1 : i64
// IR:         linalg.generic {{.*}}solar.einsum = "b->bd", solar.group = 2 : i64

// JSON: "groups": [{"first": "node0", "last": "node1", "nodes": 2, "bytes": 544, "read_bytes": 528, "write_bytes": 16, "resident_bytes": 0, {{.*}}}, {"first": "node2", "last": "node3", "nodes": 2, "bytes": 1088, "read_bytes": 544, "write_bytes": 544, "resident_bytes": 0, {{.*}}}, {"first": "node4", "last": "node4", "nodes": 1, "bytes": 1072, "read_bytes": 544, "write_bytes": 528, "resident_bytes": 0, {{.*}}}], "dram_bytes": 528}

func.func @softmax(%X: memref<4x33xf32>, %Y: memref<4x33xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %max = memref.alloc() : memref<4xf32>
  %sum = memref.alloc() : memref<4xf32>
  affine.for %b = 0 to 4 {
    // expected-remark@+2 {{node0 starts group 0}}
    // expected-remark@+1 {{node1 joins group 0: the group so far only initialises its operands}}
    %m = affine.for %d = 0 to 33 iter_args(%a = %ninf) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<4x33xf32>
      %n = arith.maximumf %a, %x : f32
      affine.yield %n : f32
    }
    affine.store %m, %max[%b] : memref<4xf32>
  }
  affine.for %b = 0 to 4 {
    // expected-remark@+2 {{node2 joins group 1: an initialisation}}
    // expected-remark@+1 {{node3 starts group 1: keeping %max on chip would take group 0 to 16 bytes, over the budget of 15}}
    %s = affine.for %d = 0 to 33 iter_args(%a = %zero) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<4x33xf32>
      %mb = affine.load %max[%b] : memref<4xf32>
      %c = arith.subf %x, %mb : f32
      %e = math.exp %c : f32
      affine.store %e, %Y[%b, %d] : memref<4x33xf32>
      %t = arith.addf %a, %e : f32
      affine.yield %t : f32
    }
    affine.store %s, %sum[%b] : memref<4xf32>
  }
  affine.for %b = 0 to 4 {
    affine.for %d = 0 to 33 {
      %e = affine.load %Y[%b, %d] : memref<4x33xf32>
      %sb = affine.load %sum[%b] : memref<4xf32>
      %y = arith.divf %e, %sb : f32
      // expected-remark@+1 {{node4 starts group 2: keeping %sum, %Y on chip would take group 1 to 544 bytes, over the budget of 15}}
      affine.store %y, %Y[%b, %d] : memref<4x33xf32>
    }
  }
  memref.dealloc %max : memref<4xf32>
  memref.dealloc %sum : memref<4xf32>
  return
}
