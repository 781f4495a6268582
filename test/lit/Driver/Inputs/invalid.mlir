// A module with one semantic error (an undefined value).
func.func @forward() {
  %v = affine.load %A[] : memref<f32>
  return
}
