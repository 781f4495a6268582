/*
 * The builtin module's and the func dialect's hooks: module, func.func, func.return and
 * func.call.
 *
 * Verifying: a module holds one argument-free block of func.func ops with unique names;
 * a function has a name and a function type, and is either a private declaration or one
 * block whose arguments are its inputs, ending in func.return with its result types; a call
 * names a function of the module and matches its signature and its own function type.
 *
 * Printing: `module [@name] [attributes {...}]`, `func.func [private] @f(%a: T {attrs}) -> R
 * [attributes {...}]` (each function starts its SSA names afresh; argument and result
 * attributes may hold map aliases), bare `return`, and `call @f(%a) : (T) -> R`.
 */
#include "IR/print_internal.h"
#include "IR/verify_internal.h"

/* ---- builtin and func ------------------------------------------------------------------------ */

/* Fills v->funcs from the module's body once, reporting duplicate names when `report`. */
static void build_func_table(SolVerifier *v, SolOp *module, bool report)
{
    v->funcs_built = true;
    if (!module || module->num_regions < 1)
        return;
    SolBlock *body = sol_region_first_block(&module->regions[0]);
    if (!body)
        return;
    sol_block_for_each_op(f, body)
    {
        if (f->kind != SOL_OP_FUNC || !f->props.func->sym)
            continue;
        if (sol_ptr_map_get(&v->funcs, f->props.func->sym, NULL)) {
            if (report)
                sol_emit_error(v->ctx, f->loc, "redefinition of symbol named '%s'",
                               f->props.func->sym->str);
            continue;
        }
        sol_ptr_map_put(&v->funcs, f->props.func->sym, (uintptr_t)f);
    }
}

/* module -> one region with one argument-free block holding only func.func ops, names unique */
void sol_builtin_module_verify(SolVerifier *v, SolOp *op)
{
    SolRegion *r = &op->regions[0];
    if (sol_vfy_num_blocks(r) != 1) {
        sol_vfy_error(v, op, "expects one block in its region, found %u", sol_vfy_num_blocks(r));
        return;
    }
    SolBlock *body = sol_region_first_block(r);
    if (body->num_args)
        sol_vfy_error(v, op, "body block must have no arguments");
    sol_block_for_each_op(f, body) if (f->kind != SOL_OP_FUNC)
        sol_vfy_error(v, f, "is not allowed at module level (only 'func.func' is)");
    sol_ptr_map_free(&v->funcs);
    build_func_table(v, op, true);
}

/* func -> name and function type; no blocks (a declaration, which must be private) or one
 * block whose arguments are the inputs, ending in func.return with the result types */
void sol_func_func_verify(SolVerifier *v, SolOp *op)
{
    const SolType *ft = op->props.func->type;
    if (!op->props.func->sym)
        sol_vfy_error(v, op, "requires a symbol name");
    if (!ft || ft->kind != SOL_TYPE_FUNCTION) {
        sol_vfy_error(v, op, "requires a function type");
        return;
    }
    const char *name = op->props.func->sym ? op->props.func->sym->str : "?";
    SolRegion *r = &op->regions[0];
    uint32_t nb = sol_vfy_num_blocks(r);
    if (nb == 0) {
        if (!op->props.func->is_private)
            sol_vfy_error(v, op,
                          "symbol declaration cannot have public visibility (use 'func "
                          "private @%s')",
                          name);
        return;
    }
    if (nb > 1) {
        sol_vfy_error(v, op, "expects one block in its body, found %u (branches are not supported)",
                      nb);
        return;
    }
    SolBlock *b = sol_region_first_block(r);
    if (b->num_args != ft->num_inputs) {
        sol_vfy_error(v, op, "entry block must have %u arguments to match function signature",
                      ft->num_inputs);
    } else {
        for (uint32_t i = 0; i < b->num_args; i++)
            if (b->args[i].type != ft->inputs[i])
                sol_vfy_error(v, op,
                              "type of entry block argument #%u('%s') must match the type of the "
                              "corresponding argument in function signature('%s')",
                              i, sol_vfy_type_str(v, b->args[i].type),
                              sol_vfy_type_str(v, ft->inputs[i]));
    }
    SolOp *ret = sol_vfy_block_terminator(v, op, b, SOL_OP_RETURN);
    if (!ret)
        return;
    if (ret->num_operands != ft->num_results) {
        sol_vfy_error(v, ret, "has %u operands, but enclosing function (@%s) returns %u",
                      ret->num_operands, name, ft->num_results);
        return;
    }
    for (uint32_t i = 0; i < ret->num_operands; i++)
        if (sol_op_operand(ret, i) && opnd_type(ret, i) != ft->results[i])
            sol_emit_error(v->ctx, ret->loc,
                           "type of return operand %u ('%s') doesn't match function result "
                           "type ('%s') in function @%s",
                           i, sol_vfy_type_str(v, opnd_type(ret, i)),
                           sol_vfy_type_str(v, ft->results[i]), name);
}

