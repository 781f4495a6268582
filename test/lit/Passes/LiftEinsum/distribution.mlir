// Imperfect nests are distributed into one node per statement, in program order, when every
// buffer two nodes share is indexed at one place by the loops they share; scratch buffers
// that tie an outer loop get that loop as a leading dim (array expansion).

// RUN: solar-opt %s --lift-einsum | FileCheck %s

// Layer-norm statistics: zero stores, two accumulations, in-place epilogues. Every access to
// %mean and %rstd is at [b, s], so the (b, s) loops can be distributed.
// CHECK-LABEL: func.func @layernorm_stats(
// CHECK-SAME:      %[[X:.+]]: memref<2x3x11xf32>, %[[MEAN:.+]]: memref<2x3xf32>, %[[RSTD:.+]]: memref<2x3xf32>)
// CHECK:         outs(%[[MEAN]] : memref<2x3xf32>) attrs =  {solar.combine = "fill", solar.einsum = "->bs", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:         outs(%[[RSTD]] : memref<2x3xf32>) attrs =  {solar.combine = "fill", solar.einsum = "->bs", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:         ins(%[[X]] : memref<2x3x11xf32>) outs(%[[MEAN]] : memref<2x3xf32>)
// CHECK-SAME:        solar.combine = "copy", solar.einsum = "bsh->bs", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"
// CHECK:         outs(%[[MEAN]] : memref<2x3xf32>) attrs =  {solar.combine = "divf", solar.einsum = "->bs", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:         ins(%[[X]], %[[MEAN]] : memref<2x3x11xf32>, memref<2x3xf32>) outs(%[[RSTD]] : memref<2x3xf32>)
// CHECK-SAME:        solar.combine = "subf,mulf", solar.einsum = "bsh,bs->bs", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"
// CHECK:         outs(%[[RSTD]] : memref<2x3xf32>) attrs =  {solar.combine = "divf,addf,rsqrt", solar.einsum = "->bs", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK-NOT:     affine.for
func.func @layernorm_stats(%X: memref<2x3x11xf32>, %mean: memref<2x3xf32>, %rstd: memref<2x3xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %eps = arith.constant 9.99999974E-6 : f32
  %hf = arith.constant 1.100000e+01 : f32
  affine.for %b = 0 to 2 {
    affine.for %s = 0 to 3 {
      affine.store %zero, %mean[%b, %s] : memref<2x3xf32>
      affine.store %zero, %rstd[%b, %s] : memref<2x3xf32>
      affine.for %h = 0 to 11 {
        %x = affine.load %X[%b, %s, %h] : memref<2x3x11xf32>
        %acc = affine.load %mean[%b, %s] : memref<2x3xf32>
        %n = arith.addf %acc, %x : f32
        affine.store %n, %mean[%b, %s] : memref<2x3xf32>
      }
      %sum = affine.load %mean[%b, %s] : memref<2x3xf32>
      %mu = arith.divf %sum, %hf : f32
      affine.store %mu, %mean[%b, %s] : memref<2x3xf32>
      affine.for %h = 0 to 11 {
        %x = affine.load %X[%b, %s, %h] : memref<2x3x11xf32>
        %m = affine.load %mean[%b, %s] : memref<2x3xf32>
        %c = arith.subf %x, %m : f32
        %sq = arith.mulf %c, %c : f32
        %acc = affine.load %rstd[%b, %s] : memref<2x3xf32>
        %n = arith.addf %acc, %sq : f32
        affine.store %n, %rstd[%b, %s] : memref<2x3xf32>
      }
      %ss = affine.load %rstd[%b, %s] : memref<2x3xf32>
      %var = arith.divf %ss, %hf : f32
      %ve = arith.addf %var, %eps : f32
      %r = math.rsqrt %ve : f32
      affine.store %r, %rstd[%b, %s] : memref<2x3xf32>
    }
  }
  return
}

