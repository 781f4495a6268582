/*
 * What the op printer (printer.c: the walks, SSA naming, aliases, the generic form) shares
 * with the op files that hold each dialect's custom syntax (Ops/func.c, affine.c, memref.c,
 * linalg.c, arith.c): the printer's state, the pieces every custom syntax is made of, and
 * the SolOpPrinter each ops.def row names in its print column.
 *
 * A SolOpPrinter's print writes one op after the indentation and before the newline, and
 * nested regions through sol_prt_region; it is called only for an op whose counts match its
 * ops.def row and that its `fits` accepts, so it may index operands, results and props
 * freely. An op that does not fit prints in MLIR's generic form instead. `aliases` names the
 * affine maps and integer sets the custom syntax prints outside attributes (as #mapN/#setN),
 * in printing order; it runs in the first walk, for ops that fit.
 */
#ifndef SOLAR_IR_PRINT_INTERNAL_H
#define SOLAR_IR_PRINT_INTERNAL_H

#include "IR/ir.h"
#include "Support/ptr_map.h"

/* ---- scoped set of taken names (printer.c) -------------------------------------------------
 * Chained hashing whose entries live in one array in insertion order, each bucket's chain
 * running from newest to oldest. Removing entries newest-first (closing a region) just moves
 * each bucket head back to the entry's successor. Keys are strings, so it is no SolPtrMap. */

typedef struct NameEnt {
    const char *s;
    uint32_t len, hash;
    int32_t next;  /* older entry of the same bucket, -1 at the end */
    uint32_t memo; /* suffixes below memo are taken: `x_1` .. `x_{memo-1}` (0 means 1) */
} NameEnt;

typedef struct MemoUndo {
    uint32_t ent, memo;
} MemoUndo;

typedef struct NameSet {
    SolVecOf(NameEnt) ents;
    SolVecOf(MemoUndo) undo; /* memo changes, rolled back with the scope that made them */
    int32_t *heads;
    size_t nheads;
} NameSet;

/* A mark in the printer's names, to pop back to when a region's naming scope closes. */
typedef struct SolNameScope {
    size_t ents, undo, vnames;
} SolNameScope;

/* ---- printer state -------------------------------------------------------------------------- */

/* A value's printed name: `%s`, or `%s#resno` for one result of a `%s:N` group. */
typedef struct VName {
    SolValue *v;
    const char *s;
    uint32_t len;
    int32_t resno; /* -1 when not grouped */
} VName;

typedef struct SolPrinter {
    SolBuf *b;
    FILE *out; /* written to whenever b fills up; NULL keeps everything in b */
    SolMlirTarget target;
    SolPtrMap aliases; /* affine map or integer set -> alias number */
    SolVecOf(const SolAffineMap *) maps;
    SolVecOf(const SolIntegerSet *) sets;
    SolVecOf(VName) vnames; /* the values in scope, in order of definition, popped with their
                             * scope; a value's walk bits (SolValue.walk) hold its index + 1 */
    NameSet taken;
    SolArena strings; /* generated names of the current function */
    uint64_t next_num, next_arg;
    SolPtrMap type_text; /* memref type -> offset << 32 | length of its spelling in `types` */
    SolBuf types;
    SolBuf tmp;     /* a candidate name being tried */
    SolBuf scratch; /* subscript operand spellings */
    SolVecOf(size_t) offsets;
    SolVecOf(const char *) subnames;
} SolPrinter;

/* The type of ops.def's print column. */
typedef struct SolOpPrinter {
    void (*print)(SolPrinter *P, SolOp *op, uint32_t depth);
    bool (*fits)(const SolOp *op);                   /* NULL: every op with the right counts */
    void (*aliases)(SolPrinter *P, const SolOp *op); /* NULL: none outside attributes */
} SolOpPrinter;

/* ---- printer.c: names and scopes ------------------------------------------------------------ */

SolNameScope sol_prt_scope_mark(const SolPrinter *P);
/* Names taken in the scope become free again, and its values are forgotten. */
void sol_prt_scope_pop(SolPrinter *P, SolNameScope s);
/* Functions are isolated from above: their names start over. */
void sol_prt_names_reset(SolPrinter *P);
/* Chooses names for the block's arguments. */
void sol_prt_name_block_args(SolPrinter *P, const SolBlock *blk);

/* ---- printer.c: pieces of custom syntax ----------------------------------------------------- */

/* `%a, %b:2 = ` (naming the results first), nothing without results. */
void sol_prt_results(SolPrinter *P, SolOp *op);
/* The op's spelling in the target. */
void sol_prt_name(SolPrinter *P, const SolOp *op);
void sol_prt_use(SolPrinter *P, const SolValue *v);
/* A use written into b (not necessarily the output). */
void sol_prt_put_use(const SolPrinter *P, SolBuf *b, const SolValue *v);
/* `%a, %b` of operands from .. to-1, and their types. */
void sol_prt_operands(SolPrinter *P, const SolOp *op, uint32_t from, uint32_t to);
void sol_prt_operand_types(SolPrinter *P, const SolOp *op, uint32_t from, uint32_t to);
void sol_prt_value_type(SolPrinter *P, const SolValue *v);
void sol_prt_result_types(SolPrinter *P, const SolOp *op);
/* `-> T` for one result, `-> (T, U)` otherwise; nothing without results. */
void sol_prt_arrow_types(SolPrinter *P, const SolOp *op);
void sol_prt_symbol(SolPrinter *P, const SolIdent *sym);
/* `#mapN` / `#setN` when aliased, else the map or set itself. */
void sol_prt_map_ref(SolPrinter *P, const SolAffineMap *m);
void sol_prt_set_ref(SolPrinter *P, const SolIntegerSet *s);
/* Like sol_attr_print, but maps and sets with an alias print as `#mapN` / `#setN`. */
void sol_prt_attr(SolPrinter *P, const SolAttr *a);
typedef bool (*NameFilter)(const SolIdent *name);
/* `{a = 1 : i64, b}` of the entries the filter keeps (all when NULL), after `lead`; nothing
 * at all when none is kept. */