/* call -> the callee is a func.func of the module; operands and results match both the call's
 * own function type and the callee's signature */
void sol_func_call_verify(SolVerifier *v, SolOp *op)
{
    const SolIdent *callee = op->props.func->sym;
    const SolType *ct = op->props.func->type;
    if (!callee) {
        sol_vfy_error(v, op, "requires a 'callee' symbol reference attribute");
        return;
    }
    if (v->deferred_calls && !sol_ptr_map_get(&v->funcs, callee, NULL)) {
        sol_vec_push(v->deferred_calls, op); /* a function further down: checked at the end */
        return;
    }
    if (ct) {
        bool same = ct->kind == SOL_TYPE_FUNCTION && ct->num_inputs == op->num_operands &&
                    ct->num_results == op->num_results;
        for (uint32_t i = 0; same && i < op->num_operands; i++)
            same = ct->inputs[i] == opnd_type(op, i);
        for (uint32_t i = 0; same && i < op->num_results; i++)
            same = ct->results[i] == res_type(op, i);
        if (!same)
            sol_vfy_error(v, op,
                          "operand and result types do not match the call's function type "
                          "'%s'",
                          sol_vfy_type_str(v, ct));
    }
    if (!v->funcs_built)
        build_func_table(
            v, v->func && v->func->parent ? sol_block_parent_op(v->func->parent) : NULL, false);
    uint64_t fv;
    if (!sol_ptr_map_get(&v->funcs, callee, &fv)) {
        sol_vfy_error(v, op, "'%s' does not reference a valid function", callee->str);
        return;
    }
    const SolType *ft = ((SolOp *)(uintptr_t)fv)->props.func->type;
    if (!ft || ft->kind != SOL_TYPE_FUNCTION)
        return; /* reported at the callee */
    if (ft->num_inputs != op->num_operands) {
        sol_vfy_error(v, op, "incorrect number of operands for callee");
        return;
    }
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (opnd_type(op, i) != ft->inputs[i]) {
            sol_vfy_error(v, op,
                          "operand type mismatch: expected operand type '%s', but provided '%s' "
                          "for operand number %u",
                          sol_vfy_type_str(v, ft->inputs[i]), sol_vfy_type_str(v, opnd_type(op, i)),
                          i);
            return;
        }
    if (ft->num_results != op->num_results) {
        sol_vfy_error(v, op, "incorrect number of results for callee");
        return;
    }
    for (uint32_t i = 0; i < op->num_results; i++)
        if (res_type(op, i) != ft->results[i]) {
            sol_vfy_error(v, op, "result type mismatch at index %u ('%s' vs '%s')", i,
                          sol_vfy_type_str(v, res_type(op, i)),
                          sol_vfy_type_str(v, ft->results[i]));
            return;
        }
}

/* ---- printing -------------------------------------------------------------------------------- */

static bool func_fits(const SolOp *op)
{
    const SolType *t = op->props.func->type;
    if (!t || t->kind != SOL_TYPE_FUNCTION)
        return false;
    const SolBlock *entry = sol_region_first_block(&op->regions[0]);
    return !entry || entry->num_args == t->num_inputs;
}

void sol_prt_module_header(SolPrinter *P, SolOp *op)
{
    sol_buf_append(P->b, "module", 6);
    if (op->props.func->sym) {
        sol_buf_putc(P->b, ' ');
        sol_prt_symbol(P, op->props.func->sym);
    }
    if (op->num_attrs) {
        sol_buf_append(P->b, " attributes", 11);
        sol_prt_op_attrs(P, op);
    }
}

static void print_module_op(SolPrinter *P, SolOp *op, uint32_t depth)
{
    sol_prt_module_header(P, op);
    sol_prt_scoped_region(P, &op->regions[0], depth, false);
}

