/*
 * What the flex scanner and the bison parser share with lib/IR/parse.c: the parser state,
 * the semantic value types of the grammar, and the builder calls that grammar actions make.
 * The grammar stays declarative: every action is a one-line call into a `sol_p_*` builder
 * (jq keeps its gen_* helpers out of the grammar the same way).
 */
#ifndef SOLAR_IR_PARSE_SUPPORT_H
#define SOLAR_IR_PARSE_SUPPORT_H

#include "IR/ir.h"

typedef void *yyscan_t;
typedef struct SolParser SolParser;

/* A growable list in the parser's scratch arena (uses, types, attributes, expressions). */
typedef struct SolPList {
    void **items;
    uint32_t n, cap;
} SolPList;

/* A source span of a token or rule. */
typedef struct SolPLoc {
    uint32_t first_line, first_column, last_line, last_column;
} SolPLoc;

/* An SSA name as the scanner read it (without the `%`), in the scratch arena: names are
 * looked up by their text, and only a definition copies one into the module (as the values'
 * hint), so a long function's names cost nothing once out of scope. */
typedef struct SolPName {
    const char *str; /* NULL: no name (a declaration's parameter) */
    uint32_t len, hash;
} SolPName;

/* An SSA use as written: `%x` or `%x#1`, resolved at the use. */
typedef struct SolPUse {
    SolValue *value; /* NULL after an error */
    SolPName name;
    SolPLoc loc;
} SolPUse;

/* An affine expression as written, before its atoms become dims and symbols. */
typedef enum SolPExprKind {
    SOL_PEXPR_INT,    /* 42 */
    SOL_PEXPR_NAME,   /* d0, s0, i: a map/set parameter */
    SOL_PEXPR_SSA,    /* %i in a subscript */
    SOL_PEXPR_SYMBOL, /* symbol(%n) */
    SOL_PEXPR_NEG,
    SOL_PEXPR_BINARY, /* op in `bin` */
} SolPExprKind;

typedef struct SolPExpr {
    SolPExprKind kind;
    SolAffineKind bin;
    uint64_t magnitude; /* INT: the literal (up to 2^63, for -2^63) */
    bool is_eq;         /* a set constraint: `== 0` rather than `>= 0` */
    const SolIdent *name;
    SolPUse *use;
    struct SolPExpr *lhs, *rhs;
    SolPLoc loc;
} SolPExpr;

/* A parameter of a function header: `%A: memref<4xf32> {attrs}` or just a type. */
typedef struct SolPParam {
    SolPName name; /* no name in declarations */
    const SolType *type;
    const SolAttr *attrs; /* DICT or NULL */
    SolPLoc loc;
} SolPParam;

/* A loop bound: a map with operands, or the `%n` / `42` shorthand. */
typedef struct SolPBound {
    const SolAffineMap *map; /* NULL after an error */
    SolPList *dims, *syms;   /* of SolPUse */
    bool has_minmax;         /* written with `max`/`min` */
    SolPLoc loc;
} SolPBound;

/* One name on the left of `=`: `%a` (count 1) or `%r:N`. */
typedef struct SolPDef {
    SolPName name;
    SolPLoc loc;
    uint32_t count;
} SolPDef;

typedef struct SolPDefs {
    SolPList *names; /* of SolPDef */
    uint32_t total;  /* results they bind */
    bool failed;     /* an error in the list was reported */
} SolPDefs;

/* Literal numbers keep an overflow flag so the action can report them with a location. */
typedef struct SolPInt {
    uint64_t value;
    bool overflow;
} SolPInt;

typedef union SolPValue {
    const SolIdent *ident;
    SolPName name;
    SolPInt integer;
    double real;
    struct {
        const SolIdent *name; /* an unknown name as spelled, else NULL */
        SolOpKind kind;       /* SOL_OP_COUNT for an unknown name */
        bool v14;             /* a known one spelled the MLIR 14 way */
    } opname;
    const SolType *type;
    const SolAttr *attr;
    SolNamedAttr named;
    SolPUse *use;
    SolPList *list;
    SolPExpr *expr;
    SolPParam *param;
    SolPBound *bound;
    SolPDefs *defs;
    SolOp *op;
    SolOp *region; /* a typed mid-rule action that opened a region (its op, if built) */
    const SolAffineMap *map;
    const SolIntegerSet *set;
    struct {
        const char *data;
        uint32_t len;
    } str;
} SolPValue;

