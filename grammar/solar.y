/*
 * The grammar of solar-opt's MLIR subset (reference/mlir-subset.md §8), as a pure bison
 * parser over the reentrant scanner in solar.l.
 *
 * Actions are one-line calls into the sol_p_* builders of lib/IR/parse.c, which build the IR
 * as the parse goes: an op with a region is created by a mid-rule action once its header is
 * read, so its body's ops land in the right block and its block arguments are in scope.
 * Error recovery resynchronises at op boundaries (`ops: ops error`); after the first syntax
 * error the builders stop building and only syntax errors are reported.
 */
%define api.pure full
%define parse.error custom
%locations
%param {yyscan_t scanner}
%parse-param {SolParser *p}
%expect 0

%code requires {
#include "IR/parse_support.h"
}

%code provides {
int yylex(YYSTYPE *lval, YYLTYPE *lloc, yyscan_t scanner);
void yyerror(YYLTYPE *lloc, yyscan_t scanner, SolParser *p, const char *msg);
}

%code {
#define YYMAXDEPTH 10000000
#define YYINITDEPTH 1024
/* Stop early on runaway input: too many errors, or nesting beyond SOL_MAX_NESTING. */
#define CHECK_ABORT() do { if (p->aborted) YYABORT; } while (0)
/* A statement was reduced: its scratch memory goes back (a lookahead name is kept). */
#define STMT_DONE()                                                                            \
    do {                                                                                       \
        sol_p_stmt_done(p, yychar, &yylval);                                                   \
        CHECK_ABORT();                                                                         \
    } while (0)
/* After a syntax error: resume at the next statement (parse_recover.c), reporting errors from
 * there on at once, since they no longer follow from this one. */
#define RECOVER(top_level)                                                                     \
    do {                                                                                       \
        if (sol_p_recover(p, yychar != YYEMPTY, top_level))                                    \
            yyclearin;                                                                         \
        if (p->resync)                                                                         \
            yyerrok;                                                                           \
        CHECK_ABORT();                                                                         \
    } while (0)
}

/* Token names are what diagnostics print ("unexpected SSA value; expected type"). */
%token <name> SSA_ID "SSA value"
%token <ident> ALIAS_ID "alias" SYM_REF "symbol" BARE_ID "identifier"
%token <integer> INT "integer" HEX "hex integer" RESULT_NO "result number"
%token <real> FLOAT "float literal"
%token <str> STRING "string"
%token <type> TYPE "type"
%token <opname> OP_BINARY "binary operation" OP_UNARY "unary operation"
%token <opname> OP_TERNARY "ternary operation" OP_CMP "comparison" OP_SELECT "select"
%token <opname> OP_CAST "cast operation" OP_CONSTANT "'arith.constant'" OP_YIELD "yield"
%token <opname> OP_MAPOP "'affine.apply', 'affine.min' or 'affine.max'"
%token <opname> UNKNOWN_OP "operation name"
%token <opname> OP_RETURN "'return'" OP_CALL "'func.call'" OP_FOR "'affine.for'" OP_IF "'affine.if'"
%token <opname> OP_LOAD "'affine.load'" OP_STORE "'affine.store'" OP_ALLOC "'memref.alloc'"
%token <opname> OP_DEALLOC "'memref.dealloc'" OP_DIM "'memref.dim'" OP_MLOAD "'memref.load'"
%token <opname> OP_MSTORE "'memref.store'" OP_GENERIC "'linalg.generic'"
%token BLOCK_ID "block label"
%token BAD_TOKEN "invalid token"
%token ARROW "'->'" GE "'>='" LE "'<='" EQ "'=='"
%token <ident> MODULE "'module'" FUNC_KW "'func'"
%token ATTRIBUTES "'attributes'" PRIVATE "'private'"
%token TO "'to'" STEP "'step'" ITER_ARGS "'iter_args'" MIN "'min'" MAX "'max'" ELSE "'else'"
%token SYMBOL_KW "'symbol'" FLOORDIV "'floordiv'" CEILDIV "'ceildiv'" MOD "'mod'"
%token AFFINE_MAP "'affine_map'" AFFINE_SET "'affine_set'" TRUE "'true'" FALSE "'false'"
%token INS "'ins'" OUTS "'outs'" ATTRS "'attrs'"

