/*
 * The memref dialect's hooks: memref.alloc, memref.dealloc, memref.dim and
 * memref.load/store.
 *
 * Verifying: memref operands and results, one index size per dynamic dimension, a constant
 * memref.dim index below the rank, and one index subscript per dimension of an element-typed
 * access.
 */
#include "IR/verify_internal.h"

/* ---- memref ----------------------------------------------------------------------------- */

/* alloc -> %m = memref.alloc(sizes) : memref<...>: one index operand per `?` */
void sol_memref_alloc_verify(SolVerifier *v, SolOp *op)
{
    const SolType *t = res_type(op, 0);
    if (!is_memref(t)) {
        sol_vfy_error(v, op, "result #0 must be memref of any type values, but got '%s'",
                      sol_vfy_type_str(v, t));
        return;
    }
    if (op->num_operands != sol_type_num_dynamic(t)) {
        sol_vfy_error(v, op,
                      "dimension operand count does not equal memref dynamic dimension "
                      "count");
        return;
    }
    sol_vfy_index_operands(v, op, 0, op->num_operands);
}

/* dealloc -> memref.dealloc %m : memref<...> */
void sol_memref_dealloc_verify(SolVerifier *v, SolOp *op)
{
    if (!is_memref(opnd_type(op, 0)))
        sol_vfy_error(v, op, "operand #0 must be memref of any type values, but got '%s'",
                      sol_vfy_type_str(v, opnd_type(op, 0)));
}

/* dim -> %d = memref.dim %m, %k : memref<...>: index operand and result; a constant %k is
 * below the rank */
void sol_memref_dim_verify(SolVerifier *v, SolOp *op)
{
    const SolType *t = opnd_type(op, 0);
    if (!is_memref(t))
        sol_vfy_error(v, op, "operand #0 must be memref of any type values, but got '%s'",
                      sol_vfy_type_str(v, t));
    if (!is_index(opnd_type(op, 1)))
        sol_vfy_error(v, op, "operand #1 must be index, but got '%s'",
                      sol_vfy_type_str(v, opnd_type(op, 1)));
    if (!is_index(res_type(op, 0)))
        sol_vfy_error(v, op, "result #0 must be index, but got '%s'",
                      sol_vfy_type_str(v, res_type(op, 0)));
    int64_t k;
    if (is_memref(t) && sol_value_const_int(sol_op_operand(op, 1), &k) && (k < 0 || k >= t->rank))
        sol_vfy_error(v, op, "index is out of range (%lld for rank %u)", (long long)k, t->rank);
}

/* mload/mstore -> memref.load %m[%i, ...] / memref.store %x, %m[...]: rank index operands,
 * value type = element type */
void sol_memref_access_verify(SolVerifier *v, SolOp *op)
{
    bool is_load = op->kind == SOL_OP_MLOAD;
    uint32_t mem_i = is_load ? 0 : 1, first = mem_i + 1;
    if (op->num_operands < first) {
        sol_vfy_error(v, op, "expected at least %u operands", first);
        return;
    }
    const SolType *mt = opnd_type(op, mem_i);
    if (!is_memref(mt)) {
        sol_vfy_error(v, op, "operand #%u must be memref of any type values, but got '%s'", mem_i,
                      sol_vfy_type_str(v, mt));
        return;
    }
    if (is_load && res_type(op, 0) != mt->elem)
        sol_vfy_error(v, op, "failed to verify that result type matches element type of 'memref'");
    if (!is_load && opnd_type(op, 0) != mt->elem)
        sol_vfy_error(v, op,
                      "failed to verify that type of 'value' matches element type of "
                      "'memref'");
    if (op->num_operands - first != mt->rank) {
        sol_vfy_error(v, op, "incorrect number of indices (%u) for memref rank %u",
                      op->num_operands - first, mt->rank);
        return;
    }
    sol_vfy_index_operands(v, op, first, mt->rank);
}
