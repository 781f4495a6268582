/*
 * Unit test of the printer's fallback (lib/IR/printer.c with the print hooks of lib/IR/Ops/):
 * an op whose operands or inherent data do not fit its custom syntax prints in MLIR's generic
 * form, and only it; the ops around it keep their custom syntax and names; a map that only
 * the unfitting op would have printed gets no alias. Each case parses one module, breaks one
 * op the way a buggy pass could (a predicate without spelling, a constant without value, too
 * few operands for a map or a memref access, bound counts past the operands, no integer set,
 * more inputs than operands, no function type) and compares the whole output. The IR is
 * built only through the parser, so every case starts from valid IR. Exit status 0 = pass.
 */
#define _POSIX_C_SOURCE 200809L
#include "IR/ir.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

static const char source[] =
    "func.func @f(%A: memref<8xf32>, %B: memref<8xf32>, %a: i32, %b: i32, %i: index) -> i1 {\n"
    "  %c = arith.cmpi slt, %a, %b : i32\n"
    "  %k = arith.constant 3 : i32\n"
    "  %s = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)\n"
    "  %v = affine.load %A[%i] : memref<8xf32>\n"
    "  affine.for %j = 0 to 8 {\n"
    "    affine.store %v, %B[%j] : memref<8xf32>\n"
    "  }\n"
    "  affine.if affine_set<(d0) : (d0 >= 0)>(%i) {\n"
    "    memref.store %v, %A[%i] : memref<8xf32>\n"
    "  }\n"
    "  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],\n"
    "                  iterator_types = [\"parallel\"]}\n"
    "      ins(%A : memref<8xf32>) outs(%B : memref<8xf32>) {\n"
    "  ^bb0(%x: f32, %y: f32):\n"
    "    linalg.yield %x : f32\n"
    "  }\n"
    "  return %c : i1\n"
    "}\n";

typedef struct Find {
    SolOpKind kind;
    SolOp *op;
} Find;

static bool find_op(SolOp *op, void *user)
{
    Find *f = user;
    if (op->kind == f->kind && !f->op)
        f->op = op;
    return true;
}

static void break_op(SolOp *op)
{
    switch (op->kind) {
    case SOL_OP_CMPI:
        op->props.cmp.predicate = 12; /* cmpi has 10 */
        break;
    case SOL_OP_CONSTANT:
        op->props.constant.value = NULL;
        break;
    case SOL_OP_APPLY:
        op->num_operands = 0; /* the map takes one */
        break;
    case SOL_OP_LOAD:
        op->num_operands = 1; /* the memref without its subscript */
        break;
    case SOL_OP_MSTORE:
        op->num_operands = 1; /* the value without the memref */
        break;
    case SOL_OP_FOR:
        op->props.loop->num_lb_operands = 1; /* more bound operands than operands */
        break;
    case SOL_OP_IF:
        op->props.cond.set = NULL;
        break;
    case SOL_OP_GENERIC:
        op->props.generic.num_ins = 5;
        break;
    case SOL_OP_FUNC:
        op->props.func->type = NULL;
        break;
    default:
        EXPECT(!"no way to break this op");
        break;
    }
}

/* Parses the source, breaks the first op of `kind` (none when SOL_OP_COUNT) and compares the
 * printed module with `want`, line by line. */
static void expect_print(SolOpKind kind, const char *want)
{
    SolContext *ctx = sol_context_new();
    SolModule *m = sol_parse_buffer(ctx, "generic.mlir", source, sizeof source - 1);
    EXPECT(m != NULL);
    if (!m) {
        sol_context_free(ctx);
        return;
    }
    if (kind != SOL_OP_COUNT) {
        Find f = {kind, NULL};
        sol_op_walk(m->op, find_op, &f);
        EXPECT(f.op != NULL);
        if (f.op)
            break_op(f.op);
    }
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    SolPrintOptions opts = {SOL_MLIR_CURRENT};
    EXPECT(sol_print_module(out, m, &opts));
    fclose(out);
    if (strcmp(text, want) != 0) {
        fprintf(stderr, "%s: case %s: want\n---\n%s---\ngot\n---\n%s---\n", __FILE__,
                kind == SOL_OP_COUNT ? "valid" : sol_op_info(kind)->name, want, text);
        failures++;
    }
    free(text);
    sol_module_free(m);
    sol_context_free(ctx);
}

/* The lines of the valid module's output, which every case repeats but for its broken op. */
#define HEAD "#map0 = affine_map<(d0) -> (d0 + 1)>\n#map1 = affine_map<(d0) -> (d0)>\n"
#define HEAD_NO_APPLY "#map0 = affine_map<(d0) -> (d0)>\n"
#define MODULE "module {\n"
#define FUNC                                                                                       \
    "  func.func @f(%A: memref<8xf32>, %B: memref<8xf32>, %a: i32, %b: i32, %i: index) -> i1 {\n"
