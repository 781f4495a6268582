/*
 * Bytecode -> C: the program, its functions, loops and control flow (cgen.h; the instructions
 * are cgen_insn.c's).
 *
 * A function becomes `static int F<k>(SolCgEnv *X, const Slot *args, Slot *res)` with one local
 * per register; it returns 1, or 0 after recording a fault (cabi.h). Jumps become gotos to
 * labels named by pc (the bytecode's ifs jump forward within one block, never across a loop
 * boundary). FOR ... NEXT becomes a counted C loop over the trip count computed once, as the
 * interpreter's NEXT does without overflow.
 *
 * Steps: the interpreter adds one step per iteration and stops when the count passes the
 * limit, at the loop's op. Here B is the budget left. An outer loop takes one step per
 * iteration, checked. An innermost loop (no loop or call inside) takes all its iterations at
 * once, or as many as the budget allows and then faults at its op, which is where the
 * interpreter would stop; a fault inside gives back the iterations not reached, so the count
 * stays exact. The hot loop thus carries no step check and the C compiler can vectorise it.
 *
 * Parallel loops (cgen_par.c decides which) are outlined into `PB<k>(X, cap, begin, end)`,
 * called through the host, which runs slices of the iteration space on its threads; identical
 * loops (repeated layers) share one body (emit_parallel). Loops in lanes are cgen_lanes.c's.
 */
#include "Exec/cgen_state.h"
#include "Support/tool.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void emit_range(Gen *g, uint32_t from, uint32_t to);

static ExecRegKind kind(const Gen *g, int32_t r) { return (ExecRegKind)g->f->reg_kind[r]; }

static char slot_field(ExecRegKind k)
{
    return k == EXEC_REG_MEM ? 'm' : k == EXEC_REG_INT ? 'i' : 'f';
}

/* ---- registers ---------------------------------------------------------------------------- */

static void declare(Gen *g, int32_t r)
{
    ExecRegKind k = kind(g, r);
    cg_put(g, "%s r%d = 0;", cg_ctype(k), cg_rn(g, r));
    if (k == EXEC_REG_MEM)
        cg_put(g, " char *d%d = 0;", cg_rn(g, r));
    cg_put(g, "\n");
}

static void init_const(Gen *g, const ConstInit *ci)
{
    switch (kind(g, ci->reg)) {
    case EXEC_REG_F32: {
        float f = (float)ci->value.f;
        uint32_t bits;
        memcpy(&bits, &f, 4);
        cg_put(g, "r%d = cg_f32(0x%08" PRIx32 "u);\n", cg_rn(g, ci->reg), bits);
        return;
    }
    case EXEC_REG_F64: {
        uint64_t bits;
        memcpy(&bits, &ci->value.f, 8);
        cg_put(g, "r%d = cg_f64(UINT64_C(0x%016" PRIx64 "));\n", cg_rn(g, ci->reg), bits);
        return;
    }
    default:
        cg_put(g, "r%d = ", cg_rn(g, ci->reg));
        cg_put_i64(g, ci->value.i);
        cg_put(g, ";\n");
        return;
    }
}

/* rN = slot.x (and dN for a memref). */
static void from_slot(Gen *g, int32_t r, const char *slot)
{
    ExecRegKind k = kind(g, r);
    int32_t n = cg_rn(g, r);
    cg_put(g, "r%d = %s.%c;", n, slot, slot_field(k));
    if (k == EXEC_REG_MEM)
        cg_put(g, " d%d = r%d ? r%d->data : 0;", n, n, n);
    cg_put(g, "\n");
}

static void to_slot(Gen *g, const char *slot, int32_t r)
{
    cg_put(g, "%s.%c = r%d;\n", slot, slot_field(kind(g, r)), cg_rn(g, r));
}

/* ---- loops ------------------------------------------------------------------------------- */

bool cg_innermost(const Gen *g, uint32_t from, uint32_t to)
{
    for (uint32_t pc = from; pc < to; pc++)
        if (g->f->code[pc].opc == EX_FOR || g->f->code[pc].opc == EX_CALL)
            return false;
    return true;
}

static void put_iv(Gen *g, int32_t iv, int id, int64_t step)
{
    cg_put(g, "r%d = lb%d + t%d", cg_rn(g, iv), id, id);
    if (step != 1)
        cg_put(g, " * %" PRId64, step);
    cg_put(g, ";\n");
}

