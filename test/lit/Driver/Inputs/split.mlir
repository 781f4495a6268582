// Three chunks for --split-input-file: valid, invalid, valid.
func.func @first() {
  return
}
// -----
func.func @second() {
  %v = affine.load %A[] : memref<f32>
  return
}
   // -----   
func.func @third() {
  return
}
