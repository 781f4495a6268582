/*
 * Building the messages (prompt.h). Everything here is deterministic, since the messages are
 * the cache key: the same source, reference and failures give the same bytes.
 */
#include "Translate/prompt.h"

#include <ctype.h>

enum { MAX_DETAILS = 12000 };

void sol_prompt_ssa_name(SolBuf *out, const char *name)
{
    if (!*name || isdigit((unsigned char)*name))
        sol_buf_putc(out, 'v');
    for (const char *c = name; *c; c++)
        sol_buf_putc(out, isalnum((unsigned char)*c) || *c == '_' ? *c : '_');
}

/* A fence longer than any run of backticks in text. */
static void fence(SolBuf *out, const char *text, size_t len, const char *lang)
{
    size_t run = 0, best = 0;
    for (size_t i = 0; i < len; i++) {
        run = text[i] == '`' ? run + 1 : 0;
        best = run > best ? run : best;
    }
    size_t n = best >= 3 ? best + 1 : 3;
    for (size_t i = 0; i < n; i++)
        sol_buf_putc(out, '`');
    sol_buf_printf(out, "%s\n", lang);
    sol_buf_append(out, text, len);
    if (len && text[len - 1] != '\n')
        sol_buf_putc(out, '\n');
    for (size_t i = 0; i < n; i++)
        sol_buf_putc(out, '`');
    sol_buf_putc(out, '\n');
}

/* The example's IR without its `// sizes.` lines (they are for the test suite). */
static void example_ir(SolBuf *out, const char *ir)
{
    SolBuf b = {0};
    for (const char *p = ir; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
        const char *q = p;
        while (*q == ' ')
            q++;
        if (strncmp(q, "// sizes.", 9) != 0)
            sol_buf_append(&b, p, n);
        p += n;
    }
    fence(out, b.data ? b.data : "", b.len, "mlir");
    sol_buf_free(&b);
}

void sol_prompt_system(SolBuf *out)
{
    sol_buf_puts(out, sol_prompt_system_text);
    sol_buf_puts(out, "\n# Worked examples\n\nEach is a program with a translation that passes "
                      "validation.\n");
    for (const SolPromptExample *e = sol_prompt_examples; e->name; e++) {
        sol_buf_printf(out, "\n## %s\n\n", e->name);
        fence(out, e->source, strlen(e->source), "python");
        sol_buf_putc(out, '\n');
        example_ir(out, e->ir);
    }
}

static const char *elem_text(SolElemKind k) { return sol_elem_name(k); }

static void shape_text(SolBuf *b, const SolTensor *t)
{
    if (t->rank == 0) {
        sol_buf_puts(b, "a scalar (rank 0)");
        return;
    }
    for (uint32_t d = 0; d < t->rank; d++)
        sol_buf_printf(b, "%s%lld", d ? "x" : "", (long long)t->dims[d]);
}

static void memref_text(SolBuf *b, const SolTensor *t)
{
    sol_buf_puts(b, "memref<");
    for (uint32_t d = 0; d < t->rank; d++)
        sol_buf_puts(b, "?x");
    sol_buf_printf(b, "%s>", elem_text(t->elem));
}

/* One argument line: `  %name: memref<?x?xf32>   what (f32, 3x11 at the validation sizes)` */
static void arg_line(SolBuf *out, const char *name, const SolTensor *t, const char *what)
{
    SolBuf left = {0};
    sol_buf_puts(&left, "  %");
    sol_prompt_ssa_name(&left, name);
    sol_buf_puts(&left, ": ");
    memref_text(&left, t);
    sol_buf_printf(out, "%-34s %s, %s", left.data, what, elem_text(t->elem));
    if (t->rank)
        sol_buf_puts(out, ", ");
    else
        sol_buf_puts(out, " ");
    shape_text(out, t);
    sol_buf_puts(out, t->rank ? " at the validation sizes\n" : "\n");
    sol_buf_free(&left);
}

static bool updated(const SolReference *r, size_t k)
{
    for (size_t i = 0; i < r->state.len; i++)
        if ((size_t)r->state.data[i].in_index == k)
            return true;
    return false;
}

void sol_prompt_task(SolBuf *out, const SolPromptTask *t)
{
    const SolReference *r = t->ref;
    const char *lang = sol_source_language_name(t->lang);
    sol_buf_printf(out, "Translate the %s program `%s` into the SOLAR-C affine dialect.\n\n", lang,
                   t->file_name);
    fence(out, t->source, t->source_len, "python");
    sol_buf_puts(out, "\nWrite `func.func @forward` with these arguments, in this order:\n");
    for (size_t i = 0; i < r->sizes.len; i++) {
        SolBuf left = {0};
        sol_buf_puts(&left, "  %");
        sol_prompt_ssa_name(&left, r->sizes.data[i].name);
        sol_buf_puts(&left, ": index");
        int64_t orig = sol_reference_original(r, r->sizes.data[i].name);
        sol_buf_printf(out, "%-34s size constant %s (%lld in the program, %lld when validating)\n",
                       left.data, r->sizes.data[i].name, (long long)orig,
                       (long long)r->sizes.data[i].value);
        sol_buf_free(&left);
    }
    for (size_t i = 0; i < r->inputs.len; i++) {
        const SolRefArray *a = &r->inputs.data[i];
        SolBuf what = {0};
        bool input = strcmp(a->role, "input") == 0;
        sol_buf_printf(&what, "%s `%s`", input ? "input" : a->role, a->name);
        if (updated(r, i))
            sol_buf_puts(&what, " (forward updates it in place: write its new value)");
        char fallback[32];
        snprintf(fallback, sizeof fallback, "arg%zu", i);
        arg_line(out, a->name[0] ? a->name : fallback, &a->data, what.data);
        sol_buf_free(&what);
    }
    for (size_t i = 0; i < r->outputs.len; i++) {
        char name[32], what[48];
        if (r->outputs.len == 1)
            snprintf(name, sizeof name, "out");
        else
            snprintf(name, sizeof name, "out%zu", i);
        snprintf(what, sizeof what, "output %zu", i);
        arg_line(out, name, &r->outputs.data[i].data, what);
    }
    sol_buf_puts(out, "Every dimension that depends on a size constant is `?`; static extents are "
                      "fine only for\nsizes fixed by the model itself (kernel sizes).\n\n"
                      "The IR will run at the validation sizes, on random inputs in [-1, 1) and "
                      "perturbed\nparameters, and its outputs will be compared element by element "
                      "with the original\nprogram's. Reply with the complete module in one ```mlir "
                      "code block.\n");
}

void sol_prompt_followup(SolBuf *out, unsigned attempt, unsigned max_attempts, const char *what,
                         const char *details)
{
    sol_buf_printf(out, "Attempt %u of %u failed: %s\n", attempt, max_attempts, what);
    size_t n = details ? strlen(details) : 0;
    if (n) {
        sol_buf_putc(out, '\n');
        if (n > MAX_DETAILS) {
            size_t cut = MAX_DETAILS;
            while (cut > 0 && ((unsigned char)details[cut] & 0xC0) == 0x80)
                cut--; /* not inside a UTF-8 sequence */
            sol_buf_append(out, details, cut);
            sol_buf_printf(out, "\n... (%zu more bytes not shown)\n", n - cut);
        } else {
            sol_buf_puts(out, details);
            if (details[n - 1] != '\n')
                sol_buf_putc(out, '\n');
        }
    }
    sol_buf_puts(out, "\nFix the problem and reply with the complete corrected module in one "
                      "```mlir code block.\n");
}