%left '+' '-'
%left '*' FLOORDIV CEILDIV MOD
%precedence NEG

%type <op> op value_op effect_op region_op func_header

/* What opens a region (a typed mid-rule action) is undone when error recovery discards it, so
 * the parser's regions and scopes stay those of the text around the error. */
%destructor { sol_p_region_leave(p); } <region>
%type <defs> defs
%type <use> use
%type <list> uses opt_uses types opt_types params param_list opt_sig res_list ids opt_ids
%type <list> opt_syms aexprs opt_aexprs cons opt_cons entries attr_vals opt_iter
%type <list> init_names opt_rtypes rtypes block_params generic_ins generic_outs
%type <list> opt_typed_uses fn_inputs fn_results
%type <list> dim_operands sym_operands
%type <param> param res
%type <bound> lower upper
%type <expr> aexpr con
%type <attr> attr_dict opt_attr_dict attr_val const_val opt_module_attrs opt_func_attrs
%type <attr> opt_generic_attrs map_attr set_attr
%type <named> entry
%type <opname> op_token
%type <ident> attr_name pred opt_sym_name
%type <map> map_lit map_ref
%type <set> set_lit set_ref
%type <type> fn_type
%type <integer> opt_step opt_private opt_generic_regions

%start file

%%

file        : %empty
            | file top                      { STMT_DONE(); }
            ;
top         : ALIAS_ID '=' map_attr         { sol_p_alias_def(p, @1, $1, $3); }
            | ALIAS_ID '=' set_attr         { sol_p_alias_def(p, @1, $1, $3); }
            | MODULE opt_sym_name opt_module_attrs { sol_p_module_begin(p, @1, $2, $3); }
              '{' funcs '}'                 { p->module_closed = true; }
            | func
            | error                         { RECOVER(true); }
            ;
opt_sym_name : %empty                       { $$ = NULL; }
            | SYM_REF                       { $$ = $1; }
            ;
opt_module_attrs : %empty                   { $$ = NULL; }
            | ATTRIBUTES attr_dict          { $$ = $2; }
            ;
funcs       : %empty
            | funcs func                    { STMT_DONE(); }
            | funcs error                   { RECOVER(true); }
            ;

/* func -> func_header [ '{' body '}' ] ; the header creates the op, the '{' binds the arguments */
func        : func_header                   { sol_p_func_end(p, $1, false); }
            | func_header '{'       <region>{ sol_p_func_body(p, $1, @2); $$ = $1; }
              body '}'                      { sol_p_func_end(p, $3, true); }
            ;
func_header : FUNC_KW opt_private SYM_REF '(' params ')' opt_sig opt_func_attrs
                                            { $$ = sol_p_func_begin(p, @3, $2.value != 0, $3, $5, $7, $8); }
            ;
opt_private : %empty                        { $$ = (SolPInt){0, false}; }
            | PRIVATE                       { $$ = (SolPInt){1, false}; }
            ;
opt_func_attrs : %empty                     { $$ = NULL; }
            | ATTRIBUTES attr_dict          { $$ = $2; }
            ;
params      : %empty                        { $$ = NULL; }
            | param_list
            ;
param_list  : param                         { $$ = sol_p_list(p, $1); }
            | param_list ',' param          { $$ = sol_p_append(p, $1, $3); }
            ;
param       : SSA_ID ':' TYPE opt_attr_dict { $$ = sol_arena_alloc(&p->scratch, sizeof *$$); *$$ = (SolPParam){$1, $3, $4, @1}; }
            | TYPE opt_attr_dict            { $$ = sol_arena_alloc(&p->scratch, sizeof *$$); *$$ = (SolPParam){{0}, $1, $2, @1}; }
            ;
opt_sig     : %empty                        { $$ = NULL; }
            | ARROW TYPE                    { SolPParam *r = sol_arena_alloc(&p->scratch, sizeof *r); *r = (SolPParam){{0}, $2, NULL, @2}; $$ = sol_p_list(p, r); }
            | ARROW '(' ')'                 { $$ = NULL; }
            | ARROW '(' res_list ')'        { $$ = $3; }
            ;
