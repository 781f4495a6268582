// --print-signature=json prints the entry's arguments (name, type, element type, shape with
// null for `?`, whether the function may write it) and result types instead of the IR, after
// --bind; test/lit/Utils/mlir_jit_run.py reads it. Written: stores, linalg outs, a memref
// select, and a call whose callee writes the operand; read-only arguments are not written.

// RUN: solar-opt %s --print-signature=json | FileCheck %s
// RUN: solar-opt %s --print-signature=json --bind N=8 | FileCheck %s --check-prefix=BOUND
// RUN: solar-opt %s --print-signature=json --entry helper | FileCheck %s --check-prefix=HELPER
// RUN: not solar-opt %s --print-signature=yaml 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: solar-opt %s --print-signature=json > %t.json && %python -c "import json; s = json.load(open('%t.json')); w = [a['name'] for a in s['args'] if a['written']]; assert w == ['St', 'O', 'P', 'Q', 'C'], w; print('parsed', len(s['args']))" | FileCheck %s --check-prefix=JSON

// CHECK: {"name": "forward", "args": [
// CHECK-SAME: {"name": "N", "type": "index", "elem": "index", "shape": null, "written": false},
// CHECK-SAME: {"name": "In", "type": "memref<?x4xf32>", "elem": "f32", "shape": [null, 4], "written": false},
// CHECK-SAME: {"name": "St", "type": "memref<?xf32>", "elem": "f32", "shape": [null], "written": true},
// CHECK-SAME: {"name": "O", "type": "memref<4x4xf32>", "elem": "f32", "shape": [4, 4], "written": true},
// CHECK-SAME: {"name": "P", "type": "memref<4xf32>", "elem": "f32", "shape": [4], "written": true},
// CHECK-SAME: {"name": "Q", "type": "memref<4xf32>", "elem": "f32", "shape": [4], "written": true},
// CHECK-SAME: {"name": "C", "type": "memref<4xi32>", "elem": "i32", "shape": [4], "written": true},
// CHECK-SAME: {"name": "R", "type": "memref<4xi32>", "elem": "i32", "shape": [4], "written": false},
// CHECK-SAME: {"name": "S", "type": "memref<f64>", "elem": "f64", "shape": [], "written": false}],
// CHECK-SAME: "results": ["f64"]}
// CHECK-NOT: func.func

// --bind drops %N and makes %St's extent static (the loop to %N states it).
// BOUND: {"name": "forward", "args": [{"name": "In", "type": "memref<8x4xf32>", "elem": "f32", "shape": [8, 4], "written": false}, {"name": "St", "type": "memref<8xf32>", "elem": "f32", "shape": [8], "written": true},

// The callee's own signature: it writes its first argument, not its second.
// HELPER: {"name": "helper", "args": [{"name": "w", "type": "memref<4xi32>", "elem": "i32", "shape": [4], "written": true}, {"name": "r", "type": "memref<4xi32>", "elem": "i32", "shape": [4], "written": false}], "results": []}

// BAD: --print-signature: expected 'json', got 'yaml'
// JSON: parsed 9

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @helper(%w: memref<4xi32>, %r: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %r[%i] : memref<4xi32>
    affine.store %v, %w[%i] : memref<4xi32>
  }
  return
}
func.func @forward(%N: index, %In: memref<?x4xf32>, %St: memref<?xf32>, %O: memref<4x4xf32>,
                   %P: memref<4xf32>, %Q: memref<4xf32>, %C: memref<4xi32>, %R: memref<4xi32>,
                   %S: memref<f64>) -> f64 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  affine.for %i = 0 to %N {
    %x = affine.load %In[%i, 0] : memref<?x4xf32>
    affine.store %x, %St[%i] : memref<?xf32>
  }
  linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%O : memref<4x4xf32>) {
  ^bb0(%o: f32):
    %t = arith.addf %o, %o : f32
    linalg.yield %t : f32
  }
  %n = memref.dim %In, %c0 : memref<?x4xf32>
  %lt = arith.cmpi slt, %n, %c0 : index
  %m = arith.select %lt, %P, %Q : memref<4xf32>
  memref.store %f, %m[%c0] : memref<4xf32>
  func.call @helper(%C, %R) : (memref<4xi32>, memref<4xi32>) -> ()
  %s = memref.load %S[] : memref<f64>
  return %s : f64
}
