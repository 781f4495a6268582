// Attribute aliases in the input (#name = affine_map / affine_set) are resolved when read and
// forgotten: the printer derives its own #mapN / #setN from the maps and sets used, numbered by
// first use, one alias per distinct map (two input aliases of one map share one), none for
// unused ones. Input names that look like output names (#map0) must not leak through.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CHECK:      {{^}}#map0 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: {{^}}#map1 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: {{^}}#map2 = affine_map<(d0)[s0] -> (d0 * 32, s0)>
// CHECK-NEXT: {{^}}#map3 = affine_map<(d0) -> (d0 floordiv 3)>
// CHECK-NEXT: {{^}}#set0 = affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>
// CHECK-NEXT: {{^}}#set1 = affine_set<(d0) : (d0 - 1 >= 0)>
// CHECK-NEXT: {{^}}module {
// CHECK-NOT:  d0 - 7
#map1 = affine_map<(d0) -> (d0 + 1)>
#map0 = affine_map<(d0) -> (d0 * 2)>
#unused = affine_map<(d0) -> (d0 - 7)>
#tile_lb$x = affine_map<(d0)[s0] -> (d0 * 32, s0)>
#set0 = affine_set<(d0) : (d0 - 1 >= 0)>
#s_2 = affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>
#same = affine_map<(d0) -> (d0 + 1)>

// CHECK-LABEL: func.func @f(%n: index) {
// CHECK-NEXT:    affine.for %i = 0 to 16 {
// CHECK-NEXT:      %a = affine.apply #map0(%i)
// CHECK-NEXT:      %b = affine.apply #map1(%i)
// CHECK-NEXT:      %c = affine.apply #map0(%i)
// CHECK-NEXT:      %d = affine.min #map2(%i)[%n]
// CHECK-NEXT:      affine.if #set0(%i)[%n] {
// CHECK-NEXT:        affine.if #set1(%i) {
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @f(%n: index) {
  affine.for %i = 0 to 16 {
    %a = affine.apply #map1(%i)
    %b = affine.apply #map0(%i)
    %c = affine.apply #same(%i)
    %d = affine.min #tile_lb$x(%i)[%n]
    affine.if #s_2(%i)[%n] {
      affine.if #set0(%i) {
      }
    }
  }
  return
}

// An alias may be defined between functions (before its first use); aliases also work as
// attribute values, alone or in arrays.
#late = affine_map<(d0) -> (d0 floordiv 3)>

// CHECK-LABEL: func.func @g(%i: index) {
// CHECK-NEXT:    %a = affine.apply #map3(%i) {arr = [#map3, #set0], m = #map1, s = #set1}
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func @g(%i: index) {
  %a = affine.apply #late(%i) {m = #map0, s = #set0, arr = [#late, #s_2]}
  return
}
