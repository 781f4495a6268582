// A row softmax is distributed into three einsum nodes: max-reduce, exp-sum (one node with two
// outputs: the exponentials and the row sum) and normalise. The per-row scalars live in small
// intermediate vectors (memref.alloc, named after the values); each reduction into them starts
// with a fill node storing its initial value.

// RUN: solar-opt %s --lift-einsum | FileCheck %s

// CHECK-DAG: #[[$ROW:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$BD:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax(
// CHECK-SAME:      %[[X:.+]]: memref<4x33xf32>, %[[Y:.+]]: memref<4x33xf32>)
// CHECK-DAG:     %[[NINF:.+]] = arith.constant 0xFF800000 : f32
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[MAX:.+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[SUM:.+]] = memref.alloc() : memref<4xf32>
//                fill the row max with -inf
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[$ROW]]], iterator_types = ["parallel"]}
// CHECK-SAME:        outs(%[[MAX]] : memref<4xf32>) attrs =  {solar.combine = "fill", solar.einsum = "->b", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:           linalg.yield %[[NINF]] : f32
//                node 1: max-reduce
// CHECK:         linalg.generic {indexing_maps = [#[[$BD]], #[[$B]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME:        ins(%[[X]] : memref<4x33xf32>) outs(%[[MAX]] : memref<4xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "copy", solar.einsum = "bd->b", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "maximumf"}
// CHECK-NEXT:    ^bb0(%[[XV:.+]]: f32, %[[M:.+]]: f32):
// CHECK-NEXT:      %[[N:.+]] = arith.maximumf %[[M]], %[[XV]] : f32
// CHECK-NEXT:      linalg.yield %[[N]] : f32
// CHECK:         linalg.generic
// CHECK-SAME:        outs(%[[SUM]] : memref<4xf32>) attrs =  {solar.combine = "fill", solar.einsum = "->b", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:           linalg.yield %[[ZERO]] : f32
//                node 2: exp-sum, two outputs; d is "parallel" because Y uses it (MLIR 14
//                rejects an output map using a reduction dim)
// CHECK:         linalg.generic {indexing_maps = [#[[$BD]], #[[$B]], #[[$BD]], #[[$B]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:        ins(%[[X]], %[[MAX]] : memref<4x33xf32>, memref<4xf32>) outs(%[[Y]], %[[SUM]] : memref<4x33xf32>, memref<4xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "subf,exp", solar.einsum = "bd,b->bd,b", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "-,addf"}
// CHECK-NEXT:    ^bb0(%[[XV:.+]]: f32, %[[MV:.+]]: f32, %{{.+}}: f32, %[[S:.+]]: f32):
// CHECK-NEXT:      %[[C:.+]] = arith.subf %[[XV]], %[[MV]] : f32
// CHECK-NEXT:      %[[E:.+]] = math.exp %[[C]] : f32
// CHECK-NEXT:      %[[T:.+]] = arith.addf %[[S]], %[[E]] : f32
// CHECK-NEXT:      linalg.yield %[[E]], %[[T]] : f32, f32
//                node 3: normalise, in place
// CHECK:         linalg.generic {indexing_maps = [#[[$B]], #[[$BD]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:        ins(%[[SUM]] : memref<4xf32>) outs(%[[Y]] : memref<4x33xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "divf", solar.einsum = "b->bd", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK-NEXT:    ^bb0(%[[SV:.+]]: f32, %[[EV:.+]]: f32):
// CHECK-NEXT:      %[[R:.+]] = arith.divf %[[EV]], %[[SV]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         memref.dealloc %[[MAX]] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[SUM]] : memref<4xf32>
// CHECK-NEXT:    return
func.func @softmax(%X: memref<4x33xf32>, %Y: memref<4x33xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to 4 {
    %max = affine.for %d = 0 to 33 iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<4x33xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
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
      affine.store %y, %Y[%b, %d] : memref<4x33xf32>
    }
  }
  return
}

// Log-softmax: the log of the row sum is a scalar computed from a reduction and used inside
// a loop, so it gets a node and a vector of its own (once per row, not once per element).
// CHECK-LABEL: func.func @log_softmax(
// CHECK:         %[[MAX:.+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[SUM:.+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[LSE:.+]] = memref.alloc() : memref<4xf32>
// CHECK:         solar.reduce = "maximumf"
// CHECK:         solar.combine = "subf,exp", solar.einsum = "bd,b->b", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"
// CHECK:         ins(%[[SUM]] : memref<4xf32>) outs(%[[LSE]] : memref<4xf32>)
// CHECK-SAME:        solar.combine = "log", solar.einsum = "b->b", solar.nest = "{{[0-9]+:[0-9]+}}"
// CHECK:         ins(%{{.+}}, %[[MAX]], %[[LSE]] : memref<4x33xf32>, memref<4xf32>, memref<4xf32>)
// CHECK-SAME:        solar.combine = "subf,subf", solar.einsum = "bd,b,b->bd", solar.nest = "{{[0-9]+:[0-9]+}}"
// CHECK-NOT:     affine.for
func.func @log_softmax(%X: memref<4x33xf32>, %Y: memref<4x33xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to 4 {
    %max = affine.for %d = 0 to 33 iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<4x33xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    %sum = affine.for %d = 0 to 33 iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<4x33xf32>
      %c = arith.subf %x, %max : f32
      %e = math.exp %c : f32
      %t = arith.addf %s, %e : f32
      affine.yield %t : f32
    }
    %lse = math.log %sum : f32
    affine.for %d = 0 to 33 {
      %x = affine.load %X[%b, %d] : memref<4x33xf32>
      %c = arith.subf %x, %max : f32
      %y = arith.subf %c, %lse : f32
      affine.store %y, %Y[%b, %d] : memref<4x33xf32>
    }
  }
  return
}