/* The loop body [p + 1, q) as the body of `for t<id> ...` (already open): one step per
 * iteration, checked. */
static void loop_body(Gen *g, uint32_t p, uint32_t q, int id)
{
    const Insn *head = &g->f->code[p];
    cg_put(g, "if (B == 0) ");
    cg_fault(g, SOL_CG_FAULT_STEPS, p);
    cg_put(g, "B--;\n");
    put_iv(g, head->d, id, head->x.imm);
    int32_t saved = g->inner;
    g->inner = -1;
    emit_range(g, p + 1, q);
    g->inner = saved;
}

/* The iterations [first, end) of the loop at p (NEXT at q), with lb<id> in scope; first and
 * end are C expressions of type uint64_t. */
static void emit_iterations(Gen *g, uint32_t p, uint32_t q, int id, const char *first,
                            const char *end)
{
    const Insn *head = &g->f->code[p];
    cg_put(g, "const int64_t f%d = (int64_t)(%s);\nconst uint64_t e%d = %s - (uint64_t)f%d;\n", id,
           first, id, end, id);
    if (cg_innermost(g, p + 1, q)) {
        cg_put(g, "const uint64_t m%d = e%d <= B ? e%d : B;\nB -= m%d;\n", id, id, id, id);
        cg_put(g, "for (int64_t t%d = f%d; t%d < f%d + (int64_t)m%d; t%d++) {\n", id, id, id, id,
               id, id);
        put_iv(g, head->d, id, head->x.imm);
        int32_t saved = g->inner;
        g->inner = id;
        emit_range(g, p + 1, q);
        g->inner = saved;
        cg_put(g, "}\nif (m%d < e%d) ", id, id);
        cg_fault(g, SOL_CG_FAULT_STEPS, p);
        return;
    }
    if (g->jam[p]) {
        cg_lanes_loop(g, p, q, id, loop_body);
        return;
    }
    cg_put(g, "for (int64_t t%d = f%d; t%d < f%d + (int64_t)e%d; t%d++) {\n", id, id, id, id, id,
           id);
    loop_body(g, p, q, id);
    cg_put(g, "}\n");
}

typedef struct RegSet {
    bool *read, *written;
} RegSet;

static void mark_read(int32_t r, void *user) { ((RegSet *)user)->read[r] = true; }

/* The outlined body text (after its name) in g->bodies: its number, the same for the same
 * text; a new text is written to g->outlined as PB<k>_ with its unpacking wrapper PB<k>. */
static uint32_t outline(Gen *g, const SolBuf *text, const int32_t *slots, uint32_t nslots)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < text->len; i++)
        h = (h ^ (unsigned char)text->data[i]) * 0x100000001B3ull;
    for (size_t i = 0; i < g->bodies.len; i++)
        if (g->bodies.data[i].hash == h && g->bodies.data[i].len == text->len &&
            memcmp(g->bodies.data[i].text, text->data, text->len) == 0)
            return (uint32_t)i;
    uint32_t k = (uint32_t)g->bodies.len;
    OutlinedBody b = {sol_xstrndup(text->data, text->len), text->len, h};
    sol_vec_push(&g->bodies, b);
    SolBuf *o = &g->outlined;
    sol_buf_printf(o, "static int PB%u_", k);
    sol_buf_append(o, text->data, text->len);
    sol_buf_printf(o,
                   "static int PB%u(SolCgEnv *X, const Slot *cap, uint64_t begin, uint64_t end)\n"
                   "{\nreturn PB%u_(X, cap, begin, end",
                   k, k);
    for (uint32_t i = 0; i < nslots; i++)
        if (slots[i] >= 0)
            sol_buf_printf(o, ", cap[%d].m ? cap[%d].m->data : 0", slots[i], slots[i]);
    sol_buf_puts(o, ");\n}\n\n");
    return k;
}

/* A parallel loop: its body outlined as PB<k>_ (cg_host->parallel calls it on slices of the
 * iterations), here the call. The body's buffers are `restrict` parameters (the loop's buffers
 * are distinct, cgen_par.c), which lets the C compiler vectorise across iterations of inner
 * loops; the wrapper PB<k> unpacks them from the captured registers. The body is written with
 * its registers numbered in order of first use and its pcs relative to the loop (pc0 and rm_,
 * passed in cap[1] and cap[2], give the real ones back for faults), so the loops of repeated
 * layers share one body: a network compiles in a fraction of the time. */
