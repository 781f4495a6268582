/*
 * f32 -> f64 over IR text (lib/Translate/promote.h): every spelling of the f32 type, hex and
 * decimal f32 constants, and what must stay as it is (names, strings, comments, other types).
 */
#include "Translate/promote.h"
#include "check.h"

#include <string.h>

/* promote(in) == want, with `count` types rewritten. */
static void expect(const char *in, const char *want, size_t count)
{
    SolBuf out = {0};
    size_t n = sol_ir_promote_f32(in, strlen(in), &out);
    bool same = out.data && strcmp(out.data, want) == 0;
    if (!same || n != count)
        fprintf(stderr, "promote(%s)\n  = %s (%zu types)\n  want %s (%zu)\n", in,
                out.data ? out.data : "(null)", n, want, count);
    EXPECT(same && n == count);
    sol_buf_free(&out);
}

static void test_types(void)
{
    expect("%x: memref<4x?xf32>, %y: memref<f32>", "%x: memref<4x?xf64>, %y: memref<f64>", 2);
    expect("memref<?x3x?x?xf32>", "memref<?x3x?x?xf64>", 1);
    expect("%s = arith.addf %a, %b : f32", "%s = arith.addf %a, %b : f64", 1);
    expect("(f32, f32) -> f32", "(f64, f64) -> f64", 3);
    expect("%i = arith.sitofp %n : i32 to f32", "%i = arith.sitofp %n : i32 to f64", 1);
    /* f16, bf16, i32, index and f64 stay */
    expect("memref<4xf16>, bf16, i32, index, f64", "memref<4xf16>, bf16, i32, index, f64", 0);
}

static void test_left_alone(void)
{
    /* names of values, functions, maps and blocks; strings; comments */
    expect("%f32 = @f32_kernel #f32 ^f32", "%f32 = @f32_kernel #f32 ^f32", 0);
    expect("{solar.op = \"f32\", note = \"a \\\"f32\\\"\"} : f32",
           "{solar.op = \"f32\", note = \"a \\\"f32\\\"\"} : f64", 1);
    expect("// memref<4xf32>\n%a : f32", "// memref<4xf32>\n%a : f64", 1);
    /* words that end in f32 but are no type */
    expect("maxf32 x4f32 af32", "maxf32 x4f32 af32", 0);
}

static void test_constants(void)
{
    /* the f32 rounding of 1e-5, 0.1, 0.9: the shortest decimals with the same f32 value */
    expect("arith.constant 9.999999747e-06 : f32", "arith.constant 1.0e-05 : f64", 1);
    expect("arith.constant 1.000000015e-01 : f32", "arith.constant 1.0e-01 : f64", 1);
    expect("arith.constant -8.999999762e-01 : f32", "arith.constant -9.0e-01 : f64", 1);
    expect("arith.constant 3.333333433e-01 : f32", "arith.constant 3.3333334e-01 : f64", 1);
    expect("arith.constant 0.000000000e+00 : f32", "arith.constant 0.0e+00 : f64", 1);
    /* an f64 constant keeps its digits */
    expect("arith.constant 9.999999747e-06 : f64", "arith.constant 9.999999747e-06 : f64", 0);
    /* hex: -inf and 1.0 as f64 bit patterns; an integer hex or an f64 one stays */
    expect("arith.constant 0xFF800000 : f32", "arith.constant 0xFFF0000000000000 : f64", 1);
    expect("arith.constant 0x3f800000:f32", "arith.constant 0x3FF0000000000000:f64", 1);
    expect("arith.constant 0xFF800000 : i32", "arith.constant 0xFF800000 : i32", 0);
    /* digits of shapes and affine maps are no constants */
    expect("affine_map<(d0) -> (d0 * 2)> memref<12x7xf32>",
           "affine_map<(d0) -> (d0 * 2)> memref<12x7xf64>", 1);
}

int main(void)
{
    test_types();
    test_left_alone();
    test_constants();
    return failures ? 1 : 0;
}
