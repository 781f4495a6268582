/*
 * Unit test of the verifier's messages that no text can reach (lib/IR/verifier.c and the
 * hooks in lib/IR/Ops/): the parser fills in what these checks look at (types of uses,
 * result types, maps built from subscripts, one block per body, attribute values that match
 * their types), so test/lit/IR/invalid-*.mlir cannot carry them. A pass building IR through
 * ir.h can get each one wrong. Every case parses one valid module, breaks one op the way a
 * buggy pass would and expects the message among the diagnostics. Exit status 0 = pass.
 */
#define _POSIX_C_SOURCE 200809L
#include "IR/ir.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

static const char source[] =
    "func.func private @g(f32) -> f32\n"
    "func.func @f(%A: memref<8xf32>, %x: f32, %a: i32, %c1: i1, %i: index, %n: index) -> f32 {\n"
    "  %k = arith.constant 3 : i32\n"
    "  %t = arith.constant true\n"
    "  %h = arith.constant 1.5 : f32\n"
    "  %s = arith.addf %x, %x : f32\n"
    "  %cmp = arith.cmpi slt, %a, %a : i32\n"
    "  %sel = arith.select %c1, %x, %x : f32\n"
    "  %e = arith.extf %x : f32 to f64\n"
    "  %r = func.call @g(%x) : (f32) -> f32\n"
    "  %p = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)\n"
    "  %v = affine.load %A[%i] : memref<8xf32>\n"
    "  affine.store %v, %A[%i] : memref<8xf32>\n"
    "  %w = affine.for %j = 0 to 8 iter_args(%acc = %x) -> (f32) {\n"
    "    %u = arith.addf %acc, %x : f32\n"
    "    affine.yield %u : f32\n"
    "  }\n"
    "  affine.if affine_set<(d0) : (d0 >= 0)>(%i) {\n"
    "  }\n"
    "  %m = memref.alloc(%n) : memref<?xf32>\n"
    "  %z = arith.constant 0 : index\n"
    "  %d = memref.dim %A, %z : memref<8xf32>\n"
    "  %q = memref.load %A[%i] : memref<8xf32>\n"
    "  memref.store %q, %A[%i] : memref<8xf32>\n"
    "  memref.dealloc %m : memref<?xf32>\n"
    "  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],\n"
    "                  iterator_types = [\"parallel\"]}\n"
    "      ins(%A : memref<8xf32>) outs(%A : memref<8xf32>) {\n"
    "  ^bb0(%aa: f32, %bb: f32):\n"
    "    linalg.yield %aa : f32\n"
    "  }\n"
    "  return %r : f32\n"
    "}\n";

/* One case: the parsed module, its diagnostics, and the pieces the cases break. */
typedef struct Case {
    SolContext *ctx;
    SolModule *m;
    SolOp *f, *g;        /* @f, @g */
    SolValue *x, *a, *i; /* arguments of @f: f32, i32, index */
    char *diags;
    size_t size;
    FILE *out;
} Case;

static Case t;

typedef struct Find {
    SolOpKind kind;
    int skip;
    SolOp *op;
} Find;

static bool find_op(SolOp *op, void *user)
{
    Find *f = user;
    if (op->kind == f->kind && !f->op && f->skip-- == 0)
        f->op = op;
    return true;
}

/* The nth op of kind in program order (0 = the first). */
static SolOp *nth(SolOpKind kind, int n)
{
    Find f = {kind, n, NULL};
    sol_op_walk(t.m->op, find_op, &f);
    if (!f.op) {
        fprintf(stderr, "no %s #%d in the source\n", sol_op_info(kind)->name, n);
        abort();
    }
    return f.op;
}

static SolOp *first(SolOpKind kind) { return nth(kind, 0); }

static void open_case(void)
{
    t.ctx = sol_context_new();
    t.out = open_memstream(&t.diags, &t.size);
    sol_diag_set_output(sol_context_diag(t.ctx), t.out);
    t.m = sol_parse_buffer(t.ctx, "messages.mlir", source, sizeof source - 1);
    if (!t.m || !sol_verify_module(t.ctx, t.m)) {
        fflush(t.out);
        fprintf(stderr, "the valid module does not verify:\n%s\n", t.diags ? t.diags : "");
        abort();
    }
    t.f = sol_module_lookup_func(t.m, sol_ident_cstr(t.ctx, "f"));
    t.g = sol_module_lookup_func(t.m, sol_ident_cstr(t.ctx, "g"));
    SolBlock *entry = sol_region_first_block(&t.f->regions[0]);
    t.x = &entry->args[1], t.a = &entry->args[2], t.i = &entry->args[4];
}