res_list    : res                           { $$ = sol_p_list(p, $1); }
            | res_list ',' res              { $$ = sol_p_append(p, $1, $3); }
            ;
res         : TYPE opt_attr_dict            { $$ = sol_arena_alloc(&p->scratch, sizeof *$$); *$$ = (SolPParam){{0}, $1, $2, @1}; }
            ;

/* body -> { op } [ terminator ] ; a terminator can only end a block, as in MLIR */
body        : ops
            | ops terminator                { STMT_DONE(); }
            ;
ops         : %empty
            | ops op                        { STMT_DONE(); }
            | ops error                     { RECOVER(false); }
            ;
op          : defs '=' value_op             { sol_p_bind(p, $1, $3, @1); $$ = $3; }
            | value_op                      { $$ = $1; }
            | effect_op                     { $$ = $1; }
            ;
defs        : SSA_ID                        { $$ = sol_p_defs(p, NULL, @1, $1, (SolPInt){1, false}); }
            | SSA_ID ':' INT                { $$ = sol_p_defs(p, NULL, @1, $1, $3); }
            | defs ',' SSA_ID               { $$ = sol_p_defs(p, $1, @3, $3, (SolPInt){1, false}); }
            | defs ',' SSA_ID ':' INT       { $$ = sol_p_defs(p, $1, @3, $3, $5); }
            ;
use         : SSA_ID                        { $$ = sol_p_use(p, @1, $1, (SolPInt){0, false}, false); }
            | SSA_ID RESULT_NO              { $$ = sol_p_use(p, @$, $1, $2, true); }
            ;
uses        : use                           { $$ = sol_p_list(p, $1); }
            | uses ',' use                  { $$ = sol_p_append(p, $1, $3); }
            ;
opt_uses    : %empty                        { $$ = NULL; }
            | uses
            ;
types       : TYPE                          { $$ = sol_p_list(p, (void *)$1); }
            | types ',' TYPE                { $$ = sol_p_append(p, $1, (void *)$3); }
            ;
opt_types   : %empty                        { $$ = NULL; }
            | types
            ;
opt_typed_uses : %empty                     { $$ = NULL; }
            | uses ':' types                { $$ = sol_p_append(p, sol_p_list(p, $1), $3); }
            ;

value_op    : region_op
            | OP_LOAD use '[' opt_aexprs ']' opt_attr_dict ':' TYPE
                                            { $$ = sol_p_affine_load(p, @1, $2, $4, $6, $8); }
            | OP_MAPOP map_ref dim_operands sym_operands opt_attr_dict
                                            { $$ = sol_p_affine_map_op(p, @1, $1.kind, $2, $3, $4, $5); }
            | OP_MLOAD use '[' opt_uses ']' opt_attr_dict ':' TYPE
                                            { $$ = sol_p_memref_load(p, @1, $2, $4, $6, $8); }
            | OP_ALLOC '(' opt_uses ')' opt_attr_dict ':' TYPE
                                            { $$ = sol_p_alloc(p, @1, $3, $5, $7); }
            | OP_DIM opt_attr_dict use ',' use ':' TYPE
                                            { $$ = sol_p_dim(p, @1, $2, $3, $5, $7); }
            | OP_CONSTANT opt_attr_dict const_val
                                            { $$ = sol_p_constant(p, @1, $2, $3); }
            | OP_BINARY use ',' use opt_attr_dict ':' TYPE
                                            { $$ = sol_p_simple(p, @1, $1.kind, sol_p_append(p, sol_p_list(p, $2), $4), $5, $7); }
            | OP_UNARY use opt_attr_dict ':' TYPE
                                            { $$ = sol_p_simple(p, @1, $1.kind, sol_p_list(p, $2), $3, $5); }
            | OP_TERNARY use ',' use ',' use opt_attr_dict ':' TYPE
                                            { $$ = sol_p_simple(p, @1, $1.kind, sol_p_append(p, sol_p_append(p, sol_p_list(p, $2), $4), $6), $7, $9); }
            | OP_SELECT use ',' use ',' use opt_attr_dict ':' TYPE
                                            { $$ = sol_p_simple(p, @1, $1.kind, sol_p_append(p, sol_p_append(p, sol_p_list(p, $2), $4), $6), $7, $9); }
            | OP_CMP pred ',' use ',' use opt_attr_dict ':' TYPE
                                            { $$ = sol_p_cmp(p, @1, $1.kind, @2, $2, $4, $6, $7, $9); }
            | OP_CAST use opt_attr_dict ':' TYPE TO TYPE
                                            { $$ = sol_p_cast(p, @1, $1.kind, $2, $3, $5, $7); }
            | OP_CALL SYM_REF '(' opt_uses ')' opt_attr_dict ':' fn_type
                                            { $$ = sol_p_call(p, @1, $2, $4, $6, $8); }
            /* MLIR's generic form: "dialect.op"(%a) ({ regions }) {attrs} : (T) -> R */
            | STRING '(' opt_uses ')' opt_generic_regions opt_attr_dict ':' fn_type
                                            { $$ = sol_p_generic_form(p, @1, $1.data, $1.len, $3, $5.value != 0, $6, $8); }
            /* reported unless bison is resynchronising after an earlier error */
            | UNKNOWN_OP                    { if (!YYRECOVERING()) sol_p_unknown_op(p, @1, $1.name); $$ = NULL; YYERROR; }
            | BARE_ID                       { if (!YYRECOVERING()) sol_p_unknown_op(p, @1, $1); $$ = NULL; YYERROR; }
            ;
