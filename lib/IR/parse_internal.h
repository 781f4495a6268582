/*
 * What the parser's builder files (parse.c, parse_literals.c, parse_affine.c) share and
 * nobody else needs: the parse-time state and a few cross-file helpers.
 */
#ifndef SOLAR_IR_PARSE_INTERNAL_H
#define SOLAR_IR_PARSE_INTERNAL_H

#include "IR/parse_support.h"

/* A name in the SSA symbol table: one value, or the results of a multi-result op. */
typedef struct Binding {
    const SolIdent *name;
    SolValue *first; /* NULL while undefined or after a failed definition */
    uint32_t count;
    bool defined;
} Binding;

typedef struct SolPState {
    Binding *slots; /* open addressing keyed by identifier */
    size_t cap, used;
    SolVecOf(Binding) undo;     /* previous bindings, restored when a region ends */
    SolVecOf(size_t) scopes;    /* undo-log length at each region start */
    SolVecOf(SolBlock *) blocks; /* insertion points */
    SolVecOf(SolOp *) region_ops; /* open affine.if ops, for `else` */
    const SolIdent **alias_names; /* `#alias` table, open addressing; also holds `@func` names */
    const SolAttr **alias_values;
    size_t alias_cap, alias_count;
} SolPState;

/* parse_affine.c: lowers subscripts written with SSA values (`%i + symbol(%n)`) to a map
 * plus dim and symbol operands in order of first appearance, as MLIR does. The operands are
 * written after `prefix` leading slots of *operands_out; *num_out counts all of them. */
const SolAffineMap *sol_p_lower_subscripts(SolParser *p, SolPList *subs, SolValue ***operands_out,
                                           uint32_t *num_out, uint32_t prefix);

/* parse_literals.c: records a function name; false if the parse already defined one. */
bool sol_p_record_func_name(SolParser *p, const SolIdent *name);
void sol_p_aliases_free(SolPState *s);

#endif /* SOLAR_IR_PARSE_INTERNAL_H */