// RMS-norm: the reciprocal root is computed once per row into a vector of its own (it comes
// from a reduction and is used inside a loop), not once per element.
// CHECK-LABEL: func.func @rmsnorm(
// CHECK:         %[[SS:.+]] = memref.alloc() : memref<2x3xf32>
// CHECK-NEXT:    %[[R:.+]] = memref.alloc() : memref<2x3xf32>
// CHECK:         solar.combine = "fill", solar.einsum = "->bs", solar.nest = "{{[0-9]+:[0-9]+}}"
// CHECK:         outs(%[[SS]] : memref<2x3xf32>) attrs =  {solar.combine = "mulf", solar.einsum = "bsh->bs", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"}
// CHECK:         ins(%[[SS]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) attrs =  {solar.combine = "divf,addf,rsqrt", solar.einsum = "bs->bs", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:         ins(%{{.+}}, %[[R]], %{{.+}} : memref<2x3x9xf32>, memref<2x3xf32>, memref<9xf32>)
// CHECK-SAME:        solar.combine = "mulf,mulf", solar.einsum = "bsh,bs,h->bsh", solar.nest = "{{[0-9]+:[0-9]+}}"
// CHECK:         memref.dealloc %[[SS]]
// CHECK-NEXT:    memref.dealloc %[[R]]
func.func @rmsnorm(%X: memref<2x3x9xf32>, %weight: memref<9xf32>, %Y: memref<2x3x9xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %eps = arith.constant 9.99999997E-7 : f32
  %hf = arith.constant 9.000000e+00 : f32
  affine.for %b = 0 to 2 {
    affine.for %s = 0 to 3 {
      %ss = affine.for %h = 0 to 9 iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %X[%b, %s, %h] : memref<2x3x9xf32>
        %sq = arith.mulf %x, %x : f32
        %n = arith.addf %acc, %sq : f32
        affine.yield %n : f32
      }
      %ms = arith.divf %ss, %hf : f32
      %me = arith.addf %ms, %eps : f32
      %r = math.rsqrt %me : f32
      affine.for %h = 0 to 9 {
        %x = affine.load %X[%b, %s, %h] : memref<2x3x9xf32>
        %w = affine.load %weight[%h] : memref<9xf32>
        %xn = arith.mulf %x, %r : f32
        %y = arith.mulf %xn, %w : f32
        affine.store %y, %Y[%b, %s, %h] : memref<2x3x9xf32>
      }
    }
  }
  return
}

// Attention scores: %S is a scratch buffer rewritten in every iteration of %b before it is
// read, so it gets b as a leading dim and the b loop distributes; QK^T accumulates straight
// into it, then an in-place node scales it.
// CHECK-LABEL: func.func @scores(
// CHECK-SAME:      %[[Q:.+]]: memref<2x5x3xf32>, %[[K:.+]]: memref<2x5x3xf32>, %[[V:.+]]: memref<2x5x3xf32>, %[[O:.+]]: memref<2x5x3xf32>)
// CHECK:         %[[S:.+]] = memref.alloc() : memref<2x5x5xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         outs(%[[S]] : memref<2x5x5xf32>) attrs =  {solar.combine = "fill", solar.einsum = "->bij", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:         ins(%[[Q]], %[[K]] : memref<2x5x3xf32>, memref<2x5x3xf32>) outs(%[[S]] : memref<2x5x5xf32>)
// CHECK-SAME:        solar.combine = "mulf", solar.einsum = "bid,bjd->bij", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"
// CHECK:         outs(%[[S]] : memref<2x5x5xf32>) attrs =  {solar.combine = "divf", solar.einsum = "->bij", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:         ins(%[[S]], %[[V]] : memref<2x5x5xf32>, memref<2x5x3xf32>) outs(%[[O]] : memref<2x5x3xf32>)
// CHECK-SAME:        solar.combine = "mulf", solar.einsum = "bij,bjd->bid", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"
// CHECK:         memref.dealloc %[[S]] : memref<2x5x5xf32>
// CHECK-NEXT:    return
func.func @scores(%Q: memref<2x5x3xf32>, %K: memref<2x5x3xf32>, %V: memref<2x5x3xf32>,
                  %O: memref<2x5x3xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant 1.73205078 : f32
  %S = memref.alloc() : memref<5x5xf32>
  affine.for %b = 0 to 2 {
    affine.for %i = 0 to 5 {
      affine.for %j = 0 to 5 {
        %dot = affine.for %d = 0 to 3 iter_args(%acc = %zero) -> (f32) {
          %q = affine.load %Q[%b, %i, %d] : memref<2x5x3xf32>
          %k = affine.load %K[%b, %j, %d] : memref<2x5x3xf32>
          %p = arith.mulf %q, %k : f32
          %s = arith.addf %acc, %p : f32
          affine.yield %s : f32
        }
        %scaled = arith.divf %dot, %scale : f32
        affine.store %scaled, %S[%i, %j] : memref<5x5xf32>
      }
    }
    affine.for %i = 0 to 5 {
      affine.for %d = 0 to 3 {
        %o = affine.for %j = 0 to 5 iter_args(%acc = %zero) -> (f32) {
          %p = affine.load %S[%i, %j] : memref<5x5xf32>
          %v = affine.load %V[%b, %j, %d] : memref<2x5x3xf32>
          %m = arith.mulf %p, %v : f32
          %s = arith.addf %acc, %m : f32
          affine.yield %s : f32
        }
        affine.store %o, %O[%b, %i, %d] : memref<2x5x3xf32>
      }
    }
  }
  memref.dealloc %S : memref<5x5xf32>
  return
}