static void emit_parallel(Gen *g, uint32_t p, uint32_t q, int id)
{
    const ExecFunc *f = g->f;
    RegSet rs = {sol_xcalloc(f->nregs + 1, 1), sol_xcalloc(f->nregs + 1, 1)};
    const ConstInit **consts = sol_xcalloc(f->nregs + 1, sizeof *consts);
    for (uint32_t i = 0; i < f->nconsts; i++)
        consts[f->consts[i].reg] = &f->consts[i];
    for (uint32_t pc = p + 1; pc < q; pc++) {
        cg_for_each_read(&f->code[pc], mark_read, &rs);
        int32_t w = cg_written_reg(&f->code[pc]);
        if (w >= 0)
            rs.written[w] = true;
    }
    rs.written[f->code[p].d] = true; /* the IV */
    bool *cap = sol_xcalloc(f->nregs + 1, 1);
    for (uint32_t r = 0; r < f->nregs; r++) {
        cap[r] = rs.read[r] && !rs.written[r] && !consts[r];
        g->restrict_mem[r] = cap[r] && kind(g, (int32_t)r) == EXEC_REG_MEM;
    }
    /* The body's code first: it numbers the registers. */
    SolBuf *saved = g->o, code = {0}, text = {0};
    uint32_t saved_uid = g->uid, saved_copy = g->copy, saved_copies = g->copies;
    g->rmap = sol_xmalloc((f->nregs + 1) * sizeof *g->rmap);
    g->rback = sol_xmalloc((f->nregs + 1) * sizeof *g->rback);
    for (uint32_t r = 0; r < f->nregs; r++)
        g->rmap[r] = -1;
    g->nr = 0, g->pc_base = p, g->uid = 0, g->copy = g->copies = 0;
    g->o = &code;
    int lid = (int)g->uid++;
    emit_iterations(g, p, q, lid, "begin", "end");
    cg_put(g, "X->budget = B;\nreturn 1;\n");
    cg_put_exits(g);
    /* Then the head, in the order of those numbers. */
    g->o = &text;
    int32_t *slots = sol_xmalloc((g->nr + 1) * sizeof *slots); /* cap slot of each memref */
    uint32_t nslots = 0, ncap = 3;
    cg_put(g, "(SolCgEnv *X, const Slot *cap, uint64_t begin, uint64_t end");
    for (uint32_t k = 0; k < g->nr; k++)
        if (g->restrict_mem[g->rback[k]])
            cg_put(g, ", char *restrict d%u", k);
    cg_put(g, ")\n{\n");
    for (uint32_t k = 0; k < g->nr; k++) {
        if (g->restrict_mem[g->rback[k]])
            cg_put(g, "ExecBuf *r%u = 0;\n", k); /* its dN is the parameter */
        else
            declare(g, g->rback[k]);
    }
    cg_put(g,
           "uint64_t B = X->budget;\nuint32_t fpc_ = 0;\nconst int64_t lb%d = cap[0].i;\n"
           "const uint32_t pc0 = (uint32_t)cap[1].i;\n"
           "const int32_t *const rm_ = (const int32_t *)(intptr_t)cap[2].i;\n"
           "(void)pc0, (void)rm_;\n",
           lid);
    for (uint32_t k = 0; k < g->nr; k++)
        if (consts[g->rback[k]])
            init_const(g, consts[g->rback[k]]);
    for (uint32_t k = 0; k < g->nr; k++) {
        int32_t r = g->rback[k];
        if (!cap[r])
            continue;
        if (g->restrict_mem[r])
            slots[nslots++] = (int32_t)ncap;
        cg_put(g, "r%u = cap[%u].%c;\n", k, ncap++, slot_field(kind(g, r)));
    }
    sol_buf_append(&text, code.data, code.len);
    uint32_t body = outline(g, &text, slots, nslots);
    /* The call: the lower bound, the loop's pc, the register map, the inputs, as slots. */
    g->o = saved;
    cg_put(g, "static const int32_t rm%d[] = {", id);
    for (uint32_t k = 0; k < g->nr; k++)
        cg_put(g, k ? ", %d" : "%d", g->rback[k]);
    cg_put(g,
           "};\nSlot c%d[%u];\nc%d[0].i = lb%d;\nc%d[1].i = %u;\nc%d[2].i = "
           "(int64_t)(intptr_t)rm%d;\n",
           id, ncap, id, id, id, p, id, id);
    int32_t *order = g->rback;
    uint32_t norder = g->nr;
    free(g->rmap);
    g->rmap = NULL, g->rback = NULL, g->nr = 0;
    g->uid = saved_uid, g->copy = saved_copy, g->copies = saved_copies;
    ncap = 3;
    for (uint32_t k = 0; k < norder; k++)
        if (cap[order[k]]) {
            char slot[32];
            snprintf(slot, sizeof slot, "c%d[%u]", id, ncap++);
            to_slot(g, slot, order[k]);
        }
    cg_put(g,
           "X->budget = B;\nconst int ok%d = cg_host->parallel(X, PB%u, c%d, n%d);\n"
           "B = X->budget;\nif (!ok%d) goto fail;\n",
           id, body, id, id, id);
    memset(g->restrict_mem, 0, f->nregs + 1);
    g->sum->parallel_loops++;
    free(order), free(slots), free(rs.read), free(rs.written), free(consts), free(cap);
    sol_buf_free(&code), sol_buf_free(&text);
}

