// Types: every element type of the subset, odd integer widths, static, dynamic, zero-size and
// rank-0 shapes, spaces inside a memref shape (printed without), high rank; in argument lists,
// result lists, declarations and as the result types of loads.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: solar-opt %s --mlir=14 | FileCheck %s
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CHECK-LABEL: @types(
// CHECK-SAME:      %a: memref<2xf16>, %b: memref<2xbf16>, %c: memref<2xf32>, %d: memref<2xf64>,
// CHECK-SAME:      %e: memref<2xi1>, %f: memref<2xi8>, %g: memref<2xi32>, %h: memref<2xi64>, %i: memref<2xindex>,
// CHECK-SAME:      %j: memref<8x?x4xf32>, %k: memref<f64>, %l: memref<?x?xi1>, %m: memref<4x?xf32>,
// CHECK-SAME:      %n: memref<0x3xi16>, %o: memref<2xi3>, %p: memref<1x1x1x1x1x1x1x1xi17>)
// CHECK-SAME:      -> (f16, bf16, f32, f64, i1, i8, i32, i64, index) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %0 = affine.load %a[%c0] : memref<2xf16>
// CHECK-NEXT:    %1 = affine.load %b[%c0] : memref<2xbf16>
// CHECK-NEXT:    %2 = affine.load %c[%c0] : memref<2xf32>
// CHECK-NEXT:    %3 = affine.load %d[%c0] : memref<2xf64>
// CHECK-NEXT:    %4 = affine.load %e[%c0] : memref<2xi1>
// CHECK-NEXT:    %5 = affine.load %f[%c0] : memref<2xi8>
// CHECK-NEXT:    %6 = affine.load %g[%c0] : memref<2xi32>
// CHECK-NEXT:    %7 = affine.load %h[%c0] : memref<2xi64>
// CHECK-NEXT:    %8 = affine.load %i[%c0] : memref<2xindex>
// CHECK-NEXT:    %9 = affine.load %k[] : memref<f64>
// CHECK-NEXT:    %10 = affine.load %m[%c0, %c0] : memref<4x?xf32>
// CHECK-NEXT:    return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f16, bf16, f32, f64, i1, i8, i32, i64, index
// CHECK-NEXT:  }
func @types(%a: memref<2xf16>, %b: memref<2xbf16>, %c: memref<2xf32>, %d: memref<2xf64>, %e: memref<2xi1>, %f: memref<2xi8>, %g: memref<2xi32>, %h: memref<2xi64>, %i: memref<2xindex>, %j: memref<8x?x4xf32>, %k: memref<f64>, %l: memref<?x?xi1>, %m: memref<4 x ? x f32>, %n: memref<0x3xi16>, %o: memref<2xi3>, %p: memref<1x1x1x1x1x1x1x1xi17>) -> (f16, bf16, f32, f64, i1, i8, i32, i64, index) {
  %c0 = arith.constant 0 : index
  %0 = affine.load %a[%c0] : memref<2xf16>
  %1 = affine.load %b[%c0] : memref<2xbf16>
  %2 = affine.load %c[%c0] : memref<2xf32>
  %3 = affine.load %d[%c0] : memref<2xf64>
  %4 = affine.load %e[%c0] : memref<2xi1>
  %5 = affine.load %f[%c0] : memref<2xi8>
  %6 = affine.load %g[%c0] : memref<2xi32>
  %7 = affine.load %h[%c0] : memref<2xi64>
  %8 = affine.load %i[%c0] : memref<2xindex>
  %9 = affine.load %k[] : memref<f64>
  %10 = affine.load %m[%c0, %c0] : memref<4x?xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f16, bf16, f32, f64, i1, i8, i32, i64, index
}

// CHECK-LABEL: @scalars(f16, bf16, f32, f64, i1, i2, i8, i16, i32, i64, index) -> (i7, i64)
func private @scalars(f16, bf16, f32, f64, i1, i2, i8, i16, i32, i64, index) -> (i7, i64)

// CHECK-LABEL: @rank16(%A: memref<1x2x3x4x5x6x7x8x9x10x11x12x13x14x15x?xf32>)
func @rank16(%A: memref<1x2x3x4x5x6x7x8x9x10x11x12x13x14x15x?xf32>) { return }
