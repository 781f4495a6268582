// Lexical forms: comments anywhere, SSA names with letters, digits, `$ . _ -` (numeric names
// need not be dense or ordered; `%i-1` is one name, so subtraction must print with spaces), tabs,
// missing and extra whitespace, an op split over lines. Names come back exactly as written.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CHECK:       #[[$DEC:map[0-9]*]] = affine_map<(d0) -> (d0 - 1)>
// CHECK-LABEL: @names(%x: f32, %y: f32, %A: memref<4xf32>) -> f32 {
// CHECK-NEXT:    %x.y = arith.addf %x, %y : f32
// CHECK-NEXT:    %0 = arith.mulf %x.y, %x.y : f32
// CHECK-NEXT:    %a$b = arith.negf %0 : f32
// CHECK-NEXT:    %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:    %-w = arith.negf %a$b : f32
// CHECK-NEXT:    %_ = arith.negf %-w : f32
// CHECK-NEXT:    %42 = arith.negf %_ : f32
// CHECK-NEXT:    %7 = arith.negf %42 : f32
// CHECK-NEXT:    %i-1 = arith.constant 1 : index
// CHECK-NEXT:    %r = affine.apply #[[$DEC]](%i-1)
// CHECK-NEXT:    %s:2 = affine.for %i = 0 to 2 iter_args(%p = %x, %q = %y) -> (f32, f32) {
// CHECK-NEXT:      %l = affine.load %A[%i + symbol(%i-1) - 1] : memref<4xf32>
// CHECK-NEXT:      affine.yield %q, %p : f32, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %t = arith.addf %s#0, %s#1 : f32
// CHECK-NEXT:    %u = arith.addf %t, %7 : f32
// CHECK-NEXT:    return %u : f32
// CHECK-NEXT:  }
// whole-line comment
func @names(%x: f32, %y: f32, %A: memref<4xf32>) -> f32 {   // trailing comment after the brace
  %x.y = arith.addf %x, %y : f32 // comment after an op
  %0 = arith.mulf %x.y, %x.y : f32
  %a$b = arith.negf %0 : f32
  %c-1_i8 = arith.constant -1 : i8
  %-w = arith.negf %a$b : f32
  %_ = arith.negf %-w : f32
  %42 = arith.negf %_ : f32
  %7 = arith.negf %42 : f32
  %i-1 = arith.constant 1 : index
  %r = affine.apply affine_map<(d0) -> (d0 - 1)>(%i-1)
  %s:2 = affine.for %i = 0 to 2 iter_args(%p = %x, %q = %y) -> (f32, f32) {
    // %i-1 in a subscript is the constant above, a symbol here; `%i - 1` is a subtraction.
    %l = affine.load %A[%i - 1 + symbol(%i-1)] : memref<4xf32>
    affine.yield %q, %p : f32, f32
  }
  %t = arith.addf %s#0,%s#1:f32
	%u	=	arith.addf	%t ,	%7	:	f32
  return
  %u
  // a comment between the operands and the type
  :
  f32
}