effect_op   : OP_STORE use ',' use '[' opt_aexprs ']' opt_attr_dict ':' TYPE
                                            { $$ = sol_p_affine_store(p, @1, $2, $4, $6, $8, $10); }
            | OP_MSTORE use ',' use '[' opt_uses ']' opt_attr_dict ':' TYPE
                                            { $$ = sol_p_memref_store(p, @1, $2, $4, $6, $8, $10); }
            | OP_DEALLOC use opt_attr_dict ':' TYPE
                                            { $$ = sol_p_dealloc(p, @1, $2, $3, $5); }
            ;
terminator  : OP_YIELD opt_typed_uses       { sol_p_terminator(p, @1, $1.kind, $2 ? $2->items[0] : NULL, $2 ? $2->items[1] : NULL); }
            | OP_RETURN opt_typed_uses      { sol_p_terminator(p, @1, SOL_OP_RETURN, $2 ? $2->items[0] : NULL, $2 ? $2->items[1] : NULL); }
            ;

/* affine.for %i = lower to upper [step N] [iter_args(...) -> types] { ops } [attrs] */
region_op   : OP_FOR SSA_ID '=' lower TO upper opt_step opt_iter
                                    <region>{ $$ = sol_p_for_begin(p, @1, @2, $2, $4, $6, $7, $8 ? $8->items[0] : NULL, $8 ? $8->items[1] : NULL, $8 ? $8->items[2] : NULL); CHECK_ABORT(); }
              '{' body '}' opt_attr_dict    { $$ = sol_p_for_end(p, $9, $13); }
            | OP_IF set_ref dim_operands sym_operands opt_rtypes
                                    <region>{ $$ = sol_p_if_begin(p, @1, $2, $3, $4, $5); CHECK_ABORT(); }
              '{' body '}' opt_else opt_attr_dict
                                            { $$ = sol_p_if_end(p, $6, $11); }
            | OP_GENERIC attr_dict generic_ins generic_outs opt_generic_attrs
                                            { $<op>$ = sol_p_generic_begin(p, @1, $2, $3 ? $3->items[0] : NULL, $3 ? $3->items[1] : NULL, $4 ? $4->items[0] : NULL, $4 ? $4->items[1] : NULL, $5); CHECK_ABORT(); }
              '{' BLOCK_ID '(' block_params ')' ':'
                                    <region>{ sol_p_generic_block(p, $<op>6, $10); $$ = $<op>6; }
              body '}'                      { $$ = sol_p_generic_end(p, $13); }
            ;
/* The regions of an op in generic form are parsed for their names and dropped: no op that
 * solar-opt builds from the generic form has regions. */
