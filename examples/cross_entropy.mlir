// Cross-entropy loss, mean over the batch (nn.CrossEntropyLoss()):
//   loss = (1 / batch_size) * sum_b [ log(sum_c exp(P[b, c] - m_b)) + m_b - P[b, T[b]] ],
//   m_b = max_c P[b, c]
// T holds int64 class indices; the target logit is read with memref.load at a data-dependent
// index. The loss accumulates read-modify-write into the 0-d output (zeroed by the kernel).
// sizes.small: batch_size=5, num_classes=7
// sizes.real: batch_size=4096, num_classes=10
func.func @forward(%batch_size: index, %num_classes: index, %P: memref<?x?xf32>,
                   %T: memref<?xi64>, %loss: memref<f32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  affine.store %zero, %loss[] : memref<f32>
  affine.for %b = 0 to %batch_size {
    %max = affine.for %c = 0 to %num_classes iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %P[%b, %c] : memref<?x?xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    %sum = affine.for %c = 0 to %num_classes iter_args(%s = %zero) -> (f32) {
      %x = affine.load %P[%b, %c] : memref<?x?xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %t = arith.addf %s, %e : f32
      affine.yield %t : f32
    }
    %lg = math.log %sum : f32
    %lse = arith.addf %lg, %max : f32
    %t64 = affine.load %T[%b] : memref<?xi64>
    %ti = arith.index_cast %t64 : i64 to index
    %xt = memref.load %P[%b, %ti] : memref<?x?xf32>
    %nll = arith.subf %lse, %xt : f32
    %acc = affine.load %loss[] : memref<f32>
    %n = arith.addf %acc, %nll : f32
    affine.store %n, %loss[] : memref<f32>
  }
  %bi = arith.index_cast %batch_size : index to i64
  %bf = arith.sitofp %bi : i64 to f32
  %tot = affine.load %loss[] : memref<f32>
  %mean = arith.divf %tot, %bf : f32
  affine.store %mean, %loss[] : memref<f32>
  return
}
