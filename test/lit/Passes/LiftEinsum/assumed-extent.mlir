// The extent a `?` dim of an argument is taken to have comes from one rule
// (lib/Analysis/dim_extent.h) that --bind and lift-einsum share: the largest `for 0 to E` whose
// counter indexes the dim, when every other access provably stays below E and nothing but
// accesses, memref.dim, dealloc and linalg.generic use the argument. (bind.c used to take the
// largest loop but stop at a linalg.generic; lift-einsum ignored generics but wanted every
// access to be such a loop with the same E.)

// RUN: solar-opt %s --split-input-file --lift-einsum | FileCheck %s --check-prefix=LIFT
// RUN: solar-opt %s --split-input-file --bind N=1 | FileCheck %s --check-prefix=BIND
// RUN: solar-opt %s --split-input-file --bind N=1 --pass-pipeline='lift-einsum{remarks=true}' --verify-diagnostics -o /dev/null

// A loop over all of %A and one over its first half: %A has 8 elements. The first nest takes
// its range from %A; the second covers less than that, so a shape buffer gives its range.
// LIFT-LABEL: func.func @forward(
// LIFT-NEXT:    linalg.generic
// LIFT-SAME:        ins(%{{.+}} : memref<?xf32>) outs(%{{.+}} : memref<8xf32>)
// LIFT-SAME:        solar.einsum = "i->i"
// LIFT:         %[[SHAPE:.+]] = memref.alloc() : memref<4xi8>
// LIFT-NEXT:    linalg.generic
// LIFT-SAME:        ins(%[[SHAPE]], %{{.+}} : memref<4xi8>, memref<?xf32>) outs(%{{.+}} : memref<4xf32>)
// LIFT-SAME:        solar.einsum = "[j],j->j"
// --bind makes the dim static by the same rule; then the second loop covers part of a static
// dim, which a generic cannot (MLIR requires a plain dim to span the operand).
// BIND-LABEL: func.func @forward(
// BIND-SAME:      %{{.+}}: memref<8xf32>, %{{.+}}: memref<8xf32>, %{{.+}}: memref<4xf32>)
func.func @forward(%N: index, %A: memref<?xf32>, %B: memref<8xf32>, %C: memref<4xf32>) {
  // expected-remark@+1 {{lifted into 1 linalg.generic op}}
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<?xf32>
    affine.store %a, %B[%i] : memref<8xf32>
  }
  // expected-remark@+1 {{loop nest stays loops: loop %j covers 4 of the 8 elements of a dim of %A}}
  affine.for %j = 0 to 4 {
    %a = affine.load %A[%j] : memref<?xf32>
    affine.store %a, %C[%j] : memref<4xf32>
  }
  return
}

// -----

// An access that is not a loop counter but provably stays below 8 (5..7) agrees with the
// extent 8.
// LIFT-LABEL: func.func @forward(
// LIFT-NEXT:    linalg.generic
// LIFT-SAME:        ins(%{{.+}} : memref<?xf32>) outs(%{{.+}} : memref<8xf32>)
// LIFT-SAME:        solar.einsum = "i->i"
// LIFT-NEXT:    ^bb0
// LIFT-NEXT:      linalg.yield
// LIFT-NEXT:    }
// LIFT-NEXT:    linalg.generic
// LIFT-SAME:        solar.einsum = "(j+5)->j"
// BIND-LABEL: func.func @forward(
// BIND-SAME:      %{{.+}}: memref<8xf32>, %{{.+}}: memref<8xf32>, %{{.+}}: memref<3xf32>)
func.func @forward(%N: index, %A: memref<?xf32>, %B: memref<8xf32>, %C: memref<3xf32>) {
  // expected-remark@+1 {{lifted into 1 linalg.generic op}}
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<?xf32>
    affine.store %a, %B[%i] : memref<8xf32>
  }
  // expected-remark@+1 {{lifted into 1 linalg.generic op}}
  affine.for %j = 0 to 3 {
    %a = affine.load %A[%j + 5] : memref<?xf32>
    affine.store %a, %C[%j] : memref<3xf32>
  }
  return
}

// -----

// A linalg.generic iterates over the whole dim, whatever it is: it neither states nor
// contradicts the extent the loop gives. (--bind used to keep the `?` here.)
// LIFT-LABEL: func.func @forward(
// LIFT-NEXT:    linalg.generic
// LIFT-SAME:        ins(%{{.+}} : memref<?xf32>) outs(%{{.+}} : memref<8xf32>)
// LIFT-SAME:        solar.einsum = "i->i"
// BIND-LABEL: func.func @forward(
// BIND-SAME:      %{{.+}}: memref<8xf32>, %{{.+}}: memref<8xf32>, %{{.+}}: memref<8xf32>)
#id = affine_map<(d0) -> (d0)>
func.func @forward(%N: index, %A: memref<?xf32>, %B: memref<8xf32>, %C: memref<8xf32>) {
  // expected-remark@+1 {{lifted into 1 linalg.generic op}}
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<?xf32>
    affine.store %a, %B[%i] : memref<8xf32>
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%A : memref<?xf32>) outs(%C : memref<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// Two symbolic extents cannot be ordered: no extent, and each loop gets a shape buffer.
// LIFT-LABEL: func.func @forward(
// LIFT:         memref.alloc(%{{.+}}) : memref<?xi8>
// LIFT:         solar.einsum = "[i],i->i"
// LIFT:         memref.alloc(%{{.+}}) : memref<?xi8>
// LIFT:         solar.einsum = "[j],j->j"
// Bound with N=1, %C has one element; %A still has the loop over the unbound %M: it stays `?`.
// BIND-LABEL: func.func @forward(
// BIND-SAME:      %{{.+}}: memref<?xf32>, %{{.+}}: memref<?xf32>, %{{.+}}: memref<1xf32>)
func.func @forward(%N: index, %M: index, %A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  // expected-remark@+1 {{lifted into 1 linalg.generic op}}
  affine.for %i = 0 to %M {
    %a = affine.load %A[%i] : memref<?xf32>
    affine.store %a, %B[%i] : memref<?xf32>
  }
  // expected-remark@+1 {{lifted into 1 linalg.generic op}}
  affine.for %j = 0 to %N {
    %a = affine.load %A[%j] : memref<?xf32>
    affine.store %a, %C[%j] : memref<?xf32>
  }
  return
}