// An MLP step: the hidden vector %h gets the (b, s) loops as leading dims, and then the fc1
// sum, which starts from the bias (a copy node), accumulates straight into it and its GELU is
// an in-place node; the load of %h hoisted out of the o loop sinks back into it.
// CHECK-LABEL: func.func @mlp(
// CHECK:         %[[H:.+]] = memref.alloc() : memref<2x3x10xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         ins(%{{.+}} : memref<10xf32>) outs(%[[H]] : memref<2x3x10xf32>) attrs =  {solar.combine = "copy", solar.einsum = "j->bsj", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:         outs(%[[H]] : memref<2x3x10xf32>) attrs =  {solar.combine = "mulf", solar.einsum = "bse,je->bsj", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"}
// CHECK:         outs(%[[H]] : memref<2x3x10xf32>) attrs =  {solar.combine = "mulf,erf,addf,mulf,mulf", solar.einsum = "->bsj", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:         iterator_types = ["parallel", "parallel", "reduction", "parallel"]
// CHECK-SAME:        ins(%[[H]], %{{.+}} : memref<2x3x10xf32>, memref<6x10xf32>) outs(%{{.+}} : memref<2x3x6xf32>)
// CHECK-SAME:        solar.combine = "mulf", solar.einsum = "bsj,oj->bso", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"
// CHECK:         memref.dealloc %[[H]] : memref<2x3x10xf32>
// CHECK-NOT:     affine.for
func.func @mlp(%x: memref<2x3x6xf32>, %w1: memref<10x6xf32>, %b1: memref<10xf32>,
               %w2: memref<6x10xf32>, %out: memref<2x3x6xf32>) {
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %rsqrt2 = arith.constant 0.707106769 : f32
  %h = memref.alloc() : memref<10xf32>
  affine.for %b = 0 to 2 {
    affine.for %s = 0 to 3 {
      affine.for %j = 0 to 10 {
        %bias = affine.load %b1[%j] : memref<10xf32>
        %v = affine.for %e = 0 to 6 iter_args(%acc = %bias) -> (f32) {
          %xv = affine.load %x[%b, %s, %e] : memref<2x3x6xf32>
          %w = affine.load %w1[%j, %e] : memref<10x6xf32>
          %m = arith.mulf %xv, %w : f32
          %a = arith.addf %acc, %m : f32
          affine.yield %a : f32
        }
        %u = arith.mulf %v, %rsqrt2 : f32
        %erf = math.erf %u : f32
        %onep = arith.addf %erf, %one : f32
        %hv = arith.mulf %v, %half : f32
        %g = arith.mulf %hv, %onep : f32
        affine.store %g, %h[%j] : memref<10xf32>
      }
      affine.for %j = 0 to 10 {
        %hv = affine.load %h[%j] : memref<10xf32>
        affine.for %o = 0 to 6 {
          %w = affine.load %w2[%o, %j] : memref<6x10xf32>
          %c = affine.load %out[%b, %s, %o] : memref<2x3x6xf32>
          %m = arith.mulf %hv, %w : f32
          %a = arith.addf %c, %m : f32
          affine.store %a, %out[%b, %s, %o] : memref<2x3x6xf32>
        }
      }
    }
  }
  memref.dealloc %h : memref<10xf32>
  return
}

// A scratch buffer read before this iteration writes it carries values between iterations:
// no expansion, and distributing the i loop would reorder its accesses, so the nest stays.
// CHECK-LABEL: func.func @carried(
// CHECK:         memref.alloc() : memref<4xf32>
// CHECK:         affine.for
// CHECK-NOT:     linalg.generic
func.func @carried(%A: memref<3x4xf32>, %B: memref<3x4xf32>) {
  %T = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %t = affine.load %T[%j] : memref<4xf32>
      affine.store %t, %B[%i, %j] : memref<3x4xf32>
    }
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i, %j] : memref<3x4xf32>
      affine.store %a, %T[%j] : memref<4xf32>
    }
  }
  memref.dealloc %T : memref<4xf32>
  return
}