opt_generic_regions : %empty                { $$ = (SolPInt){0, false}; }
            | '(' generic_regions ')'       { $$ = (SolPInt){1, false}; }
            ;
generic_regions : generic_region
            | generic_regions ',' generic_region
            ;
generic_region : '{'                <region>{ sol_p_dropped_region_begin(p, @1); $$ = NULL; CHECK_ABORT(); }
              opt_block_label body '}'      { sol_p_region_leave(p); (void)$2; }
            ;
opt_block_label : %empty
            | BLOCK_ID ':'
            | BLOCK_ID '(' block_params ')' ':' { sol_p_define_dropped(p, $3); }
            ;
opt_else    : %empty
            | ELSE                          { sol_p_if_else(p); }
              '{' body '}'
            ;
opt_step    : %empty                        { $$ = (SolPInt){1, false}; }
            | STEP INT                      { $$ = $2; }
            | STEP '-' INT                  { sol_p_error(p, @2, "step must be a positive integer, got -%llu", (unsigned long long)$3.value); $$ = (SolPInt){1, false}; }
            ;
opt_iter    : %empty                        { $$ = NULL; }
            | ITER_ARGS '(' init_names ')' ARROW rtypes
                                            { $$ = sol_p_list(p, $3->items[0]); sol_p_append(p, $$, $3->items[1]); sol_p_append(p, $$, $6); }
            ;
init_names  : SSA_ID '=' use                { SolPUse *n = sol_arena_alloc(&p->scratch, sizeof *n); n->name = $1; n->loc = @1;
                                              $$ = sol_p_list(p, sol_p_list(p, n)); sol_p_append(p, $$, sol_p_list(p, $3)); }
            | init_names ',' SSA_ID '=' use { SolPUse *n = sol_arena_alloc(&p->scratch, sizeof *n); n->name = $3; n->loc = @3;
                                              sol_p_append(p, $1->items[0], n); sol_p_append(p, $1->items[1], $5); $$ = $1; }
            ;
rtypes      : TYPE                          { $$ = sol_p_list(p, (void *)$1); }
            | '(' opt_types ')'             { $$ = $2; }
            ;
opt_rtypes  : %empty                        { $$ = NULL; }
            | ARROW rtypes                  { $$ = $2; }
            ;
lower       : MAX map_ref dim_operands sym_operands { $$ = sol_p_bound_map(p, @2, $2, $3, $4, true); }
            | map_ref dim_operands sym_operands     { $$ = sol_p_bound_map(p, @1, $1, $2, $3, false); }
            | use                           { $$ = sol_p_bound_ssa(p, @1, $1); }
            | INT                           { $$ = sol_p_bound_int(p, @1, $1, false); }
            | '-' INT                       { $$ = sol_p_bound_int(p, @$, $2, true); }
            ;
upper       : MIN map_ref dim_operands sym_operands { $$ = sol_p_bound_map(p, @2, $2, $3, $4, true); }
            | map_ref dim_operands sym_operands     { $$ = sol_p_bound_map(p, @1, $1, $2, $3, false); }
            | use                           { $$ = sol_p_bound_ssa(p, @1, $1); }
            | INT                           { $$ = sol_p_bound_int(p, @1, $1, false); }
            | '-' INT                       { $$ = sol_p_bound_int(p, @$, $2, true); }
            ;
dim_operands : '(' opt_uses ')'             { $$ = $2; }
            ;
sym_operands : %empty                       { $$ = NULL; }
            | '[' opt_uses ']'              { $$ = $2; }
            ;

/* linalg.generic {maps, iterators} ins(...) outs(...) [attrs = {...}] { ^bb0(...): ops } */
generic_ins : %empty                        { $$ = NULL; }
            | INS '(' uses ':' types ')'    { $$ = sol_p_append(p, sol_p_list(p, $3), $5); }
            ;
generic_outs : %empty                       { $$ = NULL; }
            | OUTS '(' uses ':' types ')'   { $$ = sol_p_append(p, sol_p_list(p, $3), $5); }
            ;
opt_generic_attrs : %empty                  { $$ = NULL; }
            | ATTRS '=' attr_dict           { $$ = $3; }
            ;
