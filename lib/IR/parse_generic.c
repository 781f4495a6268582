/*
 * MLIR's generic op form: `%r = "arith.addf"(%a, %b) {attrs} : (f32, f32) -> f32`, which
 * mlir-opt prints under --mlir-print-op-generic and upstream tests use for ops of test dialects
 * (`"test.foo"(%i) : (index) -> ()`). MLIR 14 names select, call and return `std.select`,
 * `std.call` and `std.return` there.
 *
 * An op of ops.def without regions is built from it: its operands and result types are the
 * ones written, its inherent data comes from the attribute MLIR keeps it in (`predicate` of a
 * comparison, `value` of a constant, `map` of an affine access or map op, `callee` of a call),
 * and the rest of the dictionary stays as discardable attributes; the verifier then checks it
 * as it checks any op. Everything else is reported by name, once, and parsing goes on (the
 * form is fully parsed, so nothing after it is misread): an op solar-opt does not know, with a
 * did-you-mean, and an op whose generic form it does not read (one with regions, such as
 * affine.for and func.func, or memref.alloc, whose operand segments MLIR keeps in a dense
 * attribute). The results of an op that was not built are defined to nothing, so their uses
 * stay quiet, and the unknown ops inside its regions are not reported again.
 */
#include "IR/parse_internal.h"

#include <string.h>

void sol_p_dropped_region_begin(SolParser *p, SolPLoc l)
{
    SolPRegion *r = sol_p_region_enter(p, l, NULL);
    if (r) {
        r->dropped = true;
        p->dropped_depth++;
    }
}

void sol_p_define_dropped(SolParser *p, SolPList *params)
{
    for (uint32_t i = 0; i < sol_p_len(params); i++) {
        SolPParam *prm = params->items[i];
        if (prm->name.str)
            sol_p_define(p, prm->loc, prm->loc, prm->name, NULL, 1);
    }
}

/* The inherent attribute an op of this kind needs in generic form, NULL for none; ops whose
 * generic form is not read get "" . */
static const char *inherent_attr(SolOpKind k)
{
    switch (sol_op_info(k)->syntax) {
    case SOL_SYN_CMP: return "predicate";
    case SOL_SYN_CONSTANT: return "value";
    case SOL_SYN_CUSTOM: break;
    default: return NULL; /* elementwise, select, casts: operands and types say it all */
    }
    switch (k) {
    case SOL_OP_LOAD: case SOL_OP_STORE: case SOL_OP_APPLY: case SOL_OP_AMIN: case SOL_OP_AMAX:
        return "map";
    case SOL_OP_CALL: return "callee";
    case SOL_OP_RETURN: case SOL_OP_YIELD: case SOL_OP_LYIELD: case SOL_OP_DEALLOC:
    case SOL_OP_DIM: case SOL_OP_MLOAD: case SOL_OP_MSTORE:
        return NULL;
    default: return "";
    }
}

/* Moves the inherent attribute `name` of the op's dictionary into its props; false after
 * reporting a missing or ill-typed one. */
static bool take_inherent(SolParser *p, SolPLoc l, SolOp *op, const char *name)
{
    const SolIdent *id = sol_ident_cstr(p->ctx, name);
    const SolAttr *a = sol_op_get_attr(op, id);
    const char *opname = sol_op_name(op);
    if (!a) {
        sol_p_error(p, l, "'%s' in generic form needs its '%s' attribute", opname, name);
        return false;
    }
    sol_op_remove_attr(op, id);
    switch (op->kind) {
    case SOL_OP_CMPF:
    case SOL_OP_CMPI: {
        int64_t n = op->kind == SOL_OP_CMPF ? 16 : 10;
        if (a->kind != SOL_ATTR_INT || a->i < 0 || a->i >= n) {
            sol_p_error(p, l, "'%s' needs 'predicate' to be an integer from 0 to %lld", opname,
                        (long long)n - 1);
            return false;
        }
        op->props.cmp.predicate = (uint32_t)a->i;
        return true;
    }
    case SOL_OP_CONSTANT:
        op->props.constant.value = a;
        return true;
    case SOL_OP_CALL:
        if (a->kind != SOL_ATTR_SYMBOL) {
            sol_p_error(p, l, "'%s' needs 'callee' to be a symbol (@name)", opname);
            return false;
        }
        op->props.func->sym = a->sym;
        return true;
    default: /* the affine ops: `map` */
        if (a->kind != SOL_ATTR_MAP) {
            sol_p_error(p, l, "'%s' needs 'map' to be an affine map", opname);
            return false;
        }
        op->props.access.map = a->map;
        return true;
    }
}

SolOp *sol_p_generic_form(SolParser *p, SolPLoc l, const char *name, uint32_t len,
                          SolPList *uses, bool has_regions, const SolAttr *attrs,
                          const SolType *fn_type)
{
    if (!sol_p_building(p))
        return NULL;
    SolOpKind kind = memchr(name, '\0', len) ? SOL_OP_COUNT : sol_op_kind_lookup(p->ctx, name, len);
    if (kind == SOL_OP_COUNT && len > 4 && memcmp(name, "std.", 4) == 0) /* MLIR 14's std.select */
        kind = sol_op_kind_lookup(p->ctx, name + 4, len - 4);
    if (kind == SOL_OP_COUNT) { /* inside a refused op, its own dialect's ops are its business */
        if (!p->dropped_depth)
            sol_p_report_unknown_op(p, l, name, len);
        return NULL;
    }
    const char *inherent = inherent_attr(kind);
    if (has_regions || (inherent && !*inherent)) {
        sol_p_error(p, l,
                    "'%s' is not read in MLIR's generic form: write it in its custom form (see %s)",
                    sol_op_info(kind)->name, SOL_DIALECT_DOC);
        return NULL;
    }
    if (sol_p_len(uses) != fn_type->num_inputs) {
        sol_p_error(p, l, "%u operands but the function type lists %u", sol_p_len(uses),
                    fn_type->num_inputs);
        return NULL;
    }
    bool ok = sol_p_all_resolved(uses);
    for (uint32_t i = 0; ok && i < fn_type->num_inputs; i++)
        ok = sol_p_check_use(p, uses->items[i], fn_type->inputs[i]);
    if (!ok)
        return NULL;
    uint32_t n;
    SolValue **v = sol_p_values_of(p, uses, &n);
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), n, v, fn_type->num_results,
                              fn_type->results, 0);
    sol_p_set_attrs(p, op, attrs);
    if (kind == SOL_OP_CALL)
        op->props.func->type = fn_type;
    if (inherent && !take_inherent(p, l, op, inherent))
        return NULL;
    sol_p_append_op(p, op);
    return op;
}

void sol_p_generic_top(SolParser *p, SolPLoc l, const char *name, uint32_t len)
{
    sol_p_error(p, l,
                "'%.*s' in MLIR's generic form is not read: write the module and its functions in "
                "their custom form (see %s)",
                (int)len, name, SOL_DIALECT_DOC);
}