#define CMPI "    %c = arith.cmpi slt, %a, %b : i32\n"
#define CONST "    %k = arith.constant 3 : i32\n"
#define APPLY "    %s = affine.apply #map0(%i)\n"
#define LOAD "    %v = affine.load %A[%i] : memref<8xf32>\n"
#define FOR                                                                                        \
    "    affine.for %j = 0 to 8 {\n"                                                               \
    "      affine.store %v, %B[%j] : memref<8xf32>\n"                                              \
    "    }\n"
#define IF                                                                                         \
    "    affine.if #set0(%i) {\n"                                                                  \
    "      memref.store %v, %A[%i] : memref<8xf32>\n"                                              \
    "    }\n"
#define GENERIC(m)                                                                                 \
    "    linalg.generic {indexing_maps = [" m ", " m "], iterator_types = [\"parallel\"]} "        \
    "ins(%A : memref<8xf32>) outs(%B : memref<8xf32>) {\n"                                         \
    "    ^bb0(%x: f32, %y: f32):\n"                                                                \
    "      linalg.yield %x : f32\n"                                                                \
    "    }\n"
#define TAIL "    return %c : i1\n  }\n}\n\n"
#define SET "#set0 = affine_set<(d0) : (d0 >= 0)>\n"

int main(void)
{
    expect_print(SOL_OP_COUNT,
                 HEAD SET MODULE FUNC CMPI CONST APPLY LOAD FOR IF GENERIC("#map1") TAIL);
    expect_print(SOL_OP_CMPI, HEAD SET MODULE FUNC
                 "    %c = \"arith.cmpi\"(%a, %b) : (i32, i32) -> i1\n" CONST APPLY LOAD FOR IF
                     GENERIC("#map1") TAIL);
    expect_print(SOL_OP_CONSTANT, HEAD SET MODULE FUNC CMPI
                 "    %k = \"arith.constant\"() : () -> i32\n" APPLY LOAD FOR IF GENERIC("#map1")
                     TAIL);
    /* The apply's map is no longer printed, so it gets no alias and the others move up. */
    expect_print(SOL_OP_APPLY, HEAD_NO_APPLY SET MODULE FUNC CMPI CONST
                 "    %s = \"affine.apply\"() : () -> index\n" LOAD FOR IF GENERIC("#map0") TAIL);
    expect_print(SOL_OP_LOAD, HEAD SET MODULE FUNC CMPI CONST APPLY
                 "    %v = \"affine.load\"(%A) : (memref<8xf32>) -> f32\n" FOR IF GENERIC("#map1")
                     TAIL);
    expect_print(SOL_OP_MSTORE, HEAD SET MODULE FUNC CMPI CONST APPLY LOAD FOR
                 "    affine.if #set0(%i) {\n"
                 "      \"memref.store\"(%v) : (f32) -> ()\n"
                 "    }\n" GENERIC("#map1") TAIL);
    /* The generic form spells regions out: block labels, the implicit yield. */
    expect_print(SOL_OP_FOR, HEAD SET MODULE FUNC CMPI CONST APPLY LOAD
                 "    \"affine.for\"() ( {\n"
                 "    ^bb0(%j: index):\n"
                 "      affine.store %v, %B[%j] : memref<8xf32>\n"
                 "      affine.yield\n"
                 "    }) : () -> ()\n" IF GENERIC("#map1") TAIL);
    expect_print(SOL_OP_IF, HEAD MODULE FUNC CMPI CONST APPLY LOAD FOR
                 "    \"affine.if\"(%i) ( {\n"
                 "      memref.store %v, %A[%i] : memref<8xf32>\n"
                 "      affine.yield\n"
                 "    }, {\n"
                 "    }) : (index) -> ()\n" GENERIC("#map1") TAIL);
    expect_print(SOL_OP_GENERIC, HEAD SET MODULE FUNC CMPI CONST APPLY LOAD FOR IF
                 "    \"linalg.generic\"(%A, %B) ( {\n"
                 "    ^bb0(%x: f32, %y: f32):\n"
                 "      linalg.yield %x : f32\n"
                 "    }) {indexing_maps = [#map1, #map1], iterator_types = [\"parallel\"]} : "
                 "(memref<8xf32>, memref<8xf32>) -> ()\n" TAIL);
    /* Without a function type the body is a region like any other, one level out. */
    expect_print(SOL_OP_FUNC, HEAD SET MODULE
                 "  \"func.func\"() ( {\n"
                 "  ^bb0(%A: memref<8xf32>, %B: memref<8xf32>, %a: i32, %b: i32, %i: index):\n"
                 "    %c = arith.cmpi slt, %a, %b : i32\n" CONST APPLY LOAD FOR IF GENERIC(
                     "#map1") "    return %c : i1\n"
                              "  }) : () -> ()\n"
                              "}\n\n");
    return failures ? 1 : 0;
}
