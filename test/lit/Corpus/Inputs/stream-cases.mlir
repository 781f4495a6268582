// Input of Corpus/streamed-equals-whole.test: what streaming must keep until later ops need it.
// Results at function level used further down (kept), a loop with results, calls to functions
// defined further down, a declaration between definitions, attributes holding maps (aliases
// numbered in order of first use across functions), generic-form ops, module attributes.
#bound = affine_map<(d0)[s0] -> (d0 + 8, s0)>
module attributes {solar.version = 2 : i64} {
  func @first(%A: memref<64xf32>, %n: index) -> f32 {
    %zero = arith.constant 0.0 : f32
    %s = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %A[%i] : memref<64xf32>
      %w = call @later(%v) : (f32) -> f32
      %t = arith.addf %acc, %w : f32
      affine.yield %t : f32
    }
    affine.for %i = 0 to %n step 8 {
      affine.for %j = affine_map<(d0) -> (d0)>(%i) to min #bound(%i)[%n] {
        %v = affine.load %A[%j] : memref<64xf32>
        affine.store %v, %A[%j] {solar.map = affine_map<(d0) -> (d0 * 2)>} : memref<64xf32>
      }
    }
    %u = "arith.mulf"(%s, %s) : (f32, f32) -> f32
    %r = call @declared(%u) : (f32) -> f32
    return %r : f32
  }
  func private @declared(f32) -> f32
  func @later(%x: f32) -> f32 {
    %y = arith.mulf %x, %x : f32
    %c4 = arith.constant 4 : index
    affine.for %i = 0 to 4 {
      %z = affine.min #bound(%i)[%c4]
    }
    return %y : f32
  }
}
