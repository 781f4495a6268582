// Functions and modules: every spelling of the function op is read, printed per target, and
// the printed form reads back to the same text. Names of functions, arguments and values are
// the source's.
// RUN: solar-opt %s | FileCheck %s --implicit-check-not=func.return
// RUN: solar-opt %s | solar-opt | FileCheck %s --implicit-check-not=func.return
// RUN: solar-opt %s --mlir=14 | FileCheck %s --check-prefix=V14 --implicit-check-not=func.
// RUN: solar-opt %s --mlir=14 | solar-opt --mlir=14 | FileCheck %s --check-prefix=V14 --implicit-check-not=func.
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// A named module keeps its name; its attributes print sorted by name.
// CHECK:      module @prog attributes {solar.name = "x", solar.version = 1 : i64} {
// V14:        module @prog attributes {solar.name = "x", solar.version = 1 : i64} {
module @prog attributes {solar.version = 1 : i64, solar.name = "x"} {

  // Declarations list types only; argument and function attributes survive.
  // CHECK-NEXT: func.func private @ext(memref<?xf32> {solar.noalias}, index) -> f32 attributes {solar.extern}
  // V14-NEXT:   func private @ext(memref<?xf32> {solar.noalias}, index) -> f32 attributes {solar.extern}
  func private @ext(memref<?xf32> {solar.noalias}, index) -> f32 attributes {solar.extern}

  // CHECK-NEXT: func.func private @ext2(f32)
  // V14-NEXT:   func private @ext2(f32)
  func.func private @ext2(f32) -> ()

  // MLIR 14 spelling, argument/result attributes, single result without parentheses.
  // CHECK-LABEL: func.func @k(
  // CHECK-SAME:      %A: memref<4xf32> {solar.noalias}, %n: index) -> (f32 {solar.out}) attributes {solar.kernel} {
  // CHECK-NEXT:    %c = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT:    return %c : f32
  // CHECK-NEXT:  }
  // V14-LABEL:   func @k(%A: memref<4xf32> {solar.noalias}, %n: index) -> (f32 {solar.out}) attributes {solar.kernel} {
  // V14-NEXT:      %c = arith.constant 0.000000e+00 : f32
  // V14-NEXT:      return %c : f32
  func @k(%A: memref<4xf32> {solar.noalias}, %n: index) -> (f32 {solar.out}) attributes {solar.kernel} {
    %c = arith.constant 0.0 : f32
    return %c : f32
  }

  // Quoted symbol names print with MLIR's hex escapes.
  // CHECK-LABEL: func.func @"my kernel\22x"() {
  // CHECK-NEXT:    return
  // CHECK-NEXT:  }
  // V14-LABEL:   func @"my kernel\22x"() {
  func @"my kernel\"x"() { return }

  // builtin.func (MLIR 14) and `-> ()`: no result list is printed.
  // CHECK-LABEL: func.func @b() {
  // CHECK-NEXT:    return
  // CHECK-NEXT:  }
  // V14-LABEL:   func @b() {
  builtin.func @b() -> () { return }

  // Current spelling with func.return: printed as bare `return` for both targets.
  // CHECK-LABEL: func.func @multi(%a: f32, %b: index) -> (f32, index) {
  // CHECK-NEXT:    return %a, %b : f32, index
  // CHECK-NEXT:  }
  // V14-LABEL:   func @multi(%a: f32, %b: index) -> (f32, index) {
  // V14-NEXT:      return %a, %b : f32, index
  func.func @multi(%a: f32, %b: index) -> (f32, index) { func.return %a, %b : f32, index }

  // Calls with one, two and no results, in both spellings.
  // CHECK-LABEL: func.func @caller(%A: memref<?xf32>, %n: index) -> f32 {
  // CHECK-NEXT:    %r = func.call @ext(%A, %n) : (memref<?xf32>, index) -> f32
  // CHECK-NEXT:    %s, %t = func.call @multi(%r, %n) : (f32, index) -> (f32, index)
  // CHECK-NEXT:    %u:2 = func.call @multi(%s, %t) : (f32, index) -> (f32, index)
  // CHECK-NEXT:    func.call @ext2(%u#0) : (f32) -> ()
  // CHECK-NEXT:    func.call @b() : () -> ()
  // CHECK-NEXT:    return %s : f32
  // CHECK-NEXT:  }
  // V14-LABEL:   func @caller(%A: memref<?xf32>, %n: index) -> f32 {
  // V14-NEXT:      %r = call @ext(%A, %n) : (memref<?xf32>, index) -> f32
  // V14-NEXT:      %s, %t = call @multi(%r, %n) : (f32, index) -> (f32, index)
  // V14-NEXT:      %u:2 = call @multi(%s, %t) : (f32, index) -> (f32, index)
  // V14-NEXT:      call @ext2(%u#0) : (f32) -> ()
  // V14-NEXT:      call @b() : () -> ()
  // V14-NEXT:      return %s : f32
  func @caller(%A: memref<?xf32>, %n: index) -> f32 {
    %r = call @ext(%A, %n) : (memref<?xf32>, index) -> f32
    %s, %t = func.call @multi(%r, %n) : (f32, index) -> (f32, index)
    %u:2 = call @multi(%s, %t) : (f32, index) -> (f32, index)
    call @ext2(%u#0) : (f32) -> ()
    func.call @b() : () -> ()
    return %s : f32
  }

  // An empty body gets its `return` back; arguments that are never used still print.
  // CHECK-LABEL: func.func @unused(%x: f64, %y: i1) {
  // CHECK-NEXT:    return
  // CHECK-NEXT:  }
  func @unused(%x: f64, %y: i1) { return }

  // Empty attribute dictionaries are dropped.
  // CHECK-LABEL: func.func @empty_dicts(%x: f32) -> f32 {
  // CHECK-NEXT:    return %x : f32
  // CHECK-NEXT:  }
  func @empty_dicts(%x: f32 {}) -> (f32 {}) attributes {} { return %x : f32 }
// CHECK-NEXT: }
// V14:        }
}