static void close_case(void)
{
    fclose(t.out);
    free(t.diags);
    t.diags = NULL;
    sol_module_free(t.m);
    sol_context_free(t.ctx);
}

/* Verifies the broken module: it must fail with `want` among the diagnostics. */
static void expect(int line, const char *want)
{
    bool ok = sol_verify_module(t.ctx, t.m);
    fflush(t.out);
    if (ok || !t.diags || !strstr(t.diags, want)) {
        fprintf(stderr, "%s:%d: expected a failure with '%s', got %s:\n%s\n", __FILE__, line, want,
                ok ? "success" : "failure", t.diags ? t.diags : "(nothing)");
        failures++;
    }
    close_case();
}

#define EXPECT_MSG(want) expect(__LINE__, want)
/* Runs `stmt` on a freshly parsed module and expects `want`. */
#define CASE(stmt, want)                                                                           \
    do {                                                                                           \
        open_case();                                                                               \
        stmt;                                                                                      \
        EXPECT_MSG(want);                                                                          \
    } while (0)

static const SolType *f32(void) { return sol_type_float(t.ctx, SOL_F32); }
static const SolType *f64(void) { return sol_type_float(t.ctx, SOL_F64); }
static const SolType *i32(void) { return sol_type_int(t.ctx, 32); }
static const SolType *index_type(void) { return sol_type_index(t.ctx); }

/* A map of one result over num_dims dims and num_syms symbols. */
static const SolAffineMap *map1(uint32_t num_dims, uint32_t num_syms, const SolAffineExpr *e)
{
    return sol_affine_map(t.ctx, num_dims, num_syms, 1, &e);
}

static const SolAffineExpr *d(uint32_t pos) { return sol_affine_dim(t.ctx, pos); }
static const SolAffineExpr *s(uint32_t pos) { return sol_affine_sym(t.ctx, pos); }
static const SolAffineExpr *c(int64_t v) { return sol_affine_const(t.ctx, v); }

static void add_block(SolRegion *r) { sol_block_create(t.m, r, 0, NULL); }

/* func.return moved above the first arith.addf. */
static void move_return_up(void)
{
    SolOp *ret = first(SOL_OP_RETURN);
    sol_op_unlink(ret);
    sol_op_insert_before(first(SOL_OP_ADDF), ret);
}

/* ---- structure (verifier.c) ------------------------------------------------------------- */

static void test_structure(void)
{
    CASE(first(SOL_OP_FOR)->regions[0].parent = NULL, "region #0 has a wrong parent pointer");
    CASE(sol_region_first_block(&first(SOL_OP_FOR)->regions[0])->parent = NULL,
         "a block of region #0 has a wrong parent pointer");
    CASE(first(SOL_OP_ADDF)->parent = sol_region_first_block(&first(SOL_OP_FOR)->regions[0]),
         "'arith.addf' op has a wrong parent block pointer");
    CASE(first(SOL_OP_ADDF)->num_operands = 1, "'arith.addf' op expected 2 operands, but found 1");
    CASE(first(SOL_OP_ADDF)->num_results = 0, "'arith.addf' op expected 1 results, but found 0");
    CASE(first(SOL_OP_IF)->num_regions = 1, "'affine.if' op expected 2 regions, but found 1");
    CASE(sol_op_set_operand(first(SOL_OP_ADDF), 1, NULL), "'arith.addf' op operand #1 is not set");
    CASE(t.x->type = NULL, "'arith.addf' op operand #0 has no type");
    CASE(first(SOL_OP_ADDF)->results[0].type = NULL, "'arith.addf' op result #0 has no type");
    /* The loaded value's op leaves the block while affine.store still uses it. */
    CASE(sol_op_unlink(first(SOL_OP_LOAD)),
         "'affine.store' op operand #0 is a value of an op that is not in any block");
    CASE(move_return_up(), "'func.return' op must be the last operation in the parent block");
    CASE(first(SOL_OP_EXTF)->kind = SOL_OP_COUNT + 3, "op of unknown kind");

    /* The module itself. */
    open_case();
    SolOp *top = t.m->op;
    t.m->op = NULL;
    bool ok = sol_verify_module(t.ctx, t.m);
    t.m->op = top;
    EXPECT(!ok);
    fflush(t.out);
    EXPECT(t.diags && strstr(t.diags, "module has no top-level op"));
    t.m->op = t.f;
    ok = sol_verify_module(t.ctx, t.m);
    t.m->op = top;
    EXPECT(!ok);
    fflush(t.out);
    EXPECT(t.diags && strstr(t.diags, "top-level op must be 'module', found 'func.func'"));
    EXPECT(sol_verify_module(t.ctx, t.m)); /* the module put back verifies again */
    close_case();
}

