/*
 * The linalg dialect's hooks: linalg.generic and linalg.yield.
 *
 * Verifying: memref operands, one indexing map per operand over the iterator types' loops,
 * "parallel"/"reduction" iterators, a body block with one scalar argument per operand, and a
 * linalg.yield of one value per output of its element type.
 *
 * Printing: `linalg.generic {indexing_maps, iterator_types, doc, library_call} ins(...)
 * outs(...) attrs =  {the rest} { ^bb0(...): ... }` and `linalg.yield %a : T`.
 */
#include "IR/print_internal.h"
#include "IR/verify_internal.h"

#include <string.h>

/* ---- linalg ---------------------------------------------------------------------------------- */

/* generic -> linalg.generic {indexing_maps = [maps], iterator_types = [strings]} ins(...)
 * outs(...) { ^bb(scalars): ... linalg.yield outs' scalars }: memref operands; one map per
 * operand with N dims (N = number of iterator types), no symbols, rank results; iterator
 * types "parallel"/"reduction"; one block argument per operand of its element type; yield
 * one value per out of its element type */
void sol_linalg_generic_verify(SolVerifier *v, SolOp *op)
{
    uint32_t n = op->num_operands, nins = op->props.generic.num_ins;
    if (nins > n) {
        sol_vfy_error(v, op, "has %u inputs but only %u operands", nins, n);
        return;
    }
    bool operands_ok = true;
    for (uint32_t i = 0; i < n; i++)
        if (!is_memref(opnd_type(op, i))) {
            sol_vfy_error(v, op, "operand #%u must be a memref, but got '%s'", i,
                          sol_vfy_type_str(v, opnd_type(op, i)));
            operands_ok = false;
        }
    const SolAttr *maps = sol_op_get_attr(op, sol_ident_cstr(v->ctx, "indexing_maps"));
    const SolAttr *iters = sol_op_get_attr(op, sol_ident_cstr(v->ctx, "iterator_types"));
    bool attrs_ok = true;
    if (!iters || iters->kind != SOL_ATTR_ARRAY) {
        sol_vfy_error(v, op, "requires an array attribute 'iterator_types'");
        attrs_ok = false;
    } else {
        for (uint32_t i = 0; i < iters->array.n; i++) {
            const SolAttr *s = iters->array.elems[i];
            if (s->kind != SOL_ATTR_STRING ||
                !((s->str.len == 8 && !memcmp(s->str.data, "parallel", 8)) ||
                  (s->str.len == 9 && !memcmp(s->str.data, "reduction", 9)))) {
                sol_vfy_error(v, op, "iterator_types #%u must be \"parallel\" or \"reduction\"", i);
                attrs_ok = false;
            }
        }
    }
    if (!maps || maps->kind != SOL_ATTR_ARRAY) {
        sol_vfy_error(v, op, "requires an array attribute 'indexing_maps'");
        attrs_ok = false;
    } else if (maps->array.n != n) {
        sol_vfy_error(v, op,
                      "expected the number of indexing_map (%u) to be equal to the number of "
                      "input/output operands (%u)",
                      maps->array.n, n);
        attrs_ok = false;
    }
    if (attrs_ok) {
        uint32_t nloops = iters->array.n;
        for (uint32_t i = 0; i < n; i++) {
            const SolAttr *a = maps->array.elems[i];
            if (a->kind != SOL_ATTR_MAP) {
                sol_vfy_error(v, op, "indexing_maps #%u must be an affine map", i);
                break;
            }
            const SolAffineMap *m = a->map;
            bool map_ok = false;
            if (m->num_syms)
                sol_vfy_error(v, op, "unexpected symbols in indexing_map #%u", i);
            else if (m->num_dims != nloops)
                sol_vfy_error(v, op,
                              "expected indexing_map #%u to have %u dim(s) to match the "
                              "number of loops",
                              i, nloops);
            else if (operands_ok && m->num_results != opnd_type(op, i)->rank)
                sol_vfy_error(v, op,
                              "expected operand rank (%u) to match the result rank of "
                              "indexing_map #%u (%u)",
                              opnd_type(op, i)->rank, i, m->num_results);
            else
                map_ok = sol_vfy_affine_map(v, op, m);
            if (!map_ok)
                break; /* the first bad map only, as MLIR */
        }
    }
    SolRegion *r = &op->regions[0];
    if (sol_vfy_num_blocks(r) != 1) {
        sol_vfy_error(v, op, "expected region with 1 block, found %u", sol_vfy_num_blocks(r));
        return;
    }
    SolBlock *b = sol_region_first_block(r);
    if (b->num_args != n) {
        sol_vfy_error(v, op,
                      "expected as many non-induction variable region arguments as the "
                      "number of input/output operands");
        return;
    }
    for (uint32_t i = 0; operands_ok && i < n; i++)
        if (b->args[i].type != opnd_type(op, i)->elem)
            sol_vfy_error(v, op,
                          "expected type of bb argument #%u ('%s') to match element or self "
                          "type of the corresponding operand ('%s')",
                          i, sol_vfy_type_str(v, b->args[i].type),
                          sol_vfy_type_str(v, opnd_type(op, i)->elem));
    SolOp *y = sol_vfy_block_terminator(v, op, b, SOL_OP_LYIELD);
    if (!y || !operands_ok)
        return;
    if (y->num_operands != n - nins) {
        sol_vfy_error(v, y,
                      "expected number of yield values (%u) to match the number of outputs of "
                      "the enclosing linalg.generic (%u)",
                      y->num_operands, n - nins);
        return;
    }
    for (uint32_t i = 0; i < y->num_operands; i++)
        if (sol_op_operand(y, i) && opnd_type(y, i) != opnd_type(op, nins + i)->elem)
            sol_vfy_error(v, y,
                          "type of yield operand %u ('%s') doesn't match the element type of "
                          "the enclosing linalg.generic op ('%s')",
                          i + 1, sol_vfy_type_str(v, opnd_type(y, i)),
                          sol_vfy_type_str(v, opnd_type(op, nins + i)->elem));
}