block_params : params
            ;

fn_type     : '(' fn_inputs ')' ARROW fn_results { $$ = sol_p_function_type(p, $2, $5); }
            ;
fn_inputs   : %empty                        { $$ = NULL; }
            | types
            ;
fn_results  : TYPE                          { $$ = sol_p_list(p, (void *)$1); }
            | '(' opt_types ')'             { $$ = $2; }
            ;

pred        : BARE_ID                       { $$ = $1; }
            | TRUE                          { $$ = sol_p_keyword_name(p, "true"); }
            | FALSE                         { $$ = sol_p_keyword_name(p, "false"); }
            ;

/* affine expressions: one grammar for subscripts (SSA atoms) and map bodies (names) */
aexpr       : aexpr '+' aexpr               { $$ = sol_p_expr_bin(p, @$, SOL_AFF_ADD, $1, $3); }
            | aexpr '-' aexpr               { $$ = sol_p_expr_sub(p, @$, $1, $3); }
            | aexpr '*' aexpr               { $$ = sol_p_expr_bin(p, @$, SOL_AFF_MUL, $1, $3); }
            | aexpr FLOORDIV aexpr          { $$ = sol_p_expr_bin(p, @$, SOL_AFF_FLOORDIV, $1, $3); }
            | aexpr CEILDIV aexpr           { $$ = sol_p_expr_bin(p, @$, SOL_AFF_CEILDIV, $1, $3); }
            | aexpr MOD aexpr               { $$ = sol_p_expr_bin(p, @$, SOL_AFF_MOD, $1, $3); }
            | '-' aexpr %prec NEG           { $$ = sol_p_expr_neg(p, @$, $2); }
            | '(' aexpr ')'                 { $$ = $2; }
            | INT                           { $$ = sol_p_expr_int(p, @1, $1); }
            | use                           { $$ = sol_p_expr_ssa(p, @1, $1, false); }
            | SYMBOL_KW '(' use ')'         { $$ = sol_p_expr_ssa(p, @3, $3, true); }
            | BARE_ID                       { $$ = sol_p_expr_name(p, @1, $1); }
            ;
aexprs      : aexpr                         { $$ = sol_p_list(p, $1); }
            | aexprs ',' aexpr              { $$ = sol_p_append(p, $1, $3); }
            ;
opt_aexprs  : %empty                        { $$ = NULL; }
            | aexprs
            ;
map_lit     : AFFINE_MAP '<' '(' opt_ids ')' opt_syms ARROW '(' opt_aexprs ')' '>'
                                            { $$ = sol_p_map(p, @1, $4, $6, $9); }
            ;
set_lit     : AFFINE_SET '<' '(' opt_ids ')' opt_syms ':' '(' opt_cons ')' '>'
                                            { $$ = sol_p_set(p, @1, $4, $6, $9); }
            ;
map_attr    : map_lit                       { $$ = $1 ? sol_attr_map(p->module, $1) : NULL; }
            ;
set_attr    : set_lit                       { $$ = $1 ? sol_attr_set(p->module, $1) : NULL; }
            ;
map_ref     : ALIAS_ID                      { $$ = sol_p_map_alias(p, @1, $1); }
            | map_lit
            ;
set_ref     : ALIAS_ID                      { $$ = sol_p_set_alias(p, @1, $1); }
            | set_lit
            ;
opt_syms    : %empty                        { $$ = NULL; }
            | '[' opt_ids ']'               { $$ = $2; }
            ;
opt_ids     : %empty                        { $$ = NULL; }
            | ids
            ;
ids         : BARE_ID                       { $$ = sol_p_list(p, (void *)$1); }
            | ids ',' BARE_ID               { $$ = sol_p_append(p, $1, (void *)$3); }
            ;
opt_cons    : %empty                        { $$ = NULL; }
            | cons
            ;
cons        : con                           { $$ = sol_p_list(p, $1); }
            | cons ',' con                  { $$ = sol_p_append(p, $1, $3); }
            ;
