/*
 * The code generator's state, shared by its files (cgen.c: functions, loops, control flow;
 * cgen_insn.c: straight-line instructions; cgen_par.c: which loops run on threads). Private to
 * those three.
 *
 * Registers become C locals named rN, typed by ExecRegKind (int64_t, float, double, ExecBuf *);
 * a memref register rN also has dN, its buffer's data pointer, read once where the register
 * is set, which proved accesses index directly. Inside a loop, B holds the step budget left.
 */
#ifndef SOLAR_EXEC_CGEN_STATE_H
#define SOLAR_EXEC_CGEN_STATE_H

#include "Exec/cgen.h"

typedef struct OutlinedBody {
    char *text; /* everything after the name */
    size_t len;
    uint64_t hash;
} OutlinedBody;

typedef struct Gen {
    const ExecProgram *prog;
    const ExecFunc *f;
    uint32_t fid;
    SolBuf *o;          /* where code goes */
    bool *target;       /* per pc of f (and one past the end): a jump lands here */
    bool *parallel;     /* per pc of f: a FOR whose loop runs on threads */
    bool *restrict_mem; /* per register: a memref whose dN is a restrict parameter (checked
                           accesses index dN too, so the buffer has one access path) */
    bool *jam;          /* per pc of f: a FOR whose iterations run CG_LANES at a time */
    int32_t inner;      /* id of the innermost loop being written, -1 outside one */
    /* lanes (cgen_lanes.c): while a jammed block is written, varies[r] says register r holds
     * one value per lane, named `<lane_prefix>N[l]` (`[0]` with lane0) */
    bool lanes, lane0;
    const bool *varies;
    const bool *ctrl_only; /* steering values computed once, from lane 0 */
    int32_t lane_iv;       /* the lane loop's IV: rN holds lane 0's value */
    const char *lane_prefix;
    /* outlining a parallel body (cgen.c: emit_parallel), registers are renumbered in order of
     * appearance and pcs made relative to the loop, so identical loops write identical text */
    int32_t *rmap, *rback; /* register -> its number in the text, and back; NULL: identity */
    uint32_t nr;           /* numbers given */
    uint32_t pc_base;      /* the loop's pc; pcs print as `pc0 + (pc - pc_base)` */
    uint32_t copy;         /* labels are L<copy>_<pc>: a jammed block is a second copy */
    uint32_t copies;       /* copies made so far */
    char names[8][40];     /* cg_r's results, reused round robin */
    uint32_t next_name;
    uint32_t uid;       /* for unique local names */
    const SolCgFn *fns; /* sol_exec_math_table */
    uint32_t nfns;
    SolBuf outlined;               /* the bodies of parallel loops, written before the functions */
    SolVecOf(OutlinedBody) bodies; /* each distinct body once (cgen.c: outline) */
    CgenSummary *sum;
} Gen;

#define cg_put(g, ...) sol_buf_printf((g)->o, __VA_ARGS__)

/* The C name of register r: rN, or a lane of it in a jammed block. Valid until 8 more calls. */
const char *cg_r(Gen *g, int32_t r);
/* The number register r has in the text (see Gen.rmap). */
int32_t cg_rn(Gen *g, int32_t r);
/* A pc as the text writes it: a label's number, or a fault's pc (an expression in an
 * outlined body). */
uint32_t cg_label(const Gen *g, uint32_t pc);
void cg_put_pc(Gen *g, uint32_t pc);

/* C type of a register kind. */
const char *cg_ctype(ExecRegKind k);
/* Writes the integer v as a C expression of type int64_t (INT64_MIN included). */
void cg_put_i64(Gen *g, int64_t v);

/* True when [from, to) of g->f holds no loop and no call: an innermost loop body. */
bool cg_innermost(const Gen *g, uint32_t from, uint32_t to);
/* c0 + k * rN + ...: a linear form as a C expression of its registers (cg_r). */
void cg_put_linear(Gen *g, const Linear *l);

/* Calls fn for every register instruction `in` reads (operands, linear terms, the memref and
 * subscripts of an access). */
void cg_for_each_read(const Insn *in, void (*fn)(int32_t reg, void *user), void *user);
/* The register an instruction writes, or -1 (FOR/NEXT write their IV: d). */
int32_t cg_written_reg(const Insn *in);

/* A straight-line instruction (everything but FOR, NEXT, jumps, CALL and RET). */
void cg_insn(Gen *g, uint32_t pc);
/* A jump to the exit of a fault of this kind at pc; REPLAY first stores
 * the registers the instruction reads. Inside an innermost loop it first gives back the steps
 * of the iterations not run (see cgen.c). In a jammed block, any fault is REORDERED. */
void cg_fault(Gen *g, SolCgFault kind, uint32_t pc);
/* The end of a generated function: its shared fault exits (labels steps, depth, reported,
 * reordered: they record the kind and fpc_) and `fail`, which returns 0. */
void cg_put_exits(Gen *g);

/* True when the loop of the FOR at pc may run its iterations on several threads: no calls or
 * allocations inside, no value carried from one iteration to the next, and every buffer it
 * stores to is a distinct buffer that each iteration touches only in its own slice. entry:
 * the entry function when f is it and its arguments are distinct buffers, else NULL. */
bool cg_loop_is_parallel(const ExecFunc *f, uint32_t pc, const SolOp *entry);

/* Lanes (cgen_lanes.c). True when the loop at pc may run CG_LANES iterations at once: it is
 * parallel (above), holds a loop, and every access is proved and either the same for every
 * lane or contiguous across lanes; the control flow inside must be the same for all lanes,
 * which a block checks before it runs that way. */
bool cg_lanes_possible(const ExecFunc *f, uint32_t pc, const SolOp *entry);
/* The iterations [f<id>, f<id> + e<id>) of the loop at p (NEXT at q), CG_LANES at a time where
 * the block's control flow is uniform, else one by one through body(g, p, q, id). */
void cg_lanes_loop(Gen *g, uint32_t p, uint32_t q, int id,
                   void (*body)(Gen *g, uint32_t p, uint32_t q, int id));
/* Writes [from, to) of a jammed block (cgen.c's emit_range for lanes). */
void cg_lanes_range(Gen *g, uint32_t from, uint32_t to);

#endif /* SOLAR_EXEC_CGEN_STATE_H */
