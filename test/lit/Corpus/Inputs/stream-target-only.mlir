// Input of Corpus/streamed-equals-whole.test: ops MLIR 14 cannot spell, at the top of a function
// and nested in a loop, in a module that verifies: reported in order with --mlir=14.
func.func @f(%x: f32, %A: memref<4xf32>) {
  %a = arith.maxnumf %x, %x : f32
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
    %w = arith.minnumf %v, %a : f32
    affine.store %w, %A[%i] : memref<4xf32>
  }
  return
}
