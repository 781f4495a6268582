// --bind folds index arithmetic on the bound sizes: an importer sizes a flattened buffer with
// `arith.muli` of two sizes (KernelBench level1/11's bmm writes a (b*i*j) x k buffer), and the
// alloc, its subscripts and the sol report need the product as a constant.

// RUN: solar-opt %s --entry flatten --bind B=8,I=6,J=5,K=7 | FileCheck %s --check-prefix=FLAT
// RUN: solar-opt %s --entry flatten --bind B=8,I=6,J=5,K=7 --lift-einsum --sol-unfused --hw h100-sxm | FileCheck %s --check-prefix=SOL
// RUN: solar-opt %s --entry each --bind J=5,K=7 | FileCheck %s --check-prefix=EACH
// RUN: solar-opt %s --entry by_zero --bind J=5 | FileCheck %s --check-prefix=ZERO

// FLAT-LABEL: func.func @flatten(
// FLAT-SAME:      %{{.*}}: memref<8x6x5x7xf32>)
// FLAT-NOT:     arith.muli
// FLAT:         memref.alloc() : memref<240x7xf32>
// FLAT:         affine.store %[[V:.*]], %{{.*}}[%[[J:.*]] + %[[I:.*]] * 5 + %[[B:.*]] * 30, %{{.*}}] : memref<240x7xf32>

// Each fold is exact; floordiv and ceildiv round as MLIR's arith ops do (-7 / 2: -4 and -3).
// EACH-LABEL: func.func @each(
// EACH-SAME:      %[[O:.*]]: memref<16xindex>)
// EACH-DAG:     %[[ADD:.*]] = arith.constant 12 : index
// EACH-DAG:     %[[SUB:.*]] = arith.constant -2 : index
// EACH-DAG:     %[[MUL:.*]] = arith.constant 35 : index
// EACH-DAG:     %[[FLOOR:.*]] = arith.constant -4 : index
// EACH-DAG:     %[[CEIL:.*]] = arith.constant -3 : index
// EACH-NOT:     arith.{{(addi|subi|muli|floordivsi|ceildivsi)}}
// EACH:         affine.store %[[ADD]], %[[O]][0]
// EACH:         affine.store %[[SUB]], %[[O]][1]
// EACH:         affine.store %[[MUL]], %[[O]][2]
// EACH:         affine.store %[[FLOOR]], %[[O]][3]
// EACH:         affine.store %[[CEIL]], %[[O]][4]

// Division by zero is not folded: the executor reports it where it happens.
// ZERO-LABEL: func.func @by_zero(
// ZERO:         arith.floordivsi

// The 8x6x5x7 copy into the flattened buffer is bounded at its real size.
// SOL: totals: 0 matrix FLOP, 0 vector ops, 6720 unfused bytes, 6720 compulsory bytes
// SOL: bijk->bij(30b+5i+j)k

func.func @flatten(%B: index, %I: index, %J: index, %K: index, %A: memref<?x?x?x?xf32>) {
  %d = arith.muli %B, %I : index
  %d1 = arith.muli %d, %J : index
  %d2 = arith.muli %I, %J : index
  %t = memref.alloc(%d1, %K) : memref<?x?xf32>
  affine.for %b = 0 to %B {
    affine.for %i = 0 to %I {
      affine.for %j = 0 to %J {
        affine.for %k = 0 to %K {
          %v = affine.load %A[%b, %i, %j, %k] : memref<?x?x?x?xf32>
          affine.store %v, %t[%j + %i * symbol(%J) + %b * symbol(%d2), %k] : memref<?x?xf32>
        }
      }
    }
  }
  return
}

func.func @each(%J: index, %K: index, %O: memref<16xindex>) {
  %m7 = arith.constant -7 : index
  %c2 = arith.constant 2 : index
  %a = arith.addi %J, %K : index
  %s = arith.subi %J, %K : index
  %m = arith.muli %J, %K : index
  %f = arith.floordivsi %m7, %c2 : index
  %c = arith.ceildivsi %m7, %c2 : index
  affine.store %a, %O[0] : memref<16xindex>
  affine.store %s, %O[1] : memref<16xindex>
  affine.store %m, %O[2] : memref<16xindex>
  affine.store %f, %O[3] : memref<16xindex>
  affine.store %c, %O[4] : memref<16xindex>
  return
}

func.func @by_zero(%J: index, %O: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %f = arith.floordivsi %J, %c0 : index
  affine.store %f, %O[0] : memref<1xindex>
  return
}
