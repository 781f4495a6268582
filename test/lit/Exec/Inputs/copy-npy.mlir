// Copies each input memref to the output of the same element type: one pair per .npy dtype
// solar-run reads and writes (f16, bf16, f32, f64, i1, i8, i32, i64), ranks 0 to 3, plus the
// two raw '<u2' inputs (read as the bits of a bf16 and of an f16 argument).
// Used by ../npy-numpy.test, where numpy writes the inputs and checks the outputs.
func.func @forward(%in_f16: memref<2x3xf16>, %in_bf16: memref<2x3xbf16>,
                   %in_f32: memref<2x3x4xf32>, %in_f64: memref<f64>, %in_i1: memref<5xi1>,
                   %in_i8: memref<2x3xi8>, %in_i32: memref<2x3xi32>, %in_i64: memref<3xi64>,
                   %in_raw_bf16: memref<4xbf16>, %in_raw_f16: memref<4xf16>,
                   %out_f16: memref<2x3xf16>, %out_bf16: memref<2x3xbf16>,
                   %out_f32: memref<2x3x4xf32>, %out_f64: memref<f64>, %out_i1: memref<5xi1>,
                   %out_i8: memref<2x3xi8>, %out_i32: memref<2x3xi32>, %out_i64: memref<3xi64>,
                   %out_raw_bf16: memref<4xbf16>, %out_raw_f16: memref<4xf16>) {
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %h = affine.load %in_f16[%i, %j] : memref<2x3xf16>
      affine.store %h, %out_f16[%i, %j] : memref<2x3xf16>
      %b = affine.load %in_bf16[%i, %j] : memref<2x3xbf16>
      affine.store %b, %out_bf16[%i, %j] : memref<2x3xbf16>
      %c = affine.load %in_i8[%i, %j] : memref<2x3xi8>
      affine.store %c, %out_i8[%i, %j] : memref<2x3xi8>
      %w = affine.load %in_i32[%i, %j] : memref<2x3xi32>
      affine.store %w, %out_i32[%i, %j] : memref<2x3xi32>
      affine.for %k = 0 to 4 {
        %f = affine.load %in_f32[%i, %j, %k] : memref<2x3x4xf32>
        affine.store %f, %out_f32[%i, %j, %k] : memref<2x3x4xf32>
      }
    }
  }
  %d = affine.load %in_f64[] : memref<f64>
  affine.store %d, %out_f64[] : memref<f64>
  affine.for %i = 0 to 5 {
    %p = affine.load %in_i1[%i] : memref<5xi1>
    affine.store %p, %out_i1[%i] : memref<5xi1>
  }
  affine.for %i = 0 to 3 {
    %l = affine.load %in_i64[%i] : memref<3xi64>
    affine.store %l, %out_i64[%i] : memref<3xi64>
  }
  affine.for %i = 0 to 4 {
    %rb = affine.load %in_raw_bf16[%i] : memref<4xbf16>
    affine.store %rb, %out_raw_bf16[%i] : memref<4xbf16>
    %rh = affine.load %in_raw_f16[%i] : memref<4xf16>
    affine.store %rh, %out_raw_f16[%i] : memref<4xf16>
  }
  return
}
