/*
 * The hooks of the shared syntax classes of ops.def (binary, unary and ternary elementwise
 * ops, comparisons, select, casts, constants), which every arith and math op uses. The math
 * dialect has no op-specific rule, so its rows point here too, and one file serves both:
 * the checks key on the syntax class and the SOL_OPF_FLOAT/INT flags, not on the dialect.
 *
 * Verifying: operand and result types of the class's kind, i1 comparison results and select
 * conditions, cast compatibility per cast op, and constant values of the result's type and
 * range.
 *
 * Printing: `%r = op[ pred,] %a, ... {attrs} : T[ to U]` for every class but constants,
 * which print `arith.constant {attrs} value`; a comparison whose predicate has no spelling
 * prints in the generic form.
 */
#include "IR/print_internal.h"
#include "IR/verify_internal.h"

/* ---- syntax classes -------------------------------------------------------------------------- */

/* element type of the class flags -> SOL_OPF_FLOAT: a float; SOL_OPF_INT: an integer or index */
static bool check_class_elem(SolVerifier *v, const SolOp *op, const SolType *t, const char *what)
{
    unsigned flags = sol_op_info(op->kind)->flags;
    if ((flags & SOL_OPF_FLOAT) && !is_float(t)) {
        sol_vfy_error(v, op, "%s must be floating-point-like, but got '%s'", what,
                      sol_vfy_type_str(v, t));
        return false;
    }
    if ((flags & SOL_OPF_INT) && !is_int(t) && !is_index(t)) {
        sol_vfy_error(v, op, "%s must be signless-integer-like, but got '%s'", what,
                      sol_vfy_type_str(v, t));
        return false;
    }
    return true;
}

/* binary / unary / ternary -> operands and result all of one type, of the class's kind */
void sol_arith_elementwise_verify(SolVerifier *v, SolOp *op)
{
    const SolType *t = res_type(op, 0);
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (opnd_type(op, i) != t) {
            sol_vfy_error(v, op, "requires the same type for all operands and results");
            return;
        }
    check_class_elem(v, op, opnd_type(op, 0), "operand #0");
}

/* cmp -> two operands of one type of the class's kind, an i1 result, a known predicate */
void sol_arith_cmp_verify(SolVerifier *v, SolOp *op)
{
    uint32_t npred = op->kind == SOL_OP_CMPF ? 16 : 10;
    if (op->props.cmp.predicate >= npred)
        sol_vfy_error(v, op, "unknown comparison predicate %u", op->props.cmp.predicate);
    if (opnd_type(op, 0) != opnd_type(op, 1))
        sol_vfy_error(v, op, "requires all operands to have the same type");
    else
        check_class_elem(v, op, opnd_type(op, 0), "operand #0");
    const SolType *r = res_type(op, 0);
    if (!is_int(r) || r->width != 1)
        sol_vfy_error(v, op, "result #0 must be bool-like, but got '%s'", sol_vfy_type_str(v, r));
}

/* select -> i1 condition; true value, false value and result of one type */
void sol_arith_select_verify(SolVerifier *v, SolOp *op)
{
    const SolType *c = opnd_type(op, 0);
    if (!is_int(c) || c->width != 1)
        sol_vfy_error(v, op, "operand #0 must be bool-like, but got '%s'", sol_vfy_type_str(v, c));
    if (opnd_type(op, 1) != opnd_type(op, 2) || opnd_type(op, 1) != res_type(op, 0))
        sol_vfy_error(v, op,
                      "requires the same type for the true value, the false value and the "
                      "result ('%s', '%s', '%s')",
                      sol_vfy_type_str(v, opnd_type(op, 1)), sol_vfy_type_str(v, opnd_type(op, 2)),
                      sol_vfy_type_str(v, res_type(op, 0)));
}

/* cast -> index_cast(ui): index <-> iN; sitofp/uitofp: iN -> float; fptosi/fptoui: float ->
 * iN; extf/truncf: float to strictly wider/narrower float (bf16 <-> f16 neither);
 * extsi/extui/trunci: iN to strictly wider/narrower iM; bitcast: int/float of equal width */
void sol_arith_cast_verify(SolVerifier *v, SolOp *op)
{
    const SolType *a = opnd_type(op, 0), *b = res_type(op, 0);
    bool ok = false;
    switch (op->kind) {
    case SOL_OP_INDEX_CAST:
    case SOL_OP_INDEX_CASTUI:
        ok = (is_index(a) && is_int(b)) || (is_int(a) && is_index(b));
        break;
    case SOL_OP_SITOFP:
    case SOL_OP_UITOFP:
        ok = is_int(a) && is_float(b);
        break;
    case SOL_OP_FPTOSI:
    case SOL_OP_FPTOUI:
        ok = is_float(a) && is_int(b);
        break;
    case SOL_OP_EXTF:
        ok = is_float(a) && is_float(b) && a->width < b->width;
        break;
    case SOL_OP_TRUNCF:
        ok = is_float(a) && is_float(b) && a->width > b->width;
        break;
    case SOL_OP_EXTSI:
    case SOL_OP_EXTUI:
        ok = is_int(a) && is_int(b) && a->width < b->width;
        break;
    case SOL_OP_TRUNCI:
        ok = is_int(a) && is_int(b) && a->width > b->width;
        break;
    case SOL_OP_BITCAST:
        ok = (is_int(a) || is_float(a)) && (is_int(b) || is_float(b)) && a->width == b->width;
        break;
    default: /* only the cast rows of ops.def name this hook, and each has its case */
        break;
    }
    if (!ok)
        sol_vfy_error(v, op, "operand type '%s' and result type '%s' are cast incompatible",
                      sol_vfy_type_str(v, a), sol_vfy_type_str(v, b));
}

