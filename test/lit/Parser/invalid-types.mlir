// RUN: solar-opt %s --split-input-file --verify-diagnostics
// Types: what the parser checks (the trailing type of an op fixes its operands' types; memref
// types are read by a small shape parser with limits). Verifier-level type rules (cast
// compatibility, int vs float ops) are in IR/invalid-arith.mlir.
// Chunks marked "Subset rule" are valid MLIR 14 that solar-opt deliberately refuses.

func @operand_type_at_use(%x: f32, %y: f64) {
  // expected-error@+1 {{use of value '%y' expects type f32, but it has type f64}}
  %a = arith.addf %x, %y : f32
  return
}

// -----

func @cmp_operand_type(%x: f32, %y: f16) {
  // expected-error@+1 {{use of value '%y' expects type f32, but it has type f16}}
  %c = arith.cmpf olt, %x, %y : f32
  return
}

// -----

func @select_operand_type(%p: i1, %x: f32, %y: f64) {
  // expected-error@+1 {{use of value '%y' expects type f32, but it has type f64}}
  %s = select %p, %x, %y : f32
  return
}

// -----

func @cast_source_type(%x: f32) {
  // expected-error@+1 {{use of value '%x' expects type f16, but it has type f32}}
  %e = arith.extf %x : f16 to f32
  return
}

// -----

func @store_value_type(%A: memref<16xf32>, %x: f64) {
  // expected-error@+1 {{use of value '%x' expects type f32, but it has type f64}}
  affine.store %x, %A[0] : memref<16xf32>
  return
}

// -----

func @load_memref_type(%A: memref<16xf32>) {
  // expected-error@+1 {{use of value '%A' expects type memref<16xf64>, but it has type memref<16xf32>}}
  %v = affine.load %A[0] : memref<16xf64>
  return
}

// -----

func @load_scalar_type(%A: memref<16xf32>) {
  // expected-error@+1 {{expected a memref type after ':'}}
  %v = affine.load %A[0] : f32
  return
}

// -----

func @memref_store_value_type(%A: memref<?xi32>, %x: i64, %i: index) {
  // expected-error@+1 {{use of value '%x' expects type i32, but it has type i64}}
  memref.store %x, %A[%i] : memref<?xi32>
  return
}

// -----

func @dim_index_type(%A: memref<?xf32>, %k: i64) {
  // expected-error@+1 {{use of value '%k' expects type index, but it has type i64}}
  %d = memref.dim %A, %k : memref<?xf32>
  return
}

// -----

func @dealloc_type(%A: memref<4xf32>) {
  // expected-error@+1 {{use of value '%A' expects type memref<?xf32>, but it has type memref<4xf32>}}
  memref.dealloc %A : memref<?xf32>
  return
}

// -----

func @return_operand_type(%x: f32) -> f32 {
  // expected-error@+1 {{use of value '%x' expects type f64, but it has type f32}}
  return %x : f64
}

// -----

func @yield_operand_count(%x: f32) {
  %r = affine.for %i = 0 to 4 iter_args(%a = %x) -> (f32) {
    // expected-error@+1 {{2 operands but 1 types}}
    affine.yield %a, %a : f32
  }
  return
}

// -----

func @iter_args_init_type(%x: f32) {
  // expected-error@+1 {{use of value '%x' expects type f64, but it has type f32}}
  %r = affine.for %i = 0 to 4 iter_args(%a = %x) -> (f64) {
    %n = arith.negf %a : f64
    affine.yield %n : f64
  }
  return
}

// -----

func @iter_args_type_count(%x: f32) {
  // expected-error@+1 {{iter_args has 1 values but 2 result types}}
  %r:2 = affine.for %i = 0 to 4 iter_args(%a = %x) -> (f32, f32) {
    affine.yield %a, %a : f32, f32
  }
  return
}

// -----

func private @g(f32, f32) -> f32
func @call_argument_count(%x: f32) {
  // expected-error@+1 {{call passes 1 arguments, but its type lists 2}}
  %r = call @g(%x) : (f32, f32) -> f32
  return
}

// -----

func private @g(f32) -> f32
func @call_argument_type(%x: f64) {
  // expected-error@+1 {{use of value '%x' expects type f32, but it has type f64}}
  %r = call @g(%x) : (f32) -> f32
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func @generic_operand_type_count(%A: memref<4xf32>, %B: memref<4xf32>) {
  // expected-error@+1 {{2 operands but 1 types}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%A, %B : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield
  }
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
// expected-error@+1 {{function '@decl' has named arguments but no body; a declaration lists types only}}
func private @decl(%x: f32)

// -----

// expected-error@+1 {{a function with a body needs named arguments ('%name: type')}}
func @unnamed(f32) {
  return
}

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
// expected-error@+1 {{memref dimension 281474976710657 is too large (limit 2^48)}}
func @dim_too_large(%A: memref<281474976710657xf32>) { return }

// -----

// 2^48 itself is accepted.
func @dim_at_limit(%A: memref<281474976710656xf32>) { return }
// expected-error@+1 {{memref dimension 99999999999999999999 is too large (limit 2^48)}}
func @dim_overflows(%A: memref<99999999999999999999xf32>) { return }

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
// expected-error@+1 {{memref rank is limited to 64}}
func @rank_65(%A: memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) { return }

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
// expected-error@+1 {{unsupported memref type 'memref<4xf32, 1>'}}
func @memory_space(%A: memref<4xf32, 1>) { return }

// -----

// expected-error@+1 {{unsupported memref type 'memref<4x4>'}}
func @no_element_type(%A: memref<4x4>) { return }

// -----

// expected-error@+1 {{unsupported memref type 'memref<-4xf32>'}}
func @negative_dim(%A: memref<-4xf32>) { return }

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
// expected-error@+1 {{unsupported memref type 'memref<4xf80>'}}
func @f80_element(%A: memref<4xf80>) { return }

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
// expected-error@+1 {{integer type 'i65' is not supported: widths are 1 to 64 bits}}
func @wide_int(%x: i65) { return }

// -----

// Subset rule: mlir-opt-14 accepts this; solar-opt does not.
// expected-error@+1 {{integer element type 'i128' is not supported: widths are 1 to 64 bits}}
func @wide_int_element(%A: memref<4xi128>) { return }