/* ---- builtin and func (Ops/func.c) ------------------------------------------------------ */

static void test_func(void)
{
    SolOp *mod;
    CASE(t.g->props.func->sym = t.f->props.func->sym, "redefinition of symbol named 'f'");
    CASE(add_block(&t.m->op->regions[0]), "'module' op expects one block in its region, found 2");
    CASE((mod = t.m->op, sol_op_unlink(first(SOL_OP_CONSTANT)),
          sol_block_append(sol_region_first_block(&mod->regions[0]), first(SOL_OP_CONSTANT))),
         "'arith.constant' op is not allowed at module level (only 'func.func' is)");
    /* The module's block given the arguments of @f's entry block. */
    CASE((sol_module_body(t.m)->num_args = 1,
          sol_module_body(t.m)->args = sol_region_first_block(&t.f->regions[0])->args),
         "'module' op body block must have no arguments");
    CASE(t.f->props.func->sym = NULL, "'func.func' op requires a symbol name");
    CASE(t.f->props.func->type = NULL, "'func.func' op requires a function type");
    CASE(add_block(&t.f->regions[0]),
         "'func.func' op expects one block in its body, found 2 (branches are not supported)");
    CASE(t.f->props.func->type = t.g->props.func->type,
         "'func.func' op entry block must have 1 arguments to match function signature");
    CASE(t.x->type = f64(), "'func.func' op type of entry block argument #1('f64') must match the "
                            "type of the corresponding argument in function signature('f32')");
    CASE(first(SOL_OP_CALL)->props.func->sym = NULL,
         "'func.call' op requires a 'callee' symbol reference attribute");
    CASE(first(SOL_OP_CALL)->props.func->type = t.f->props.func->type,
         "'func.call' op operand and result types do not match the call's function type");
}

/* ---- affine (Ops/affine.c) -------------------------------------------------------------- */