/* constant -> value attribute present; integer value of the result's int/index type and in
 * [-2^(w-1), 2^w - 1] for iw (MLIR accepts signless spellings of both signs); float value of
 * the result's float type; true/false only for i1 */
void sol_arith_constant_verify(SolVerifier *v, SolOp *op)
{
    const SolAttr *a = op->props.constant.value;
    const SolType *t = res_type(op, 0);
    if (!a) {
        sol_vfy_error(v, op, "requires attribute 'value'");
        return;
    }
    switch (a->kind) {
    case SOL_ATTR_BOOL:
        if (!is_int(t) || t->width != 1)
            sol_vfy_error(v, op, "boolean value requires an 'i1' result, but got '%s'",
                          sol_vfy_type_str(v, t));
        return;
    case SOL_ATTR_INT:
        if (!is_int(t) && !is_index(t)) {
            sol_vfy_error(v, op, "integer value requires an integer or index result, but got '%s'",
                          sol_vfy_type_str(v, t));
            return;
        }
        if (a->type != t) {
            sol_vfy_error(v, op,
                          "failed to verify that result and attribute have the same type "
                          "('%s' vs '%s')",
                          sol_vfy_type_str(v, t), sol_vfy_type_str(v, a->type));
            return;
        }
        if (is_int(t) && t->width >= 1 && t->width < 64) {
            int64_t lo = -(int64_t)(UINT64_C(1) << (t->width - 1));
            int64_t hi = (int64_t)((UINT64_C(1) << t->width) - 1);
            if (a->i < lo || a->i > hi)
                sol_vfy_error(v, op, "integer constant out of range for type '%s' (value %lld)",
                              sol_vfy_type_str(v, t), (long long)a->i);
        }
        return;
    case SOL_ATTR_FLOAT:
        if (!is_float(t))
            sol_vfy_error(v, op, "floating point value requires a float result, but got '%s'",
                          sol_vfy_type_str(v, t));
        else if (a->type != t)
            sol_vfy_error(v, op,
                          "failed to verify that result and attribute have the same type "
                          "('%s' vs '%s')",
                          sol_vfy_type_str(v, t), sol_vfy_type_str(v, a->type));
        return;
    default:
        sol_vfy_error(v, op, "value must be an integer, float or boolean attribute");
        return;
    }
}

/* ---- printing -------------------------------------------------------------------------------- */

static void print_constant(SolPrinter *P, SolOp *op, uint32_t depth)
{
    (void)depth; /* no regions */
    sol_prt_results(P, op);
    sol_prt_name(P, op);
    sol_prt_op_attrs(P, op);
    sol_buf_putc(P->b, ' ');
    sol_attr_print(P->b, op->props.constant.value);
}

/* %r = op[ pred,] %a, ... {attrs} : T[ to U] for the shared syntax classes. */
static void print_simple(SolPrinter *P, SolOp *op, uint32_t depth)
{
    (void)depth; /* no regions */
    SolOpSyntax syn = sol_op_info(op->kind)->syntax;
    sol_prt_results(P, op);
    sol_prt_name(P, op);
    sol_buf_putc(P->b, ' ');
    if (syn == SOL_SYN_CMP) {
        const char *const *preds =
            op->kind == SOL_OP_CMPF ? sol_cmpf_predicates : sol_cmpi_predicates;
        sol_buf_puts(P->b, preds[op->props.cmp.predicate]);
        sol_buf_append(P->b, ", ", 2);
    }
    sol_prt_operands(P, op, 0, op->num_operands);
    sol_prt_op_attrs(P, op);
    sol_buf_append(P->b, " : ", 3);
    if (syn == SOL_SYN_CMP || syn == SOL_SYN_CAST || !op->num_results)
        sol_prt_value_type(P, op->num_operands ? op->operands[0].value : NULL);
    else
        sol_prt_value_type(P, &op->results[0]);
    if (syn == SOL_SYN_CAST) {
        sol_buf_append(P->b, " to ", 4);
        sol_prt_value_type(P, &op->results[0]);
    }
}

static bool constant_fits(const SolOp *op) { return op->props.constant.value != NULL; }

/* A predicate the custom syntax can spell. */
static bool cmp_fits(const SolOp *op)
{
    return op->props.cmp.predicate < (op->kind == SOL_OP_CMPF ? 16u : 10u);
}

const SolOpPrinter sol_arith_printer = {.print = print_simple};
const SolOpPrinter sol_arith_cmp_printer = {.print = print_simple, .fits = cmp_fits};
const SolOpPrinter sol_arith_constant_printer = {.print = print_constant, .fits = constant_fits};
