// Elementwise nests become one parallel node each; the region keeps every original op (same
// element types, same rounding), constants defined in the nest are cloned into the region,
// values from outside the nest are used as they are, and two stores of one iteration that
// share work become one node with two outputs.

// RUN: solar-opt %s --lift-einsum | FileCheck %s

// CHECK-LABEL: func.func @gelu_tanh(
// CHECK-SAME:      %[[X:.+]]: memref<3x13xf32>, %[[Y:.+]]: memref<3x13xf32>)
// CHECK:         %[[HALF:.+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:    linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:        ins(%[[X]] : memref<3x13xf32>) outs(%[[Y]] : memref<3x13xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "mulf,mulf,mulf,addf,mulf,tanh,addf,mulf,mulf", solar.einsum = "bd->bd"}
// CHECK-NEXT:    ^bb0(%[[XV:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[K0:.+]] = arith.constant 7.978846e-01 : f32
// CHECK-NEXT:      %[[X2:.+]] = arith.mulf %[[XV]], %[[XV]] : f32
// CHECK-NEXT:      %[[X3:.+]] = arith.mulf %[[X2]], %[[XV]] : f32
// CHECK-NEXT:      %[[K1:.+]] = arith.constant 4.471500e-02 : f32
// CHECK-NEXT:      %[[C:.+]] = arith.mulf %[[X3]], %[[K1]] : f32
// CHECK:           %[[H:.+]] = arith.mulf %[[XV]], %[[HALF]] : f32
// CHECK-NEXT:      %[[R:.+]] = arith.mulf %[[H]], %{{.+}} : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK-NOT:     affine.for
func.func @gelu_tanh(%X: memref<3x13xf32>, %Y: memref<3x13xf32>) {
  %half = arith.constant 5.000000e-01 : f32
  affine.for %b = 0 to 3 {
    affine.for %d = 0 to 13 {
      %one = arith.constant 1.000000e+00 : f32
      %k0 = arith.constant 0.797884583 : f32
      %x = affine.load %X[%b, %d] : memref<3x13xf32>
      %x2 = arith.mulf %x, %x : f32
      %x3 = arith.mulf %x2, %x : f32
      %k1 = arith.constant 4.471500e-02 : f32
      %c = arith.mulf %x3, %k1 : f32
      %inner = arith.addf %x, %c : f32
      %arg = arith.mulf %inner, %k0 : f32
      %th = math.tanh %arg : f32
      %t = arith.addf %th, %one : f32
      %h = arith.mulf %x, %half : f32
      %y = arith.mulf %h, %t : f32
      affine.store %y, %Y[%b, %d] : memref<3x13xf32>
    }
  }
  return
}

// f16 add + relu: the generic computes in f16 as the loop did.
// CHECK-LABEL: func.func @add_relu_f16(
// CHECK:         ins(%{{.+}}, %{{.+}} : memref<3x11xf16>, memref<3x11xf16>) outs(%{{.+}} : memref<3x11xf16>)
// CHECK-SAME:        attrs =  {solar.combine = "addf,maximumf", solar.einsum = "bd,bd->bd"}
// CHECK-NEXT:    ^bb0(%[[A:.+]]: f16, %[[B:.+]]: f16, %{{.+}}: f16):
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[A]], %[[B]] : f16
// CHECK-NEXT:      %[[R:.+]] = arith.maximumf %[[S]], %{{.+}} : f16
// CHECK-NEXT:      linalg.yield %[[R]] : f16
func.func @add_relu_f16(%A: memref<3x11xf16>, %B: memref<3x11xf16>, %Y: memref<3x11xf16>) {
  %zero = arith.constant 0.000000e+00 : f16
  affine.for %b = 0 to 3 {
    affine.for %d = 0 to 11 {
      %a = affine.load %A[%b, %d] : memref<3x11xf16>
      %c = affine.load %B[%b, %d] : memref<3x11xf16>
      %s = arith.addf %a, %c : f16
      %y = arith.maximumf %s, %zero : f16
      affine.store %y, %Y[%b, %d] : memref<3x11xf16>
    }
  }
  return
}

