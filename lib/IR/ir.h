/*
 * The SSA IR: context, types, attributes, affine maps and sets, values, ops, blocks, regions.
 *
 * Ownership follows MLIR: a module op owns regions, regions own blocks, blocks own ops. All IR
 * memory of a module comes from the module's arena; types, affine expressions, maps and sets are
 * uniqued in the context (compare them with ==) and outlive modules. Lists are intrusive rings,
 * so insert, erase and move are O(1); every value keeps a use list, so replace-all-uses is cheap.
 *
 * Op kinds are the rows of ops.def. Op-specific data that MLIR keeps as inherent attributes
 * (a loop's bound maps and step, a load's access map, a comparison predicate, a constant's
 * value, a function's name and signature) lives in SolOp.props, so the attribute dictionary
 * holds only what the user wrote in `{...}`.
 */
#ifndef SOLAR_IR_IR_H
#define SOLAR_IR_IR_H

#include "Support/support.h"

typedef struct SolContext SolContext;
typedef struct SolModule SolModule;
typedef struct SolType SolType;
typedef struct SolAttr SolAttr;
typedef struct SolNamedAttr SolNamedAttr;
typedef struct SolAffineExpr SolAffineExpr;
typedef struct SolAffineMap SolAffineMap;
typedef struct SolIntegerSet SolIntegerSet;
typedef struct SolValue SolValue;
typedef struct SolUse SolUse;
typedef struct SolOp SolOp;
typedef struct SolBlock SolBlock;
typedef struct SolRegion SolRegion;

/* ---- op kinds -------------------------------------------------------------------------- */

typedef enum SolOpKind {
#define OP(kind, name, name14, syntax, nopd, nres, nreg, flags, verify, print) kind,
#include "IR/ops.def"
#undef OP
    SOL_OP_COUNT
} SolOpKind;

/* How an op is spelled; ops of one class share parser rules and print/verify hooks. */
typedef enum SolOpSyntax {
    SOL_SYN_CUSTOM,   /* own grammar rule and hooks (lib/IR/Ops/) */
    SOL_SYN_BINARY,   /* %r = op %a, %b : T */
    SOL_SYN_UNARY,    /* %r = op %a : T */
    SOL_SYN_TERNARY,  /* %r = op %a, %b, %c : T */
    SOL_SYN_CMP,      /* %r = op pred, %a, %b : T */
    SOL_SYN_SELECT,   /* %r = op %c, %a, %b : T */
    SOL_SYN_CAST,     /* %r = op %a : T to U */
    SOL_SYN_CONSTANT, /* %r = op {attrs} value : T */
} SolOpSyntax;

enum {
    SOL_OPF_TERMINATOR = 1u << 0, /* must end its block */
    SOL_OPF_PURE = 1u << 1,       /* no memory effects */
    SOL_OPF_FLOAT = 1u << 2,      /* operands are floats */
    SOL_OPF_INT = 1u << 3,        /* operands are integers or index */
};

typedef struct SolOpInfo {
    const char *name;   /* current MLIR spelling */
    const char *name14; /* MLIR 14 spelling, NULL when MLIR 14 has no such op */
    SolOpSyntax syntax;
    int num_operands, num_results, num_regions; /* -1: variadic */
    unsigned flags;
} SolOpInfo;

extern const SolOpInfo sol_op_infos[SOL_OP_COUNT];
static inline const SolOpInfo *sol_op_info(SolOpKind k) { return &sol_op_infos[k]; }
/* The op kind spelled `name` (either spelling), or SOL_OP_COUNT when unknown. */
SolOpKind sol_op_kind_lookup(SolContext *ctx, const char *name, size_t len);

/* ---- context ----------------------------------------------------------------------------- */

SolContext *sol_context_new(void);
void sol_context_free(SolContext *ctx);
SolDiagEngine *sol_context_diag(SolContext *ctx);
const SolIdent *sol_ident(SolContext *ctx, const char *s, size_t len);
const SolIdent *sol_ident_cstr(SolContext *ctx, const char *s);

