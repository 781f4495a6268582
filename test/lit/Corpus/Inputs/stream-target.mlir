// Input of Corpus/streamed-equals-whole.test: an op MLIR 14 cannot spell in a module that does
// not verify. solar-opt checks the print target only once the module verified, so with
// --mlir=14 only the verifier's error is reported, streamed or not.
func.func @f(%x: f32, %A: memref<4xf32>) {
  %a = arith.maxnumf %x, %x : f32
  %v = affine.load %A[7] : memref<4xf32>
  return
}