void sol_prt_entries(SolPrinter *P, const char *lead, const SolNamedAttr *es, uint32_t n,
                     NameFilter keep);
/* ` {attrs}` when the op has any. */
void sol_prt_op_attrs(SolPrinter *P, const SolOp *op);
bool sol_prt_is_dict_nonempty(const SolAttr *a);
/* An affine.yield without operands or attributes (left out where the parser adds it). */
bool sol_prt_is_bare_yield(const SolOp *op);
/* ` {`, the ops one level deeper, `}`. The entry block's arguments must be named already and
 * are printed as a label only when `label` is set; later blocks always get one. A trailing
 * bare `affine.yield` is left out when `elide` is set (the parser adds it back). */
void sol_prt_region(SolPrinter *P, const SolRegion *r, uint32_t depth, bool label, bool elide);
/* A region with its own naming scope whose entry block arguments are not printed. */
void sol_prt_scoped_region(SolPrinter *P, const SolRegion *r, uint32_t depth, bool elide);
/* `name {attrs} %a, %b : T, U`: func.return and affine.yield (MLIR prints the attribute
 * dictionary first). */
void sol_prt_terminator(SolPrinter *P, SolOp *op, uint32_t depth);

/* ---- printer.c: a module piece by piece (stream.c) -------------------------------------------
 * What sol_print_module prints in one go, in pieces, for ops printed as they are parsed: the
 * module's and each function's first line, each op of a function body, the closing braces,
 * and at the end the aliases, which must come first in the output and are only known then
 * (the pieces go to out, a spool, and the aliases to the real output before it). */

void sol_prt_init(SolPrinter *P, SolBuf *b, FILE *out, const SolPrintOptions *opts);
void sol_prt_free(SolPrinter *P);
/* Numbers the maps and sets op prints as aliases; with its nested ops when `nested`. */
void sol_prt_collect(SolPrinter *P, SolOp *op, bool nested);
/* One op on its own line(s), at the given depth. */
void sol_prt_op(SolPrinter *P, SolOp *op, uint32_t depth);
/* `module ... {` and `  func.func @f(...) {`, each with its newline. */
void sol_prt_module_open(SolPrinter *P, SolOp *module);
void sol_prt_func_open(SolPrinter *P, SolOp *func);
/* The `}` of a region opened at depth. */
void sol_prt_close(SolPrinter *P, uint32_t depth);
void sol_prt_aliases(SolPrinter *P);
/* Writes what is buffered to the printer's FILE. */
void sol_prt_flush(SolPrinter *P);
/* Whether the target can spell op; reports it if not (what sol_check_print_target reports). */
bool sol_prt_spellable(SolContext *ctx, const SolOp *op, SolMlirTarget target);

/* Ops/func.c: the first line of a module or function, without the region. */
void sol_prt_module_header(SolPrinter *P, SolOp *op);
void sol_prt_func_header(SolPrinter *P, SolOp *op);

/* ---- printer.c: aliases (for SolOpPrinter.aliases) ------------------------------------------ */

void sol_prt_add_map_alias(SolPrinter *P, const SolAffineMap *m);
void sol_prt_add_set_alias(SolPrinter *P, const SolIntegerSet *s);
/* The maps and sets inside an attribute value. */
void sol_prt_collect_attr(SolPrinter *P, const SolAttr *a);

/* ---- print hooks (ops.def's print column) --------------------------------------------------- */

/* Ops/func.c */
extern const SolOpPrinter sol_builtin_module_printer, sol_func_func_printer,
    sol_func_return_printer, sol_func_call_printer;
/* Ops/affine.c */
extern const SolOpPrinter sol_affine_for_printer, sol_affine_if_printer, sol_affine_yield_printer,
    sol_affine_access_printer, sol_affine_map_op_printer;
/* Ops/memref.c */
extern const SolOpPrinter sol_memref_alloc_printer, sol_memref_dealloc_printer,
    sol_memref_dim_printer, sol_memref_access_printer;
/* Ops/linalg.c */
extern const SolOpPrinter sol_linalg_generic_printer, sol_linalg_yield_printer;
/* Ops/arith.c: `%r = op[ pred,] %a, ... {attrs} : T[ to U]` and arith.constant */
extern const SolOpPrinter sol_arith_printer, sol_arith_cmp_printer, sol_arith_constant_printer;

#endif /* SOLAR_IR_PRINT_INTERNAL_H */