_Static_assert(sizeof(SolPValue) == 16, "bison copies a value per shift and reduction");
#define YYSTYPE SolPValue
#define YYLTYPE SolPLoc
#define YYLTYPE_IS_DECLARED 1
#define YYLTYPE_IS_TRIVIAL 1

/* An open `{`: where it is and the indentation of its line, to tell which region a missing
 * `}` belongs to. */
typedef struct SolPBrace {
    SolPLoc loc;
    uint32_t indent; /* column of the first token on the `{`'s line */
} SolPBrace;

/* Hooks for ops handled as they are parsed (lib/IR/stream.c): the parser calls them with each
 * function once its arguments are bound, each complete top-level op of a function body, and
 * each function's end (after its `}`, or its declaration). op_done returns true when the op may
 * go: it is erased and its memory reused for the next op. Not called after a syntax error. */
typedef struct SolPSink {
    void *user;
    void (*func_begin)(void *user, SolOp *func);
    bool (*op_done)(void *user, SolOp *op);
    void (*func_end)(void *user, SolOp *func);
} SolPSink;

/* sol_parse_file with a sink. The module it returns holds what the sink kept; it is returned
 * after errors too (*ok false), for the caller to free once done with the values the sink saw. */
SolModule *sol_p_parse_file_sink(SolContext *ctx, const char *name, FILE *f, const SolPSink *sink,
                                 bool *ok);

/* Parser state, shared by the scanner (through yyextra) and the grammar actions. */
struct SolParser {
    SolContext *ctx;
    SolModule *module;
    const SolIdent *file;
    SolArena scratch;   /* lists and expressions; reset after each top-level op */
    uint32_t line, col; /* scanner position of the next character */
    bool broken;        /* after a syntax error: stop building, keep reporting */
    unsigned errors;    /* errors reported in the input */
    bool aborted;       /* too many errors or nesting too deep */
    uint32_t depth;     /* region nesting */
    uint32_t dropped_depth; /* ... of it, regions of generic-form ops that are not built */
    bool have_module;   /* an explicit `module` was seen */
    bool module_closed; /* ... and its closing brace: nothing may follow */
    bool have_top_op;   /* something was parsed at top level */
    const char *input; /* the text being parsed (never modified) */
    FILE *stream;      /* or the stream it comes from */
    size_t input_len, input_pos;
    SolPList *pending_params; /* function header arguments, until the body opens */
    struct SolPState *state;  /* symbol table, scopes, insertion points (parse.c) */
    const SolPSink *sink;     /* NULL, or the hooks of ops handled as they are parsed */
    SolOp *sunk;              /* the last top-level op the sink kept */
    SolArenaMark body_mark;   /* module memory in use after it: an op the sink lets go frees the rest */
    /* Layout, for diagnostics and error recovery (yylex in parse.c). */
    bool at_line_start;       /* the scanner has passed a newline since the last token */
    bool tok_first_on_line;   /* the last token returned began its line */
    uint32_t line_indent;     /* column of the first token of the current line */
    SolVecOf(SolPBrace) braces; /* open `{`s, innermost last */
    SolPBrace misclosed;      /* the first `{` whose `}` was indented unlike its line */
    SolPLoc misclosed_by;     /* ... and that `}` */
    bool have_misclosed;
    bool resync;              /* after an error: skipping to the next statement */
    size_t resync_depth;      /* braces open around the statement being skipped */
    bool resync_top;          /* ... which is a top-level one (a function, an alias) */
    bool brace_noted;         /* a missing `}` was already diagnosed */
    int last_tok;             /* the token yylex returned last (the lookahead after an error) */
    SolBuf str_text;          /* the string being read, between its quotes (solar.l) */
    SolPLoc str_loc;          /* ... its opening quote */
    bool str_symbol;          /* ... a quoted symbol, @"..." */
    const char *last_str;     /* the last string token's text (module arena) */
    uint32_t last_str_len;
};