/* FOR at p ... NEXT at q: returns the pc after the loop. */
static uint32_t emit_loop(Gen *g, uint32_t p)
{
    const Insn *head = &g->f->code[p];
    uint32_t q = (uint32_t)head->c - 1;
    if (q <= p || q >= g->f->ncode || g->f->code[q].opc != EX_NEXT)
        abort(); /* compile.c lays every loop out as FOR body NEXT */
    int id = (int)g->uid++;
    cg_put(g, "{ const int64_t lb%d = %s;\n", id, cg_r(g, head->a));
    cg_put(g, "const uint64_t n%d = cg_trips(lb%d, %s, %" PRId64 "u);\nif (n%d > 0) {\n", id, id,
           cg_r(g, head->b), head->x.imm, id);
    if (g->parallel[p]) {
        emit_parallel(g, p, q, id);
    } else {
        char end[32];
        snprintf(end, sizeof end, "n%d", id);
        emit_iterations(g, p, q, id, "0", end);
    }
    cg_put(g, "} }\n");
    return q + 1;
}

/* ---- calls and returns -------------------------------------------------------------------- */

static void emit_call(Gen *g, uint32_t pc)
{
    const CallSite *cs = g->f->code[pc].x.call;
    uint32_t callee = (uint32_t)(cs->callee - g->prog->funcs);
    cg_put(g, "{ if (X->depth >= %d) ", EXEC_MAX_CALL_DEPTH);
    cg_fault(g, SOL_CG_FAULT_DEPTH, pc);
    cg_put(g, "if (B == 0) ");
    cg_fault(g, SOL_CG_FAULT_STEPS, pc);
    cg_put(g, "B--;\nSlot a_[%u], s_[%u];\n", cs->nargs + 1, cs->nresults + 1);
    for (uint32_t i = 0; i < cs->nargs; i++) {
        char slot[32];
        snprintf(slot, sizeof slot, "a_[%u]", i);
        to_slot(g, slot, cs->args[i]);
    }
    cg_put(g,
           "X->budget = B;\nX->depth++;\nconst int ok_ = F%u(X, a_, s_);\nX->depth--;\n"
           "B = X->budget;\nif (!ok_) goto fail;\n",
           callee);
    for (uint32_t i = 0; i < cs->nresults; i++) {
        char slot[32];
        snprintf(slot, sizeof slot, "s_[%u]", i);
        from_slot(g, cs->results[i], slot);
    }
    cg_put(g, "}\n");
}

static void emit_ret(Gen *g, const Insn *in)
{
    cg_put(g, "{ ");
    if (in->x.call && in->x.call->nargs) {
        cg_put(g, "if (res) {\n");
        for (uint32_t i = 0; i < in->x.call->nargs; i++) {
            char slot[32];
            snprintf(slot, sizeof slot, "res[%u]", i);
            to_slot(g, slot, in->x.call->args[i]);
        }
        cg_put(g, "}\n");
    }
    cg_put(g, "X->budget = B;\nreturn 1; }\n");
}