con         : aexpr GE aexpr                { $$ = sol_p_constraint(p, @$, $1, $3, false); }
            | aexpr LE aexpr                { $$ = sol_p_constraint(p, @$, $3, $1, false); }
            | aexpr EQ aexpr                { $$ = sol_p_constraint(p, @$, $1, $3, true); }
            ;

/* attributes */
const_val   : INT ':' TYPE                  { $$ = sol_p_attr_int(p, @1, $1, false, $3); }
            | '-' INT ':' TYPE              { $$ = sol_p_attr_int(p, @$, $2, true, $4); }
            | FLOAT ':' TYPE                { $$ = sol_p_attr_float(p, @1, $1, false, $3); }
            | '-' FLOAT ':' TYPE            { $$ = sol_p_attr_float(p, @$, $2, true, $4); }
            | HEX ':' TYPE                  { $$ = sol_p_attr_hex(p, @1, $1, $3); }
            | TRUE                          { $$ = sol_attr_bool(p->module, true); }
            | FALSE                         { $$ = sol_attr_bool(p->module, false); }
            ;
opt_attr_dict : %empty                      { $$ = NULL; }
            | attr_dict
            ;
attr_dict   : '{' '}'                       { $$ = sol_p_attr_dict(p, NULL); }
            | '{' entries '}'               { $$ = sol_p_attr_dict(p, $2); }
            ;
entries     : entry                         { $$ = sol_p_list(p, sol_p_entry(p, @1, $1)); }
            | entries ',' entry             { $$ = sol_p_append(p, $1, sol_p_entry(p, @3, $3)); }
            ;
entry       : attr_name                     { $$ = (SolNamedAttr){$1, sol_attr_unit(p->module)}; }
            | attr_name '=' attr_val        { $$ = (SolNamedAttr){$1, $3}; }
            ;
/* Any bare identifier names an attribute, keywords and op names included (MLIR reads them). */
attr_name   : BARE_ID                       { $$ = $1; }
            | STRING                        { $$ = sol_ident(p->ctx, $1.data, $1.len); }
            | TYPE                          { $$ = sol_p_type_name(p, $1); }
            | MODULE | FUNC_KW
            | op_token                      { $$ = sol_p_op_spelling(p, $1.kind, $1.name, $1.v14); }
            | ATTRIBUTES                    { $$ = sol_p_keyword_name(p, "attributes"); }
            | PRIVATE                       { $$ = sol_p_keyword_name(p, "private"); }
            | TO                            { $$ = sol_p_keyword_name(p, "to"); }
            | STEP                          { $$ = sol_p_keyword_name(p, "step"); }
            | ITER_ARGS                     { $$ = sol_p_keyword_name(p, "iter_args"); }
            | MIN                           { $$ = sol_p_keyword_name(p, "min"); }
            | MAX                           { $$ = sol_p_keyword_name(p, "max"); }
            | ELSE                          { $$ = sol_p_keyword_name(p, "else"); }
            | SYMBOL_KW                     { $$ = sol_p_keyword_name(p, "symbol"); }
            | FLOORDIV                      { $$ = sol_p_keyword_name(p, "floordiv"); }
            | CEILDIV                       { $$ = sol_p_keyword_name(p, "ceildiv"); }
            | MOD                           { $$ = sol_p_keyword_name(p, "mod"); }
            | AFFINE_MAP                    { $$ = sol_p_keyword_name(p, "affine_map"); }
            | AFFINE_SET                    { $$ = sol_p_keyword_name(p, "affine_set"); }
            | TRUE                          { $$ = sol_p_keyword_name(p, "true"); }
            | FALSE                         { $$ = sol_p_keyword_name(p, "false"); }
            | INS                           { $$ = sol_p_keyword_name(p, "ins"); }
            | OUTS                          { $$ = sol_p_keyword_name(p, "outs"); }
            | ATTRS                         { $$ = sol_p_keyword_name(p, "attrs"); }
            ;
op_token    : OP_BINARY | OP_UNARY | OP_TERNARY | OP_CMP | OP_SELECT | OP_CAST | OP_CONSTANT
            | OP_YIELD | OP_MAPOP | UNKNOWN_OP | OP_RETURN | OP_CALL | OP_FOR | OP_IF | OP_LOAD
            | OP_STORE | OP_ALLOC | OP_DEALLOC | OP_DIM | OP_MLOAD | OP_MSTORE | OP_GENERIC
            ;
