/*
 * Between the scanner and the grammar: yylex (grammar/solar.l) hands the scanner's tokens to
 * bison, noting where lines start, and passes braces, strings and the tokens of error
 * recovery through sol_p_filter_token here, which tracks the open `{`s, so that
 *
 *   - error recovery resynchronises at the next line that starts a statement. Bison alone
 *     resumes at the next token that could start an op, which is often inside the broken one
 *     (`%c = arith.mul %a, %b : f32` resumed at `%a`), and then reports errors that only
 *     follow from the first; mlir-opt reports one. A region opened inside the skipped text is
 *     skipped whole, and a `}` that closes an enclosing region ends the skip;
 *   - a `{` still open at the end of the input is reported where it opened, not as
 *     "unexpected end of input", with a hint at the region whose `}` is likely missing: the
 *     first `}` indented unlike the line of the `{` it closed (the `}` meant for an outer
 *     region closed an inner one);
 *   - a redefinition that a missing `}` explains says so (sol_p_brace_hint): the definition is
 *     indented as if outside a region that is still open.
 * Layout only ever adds notes and chooses where to resume; it never makes an error.
 */
#include "IR/parse_internal.h"

#include "solar.tab.h"

/* Tokens a statement can start with: an op (with or without results) inside a region, a
 * function, a module or an alias at the top level. A line starting with one of them, outside
 * any brace the broken statement opened, is where recovery resumes. */
static bool starts_statement(int tok, bool top_level)
{
    switch (tok) {
    case FUNC_KW: case MODULE: case ALIAS_ID:
        return top_level;
    case SSA_ID: case STRING: case BARE_ID: case UNKNOWN_OP: case OP_BINARY: case OP_UNARY:
    case OP_TERNARY: case OP_CMP: case OP_SELECT: case OP_CAST: case OP_CONSTANT: case OP_YIELD:
    case OP_MAPOP: case OP_RETURN: case OP_CALL: case OP_FOR: case OP_IF: case OP_LOAD:
    case OP_STORE: case OP_ALLOC: case OP_DEALLOC: case OP_DIM: case OP_MLOAD: case OP_MSTORE:
    case OP_GENERIC:
        return !top_level;
    default:
        return false;
    }
}

static void track_brace(SolParser *p, int tok, const SolPLoc *l)
{
    if (tok == '{') {
        SolPBrace b = {*l, p->line_indent};
        sol_vec_push(&p->braces, b);
    } else if (p->braces.len) {
        SolPBrace open = p->braces.data[--p->braces.len];
        if (p->tok_first_on_line && l->first_column != open.indent && !p->have_misclosed) {
            p->misclosed = open;
            p->misclosed_by = *l;
            p->have_misclosed = true;
        }
    }
}

/* While resynchronising: the token that ends the skip (and is handed to the parser). */
static bool resync_ends(const SolParser *p, int tok)
{
    if (tok == YYEOF || (tok == '}' && p->braces.len <= p->resync_depth))
        return true; /* a `}` of a region around the broken statement */
    return p->tok_first_on_line && p->braces.len == p->resync_depth &&
           starts_statement(tok, p->resync_top);
}

int sol_p_filter_token(SolParser *p, int tok, SolPValue *lval, SolPLoc *lloc)
{
    if (tok == STRING)
        p->last_str = lval->str.data, p->last_str_len = lval->str.len;
    bool skip = p->resync && !resync_ends(p, tok);
    if (tok == '{' || tok == '}')
        track_brace(p, tok, lloc);
    if (skip)
        return -1;
    p->resync = false;
    return tok;
}

bool sol_p_recover(SolParser *p, bool have_lookahead, bool top_level)
{
    /* The braces open around the statement: the module's, and one per region entered. */
    size_t base = (top_level ? 0 : p->depth) + (p->have_module && !p->module_closed);
    int tok = p->last_tok;
    if (have_lookahead && (tok == YYEOF || (tok == '}' && p->braces.len < base) ||
                           (p->tok_first_on_line && p->braces.len == base &&
                            starts_statement(tok, top_level))))
        return false; /* the broken statement ended before it: resume there */
    p->resync = true;
    p->resync_depth = base;
    p->resync_top = top_level;
    return have_lookahead;
}

void sol_p_drop_line_braces(SolParser *p)
{
    while (p->braces.len && p->braces.data[p->braces.len - 1].loc.first_line == p->line)
        p->braces.len--;
}

static void note(SolParser *p, SolPLoc l, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void note(SolParser *p, SolPLoc l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sol_diag_emitv(sol_context_diag(p->ctx), SOL_SEV_NOTE, sol_p_loc(p, l), fmt, ap);
    va_end(ap);
}

/* The region whose `}` a later one, indented for an outer line, probably stands in for. */
static void misclosed_note(SolParser *p)
{
    if (p->have_misclosed)
        note(p, p->misclosed.loc,
             "the '}' at %u:%u closed this '{' but is indented like an outer line: this is "
             "probably the region missing its '}'",
             p->misclosed_by.first_line, p->misclosed_by.first_column);
}

void sol_p_nested_func(SolParser *p, SolPLoc l)
{
    sol_p_error(p, l, "unexpected 'func' inside a function body: is a '}' missing?");
    misclosed_note(p);
    p->brace_noted = true;
}

void sol_p_unclosed(SolParser *p)
{
    if (p->brace_noted)
        return; /* the redefinition it caused already said so */
    SolPBrace open = p->braces.data[p->braces.len - 1];
    sol_p_error(p, open.loc, "missing '}': the '{' here is still open at the end of the input");
    misclosed_note(p);
}

void sol_p_brace_hint(SolParser *p, SolPLoc stmt)
{
    for (size_t i = p->braces.len; i-- > 0;) {
        SolPBrace open = p->braces.data[i];
        if (open.loc.first_line >= stmt.first_line)
            continue; /* the statement's own `{` */
        if (stmt.first_column > open.indent)
            return; /* indented inside it: nothing suggests a missing `}` */
        note(p, open.loc,
             "the region opened here is still open, but the redefinition is indented as if "
             "outside it: is its '}' missing?");
        p->brace_noted = true;
        p->broken = true; /* what follows would only repeat the same mistake */
        return;
    }
}
