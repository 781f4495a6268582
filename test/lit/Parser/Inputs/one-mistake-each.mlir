// Inputs of Parser/one-error-per-mistake.test: each chunk holds one mistake, in MLIR 14
// spelling, that mlir-opt-14 rejects with one error; solar-opt must report it once too, with
// nothing that only follows from it.
// -----
func @unknown_op(%a: f32, %b: f32) -> f32 {
  %c = arith.mul %a, %b : f32
  %d = arith.addf %c, %c : f32
  return %d : f32
}
// -----
func @malformed_for_percent() {
  affine.for i = 1 to 10 {
  }
  return
}
// -----
func @malformed_for_equal() {
  affine.for %i 1 to 10 {
    %x = arith.constant 1 : index
  }
  return
}
// -----
func @malformed_for_to() {
  affine.for %i = 1 too 10 {
  }
  return
}
// -----
func @nonconstant_step(%1 : index) {
  affine.for %2 = 1 to 5 step %1 {
    %x = arith.constant 1 : index
  }
  return
}
// -----
func @bad_dict(%x: f32) {
  %a = arith.addf %x, %x {a = } : f32
  %b = arith.addf %a, %x : f32
  return
}
// -----
func @bad_dict2(%x: f32) {
  %a = arith.addf %x, %x {a = 1 2} : f32
  %b = arith.addf %a, %x : f32
  return
}
// -----
func @missing_comma(%x: f32) {
  %a = arith.addf %x %x : f32
  %b = arith.addf %a, %x : f32
  return
}
// -----
func @unterminated(%x: f32) {
  %a = arith.addf %x, %x {s = "abc} : f32
  %b = arith.addf %a, %x : f32
  return
}
// -----
func @missing_type(%x: f32) {
  %a = arith.addf %x, %x
  %b = arith.addf %a, %x : f32
  return
}
// -----
func @if_bad(%i: index) {
  affine.for %k = 1 to 10 {
    affine.if affine_set<(i)[N] : (i >= )>(%k) {
    }
  }
  return
}
// -----
func @undefined(%x: f32) {
  %a = arith.addf %x, %y : f32
  %b = arith.addf %a, %x : f32
  %c = arith.addf %b, %a : f32
  return
}
// -----
func @redef(%x: f32) {
  %a = arith.addf %x, %x : f32
  %a = arith.addf %x, %x : f32
  %b = arith.addf %a, %a : f32
  return
}
// -----
func @missing_brace(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
  }
  return
}
// -----
func @nonaffine(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i * %i] : memref<4xf32>
    affine.store %v, %A[%i * %i] : memref<4xf32>
  }
  return
}
// -----
func @wrong_type(%x: f32, %y: i32) {
  %a = arith.addf %x, %y : f32
  %b = arith.addf %a, %x : f32
  return
}
// -----
func @bad_bound(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = %i to 4 {
      %v = affine.load %A[%j] : memref<4xf32>
    }
  }
  return
}
// -----
func @extra_paren(%x: f32) {
  %a = arith.addf (%x, %x) : f32
  return
}
// -----
func @lost_loop_brace(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
  return
}
// -----
func @then_a_function(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
  return
}
func @g(%A: memref<4xf32>) {
  return
}
// -----
func @error_in_loop_header(%n: index, %A: memref<4xf32>) {
  affine.for %i = 0 to %n step 2 2 {
    %v = affine.load %A[%i] : memref<4xf32>
    affine.store %v, %A[%i] : memref<4xf32>
  }
  return
}
// -----
func @non_ascii(%x: f32) {
  %a = arith.negf %x : f32 — é
  return
}
// -----
func @stray_control(%x: f32) {
  return 
}
// -----
func @header_missing_colon(%x f32) {
  %a = arith.negf %x : f32
  return
}
// -----
func @result_number_in_definition(%x: f32) {
  %r#0 = arith.negf %x : f32
  %s = arith.negf %x : f32
  return
}
// -----
func @bad_map(%i: index) {
  %a = affine.apply affine_map<(d0) -> (d0 +)>(%i)
  %b = affine.apply affine_map<(d0) -> (d0 + 1)>(%a)
  return
}
// -----
func @trailing_comma_in_array(%x: f32) {
  %a = arith.addf %x, %x {a = [1, 2,]} : f32
  %b = arith.addf %a, %x : f32
  return
}
