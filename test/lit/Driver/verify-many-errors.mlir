// RUN: solar-opt %s --verify-diagnostics
// More errors than the 20 at which a normal run stops: under --verify-diagnostics every
// expected error must still be produced.
func.func @many() {
  // expected-error@+1 {{use of undefined value '%u0'}}
  %x0 = arith.negf %u0 : f32
  // expected-error@+1 {{use of undefined value '%u1'}}
  %x1 = arith.negf %u1 : f32
  // expected-error@+1 {{use of undefined value '%u2'}}
  %x2 = arith.negf %u2 : f32
  // expected-error@+1 {{use of undefined value '%u3'}}
  %x3 = arith.negf %u3 : f32
  // expected-error@+1 {{use of undefined value '%u4'}}
  %x4 = arith.negf %u4 : f32
  // expected-error@+1 {{use of undefined value '%u5'}}
  %x5 = arith.negf %u5 : f32
  // expected-error@+1 {{use of undefined value '%u6'}}
  %x6 = arith.negf %u6 : f32
  // expected-error@+1 {{use of undefined value '%u7'}}
  %x7 = arith.negf %u7 : f32
  // expected-error@+1 {{use of undefined value '%u8'}}
  %x8 = arith.negf %u8 : f32
  // expected-error@+1 {{use of undefined value '%u9'}}
  %x9 = arith.negf %u9 : f32
  // expected-error@+1 {{use of undefined value '%u10'}}
  %x10 = arith.negf %u10 : f32
  // expected-error@+1 {{use of undefined value '%u11'}}
  %x11 = arith.negf %u11 : f32
  // expected-error@+1 {{use of undefined value '%u12'}}
  %x12 = arith.negf %u12 : f32
  // expected-error@+1 {{use of undefined value '%u13'}}
  %x13 = arith.negf %u13 : f32
  // expected-error@+1 {{use of undefined value '%u14'}}
  %x14 = arith.negf %u14 : f32
  // expected-error@+1 {{use of undefined value '%u15'}}
  %x15 = arith.negf %u15 : f32
  // expected-error@+1 {{use of undefined value '%u16'}}
  %x16 = arith.negf %u16 : f32
  // expected-error@+1 {{use of undefined value '%u17'}}
  %x17 = arith.negf %u17 : f32
  // expected-error@+1 {{use of undefined value '%u18'}}
  %x18 = arith.negf %u18 : f32
  // expected-error@+1 {{use of undefined value '%u19'}}
  %x19 = arith.negf %u19 : f32
  // expected-error@+1 {{use of undefined value '%u20'}}
  %x20 = arith.negf %u20 : f32
  // expected-error@+1 {{use of undefined value '%u21'}}
  %x21 = arith.negf %u21 : f32
  // expected-error@+1 {{use of undefined value '%u22'}}
  %x22 = arith.negf %u22 : f32
  // expected-error@+1 {{use of undefined value '%u23'}}
  %x23 = arith.negf %u23 : f32
  // expected-error@+1 {{use of undefined value '%u24'}}
  %x24 = arith.negf %u24 : f32
  return
}