/* ---- blocks and functions ----------------------------------------------------------------- */

static void emit_range(Gen *g, uint32_t from, uint32_t to)
{
    for (uint32_t pc = from; pc < to;) {
        if (g->target[pc])
            cg_put(g, "L%u_%u:;\n", g->copy, cg_label(g, pc));
        const Insn *in = &g->f->code[pc];
        switch ((ExecOpcode)in->opc) {
        case EX_FOR:
            pc = emit_loop(g, pc);
            continue;
        case EX_JMP:
            cg_put(g, "goto L%u_%u;\n", g->copy, cg_label(g, (uint32_t)in->c));
            break;
        case EX_JNEG:
        case EX_JNZ:
            cg_put(g, "if (%s %s) goto L%u_%u;\n", cg_r(g, in->a),
                   in->opc == EX_JNEG ? "< 0" : "!= 0", g->copy, cg_label(g, (uint32_t)in->c));
            break;
        case EX_RET:
        case EX_HALT:
            emit_ret(g, in);
            break;
        case EX_CALL:
            emit_call(g, pc);
            break;
        default:
            cg_insn(g, pc);
            break;
        }
        pc++;
    }
    if (g->target[to])
        cg_put(g, "L%u_%u:;\n", g->copy, cg_label(g, to));
}

/* Marks the outermost parallel loops of [from, to) (cgen_par.c decides). */
static void find_parallel(Gen *g, uint32_t from, uint32_t to, const SolOp *entry)
{
    for (uint32_t pc = from; pc < to; pc++) {
        const Insn *in = &g->f->code[pc];
        if (in->opc != EX_FOR)
            continue;
        uint32_t q = (uint32_t)in->c - 1;
        if (cg_loop_is_parallel(g->f, pc, entry))
            g->parallel[pc] = true;
        else
            find_parallel(g, pc + 1, q, entry);
        pc = q;
    }
}

/* Marks the loops of [from, to) that run in lanes: the innermost that can (cgen_lanes.c).
 * Returns whether it marked any. */
static bool find_lanes(Gen *g, uint32_t from, uint32_t to, const SolOp *entry)
{
    bool any = false;
    for (uint32_t pc = from; pc < to; pc++) {
        const Insn *in = &g->f->code[pc];
        if (in->opc != EX_FOR)
            continue;
        uint32_t q = (uint32_t)in->c - 1;
        bool inside = find_lanes(g, pc + 1, q, entry);
        if (!inside && cg_lanes_possible(g->f, pc, entry)) {
            g->jam[pc] = true;
            g->sum->lane_loops++;
            inside = true;
        }
        any |= inside;
        pc = q;
    }
    return any;
}

static void mark_used(int32_t r, void *user) { ((bool *)user)[r] = true; }

/* The registers F's own code uses: not those only parallel loops' bodies (outlined) touch. */
static bool *used_outside_parallel(const Gen *g)
{
    const ExecFunc *f = g->f;
    bool *used = sol_xcalloc(f->nregs + 1, 1);
    for (uint32_t i = 0; i < f->nargs; i++)
        used[f->arg_regs[i]] = true;
    for (uint32_t pc = 0; pc < f->ncode; pc++) {
        const Insn *in = &f->code[pc];
        cg_for_each_read(in, mark_used, used);
        int32_t w = cg_written_reg(in);
        if (w >= 0)
            used[w] = true;
        if (in->opc == EX_FOR && g->parallel[pc]) /* its body: P<fid>_<pc>'s */
            pc = (uint32_t)in->c - 2;
    }
    return used;
}

