// RUN: solar-opt %s --split-input-file --verify-diagnostics
// MLIR's generic op form, where solar-opt does not read it: each op is named in one error, the
// form is parsed to its end (regions included), and parsing goes on, so a later independent
// mistake is still reported while the results of the refused op stay quiet at their uses.

func @test_dialect(%i: index) {
  // expected-error@+1 {{unknown operation 'test.foo' (the ops solar-opt reads are listed in docs/dialect.md)}}
  "test.foo"(%i) : (index) -> ()
  // expected-error@+1 {{unknown operation 'test.bar'}}
  %r = "test.bar"(%i) : (index) -> f32
  %s = arith.addf %r, %r : f32
  // expected-error@+1 {{use of undefined value '%nope'}}
  %t = arith.addf %s, %nope : f32
  return
}

// -----

func @unknown_with_regions(%i: index) {
  // expected-error@+1 {{unknown operation 'test.region'}}
  "test.region"(%i) ({
  ^bb0(%a: index):
    %x = arith.addi %a, %a : index
    "test.terminator"() : () -> ()
  }, {
    %y = arith.constant 1 : index
  }) {attr = 1 : i64} : (index) -> ()
  %x = arith.constant 2 : index
  return
}

// -----

// Ops with regions are read in their custom form only.
func @generic_for() {
  // expected-error@+1 {{'affine.for' is not read in MLIR's generic form: write it in its custom form (see docs/dialect.md)}}
  "affine.for"() ({
  ^bb0(%k: index):
    "affine.yield"() : () -> ()
  }) {lower_bound = affine_map<() -> (0)>, step = 1 : index, upper_bound = affine_map<() -> (4)>} : () -> ()
  return
}

// -----

// A whole module in generic form, as --mlir-print-op-generic writes it: one error.
// expected-error@+1 {{'builtin.module' in MLIR's generic form is not read: write the module and its functions in their custom form}}
"builtin.module"() ({
  "builtin.func"() ({
  ^bb0(%arg0: f32):
    "std.return"(%arg0) : (f32) -> ()
  }) {sym_name = "g", type = (f32) -> f32} : () -> ()
}) : () -> ()

// -----

func @inherent_attributes(%a: f32, %A: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'arith.cmpf' in generic form needs its 'predicate' attribute}}
  %0 = "arith.cmpf"(%a, %a) : (f32, f32) -> i1
  // expected-error@+1 {{'arith.cmpf' needs 'predicate' to be an integer from 0 to 15}}
  %1 = "arith.cmpf"(%a, %a) {predicate = 16 : i64} : (f32, f32) -> i1
  // expected-error@+1 {{'affine.load' needs 'map' to be an affine map}}
  %2 = "affine.load"(%A, %i) {map = 0 : i64} : (memref<4xf32>, index) -> f32
  // expected-error@+1 {{'func.call' needs 'callee' to be a symbol (@name)}}
  %3 = "std.call"(%a) {callee = "f"} : (f32) -> f32
  return
}

// -----

func @operands_and_types(%a: f32, %b: f64) {
  // expected-error@+1 {{2 operands but the function type lists 1}}
  %0 = "arith.addf"(%a, %a) : (f32) -> f32
  // expected-error@+1 {{use of value '%b' expects type f32, but it has type f64}}
  %1 = "arith.addf"(%a, %b) : (f32, f32) -> f32
  return
}

// -----

// What the verifier checks in the custom form it checks here too.
func @verified(%a: f32) {
  // expected-error@+1 {{'arith.addf' op}}
  %0 = "arith.addf"(%a, %a) : (f32, f32) -> f64
  return
}