void sol_emit_error(SolContext *ctx, SolLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void sol_emit_warning(SolContext *ctx, SolLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void sol_emit_note(SolContext *ctx, SolLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void sol_emit_remark(SolContext *ctx, SolLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
unsigned sol_error_count(SolContext *ctx);

/* ---- types ------------------------------------------------------------------------------- */

typedef enum SolTypeKind {
    SOL_TYPE_INDEX,
    SOL_TYPE_INT,      /* iN, signless */
    SOL_TYPE_FLOAT,    /* f16 bf16 f32 f64 */
    SOL_TYPE_MEMREF,   /* memref<4x?xf32>, identity layout */
    SOL_TYPE_FUNCTION, /* (T, ...) -> (U, ...) */
} SolTypeKind;

typedef enum SolFloatKind { SOL_F16, SOL_BF16, SOL_F32, SOL_F64 } SolFloatKind;

#define SOL_DYNAMIC INT64_MIN /* a `?` dimension */

struct SolType {
    SolTypeKind kind;
    uint32_t width;          /* bits of an int or float element */
    SolFloatKind fkind;      /* floats */
    uint32_t rank;           /* memref */
    const int64_t *dims;     /* memref: rank entries, SOL_DYNAMIC for `?` */
    const SolType *elem;     /* memref element type */
    uint32_t num_inputs;     /* function */
    uint32_t num_results;    /* function */
    const SolType *const *inputs, *const *results;
};

const SolType *sol_type_index(SolContext *ctx);
const SolType *sol_type_int(SolContext *ctx, uint32_t width);
const SolType *sol_type_float(SolContext *ctx, SolFloatKind kind);
const SolType *sol_type_memref(SolContext *ctx, const SolType *elem, uint32_t rank,
                               const int64_t *dims);
const SolType *sol_type_function(SolContext *ctx, uint32_t num_inputs,
                                 const SolType *const *inputs, uint32_t num_results,
                                 const SolType *const *results);
static inline bool sol_type_is_float(const SolType *t) { return t->kind == SOL_TYPE_FLOAT; }
static inline bool sol_type_is_int(const SolType *t) { return t->kind == SOL_TYPE_INT; }
static inline bool sol_type_is_index(const SolType *t) { return t->kind == SOL_TYPE_INDEX; }
static inline bool sol_type_is_memref(const SolType *t) { return t->kind == SOL_TYPE_MEMREF; }
/* Size in bytes of a scalar element (index counts as 8), 0 for other types. */
uint32_t sol_type_elem_bytes(const SolType *t);
/* Number of `?` dims of a memref type. */
uint32_t sol_type_num_dynamic(const SolType *t);
/* Appends MLIR spelling (`f32`, `memref<4x?xf32>`, `(f32) -> index`) to b. */
void sol_type_print(SolBuf *b, const SolType *t);

/* ---- affine expressions, maps, integer sets (uniqued in the context) ---------------------- */

typedef enum SolAffineKind {
    SOL_AFF_CONST,
    SOL_AFF_DIM,
    SOL_AFF_SYM,
    SOL_AFF_ADD,
    SOL_AFF_MUL,
    SOL_AFF_MOD,
    SOL_AFF_FLOORDIV,
    SOL_AFF_CEILDIV,
} SolAffineKind;

struct SolAffineExpr {
    SolAffineKind kind;
    int64_t value; /* CONST: the constant; DIM/SYM: the position */
    const SolAffineExpr *lhs, *rhs;
};

/* Builders fold constants and put expressions in one canonical form (a subset of MLIR's
 * simplifications, enough that printing and re-parsing is a fixed point): `c * e` becomes
 * `e * c`, a symbolic factor moves right of a dim one, `(e * a) * b` becomes `e * (a*b)`,
 * `e + 0` becomes `e`, constants gather at the end of a sum, and `x - y` is `x + y * -1`.
 * Terms are not collected (`d0 + d0` stays). A fold that would overflow int64 or divide by
 * zero is not done; the verifier rejects a zero divisor. */
const SolAffineExpr *sol_affine_const(SolContext *ctx, int64_t v);
const SolAffineExpr *sol_affine_dim(SolContext *ctx, uint32_t pos);
const SolAffineExpr *sol_affine_sym(SolContext *ctx, uint32_t pos);
const SolAffineExpr *sol_affine_binary(SolContext *ctx, SolAffineKind kind,
                                       const SolAffineExpr *lhs, const SolAffineExpr *rhs);
const SolAffineExpr *sol_affine_add(SolContext *ctx, const SolAffineExpr *a, const SolAffineExpr *b);
const SolAffineExpr *sol_affine_mul(SolContext *ctx, const SolAffineExpr *a, const SolAffineExpr *b);
const SolAffineExpr *sol_affine_neg(SolContext *ctx, const SolAffineExpr *a);
/* Integer division as affine maps define it: floor, ceiling, and the modulus that goes with
 * floor (`a - floordiv(a, b) * b`). b must not be 0; INT64_MIN / -1 is the caller's to avoid. */
int64_t sol_floordiv(int64_t a, int64_t b);
int64_t sol_ceildiv(int64_t a, int64_t b);
int64_t sol_floormod(int64_t a, int64_t b);
/* True when the expression is a pure affine function of dims (products and divisors by
 * constants only); symbols in products make it semi-affine. */
bool sol_affine_is_pure(const SolAffineExpr *e);
/* True when e contains no dim (only constants and symbols). */
bool sol_affine_is_symbolic(const SolAffineExpr *e);

struct SolAffineMap {
    uint32_t num_dims, num_syms, num_results;
    const SolAffineExpr *const *results;
};

struct SolIntegerSet {
    uint32_t num_dims, num_syms, num_cons;
    const SolAffineExpr *const *cons; /* each constraint is `cons[i] >= 0` or `== 0` */
    const bool *is_eq;
};

const SolAffineMap *sol_affine_map(SolContext *ctx, uint32_t num_dims, uint32_t num_syms,
                                   uint32_t num_results, const SolAffineExpr *const *results);
const SolIntegerSet *sol_integer_set(SolContext *ctx, uint32_t num_dims, uint32_t num_syms,
                                     uint32_t num_cons, const SolAffineExpr *const *cons,
                                     const bool *is_eq);
/* Appends `d0 + s0 * 4` using dN/sN names, or, when names is non-NULL, names[pos] for dims
 * and names[num_dims + pos] for symbols (used for `%i + symbol(%n)` subscripts). */
void sol_affine_expr_print(SolBuf *b, const SolAffineExpr *e, const char *const *names,
                           uint32_t num_dims);
/* `affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>` and `affine_set<(d0) : (d0 - 1 >= 0)>`. */
void sol_affine_map_print(SolBuf *b, const SolAffineMap *m);
void sol_integer_set_print(SolBuf *b, const SolIntegerSet *s);

/* ---- attributes -------------------------------------------------------------------------- */

typedef enum SolAttrKind {
    SOL_ATTR_UNIT,   /* `{solar.kernel}` */
    SOL_ATTR_BOOL,   /* true / false */
    SOL_ATTR_INT,    /* 7 : i64 (type never NULL: untyped literals get i64) */
    SOL_ATTR_FLOAT,  /* 2.5 : f32 */
    SOL_ATTR_STRING, /* "text" */
    SOL_ATTR_ARRAY,  /* [a, b] */
    SOL_ATTR_DICT,   /* {a = 1, b} */
    SOL_ATTR_MAP,    /* affine_map<...> */
    SOL_ATTR_SET,    /* affine_set<...> */
    SOL_ATTR_TYPE,   /* f32, memref<...> */
    SOL_ATTR_SYMBOL, /* @name */
} SolAttrKind;

struct SolNamedAttr {
    const SolIdent *name;
    const SolAttr *value;
};

struct SolAttr {
    SolAttrKind kind;
    const SolType *type; /* INT, FLOAT: the value's type; TYPE: the type itself */
    union {
        bool b;
        int64_t i;
        struct {
            double value;   /* already rounded to the type's precision */
            uint64_t bits;  /* the type's bit pattern (width bits), for inf/nan/hex */
        } f;
        struct {
            const char *data; /* arena copy, may hold NUL bytes from `\00` escapes */
            uint32_t len;
        } str;
        struct {
            uint32_t n;
            const SolAttr *const *elems;
        } array;
        struct {
            uint32_t n;
            const SolNamedAttr *entries; /* sorted by name */
        } dict;
        const SolAffineMap *map;
        const SolIntegerSet *set;
        const SolIdent *sym;
    };
};

const SolAttr *sol_attr_unit(SolModule *m);
const SolAttr *sol_attr_bool(SolModule *m, bool v);
const SolAttr *sol_attr_int(SolModule *m, int64_t v, const SolType *type);
/* value is rounded to the type's precision; bits are derived from it. */
const SolAttr *sol_attr_float(SolModule *m, double v, const SolType *type);
/* From a hex bit pattern (`0x7FC00000 : f32`); bits keep any NaN payload. */
const SolAttr *sol_attr_float_bits(SolModule *m, uint64_t bits, const SolType *type);
const SolAttr *sol_attr_string(SolModule *m, const char *s, size_t len);
const SolAttr *sol_attr_array(SolModule *m, uint32_t n, const SolAttr *const *elems);
/* Sorts the entries by name; a later duplicate replaces an earlier one. */
const SolAttr *sol_attr_dict(SolModule *m, uint32_t n, const SolNamedAttr *entries);
const SolAttr *sol_attr_map(SolModule *m, const SolAffineMap *map);
const SolAttr *sol_attr_set(SolModule *m, const SolIntegerSet *set);
const SolAttr *sol_attr_type(SolModule *m, const SolType *type);
const SolAttr *sol_attr_symbol(SolModule *m, const SolIdent *sym);
/* Appends MLIR spelling of an attribute value to b. */
void sol_attr_print(SolBuf *b, const SolAttr *a);
/* Appends an attribute name: bare when the scanner reads it back bare, else quoted. */
void sol_attr_name_print(SolBuf *b, const SolIdent *name);
/* Float helpers shared by parser, printer and interpreter. */
double sol_float_round(double v, SolFloatKind k);
uint64_t sol_float_to_bits(double v, SolFloatKind k);
double sol_float_from_bits(uint64_t bits, SolFloatKind k);

/* ---- values, uses, ops, blocks, regions --------------------------------------------------- */

typedef struct SolLink {
    struct SolLink *prev, *next;
} SolLink; /* ring with a sentinel */
#define SOL_CONTAINER(p, T, field) ((T *)((char *)(p) - offsetof(T, field)))

struct SolUse {
    SolValue *value; /* NULL while unset */
    SolOp *user;
    SolUse *next, **pprev; /* pprev: O(1) unlink */
};

struct SolValue {
    const SolType *type;
    SolUse *uses;
    SolOp *def;           /* defining op, or NULL for a block argument */
    SolBlock *owner;      /* block of a block argument */
    uint32_t index;       /* result or argument number */
    uint32_t walk;        /* lib/IR's walks mark values here while they run (the verifier what
                           * is in scope, the printer the value's name), and clear it after:
                           * 0 outside them. In what was padding, so a value stays 48 bytes. */
#define SOL_WALK_IN_SCOPE 0x80000000u /* the verifier's bit; the printer's name number is below */
    const SolIdent *hint; /* source name without '%', reused by the printer when unique; not
                           * interned (the parser copies it into the module): compare the text */
};

/* Inherent data of affine.for, kept out of line: few ops are loops. */
typedef struct SolLoopProps {
    const SolAffineMap *lb, *ub;
    int64_t step;
    uint32_t num_lb_operands; /* operands: lb operands, ub operands, iter_args inits */
    uint32_t num_ub_operands;
} SolLoopProps;

/* Inherent data of func.func, func.call (callee) and module (optional name), out of line. */
typedef struct SolFuncProps {
    const SolIdent *sym;
    const SolType *type;             /* function type */
    const SolAttr *const *arg_attrs; /* func: per-argument dicts, NULL entries allowed */
    const SolAttr *const *res_attrs; /* func: per-result dicts */
    bool is_private;
} SolFuncProps;

/* Inherent data by op kind (see the file comment). One pointer wide, so an op is 96 bytes;
 * sol_op_create allocates the out-of-line structs for the kinds that use them. */
typedef union SolOpProps {
    SolLoopProps *loop; /* affine.for */
    SolFuncProps *func; /* func.func, func.call, module */
    struct { /* affine.load/store/apply/min/max; operands after the memref/value are the
              * map's dims then symbols */
        const SolAffineMap *map;
    } access;
    struct { /* affine.if; operands are the set's dims then symbols */
        const SolIntegerSet *set;
    } cond;
    struct { /* arith.cmpf / arith.cmpi */
        uint32_t predicate; /* index into sol_cmpf_predicates / sol_cmpi_predicates */
    } cmp;
    struct { /* arith.constant */
        const SolAttr *value;
    } constant;
    struct { /* linalg.generic: operands are ins then outs */
        uint32_t num_ins;
    } generic;
} SolOpProps;

struct SolOp {
    uint16_t kind;        /* a SolOpKind: row of ops.def (16 bits keep the op at 96 bytes) */
    uint16_t num_regions;
    uint32_t num_operands;
    SolLoc loc;
    SolLink link; /* in the parent block's op list */
    SolBlock *parent;
    SolUse *operands;
    SolValue *results;
    SolRegion *regions;
    SolNamedAttr *attrs; /* discardable attributes, sorted by name */
    uint32_t num_results;
    uint32_t num_attrs;
    SolOpProps props;
};

struct SolBlock {
    SolLink link; /* in the parent region's block list */
    SolRegion *parent;
    SolLink ops; /* sentinel of the op ring */
    SolValue *args;
    uint32_t num_args;
};

struct SolRegion {
    SolOp *parent;
    SolLink blocks; /* sentinel of the block ring */
};

struct SolModule {
    SolContext *ctx;
    SolArena arena;
    SolOp *op;            /* the `module` op: one region, one block */
    const SolIdent *file; /* the source it was parsed from */
};

SolModule *sol_module_new(SolContext *ctx, const SolIdent *file);
void sol_module_free(SolModule *m);
SolBlock *sol_module_body(const SolModule *m);

/* Creates a detached op with num_results results of the given types, operands set to the
 * given values (NULL entries stay unset) and num_regions empty regions. */
SolOp *sol_op_create(SolModule *m, SolOpKind kind, SolLoc loc, uint32_t num_operands,
                     SolValue *const *operands, uint32_t num_results,
                     const SolType *const *result_types, uint32_t num_regions);
void sol_op_set_operand(SolOp *op, uint32_t i, SolValue *v);
static inline SolValue *sol_op_operand(const SolOp *op, uint32_t i) { return op->operands[i].value; }
static inline SolValue *sol_op_result(SolOp *op, uint32_t i) { return &op->results[i]; }
/* Sets (or replaces) a discardable attribute, keeping the list sorted. */
void sol_op_set_attr(SolModule *m, SolOp *op, const SolIdent *name, const SolAttr *value);
const SolAttr *sol_op_get_attr(const SolOp *op, const SolIdent *name);
bool sol_op_remove_attr(SolOp *op, const SolIdent *name);
const char *sol_op_name(const SolOp *op);
SolOp *sol_op_parent_op(const SolOp *op);
/* Unlinks op from its block (it stays valid and can be inserted elsewhere). */
void sol_op_unlink(SolOp *op);
/* Unlinks op, drops the uses of its operands and of everything nested in it. Its results
 * must be unused. */
void sol_op_erase(SolOp *op);
void sol_op_insert_before(SolOp *pos, SolOp *op);
void sol_op_insert_after(SolOp *pos, SolOp *op);

/* Creates a block with arguments of the given types and appends it to region (if non-NULL). */
SolBlock *sol_block_create(SolModule *m, SolRegion *region, uint32_t num_args,
                           const SolType *const *arg_types);
void sol_block_append(SolBlock *b, SolOp *op);
SolOp *sol_block_first_op(const SolBlock *b);
SolOp *sol_block_last_op(const SolBlock *b);
SolOp *sol_op_next(const SolOp *op); /* NULL at the end of the block */
SolOp *sol_op_prev(const SolOp *op);
SolBlock *sol_region_first_block(const SolRegion *r);
SolBlock *sol_block_next(const SolBlock *b);
/* The op that owns the block (the parent of its region), NULL for a detached block. */
SolOp *sol_block_parent_op(const SolBlock *b);

#define sol_block_for_each_op(op, block)                                                       \
    for (SolOp *op = sol_block_first_op(block); op; op = sol_op_next(op))

void sol_value_replace_all_uses(SolValue *from, SolValue *to);
/* The integer of an `arith.constant` result (index or iN), if v is one. */
bool sol_value_const_int(const SolValue *v, int64_t *out);
static inline bool sol_value_has_uses(const SolValue *v) { return v->uses != NULL; }

/* Walks every op nested in `op` (op itself first, pre-order), following parent links, so it
 * needs no memory. Return false from fn to stop; fn must not erase or move ops. */
typedef bool (*SolOpWalkFn)(SolOp *op, void *user);
bool sol_op_walk(SolOp *op, SolOpWalkFn fn, void *user);

/* The function called `name` in the module, or NULL. */
SolOp *sol_module_lookup_func(const SolModule *m, const SolIdent *name);

/* Comparison predicates in MLIR's order (the enum values MLIR uses). */
extern const char *const sol_cmpf_predicates[16];
extern const char *const sol_cmpi_predicates[10];
int sol_cmp_predicate_lookup(SolOpKind kind, const char *s, size_t len); /* -1 if unknown */

/* ---- parse, verify, print ------------------------------------------------------------------ */

/* Parses MLIR text read from `f` in chunks, so a big file is never held in memory twice;
 * diagnostics re-read the file at `name` to quote source lines. */
SolModule *sol_parse_file(SolContext *ctx, const char *name, FILE *f);

/* Parses MLIR text. `name` names the buffer in diagnostics. Diagnostics go through the
 * context's engine; returns NULL when any error was reported. The buffer need not be
 * NUL-terminated. first_line (>= 1) numbers its first line (for --split-input-file chunks). */
SolModule *sol_parse_buffer(SolContext *ctx, const char *name, const char *data, size_t len);
SolModule *sol_parse_buffer_at(SolContext *ctx, const char *name, const char *data, size_t len,
                               uint32_t first_line);

/* Structural verification: SSA dominance and scoping, types, affine rules. Emits every
 * error it finds; returns false if there was any. */
bool sol_verify_module(SolContext *ctx, SolModule *m);

typedef enum SolMlirTarget { SOL_MLIR_CURRENT = 0, SOL_MLIR_14 = 14 } SolMlirTarget;

typedef struct SolPrintOptions {
    SolMlirTarget target; /* spelling of func/select/maxf/abs */
} SolPrintOptions;

/* Reports every op the target cannot spell (ops MLIR 14 lacks, such as arith.maxnumf, under
 * SOL_MLIR_14), so that output meant for mlir-opt-14 is never silently unreadable there.
 * Returns false if there was any. */
bool sol_check_print_target(SolContext *ctx, SolModule *m, SolMlirTarget target);

/* Prints the module in MLIR custom syntax. Output is deterministic. Returns false on write
 * error. */
bool sol_print_module(FILE *out, SolModule *m, const SolPrintOptions *opts);

/* Parses MLIR text read from f, verifies it and prints it to out, all in one pass: each
 * top-level op of a function is verified and printed as soon as it is parsed, and its memory
 * goes to the next one unless later ops can refer to it, so a long function (or a file of many)
 * is never held whole. Prints exactly what sol_parse_file, sol_verify_module,
 * sol_check_print_target and sol_print_module print, and reports what they report (verifier
 * errors once the whole input has parsed; only those of calls to functions further down come
 * in another order). Writes to out only when there was no error; returns false after an
 * error (reported) or when writing failed (ferror(out)). */
bool sol_stream_file(SolContext *ctx, const char *name, FILE *in, FILE *out,
                     const SolPrintOptions *opts);

#endif /* SOLAR_IR_IR_H */