static void emit_function(Gen *g, const CgenOptions *o)
{
    const ExecFunc *f = g->f;
    g->target = sol_xcalloc(f->ncode + 2, 1);
    g->parallel = sol_xcalloc(f->ncode + 1, 1);
    g->restrict_mem = sol_xcalloc(f->nregs + 1, 1);
    for (uint32_t pc = 0; pc < f->ncode; pc++) {
        const Insn *in = &f->code[pc];
        if ((in->opc == EX_JMP || in->opc == EX_JNEG || in->opc == EX_JNZ) && in->c >= 0 &&
            (uint32_t)in->c <= f->ncode)
            g->target[in->c] = true;
    }
    const SolOp *entry = f->op == g->prog->distinct_args ? f->op : NULL;
    g->jam = sol_xcalloc(f->ncode + 1, 1);
    if (o->parallel)
        find_parallel(g, 0, f->ncode, entry);
    if (o->lanes)
        find_lanes(g, 0, f->ncode, entry);
    g->inner = -1;
    cg_put(g, "static int F%u(SolCgEnv *X, const Slot *args, Slot *res)\n{\n", g->fid);
    bool *used = used_outside_parallel(g);
    for (uint32_t r = 0; r < f->nregs; r++)
        if (used[r])
            declare(g, (int32_t)r);
    cg_put(g, "uint64_t B = X->budget;\nuint32_t fpc_ = 0;\n(void)args, (void)res;\n");
    for (uint32_t i = 0; i < f->nconsts; i++)
        if (used[f->consts[i].reg])
            init_const(g, &f->consts[i]);
    free(used);
    for (uint32_t i = 0; i < f->nargs; i++) {
        char slot[32];
        snprintf(slot, sizeof slot, "args[%u]", i);
        from_slot(g, f->arg_regs[i], slot);
    }
    emit_range(g, 0, f->ncode);
    cg_put_exits(g);
    free(g->target);
    free(g->parallel);
    free(g->restrict_mem);
    free(g->jam);
}

/* The kinds and rounding scalar.h needs, bound to this process's values and the host. */
static void put_prelude(SolBuf *out)
{
    sol_buf_printf(out,
                   "/* Generated by solar-run (SOLAR-C %s) from the bytecode of one program; "
                   "ABI %d. */\n",
                   sol_tool_version(), SOL_CG_ABI);
    sol_buf_puts(out, sol_cgen_cabi_text);
    sol_buf_puts(out, "\nstatic const SolCgHost *cg_host;\n");
    sol_buf_printf(out,
                   "#define SC_F16 %d\n#define SC_BF16 %d\n#define SC_F32 %d\n#define SC_F64 %d\n",
                   SOL_F16, SOL_BF16, SOL_F32, SOL_F64);
    sol_buf_puts(out, "#define SC_FLOAT_ROUND(v, k) cg_host->float_round((v), (k))\n"
                      "#define SC_FLOAT_TO_BITS(v, k) cg_host->float_to_bits((v), (k))\n"
                      "#define SC_FLOAT_FROM_BITS(b, k) cg_host->float_from_bits((b), (k))\n");
    sol_buf_puts(out, sol_cgen_scalar_text);
    sol_buf_puts(out, sol_cgen_prelude_text);
}

void sol_cgen_program(const ExecProgram *prog, const CgenOptions *o, SolBuf *out,
                      CgenSummary *summary)
{
    memset(summary, 0, sizeof *summary);
    put_prelude(out);
    for (uint32_t i = 0; i < prog->nfuncs; i++)
        sol_buf_printf(out, "static int F%u(SolCgEnv *X, const Slot *args, Slot *res);\n", i);
    Gen g = {.prog = prog, .sum = summary};
    g.fns = sol_exec_math_table(&g.nfns);
    SolBuf funcs = {0};
    for (uint32_t i = 0; i < prog->nfuncs; i++) {
        g.f = &prog->funcs[i];
        g.fid = i;
        g.o = &funcs;
        emit_function(&g, o);
    }
    if (g.outlined.len)
        sol_buf_append(out, g.outlined.data, g.outlined.len);
    for (size_t i = 0; i < g.bodies.len; i++)
        free(g.bodies.data[i].text);
    sol_vec_free(&g.bodies);
    if (funcs.len)
        sol_buf_append(out, funcs.data, funcs.len);
    sol_buf_puts(out, "CG_EXPORT int solar_cg_run(SolCgEnv *X, int32_t func, const Slot *args, "
                      "Slot *res);\n"
                      "CG_EXPORT int solar_cg_run(SolCgEnv *X, int32_t func, const Slot *args, "
                      "Slot *res)\n{\n    switch (func) {\n");
    for (uint32_t i = 0; i < prog->nfuncs; i++)
        sol_buf_printf(out, "    case %u: return F%u(X, args, res);\n", i, i);
    sol_buf_puts(out, "    default: return 0;\n    }\n}\n");
    sol_buf_free(&funcs);
    sol_buf_free(&g.outlined);
}
