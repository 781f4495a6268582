// Data-dependent accesses (a subscript from a loaded i64 through arith.index_cast): such an access
// counts min(executions, tensor size) distinct elements, and the node (and the report) say so
// in text ("(data-dependent)") and JSON ("data_dependent": true). index_cast is index
// arithmetic: no vector op. H100-SXM DRAM 3.35e12 B/s. The node times count every byte; the
// bounds charge DRAM the reads (a cold cache: outputs this small stay in L2).
//
// RUN: solar-opt %s --split-input-file --sol-unfused --sol-fused --hw h100-sxm | FileCheck %s
// RUN: solar-opt %s --split-input-file --sol-unfused --sol-fused --hw h100-sxm --report=json | FileCheck %s --check-prefix=JSON

// 1000 lookups into a 256-entry table: table min(1000, 256) = 256 elements.
//   bytes: ids 1000 * 8 (i64) + table 256 * 4 + out 1000 * 4 = 8000 + 1024 + 4000 = 13024
//   13024 / 3.35e12 = 3.888 ns (3.8877611940e-09 s); the bound: reads 9024 B, 2.694 ns
// CHECK-LABEL: SOL report: {{.*}} @gather_many, 1 node, data-dependent accesses
// CHECK-NEXT: totals: 0 matrix FLOP, 0 vector ops, 13024 unfused bytes, 13024 compulsory bytes
// CHECK: H100-SXM 2.694 ns DRAM
// CHECK: H100-SXM 2.694 ns DRAM 2.694 ns DRAM
// CHECK: node0 elementwise - 1000 0 0 13024 3.888 ns DRAM {{.*}}data-dependent
// JSON:        "entry": "gather_many"
// JSON:        "approximate": false, "data_dependent": true,
// JSON:        "totals": {"matrix_flops": 0, "vector_ops": 0, "compulsory_bytes": 13024, "unfused_bytes": 13024, "node_bytes": {{[0-9]+}}, "source_ops": {{[0-9]+}}}
// JSON:        {"name": "node0", "einsum": null, "kind": "elementwise", "iterations": 1000, "matrix_flops": 0, "vector_ops": 0, "bytes": 13024, "seconds": 3.887761194{{[0-9]*}}e-09, "bound": "memory", "source_op": 0, "data_dependent": true, "approximate": false}
func.func @gather_many(%ids: memref<1000xi64>, %table: memref<256xf32>, %out: memref<1000xf32>) {
  affine.for %i = 0 to 1000 {
    %k = affine.load %ids[%i] : memref<1000xi64>
    %kk = arith.index_cast %k : i64 to index
    %v = memref.load %table[%kk] : memref<256xf32>
    affine.store %v, %out[%i] : memref<1000xf32>
  }
  return
}

// -----

// 100 lookups into the same 256-entry table: min(100, 256) = 100 elements.
//   bytes: ids 100 * 8 + table 100 * 4 + out 100 * 4 = 800 + 400 + 400 = 1600: 0.478 ns
//   (the bound: reads 1200 B, 0.358 ns)
// CHECK-LABEL: SOL report: {{.*}} @gather_few, 1 node, data-dependent accesses
// CHECK: H100-SXM 0.358 ns DRAM
// CHECK: node0 elementwise - 100 0 0 1600 0.478 ns DRAM {{.*}}data-dependent
// JSON:        "entry": "gather_few"
// JSON:        "data_dependent": true,
// JSON:        "bytes": 1600, {{.*}} "data_dependent": true, "approximate": false}
func.func @gather_few(%ids: memref<100xi64>, %table: memref<256xf32>, %out: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    %k = affine.load %ids[%i] : memref<100xi64>
    %kk = arith.index_cast %k : i64 to index
    %v = memref.load %table[%kk] : memref<256xf32>
    affine.store %v, %out[%i] : memref<100xf32>
  }
  return
}

// -----

// Embedding rows: table[ids[i], d] for i < 100, d < 64 (table 512x64): the data-dependent
// access executes 100 * 64 = 6400 times, the table holds 32768: 6400 elements.
//   vector ops: one mulf per point = 6400 (its operands are one load: not a contraction)
//   bytes: ids 100 * 8 + table 6400 * 4 + out 6400 * 4 = 800 + 25600 + 25600 = 52000
//   52000 / 3.35e12 = 15.522 ns (the bound: reads 26400 B, 7.881 ns)
// CHECK-LABEL: SOL report: {{.*}} @embedding_rows, 1 node, data-dependent accesses
// CHECK: H100-SXM 7.881 ns DRAM
// CHECK: node0 elementwise - 6400 0 6400 52000 15.522 ns DRAM {{.*}}data-dependent
// JSON:        "entry": "embedding_rows"
// JSON:        "data_dependent": true,
// JSON:        "iterations": 6400, "matrix_flops": 0, "vector_ops": 6400, "bytes": 52000, {{.*}} "data_dependent": true,
func.func @embedding_rows(%ids: memref<100xi64>, %table: memref<512x64xf32>, %out: memref<100x64xf32>) {
  affine.for %i = 0 to 100 {
    %k = affine.load %ids[%i] : memref<100xi64>
    %kk = arith.index_cast %k : i64 to index
    affine.for %d = 0 to 64 {
      %v = memref.load %table[%kk, %d] : memref<512x64xf32>
      %w = arith.mulf %v, %v : f32
      affine.store %w, %out[%i, %d] : memref<100x64xf32>
    }
  }
  return
}

// -----

// A data-dependent store (scatter of 1000 values into 256 slots): written min(1000, 256) = 256.
//   bytes: ids 8000 + x 4000 + table 256 * 4 = 13024: 3.888 ns (the bound: reads 12000 B,
//   3.582 ns)
// CHECK-LABEL: SOL report: {{.*}} @scatter_many, 1 node, data-dependent accesses
// CHECK: H100-SXM 3.582 ns DRAM
// CHECK: node0 elementwise - 1000 0 0 13024 3.888 ns DRAM {{.*}}data-dependent
// JSON:        "entry": "scatter_many"
// JSON:        "data_dependent": true,
func.func @scatter_many(%ids: memref<1000xi64>, %x: memref<1000xf32>, %table: memref<256xf32>) {
  affine.for %i = 0 to 1000 {
    %k = affine.load %ids[%i] : memref<1000xi64>
    %kk = arith.index_cast %k : i64 to index
    %v = affine.load %x[%i] : memref<1000xf32>
    memref.store %v, %table[%kk] : memref<256xf32>
  }
  return
}