// Broadcast operands, a comparison and a select, casts; a transposed read gives a permuted
// map. Inputs come in the order the stored value's expression reaches them.
// CHECK-LABEL: func.func @broadcast_select(
// CHECK:         ins(%{{.+}}, %{{.+}}, %{{.+}} : memref<5x7xf32>, memref<7xf16>, memref<7x5xf32>) outs(%{{.+}} : memref<5x7xf16>)
// CHECK-SAME:        solar.combine = "extf,cmpf,select,truncf", solar.einsum = "bd,d,db->bd"
func.func @broadcast_select(%W: memref<7xf16>, %X: memref<5x7xf32>, %T: memref<7x5xf32>,
                            %Y: memref<5x7xf16>) {
  affine.for %b = 0 to 5 {
    affine.for %d = 0 to 7 {
      %w = affine.load %W[%d] : memref<7xf16>
      %we = arith.extf %w : f16 to f32
      %x = affine.load %X[%b, %d] : memref<5x7xf32>
      %t = affine.load %T[%d, %b] : memref<7x5xf32>
      %gt = arith.cmpf ogt, %x, %we : f32
      %s = arith.select %gt, %x, %t : f32
      %r = arith.truncf %s : f32 to f16
      affine.store %r, %Y[%b, %d] : memref<5x7xf16>
    }
  }
  return
}

// Two stores of one iteration sharing `%sc` (batch-norm's scale and shift): one node with two
// outputs instead of computing sqrt and divf twice.
// CHECK-LABEL: func.func @scale_shift(
// CHECK:         linalg.generic
// CHECK-SAME:        outs(%{{.+}}, %{{.+}} : memref<6xf32>, memref<6xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "addf,sqrt,divf,mulf,mulf,subf", solar.einsum = "c,c,c,c->c,c"}
// CHECK:           linalg.yield %{{.+}}, %{{.+}} : f32, f32
// CHECK-NOT:     linalg.generic
func.func @scale_shift(%var: memref<6xf32>, %weight: memref<6xf32>, %mean: memref<6xf32>,
                       %bias: memref<6xf32>, %scale: memref<6xf32>, %shift: memref<6xf32>) {
  %eps = arith.constant 9.99999974E-6 : f32
  %one = arith.constant 1.000000e+00 : f32
  affine.for %c = 0 to 6 {
    %v = affine.load %var[%c] : memref<6xf32>
    %ve = arith.addf %v, %eps : f32
    %sd = math.sqrt %ve : f32
    %inv = arith.divf %one, %sd : f32
    %w = affine.load %weight[%c] : memref<6xf32>
    %sc = arith.mulf %inv, %w : f32
    affine.store %sc, %scale[%c] : memref<6xf32>
    %m = affine.load %mean[%c] : memref<6xf32>
    %b = affine.load %bias[%c] : memref<6xf32>
    %ms = arith.mulf %m, %sc : f32
    %sh = arith.subf %b, %ms : f32
    affine.store %sh, %shift[%c] : memref<6xf32>
  }
  return
}

// A fill with a constant; a loop with a non-zero lower bound and a step: iv = 1 + 2 * t, so
// `%i floordiv 2` is t.
// CHECK-LABEL: func.func @fill_strided(
// CHECK:         linalg.generic
// CHECK-SAME:        outs(%{{.+}} : memref<4x8xf32>) attrs =  {solar.combine = "fill", solar.einsum = "->ij"}
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}], iterator_types = ["parallel"]}
// CHECK-SAME:        ins(%{{.+}} : memref<9xf32>) outs(%{{.+}} : memref<4xf32>)
// CHECK-SAME:        solar.combine = "copy", solar.einsum = "(2i+1)->i"
func.func @fill_strided(%A: memref<4x8xf32>, %S: memref<9xf32>, %D: memref<4xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      affine.store %zero, %A[%i, %j] : memref<4x8xf32>
    }
  }
  affine.for %i = 1 to 9 step 2 {
    %v = affine.load %S[%i] : memref<9xf32>
    affine.store %v, %D[%i floordiv 2] : memref<4xf32>
  }
  return
}