static void test_affine(void)
{
    CASE(first(SOL_OP_FOR)->props.loop->lb = NULL, "'affine.for' op requires a lower bound map");
    CASE(first(SOL_OP_FOR)->props.loop->ub = map1(1, 0, d(0)),
         "'affine.for' op upper bound operand count (0) does not match the map's 1 dims and 0 "
         "symbols");
    CASE(first(SOL_OP_FOR)->props.loop->lb = sol_affine_map(t.ctx, 0, 0, 0, NULL),
         "'affine.for' op lower bound map must have at least one result");
    CASE(first(SOL_OP_FOR)->props.loop->step = 0,
         "'affine.for' op expected step to be representable as a positive signed integer");
    CASE(first(SOL_OP_FOR)->props.loop->num_ub_operands = 4,
         "'affine.for' op bound operand counts (0 + 4) exceed the operand count 1");
    CASE(first(SOL_OP_FOR)->results[0].type = f64(),
         "'affine.for' op type of iter_args init #0 ('f32') does not match result type ('f64')");
    CASE(add_block(&first(SOL_OP_FOR)->regions[0]),
         "'affine.for' op expected body region to have a single block, found 2");
    CASE(sol_region_first_block(&first(SOL_OP_FOR)->regions[0])->args[0].type = i32(),
         "'affine.for' op expected body to have a single index argument for the induction "
         "variable");
    CASE(sol_region_first_block(&first(SOL_OP_FOR)->regions[0])->args[1].type = f64(),
         "'affine.for' op type of region iter_arg #0 ('f64') does not match its init ('f32')");
    CASE(sol_region_first_block(&first(SOL_OP_FOR)->regions[0])->num_args = 1,
         "'affine.for' op mismatch between the number of basic block args and results");
    /* A loop-carried value without its result: the counts no longer match. */
    CASE((first(SOL_OP_FOR)->num_results = 0, first(SOL_OP_YIELD)->num_operands = 0),
         "'affine.for' op mismatch between the number of loop-carried values (1) and results "
         "(0)");
    CASE(first(SOL_OP_IF)->props.cond.set = NULL, "'affine.if' op requires an integer set");
    CASE(first(SOL_OP_IF)->props.cond.set = sol_integer_set(t.ctx, 2, 0, 0, NULL, NULL),
         "'affine.if' op operand count and condition integer set dimension and symbol count "
         "must match");
    CASE(add_block(&first(SOL_OP_IF)->regions[0]),
         "'affine.if' op expects the then region to have one block, found 2");
    CASE((add_block(&first(SOL_OP_IF)->regions[1]), add_block(&first(SOL_OP_IF)->regions[1])),
         "'affine.if' op expects the else region to have at most one block, found 2");
    CASE(sol_block_create(t.m, &first(SOL_OP_IF)->regions[1], 1, (const SolType *[]){f32()}),
         "'affine.if' op requires the else block to have no arguments");
    CASE(first(SOL_OP_LOAD)->num_operands = 0, "'affine.load' op expected at least 1 operands");
    CASE(sol_op_set_operand(first(SOL_OP_LOAD), 0, t.x),
         "'affine.load' op operand #0 must be memref of any type values, but got 'f32'");
    CASE(first(SOL_OP_LOAD)->results[0].type = f64(),
         "'affine.load' op result type must match element type of memref");
    CASE(sol_op_set_operand(first(SOL_OP_STORE), 0, t.a),
         "'affine.store' op value to store must have the same type as memref element type");
    CASE(first(SOL_OP_LOAD)->props.access.map = NULL, "'affine.load' op requires an access map");
    CASE(first(SOL_OP_LOAD)->props.access.map = map1(2, 0, d(0)),
         "'affine.load' op expects as many subscripts as affine map inputs (1 vs 2)");
    CASE(first(SOL_OP_APPLY)->props.access.map = NULL, "'affine.apply' op requires an affine map");
    CASE(first(SOL_OP_APPLY)->props.access.map = map1(0, 0, c(1)),
         "'affine.apply' op operand count and affine map dimension and symbol count must match");
    CASE(first(SOL_OP_APPLY)->results[0].type = i32(),
         "'affine.apply' op result #0 must be index, but got 'i32'");
    /* Expressions a parser would have refused. */
    CASE(first(SOL_OP_APPLY)->props.access.map = map1(1, 0, d(1)),
         "'affine.apply' op affine expression uses d1 but the map has 1 dimension(s)");
    CASE(first(SOL_OP_APPLY)->props.access.map = map1(1, 0, s(0)),
         "'affine.apply' op affine expression uses s0 but the map has 0 symbol(s)");
    CASE(first(SOL_OP_APPLY)->props.access.map = map1(1, 0, sol_affine_mul(t.ctx, d(0), d(0))),
         "non-affine expression: at least one of the multiply operands has to be either a "
         "constant or symbolic");
    CASE(first(SOL_OP_APPLY)->props.access.map =
             map1(1, 0, sol_affine_binary(t.ctx, SOL_AFF_MOD, d(0), d(0))),
         "non-affine expression: right operand of mod has to be either a constant or symbolic");
    CASE(first(SOL_OP_APPLY)->props.access.map =
             map1(1, 0, sol_affine_binary(t.ctx, SOL_AFF_FLOORDIV, d(0), c(0))),
         "'affine.apply' op division by zero in affine map (floordiv 0)");
}

/* ---- arith (Ops/arith.c) ---------------------------------------------------------------- */

