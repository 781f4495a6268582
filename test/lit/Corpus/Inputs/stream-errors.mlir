// Input of Corpus/streamed-equals-whole.test: verifier errors in the order of a walk of the
// whole module, however the ops stream: a function's signature error before the errors of its
// body, errors of two functions in order, a call to a function further down that does not
// match it.
func @signature_and_body(%A: memref<4xf32>) -> f32 {
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<4xf32>
  }
  %c = arith.constant 1 : i32
  return %c : i32
}
func @second(%A: memref<4xf32>) {
  %v = affine.load %A[7] : memref<4xf32>
  %w = call @third(%v) : (f32) -> f32
  return
}
func @third(%x: f64) -> f64 {
  return %x : f64
}
