/*
 * The memref dialect's hooks: memref.alloc, memref.dealloc, memref.dim and
 * memref.load/store.
 *
 * Verifying: memref operands and results, one index size per dynamic dimension, a constant
 * memref.dim index below the rank, and one index subscript per dimension of an element-typed
 * access.
 *
 * Printing: `memref.alloc(%n) : T`, `memref.dealloc %m : T`, `memref.dim {attrs} %m, %k : T`
 * (attributes first, as mlir-opt-14), `memref.load %A[%i, %j] : T`.
 */
#include "IR/print_internal.h"
#include "IR/verify_internal.h"

/* ---- memref ---------------------------------------------------------------------------------- */

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

/* ---- printing -------------------------------------------------------------------------------- */

/* memref.load %A[%i] / memref.store %v, %A[%i] */
static void print_memref_access(SolPrinter *P, SolOp *op, uint32_t depth)
{
    (void)depth; /* no regions */
    uint32_t mem = op->kind == SOL_OP_MSTORE ? 1 : 0;
    sol_prt_results(P, op);
    sol_prt_name(P, op);
    sol_buf_putc(P->b, ' ');
    sol_prt_operands(P, op, 0, mem + 1);
    sol_buf_putc(P->b, '[');
    sol_prt_operands(P, op, mem + 1, op->num_operands);
    sol_buf_putc(P->b, ']');
    sol_prt_op_attrs(P, op);
    sol_buf_append(P->b, " : ", 3);
    sol_prt_value_type(P, op->operands[mem].value);
}

/* %m = memref.alloc(%n) {attrs} : T */
static void print_alloc(SolPrinter *P, SolOp *op, uint32_t depth)
{
    (void)depth; /* no regions */
    sol_prt_results(P, op);
    sol_prt_name(P, op);
    sol_buf_putc(P->b, '(');
    sol_prt_operands(P, op, 0, op->num_operands);
    sol_buf_putc(P->b, ')');
    sol_prt_op_attrs(P, op);
    sol_buf_append(P->b, " : ", 3);
    sol_prt_value_type(P, &op->results[0]);
}

/* memref.dealloc %m {attrs} : T */
static void print_dealloc(SolPrinter *P, SolOp *op, uint32_t depth)
{
    (void)depth; /* no regions */
    sol_prt_name(P, op);
    sol_buf_putc(P->b, ' ');
    sol_prt_use(P, op->operands[0].value);
    sol_prt_op_attrs(P, op);
    sol_buf_append(P->b, " : ", 3);
    sol_prt_value_type(P, op->operands[0].value);
}

/* %d = memref.dim {attrs} %m, %k : T (the attribute dictionary comes before the operands) */
static void print_dim(SolPrinter *P, SolOp *op, uint32_t depth)
{
    (void)depth; /* no regions */
    sol_prt_results(P, op);
    sol_prt_name(P, op);
    sol_prt_op_attrs(P, op);
    sol_buf_putc(P->b, ' ');
    sol_prt_operands(P, op, 0, 2);
    sol_buf_append(P->b, " : ", 3);
    sol_prt_value_type(P, op->operands[0].value);
}

/* memref.load needs the memref, memref.store also the value. */
static bool access_fits(const SolOp *op)
{
    return op->num_operands >= (op->kind == SOL_OP_MSTORE ? 2u : 1u);
}

const SolOpPrinter sol_memref_alloc_printer = {.print = print_alloc};
const SolOpPrinter sol_memref_dealloc_printer = {.print = print_dealloc};
const SolOpPrinter sol_memref_dim_printer = {.print = print_dim};
const SolOpPrinter sol_memref_access_printer = {.print = print_memref_access, .fits = access_fits};
