/*
 * The linalg dialect's hooks: linalg.generic and linalg.yield.
 *
 * Verifying: memref operands, one indexing map per operand over the iterator types' loops,
 * "parallel"/"reduction" iterators, a body block with one scalar argument per operand, and a
 * linalg.yield of one value per output of its element type.
 */
#include "IR/verify_internal.h"

#include <string.h>

/* ---- linalg ------------------------------------------------------------------------------ */

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
