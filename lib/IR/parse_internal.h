/*
 * What the parser's builder files (parse.c, parse_literals.c, parse_affine.c) share and
 * nobody else needs: the parse-time state and a few cross-file helpers.
 */
#ifndef SOLAR_IR_PARSE_INTERNAL_H
#define SOLAR_IR_PARSE_INTERNAL_H

#include "IR/parse_support.h"

/* A name in the SSA symbol table: one value, or the results of a multi-result op. */
typedef struct Binding {
    const SolIdent *name; /* NULL: an empty slot; else the name's text in the module arena */
    SolValue *first;      /* NULL after a failed definition (its uses then stay quiet) */
    uint32_t count;
    uint32_t depth;     /* region nesting where it was defined */
    uint32_t line, col; /* where the name was defined */
} Binding;

enum { SOL_P_IDENTITY_MAPS = 9, SOL_P_MEMREF_CACHE = 64 };

/* A memref type token's spelling and its type (parse_literals.c). */
typedef struct SolPMemrefCache {
    const SolType *type; /* NULL: empty */
    uint32_t len;
    char text[52];
} SolPMemrefCache;

/* An open region: where its ops go, and what leaving it undoes. */
typedef struct SolPRegion {
    SolBlock *block; /* NULL: its ops are parsed and dropped (its op failed, or is not built) */
    SolOp *if_op;    /* the affine.if whose region this is, for `else` */
    bool dropped;    /* a region of an op in generic form */
    SolArenaMark mark; /* scratch memory in use when it opened: each statement gives back the rest */
} SolPRegion;

typedef struct SolPState {
    Binding *slots; /* the names in scope: open addressing keyed by their text */
    size_t cap, used;
    SolVecOf(const SolIdent *) defined; /* names in scope, in order of definition */
    SolVecOf(size_t) scopes;            /* length of `defined` at each region start */
    SolVecOf(SolPRegion) regions; /* open regions, innermost last */
    SolBuf lookahead;             /* sol_p_stmt_done's copy of the lookahead's text */
    const SolAffineMap *identity[SOL_P_IDENTITY_MAPS]; /* by rank, for plain subscripts */
    SolPMemrefCache memrefs[SOL_P_MEMREF_CACHE];
    const SolIdent **alias_names; /* `#alias` table, open addressing; also holds `@func` names */
    const SolAttr **alias_values;
    size_t alias_cap, alias_count;
} SolPState;

/* ---- parse.c: state the op builders (parse_ops.c, parse_generic.c) share ------------------ */

/* False after a syntax error or once parsing was aborted: builders then build nothing. */
bool sol_p_building(SolParser *p);
/* There is a sink and no error in the input so far. */
bool sol_p_sinking(SolParser *p);
/* Defines `%name` (written at l, by the statement starting at stmt) as count values from
 * first, which take the name as their hint; first may be NULL after an error (its uses then
 * stay quiet). A redefinition points at the first definition and, when the layout says so,
 * at a region whose `}` is probably missing. */
void sol_p_define(SolParser *p, SolPLoc l, SolPLoc stmt, SolPName name, SolValue *first,
                  uint32_t count);
/* Defines names[i] as the block's argument first + i. */
void sol_p_define_block_args(SolParser *p, SolPLoc stmt, SolBlock *b, uint32_t first,
                             SolPUse *const *names, uint32_t n);
/* Appends op to the current block (dropped inside a region whose op failed to build). */
void sol_p_append_op(SolParser *p, SolOp *op);
/* Enters a region whose block is b (NULL: ops are parsed and dropped); its names die with it.
 * Returns its record (for the builder to fill in), or NULL once nesting is too deep. Leaving
 * happens at the region's `}`, or when error recovery discards its opening (solar.y's
 * %destructor). */
SolPRegion *sol_p_region_enter(SolParser *p, SolPLoc l, SolBlock *b);
SolPRegion *sol_p_region_top(SolParser *p);
/* Gives op the entries of an attribute dictionary as discardable attributes. */
void sol_p_set_attrs(SolParser *p, SolOp *op, const SolAttr *dict);
/* A use whose value has another type than the op's syntax says is an error at the use. */
bool sol_p_check_use(SolParser *p, const SolPUse *u, const SolType *expected);
bool sol_p_all_resolved(SolPList *uses);
SolValue **sol_p_values_of(SolParser *p, SolPList *uses, uint32_t *n);
bool sol_p_expect_memref(SolParser *p, SolPLoc l, const SolType *t);
/* The message of an unknown op name, with a did-you-mean and the dialect page. */
void sol_p_report_unknown_op(SolParser *p, SolPLoc l, const char *name, size_t len);

/* parse_affine.c: lowers subscripts written with SSA values (`%i + symbol(%n)`) to a map
 * plus dim and symbol operands in order of first appearance, as MLIR does. The operands are
 * written after `prefix` leading slots of *operands_out; *num_out counts all of them. */
const SolAffineMap *sol_p_lower_subscripts(SolParser *p, SolPList *subs, SolValue ***operands_out,
                                           uint32_t *num_out, uint32_t prefix);

/* parse_recover.c: after a redefinition at stmt (where the defining statement starts), notes
 * an open region that the statement is indented outside of: its `}` is probably missing. */
void sol_p_brace_hint(SolParser *p, SolPLoc stmt);

/* parse_literals.c: records a function name; false if the parse already defined one. */
bool sol_p_record_func_name(SolParser *p, const SolIdent *name);
void sol_p_aliases_free(SolPState *s);

#endif /* SOLAR_IR_PARSE_INTERNAL_H */
