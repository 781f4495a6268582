// The one test that pins the diagnostic format on stderr (STYLE.md section 5):
//   FILE:LINE:COL: error: MESSAGE
//   the source line, verbatim
//   a caret under the column, then one '~' per further character of the token or op name;
//   tabs before the caret are copied so that it lines up under a tabbed source line.
// Several errors are reported in one run (recovery at op boundaries; each split chunk is a
// separate input), and the exit status is then exactly 1.
// RUN: not solar-opt %s --split-input-file 2>&1 | FileCheck %s --strict-whitespace
// RUN: solar-opt %s --split-input-file > /dev/null 2>&1; test $? = 1
// RUN: solar-opt %s > /dev/null 2>&1; test $? = 1

// Two syntax errors in one chunk: the parser recovers after the first and reports the second.
// CHECK:      {{^}}{{.*}}/Parser/diagnostic-format.mlir:[[#@LINE+4]]:22: error: {{.*}}expected ','{{$}}
// CHECK-NEXT: {{^}}  %a = arith.addf %x %x : f32{{$}}
// CHECK-NEXT: {{^}}                     ^~{{$}}
func @syntax(%x: f32) {
  %a = arith.addf %x %x : f32
  return
}
// CHECK-NEXT: {{^}}{{.*}}/Parser/diagnostic-format.mlir:[[#@LINE+4]]:26: error: {{.*}}expected ':'{{$}}
// CHECK-NEXT: {{^}}  %v = affine.load %A[0] memref<16xf32>{{$}}
// CHECK-NEXT: {{^}}                         ^~~~~~~~~~~~~~{{$}}
func @second(%A: memref<16xf32>) {
  %v = affine.load %A[0] memref<16xf32>
  return
}

// -----

// Two semantic errors in one chunk: both reported, each at its use.
// CHECK-NEXT: {{^}}{{.*}}/Parser/diagnostic-format.mlir:[[#@LINE+4]]:23: error: use of value '%y' expects type f32, but it has type f64{{$}}
// CHECK-NEXT: {{^}}  %a = arith.addf %x, %y : f32{{$}}
// CHECK-NEXT: {{^}}                      ^~{{$}}
func @semantic(%x: f32, %y: f64) {
  %a = arith.addf %x, %y : f32
// CHECK-NEXT: {{^}}{{.*}}/Parser/diagnostic-format.mlir:[[#@LINE+3]]:19: error: use of undefined value '%zz'{{$}}
// CHECK-NEXT: {{^}}  %b = arith.negf %zz : f32{{$}}
// CHECK-NEXT: {{^}}                  ^~~{{$}}
  %b = arith.negf %zz : f32
  return
}

// -----

// A verifier error: located at the op, the op name underlined; the source line has tabs.
// CHECK-NEXT: {{^}}{{.*}}/Parser/diagnostic-format.mlir:[[#@LINE+5]]:9: error: 'affine.load' op index range [1, 16] is out of bounds for dimension 0 of size 16{{$}}
// CHECK-NEXT: {{^}}	  %v = affine.load %A[%i + 1] : memref<16xf32>{{$}}
// CHECK-NEXT: {{^}}	       ^~~~~~~~~~~{{$}}
func @verifier(%A: memref<16xf32>) {
	affine.for %i = 0 to 16 {
	  %v = affine.load %A[%i + 1] : memref<16xf32>
	}
  return
}

// -----

// A note follows its error in the same format, with its own source line and caret: here the
// region a missing `}` belongs to, found from the layout (see invalid-unclosed-regions.mlir).
// CHECK-NEXT: {{^}}{{.*}}/Parser/diagnostic-format.mlir:[[#@LINE+6]]:35: error: missing '}': the '{' here is still open at the end of the input{{$}}
// CHECK-NEXT: {{^}}func @unclosed(%A: memref<4xf32>) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}                                  ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}/Parser/diagnostic-format.mlir:[[#@LINE+4]]:26: note: the '}' at [[#@LINE+7]]:1 closed this '{' but is indented like an outer line: this is probably the region missing its '}'{{$}}
// CHECK-NEXT: {{^}}  affine.for %i = 0 to 4 {{[{]}}{{$}}
// CHECK-NEXT: {{^}}                         ^{{$}}
func @unclosed(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
  return
}
// CHECK-NOT: error