static void test_arith(void)
{
    SolOp *k, *h;
    CASE(first(SOL_OP_ADDF)->results[0].type = f64(),
         "'arith.addf' op requires the same type for all operands and results");
    CASE(first(SOL_OP_CMPI)->props.cmp.predicate = 10,
         "'arith.cmpi' op unknown comparison predicate 10");
    CASE(sol_op_set_operand(first(SOL_OP_CMPI), 1, t.i),
         "'arith.cmpi' op requires all operands to have the same type");
    CASE(first(SOL_OP_CMPI)->results[0].type = i32(),
         "'arith.cmpi' op result #0 must be bool-like, but got 'i32'");
    CASE(sol_op_set_operand(first(SOL_OP_SELECT), 2, t.a),
         "requires the same type for the true value, the false value and the result ('f32', "
         "'i32', 'f32')");
    CASE(first(SOL_OP_CONSTANT)->props.constant.value = NULL,
         "'arith.constant' op requires attribute 'value'");
    CASE(nth(SOL_OP_CONSTANT, 1)->results[0].type = i32(),
         "'arith.constant' op boolean value requires an 'i1' result, but got 'i32'");
    CASE(first(SOL_OP_CONSTANT)->results[0].type = f32(),
         "'arith.constant' op integer value requires an integer or index result, but got 'f32'");
    CASE(first(SOL_OP_CONSTANT)->results[0].type = index_type(),
         "'arith.constant' op failed to verify that result and attribute have the same type "
         "('index' vs 'i32')");
    CASE((k = first(SOL_OP_CONSTANT),
          k->props.constant.value = sol_attr_int(t.m, INT64_C(1) << 40, i32())),
         "'arith.constant' op integer constant out of range for type 'i32' (value 1099511627776)");
    CASE(nth(SOL_OP_CONSTANT, 2)->results[0].type = i32(),
         "'arith.constant' op floating point value requires a float result, but got 'i32'");
    CASE(nth(SOL_OP_CONSTANT, 2)->results[0].type = f64(),
         "'arith.constant' op failed to verify that result and attribute have the same type "
         "('f64' vs 'f32')");
    CASE((h = nth(SOL_OP_CONSTANT, 2), h->props.constant.value = sol_attr_string(t.m, "s", 1)),
         "'arith.constant' op value must be an integer, float or boolean attribute");
}

/* ---- memref (Ops/memref.c) -------------------------------------------------------------- */

static void test_memref(void)
{
    CASE(first(SOL_OP_ALLOC)->results[0].type = f32(),
         "'memref.alloc' op result #0 must be memref of any type values, but got 'f32'");
    CASE(sol_op_set_operand(first(SOL_OP_DEALLOC), 0, t.x),
         "'memref.dealloc' op operand #0 must be memref of any type values, but got 'f32'");
    CASE(sol_op_set_operand(first(SOL_OP_DIM), 0, t.x),
         "'memref.dim' op operand #0 must be memref of any type values, but got 'f32'");
    CASE(sol_op_set_operand(first(SOL_OP_DIM), 1, t.a),
         "'memref.dim' op operand #1 must be index, but got 'i32'");
    CASE(first(SOL_OP_DIM)->results[0].type = i32(),
         "'memref.dim' op result #0 must be index, but got 'i32'");
    CASE(first(SOL_OP_MSTORE)->num_operands = 1, "'memref.store' op expected at least 2 operands");
    CASE(sol_op_set_operand(first(SOL_OP_MLOAD), 0, t.x),
         "'memref.load' op operand #0 must be memref of any type values, but got 'f32'");
    CASE(first(SOL_OP_MLOAD)->results[0].type = f64(),
         "'memref.load' op failed to verify that result type matches element type of 'memref'");
    CASE(sol_op_set_operand(first(SOL_OP_MSTORE), 0, t.a),
         "'memref.store' op failed to verify that type of 'value' matches element type of "
         "'memref'");
}

/* ---- linalg (Ops/linalg.c) -------------------------------------------------------------- */

static void test_linalg(void)
{
    CASE(first(SOL_OP_GENERIC)->props.generic.num_ins = 3,
         "'linalg.generic' op has 3 inputs but only 2 operands");
    CASE(add_block(&first(SOL_OP_GENERIC)->regions[0]),
         "'linalg.generic' op expected region with 1 block, found 2");
}

int main(void)
{
    test_structure();
    test_func();
    test_affine();
    test_arith();
    test_memref();
    test_linalg();
    return failures ? 1 : 0;
}