/* `(%a: T {attrs}, ...)`, or types only for a declaration. */
static void print_func_inputs(SolPrinter *P, const SolOp *op, const SolBlock *entry)
{
    const SolType *t = op->props.func->type;
    const SolAttr *const *attrs = op->props.func->arg_attrs;
    sol_buf_putc(P->b, '(');
    for (uint32_t i = 0; i < t->num_inputs; i++) {
        if (i)
            sol_buf_append(P->b, ", ", 2);
        if (entry) {
            sol_prt_use(P, &entry->args[i]);
            sol_buf_append(P->b, ": ", 2);
        }
        sol_type_print(P->b, t->inputs[i]);
        if (attrs && sol_prt_is_dict_nonempty(attrs[i])) {
            sol_buf_putc(P->b, ' ');
            sol_prt_attr(P, attrs[i]);
        }
    }
    sol_buf_putc(P->b, ')');
}

/* `-> T`, or `-> (T {attrs}, U)` when there are several results or any has attributes. */
static void print_func_results(SolPrinter *P, const SolOp *op)
{
    const SolType *t = op->props.func->type;
    const SolAttr *const *attrs = op->props.func->res_attrs;
    if (!t->num_results)
        return;
    bool bare = t->num_results == 1 && t->results[0] && t->results[0]->kind != SOL_TYPE_FUNCTION;
    for (uint32_t i = 0; attrs && i < t->num_results; i++)
        bare = bare && !sol_prt_is_dict_nonempty(attrs[i]);
    sol_buf_append(P->b, bare ? " -> " : " -> (", bare ? 4 : 5);
    for (uint32_t i = 0; i < t->num_results; i++) {
        if (i)
            sol_buf_append(P->b, ", ", 2);
        sol_type_print(P->b, t->results[i]);
        if (attrs && sol_prt_is_dict_nonempty(attrs[i])) {
            sol_buf_putc(P->b, ' ');
            sol_prt_attr(P, attrs[i]);
        }
    }
    if (!bare)
        sol_buf_putc(P->b, ')');
}

/* Functions are isolated from above: each starts its names afresh. */
void sol_prt_func_header(SolPrinter *P, SolOp *op)
{
    sol_prt_names_reset(P);
    const SolBlock *entry = sol_region_first_block(&op->regions[0]);
    sol_prt_name(P, op);
    if (op->props.func->is_private)
        sol_buf_append(P->b, " private", 8);
    sol_buf_putc(P->b, ' ');
    sol_prt_symbol(P, op->props.func->sym);
    if (entry)
        sol_prt_name_block_args(P, entry);
    print_func_inputs(P, op, entry);
    print_func_results(P, op);
    if (op->num_attrs) {
        sol_buf_append(P->b, " attributes", 11);
        sol_prt_op_attrs(P, op);
    }
}

static void print_func(SolPrinter *P, SolOp *op, uint32_t depth)
{
    sol_prt_func_header(P, op);
    if (sol_region_first_block(&op->regions[0]))
        sol_prt_region(P, &op->regions[0], depth, false, false);
}

/* `(T, U) -> R` from the callee's type, or from the operands and results without one. */
static void print_call(SolPrinter *P, SolOp *op, uint32_t depth)
{
    (void)depth; /* no regions */
    sol_prt_results(P, op);
    sol_prt_name(P, op);
    sol_buf_putc(P->b, ' ');
    sol_prt_symbol(P, op->props.func->sym);
    sol_buf_putc(P->b, '(');
    sol_prt_operands(P, op, 0, op->num_operands);
    sol_buf_putc(P->b, ')');
    sol_prt_op_attrs(P, op);
    sol_buf_append(P->b, " : ", 3);
    if (op->props.func->type) {
        sol_type_print(P->b, op->props.func->type);
        return;
    }
    sol_buf_putc(P->b, '(');
    sol_prt_operand_types(P, op, 0, op->num_operands);
    sol_buf_putc(P->b, ')');
    if (op->num_results)
        sol_prt_arrow_types(P, op);
    else
        sol_buf_append(P->b, " -> ()", 6);
}

static void collect_func_attrs(SolPrinter *P, const SolOp *op)
{
    const SolType *t = op->props.func->type;
    for (uint32_t i = 0; op->props.func->arg_attrs && i < t->num_inputs; i++)
        sol_prt_collect_attr(P, op->props.func->arg_attrs[i]);
    for (uint32_t i = 0; op->props.func->res_attrs && i < t->num_results; i++)
        sol_prt_collect_attr(P, op->props.func->res_attrs[i]);
}

const SolOpPrinter sol_builtin_module_printer = {.print = print_module_op};
const SolOpPrinter sol_func_func_printer = {
    .print = print_func, .fits = func_fits, .aliases = collect_func_attrs};
const SolOpPrinter sol_func_return_printer = {.print = sol_prt_terminator};
const SolOpPrinter sol_func_call_printer = {.print = print_call};