/* ---- printing -------------------------------------------------------------------------------- */

/* linalg.yield prints its operands first. */
static void print_linalg_yield(SolPrinter *P, SolOp *op, uint32_t depth)
{
    (void)depth; /* no regions */
    sol_prt_name(P, op);
    if (op->num_operands) {
        sol_buf_putc(P->b, ' ');
        sol_prt_operands(P, op, 0, op->num_operands);
    }
    sol_prt_op_attrs(P, op);
    if (op->num_operands) {
        sol_buf_append(P->b, " : ", 3);
        sol_prt_operand_types(P, op, 0, op->num_operands);
    }
}

static bool is_generic_inherent(const SolIdent *name)
{
    return strcmp(name->str, "indexing_maps") == 0 || strcmp(name->str, "iterator_types") == 0 ||
           strcmp(name->str, "doc") == 0 || strcmp(name->str, "library_call") == 0;
}

static bool is_not_generic_inherent(const SolIdent *name) { return !is_generic_inherent(name); }

/* ` ins(%a, %b : T, U)` */
static void print_operand_group(SolPrinter *P, const SolOp *op, const char *kw, uint32_t from,
                                uint32_t to)
{
    if (from == to)
        return;
    sol_buf_puts(P->b, kw);
    sol_prt_operands(P, op, from, to);
    sol_buf_append(P->b, " : ", 3);
    sol_prt_operand_types(P, op, from, to);
    sol_buf_putc(P->b, ')');
}

/* linalg.generic {maps, iterators} ins(...) outs(...) attrs =  {...} { ^bb0(...): ... } */
static void print_generic_op(SolPrinter *P, SolOp *op, uint32_t depth)
{
    uint32_t nins = op->props.generic.num_ins;
    sol_prt_results(P, op);
    sol_prt_name(P, op);
    sol_prt_entries(P, " ", op->attrs, op->num_attrs, is_generic_inherent);
    print_operand_group(P, op, " ins(", 0, nins);
    print_operand_group(P, op, " outs(", nins, op->num_operands);
    /* the discardable rest; mlir-opt-14 prints two spaces before this dictionary */
    sol_prt_entries(P, " attrs =  ", op->attrs, op->num_attrs, is_not_generic_inherent);
    sol_prt_arrow_types(P, op);
    SolNameScope s = sol_prt_scope_mark(P);
    sol_prt_name_block_args(P, sol_region_first_block(&op->regions[0]));
    sol_prt_region(P, &op->regions[0], depth, true, false);
    sol_prt_scope_pop(P, s);
}

static bool generic_fits(const SolOp *op)
{
    return op->props.generic.num_ins <= op->num_operands && sol_region_first_block(&op->regions[0]);
}

const SolOpPrinter sol_linalg_generic_printer = {.print = print_generic_op, .fits = generic_fits};
const SolOpPrinter sol_linalg_yield_printer = {.print = print_linalg_yield};