attr_val    : TRUE                          { $$ = sol_attr_bool(p->module, true); }
            | FALSE                         { $$ = sol_attr_bool(p->module, false); }
            | INT                           { $$ = sol_p_attr_int(p, @1, $1, false, NULL); }
            | '-' INT                       { $$ = sol_p_attr_int(p, @$, $2, true, NULL); }
            | INT ':' TYPE                  { $$ = sol_p_attr_int(p, @1, $1, false, $3); }
            | '-' INT ':' TYPE              { $$ = sol_p_attr_int(p, @$, $2, true, $4); }
            | FLOAT ':' TYPE                { $$ = sol_p_attr_float(p, @1, $1, false, $3); }
            | '-' FLOAT ':' TYPE            { $$ = sol_p_attr_float(p, @$, $2, true, $4); }
            | FLOAT                         { $$ = sol_p_attr_float(p, @1, $1, false, NULL); }
            | '-' FLOAT                     { $$ = sol_p_attr_float(p, @$, $2, true, NULL); }
            | HEX ':' TYPE                  { $$ = sol_p_attr_hex(p, @1, $1, $3); }
            | STRING                        { $$ = sol_attr_string(p->module, $1.data, $1.len); }
            | '[' ']'                       { $$ = sol_p_attr_array(p, NULL); }
            | '[' attr_vals ']'             { $$ = sol_p_attr_array(p, $2); }
            | attr_dict                     { $$ = $1; }
            | map_attr                      { $$ = $1; }
            | set_attr                      { $$ = $1; }
            | ALIAS_ID                      { $$ = sol_p_alias_attr(p, @1, $1); }
            | TYPE                          { $$ = sol_attr_type(p->module, $1); }
            | SYM_REF                       { $$ = sol_attr_symbol(p->module, $1); }
            ;
attr_vals   : attr_val                      { $$ = sol_p_list(p, (void *)$1); }
            | attr_vals ',' attr_val        { $$ = sol_p_append(p, $1, (void *)$3); }
            ;

%%

/* Syntax errors name what was found and what could come next, MLIR style:
 *   error: expected ':' or '{', found ']' */
static int yyreport_syntax_error(const yypcontext_t *ctx, yyscan_t scanner, SolParser *p)
{
    (void)scanner;
    yysymbol_kind_t found = yypcontext_token(ctx);
    const YYLTYPE *loc = yypcontext_location(ctx);
    sol_p_syntax_error(p);
    if (found == YYSYMBOL_BAD_TOKEN) /* the scanner already explained it */
        return 0;
    if (found == YYSYMBOL_YYEOF && p->braces.len) {
        sol_p_unclosed(p);
        return 0;
    }
    if (found == YYSYMBOL_FUNC_KW && p->depth) {
        sol_p_nested_func(p, *loc);
        return 0;
    }
    yysymbol_kind_t expected[6];
    int n = yypcontext_expected_tokens(ctx, expected, 6);
    for (int i = 0; found == YYSYMBOL_STRING && i < n; i++)
        if (expected[i] == YYSYMBOL_FUNC_KW) { /* where a function goes: a generic-form op */
            sol_p_generic_top(p, *loc, p->last_str, p->last_str_len);
            return 0;
        }
    SolBuf msg = {0};
    if (found == YYSYMBOL_YYEOF)
        sol_buf_puts(&msg, "unexpected end of input");
    else
        sol_buf_printf(&msg, "unexpected %s", yysymbol_name(found));
    if (n > 0 && n <= 5) {
        sol_buf_puts(&msg, "; expected ");
        for (int i = 0; i < n; i++)
            sol_buf_printf(&msg, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
                           yysymbol_name(expected[i]));
    }
    sol_p_error(p, *loc, "%s", msg.data);
    sol_buf_free(&msg);
    return 0;
}

void yyerror(YYLTYPE *lloc, yyscan_t scanner, SolParser *p, const char *msg)
{
    (void)scanner;
    sol_p_syntax_error(p);
    sol_p_error(p, *lloc, "%s", msg);
}