enum { SOL_MAX_NESTING = 10000 };

/* The page that lists the ops, types and attributes solar-opt reads, named in diagnostics. */
#define SOL_DIALECT_DOC "docs/dialect.md"


SolLoc sol_p_loc(SolParser *p, SolPLoc l);
/* The flex scanner (grammar/solar.l); the grammar reads tokens through yylex, beside it. */
int sol_p_scan(SolPValue *lval, SolPLoc *lloc, yyscan_t scanner);
/* yylex's slow path (parse_recover.c): braces, strings, and every token while error recovery
 * skips. Returns the token to hand to the grammar, or -1 to read the next one. */
int sol_p_filter_token(SolParser *p, int tok, SolPValue *lval, SolPLoc *lloc);
/* Error recovery, called by the grammar's `error` rules (top_level: those between functions).
 * Returns true when the lookahead should be dropped (it belongs to the broken statement), and
 * then skips to the next line that begins a statement. */
bool sol_p_recover(SolParser *p, bool have_lookahead, bool top_level);
/* An unterminated string ate the rest of its line: the `{`s opened on that line are dropped,
 * since their `}`s went with it. */
void sol_p_drop_line_braces(SolParser *p);
/* `func` where an op should be: a function body left open. */
void sol_p_nested_func(SolParser *p, SolPLoc l);
/* At the end of the input with a `{` still open: reports it where it opened. */
void sol_p_unclosed(SolParser *p);
size_t sol_p_read_input(SolParser *p, char *buf, size_t max);
void sol_p_syntax_error(SolParser *p);
void sol_p_unknown_op(SolParser *p, SolPLoc l, const SolIdent *name);
void sol_p_error(SolParser *p, SolPLoc l, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* lists */
SolPList *sol_p_list(SolParser *p, void *first);
SolPList *sol_p_append(SolParser *p, SolPList *l, void *item);
static inline uint32_t sol_p_len(const SolPList *l) { return l ? l->n : 0; }

/* lexical values */
const SolType *sol_p_memref_type(SolParser *p, SolPLoc l, const char *text, size_t len);
const SolType *sol_p_scalar_type(SolParser *p, const char *text, size_t len);
const SolIdent *sol_p_string(SolParser *p, SolPLoc l, const char *text, size_t len, SolPValue *out);

/* SSA names */
/* The scanner's copy of an SSA name (`%x` without the `%`) into scratch memory. */
void sol_p_ssa_name(SolParser *p, const char *text, size_t len, SolPName *out);
SolPUse *sol_p_use(SolParser *p, SolPLoc l, SolPName name, SolPInt result_no, bool has_no);
SolPDefs *sol_p_defs(SolParser *p, SolPDefs *d, SolPLoc l, SolPName name, SolPInt count);
void sol_p_bind(SolParser *p, SolPDefs *defs, SolOp *op, SolPLoc l);

/* attributes */
const SolAttr *sol_p_attr_int(SolParser *p, SolPLoc l, SolPInt v, bool neg, const SolType *type);
const SolAttr *sol_p_attr_float(SolParser *p, SolPLoc l, double v, bool neg, const SolType *type);
const SolAttr *sol_p_attr_hex(SolParser *p, SolPLoc l, SolPInt v, const SolType *type);
/* A dictionary entry with where it was written, for duplicate-key errors. */
typedef struct SolPEntry {
    SolNamedAttr attr;
    SolPLoc loc;
} SolPEntry;
SolPEntry *sol_p_entry(SolParser *p, SolPLoc l, SolNamedAttr attr);
const SolAttr *sol_p_attr_dict(SolParser *p, SolPList *entries);
const SolAttr *sol_p_attr_array(SolParser *p, SolPList *elems);
const SolIdent *sol_p_keyword_name(SolParser *p, const char *s);
/* An op name token as written, as an identifier (an attribute named like an op). */
const SolIdent *sol_p_op_spelling(SolParser *p, SolOpKind kind, const SolIdent *name, bool v14);
const SolIdent *sol_p_type_name(SolParser *p, const SolType *t);

/* affine maps, sets and aliases */
SolPExpr *sol_p_expr_int(SolParser *p, SolPLoc l, SolPInt v);
SolPExpr *sol_p_expr_name(SolParser *p, SolPLoc l, const SolIdent *name);
SolPExpr *sol_p_expr_ssa(SolParser *p, SolPLoc l, SolPUse *u, bool symbol);
SolPExpr *sol_p_expr_neg(SolParser *p, SolPLoc l, SolPExpr *e);
SolPExpr *sol_p_expr_bin(SolParser *p, SolPLoc l, SolAffineKind k, SolPExpr *a, SolPExpr *b);
SolPExpr *sol_p_expr_sub(SolParser *p, SolPLoc l, SolPExpr *a, SolPExpr *b);
const SolAffineMap *sol_p_map(SolParser *p, SolPLoc l, SolPList *dims, SolPList *syms,
                              SolPList *results);
SolPExpr *sol_p_constraint(SolParser *p, SolPLoc l, SolPExpr *a, SolPExpr *b, bool eq);
const SolIntegerSet *sol_p_set(SolParser *p, SolPLoc l, SolPList *dims, SolPList *syms,
                               SolPList *cons);
void sol_p_alias_def(SolParser *p, SolPLoc l, const SolIdent *name, const SolAttr *value);
const SolAffineMap *sol_p_map_alias(SolParser *p, SolPLoc l, const SolIdent *name);
const SolIntegerSet *sol_p_set_alias(SolParser *p, SolPLoc l, const SolIdent *name);
const SolAttr *sol_p_alias_attr(SolParser *p, SolPLoc l, const SolIdent *name);

/* structure */
void sol_p_module_begin(SolParser *p, SolPLoc l, const SolIdent *name, const SolAttr *attrs);
/* A statement (an op in a region, or a function, alias or module at the top level) is
 * complete: a top-level op of a function goes to the sink, and the scratch memory the
 * statement used goes back. tok and lval are the lookahead (YYEMPTY when none): read before
 * the statement was reduced, it belongs to the next one, and its text is kept. */
void sol_p_stmt_done(SolParser *p, int tok, SolPValue *lval);
SolOp *sol_p_func_begin(SolParser *p, SolPLoc l, bool is_private, const SolIdent *name,
                        SolPList *params, SolPList *results, const SolAttr *attrs);
void sol_p_func_body(SolParser *p, SolOp *func, SolPLoc l);
/* Leaves the innermost region: at its `}`, or when error recovery pops what opened it. */
void sol_p_region_leave(SolParser *p);
void sol_p_func_end(SolParser *p, SolOp *func, bool has_body);

/* ops */
SolOp *sol_p_for_begin(SolParser *p, SolPLoc l, SolPLoc ivl, SolPName iv, SolPBound *lb,
                       SolPBound *ub, SolPInt step, SolPList *iter_names, SolPList *iter_inits,
                       SolPList *types);
SolOp *sol_p_for_end(SolParser *p, SolOp *op, const SolAttr *attrs);
SolPBound *sol_p_bound_map(SolParser *p, SolPLoc l, const SolAffineMap *map, SolPList *dims,
                           SolPList *syms, bool minmax);
SolPBound *sol_p_bound_ssa(SolParser *p, SolPLoc l, SolPUse *u);
SolPBound *sol_p_bound_int(SolParser *p, SolPLoc l, SolPInt v, bool neg);
SolOp *sol_p_if_begin(SolParser *p, SolPLoc l, const SolIntegerSet *set, SolPList *dims,
                      SolPList *syms, SolPList *types);
void sol_p_if_else(SolParser *p);
SolOp *sol_p_if_end(SolParser *p, SolOp *op, const SolAttr *attrs);
SolOp *sol_p_generic_begin(SolParser *p, SolPLoc l, const SolAttr *dict, SolPList *ins,
                           SolPList *in_types, SolPList *outs, SolPList *out_types,
                           const SolAttr *extra);
void sol_p_generic_block(SolParser *p, SolOp *op, SolPList *params);
SolOp *sol_p_generic_end(SolParser *p, SolOp *op);
SolOp *sol_p_terminator(SolParser *p, SolPLoc l, SolOpKind kind, SolPList *uses,
                        SolPList *types);
SolOp *sol_p_affine_load(SolParser *p, SolPLoc l, SolPUse *mem, SolPList *subs,
                         const SolAttr *attrs, const SolType *type);
SolOp *sol_p_affine_store(SolParser *p, SolPLoc l, SolPUse *val, SolPUse *mem, SolPList *subs,
                          const SolAttr *attrs, const SolType *type);
SolOp *sol_p_affine_map_op(SolParser *p, SolPLoc l, SolOpKind kind, const SolAffineMap *map,
                           SolPList *dims, SolPList *syms, const SolAttr *attrs);
SolOp *sol_p_memref_load(SolParser *p, SolPLoc l, SolPUse *mem, SolPList *idx,
                         const SolAttr *attrs, const SolType *type);
SolOp *sol_p_memref_store(SolParser *p, SolPLoc l, SolPUse *val, SolPUse *mem, SolPList *idx,
                          const SolAttr *attrs, const SolType *type);
SolOp *sol_p_alloc(SolParser *p, SolPLoc l, SolPList *sizes, const SolAttr *attrs,
                   const SolType *type);
SolOp *sol_p_dealloc(SolParser *p, SolPLoc l, SolPUse *mem, const SolAttr *attrs,
                     const SolType *type);
SolOp *sol_p_dim(SolParser *p, SolPLoc l, const SolAttr *attrs, SolPUse *mem, SolPUse *idx,
                 const SolType *type);
SolOp *sol_p_constant(SolParser *p, SolPLoc l, const SolAttr *attrs, const SolAttr *value);
SolOp *sol_p_simple(SolParser *p, SolPLoc l, SolOpKind kind, SolPList *uses,
                    const SolAttr *attrs, const SolType *type);
SolOp *sol_p_cmp(SolParser *p, SolPLoc l, SolOpKind kind, SolPLoc pl, const SolIdent *pred,
                 SolPUse *a, SolPUse *b, const SolAttr *attrs, const SolType *type);
SolOp *sol_p_cast(SolParser *p, SolPLoc l, SolOpKind kind, SolPUse *a, const SolAttr *attrs,
                  const SolType *from, const SolType *to);
SolOp *sol_p_call(SolParser *p, SolPLoc l, const SolIdent *callee, SolPList *args,
                  const SolAttr *attrs, const SolType *fn_type);
const SolType *sol_p_function_type(SolParser *p, SolPList *inputs, SolPList *results);

/* MLIR's generic op form (parse_generic.c): `"arith.addf"(%a, %b) : (f32, f32) -> f32`. Ops
 * whose inherent data is an attribute there are built from it; ops with regions, and names
 * solar-opt does not know, are reported with the op's name. */
SolOp *sol_p_generic_form(SolParser *p, SolPLoc l, const char *name, uint32_t len,
                          SolPList *uses, bool has_regions, const SolAttr *attrs,
                          const SolType *fn_type);
/* A generic-form op where a function should be (`"builtin.module"() ({...}) : () -> ()`):
 * reported by name; error recovery skips it. */
void sol_p_generic_top(SolParser *p, SolPLoc l, const char *name, uint32_t len);
/* A region of an op in generic form: its names are scoped, its ops parsed and dropped (it
 * ends with sol_p_region_leave). */
void sol_p_dropped_region_begin(SolParser *p, SolPLoc l);
/* Block arguments of such a region (`^bb0(%a: f32):`): defined, to nothing. */
void sol_p_define_dropped(SolParser *p, SolPList *params);

#endif /* SOLAR_IR_PARSE_SUPPORT_H */
