/*
 * Sizes: the `// sizes.KEY: N=V, ...` comment lines of the examples (SolSizes lists,
 * Support/tool.h), and the index arguments of a kernel's entry function (parsed in process with
 * lib/IR), which are the names solar-opt's --bind accepts.
 */
#include "Validate/validate.h"

#include "IR/ir.h"
#include "Passes/pass.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

bool sol_val_sizes_line(const char *path, const char *key, SolSizes *s, bool *found, SolBuf *err)
{
    *found = false;
    FILE *f = fopen(path, "r");
    if (!f) {
        sol_buf_printf(err, "%s: cannot read: %s", path, strerror(errno));
        return false;
    }
    char prefix[64];
    snprintf(prefix, sizeof prefix, "sizes.%s:", key);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    unsigned lineno = 0;
    bool ok = true;
    while (!*found && (n = getline(&line, &cap, f)) >= 0) {
        lineno++;
        const char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        if (strncmp(p, "//", 2) != 0)
            continue;
        p += 2;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, prefix, strlen(prefix)) != 0)
            continue;
        *found = true;
        char *text = sol_xstrdup(p + strlen(prefix));
        text[strcspn(text, "\r\n")] = '\0';
        char what[128];
        snprintf(what, sizeof what, "%s:%u: sizes.%s", path, lineno, key);
        ok = sol_sizes_parse(what, text, s, err);
        free(text);
    }
    free(line);
    fclose(f);
    return ok;
}

void sol_val_ir_args_free(SolValIrArgs *a)
{
    for (size_t i = 0; i < a->num_index; i++)
        free(a->index[i]);
    for (size_t i = 0; i < a->num_memref; i++)
        free(a->memref[i]);
    free(a->index);
    free(a->memref);
    free(a->dynamic);
    memset(a, 0, sizeof *a);
}

bool sol_val_ir_args_read(const char *path, SolValIrArgs *out, SolBuf *err)
{
    memset(out, 0, sizeof *out);
    SolBuf text = {0};
    if (sol_file_read(path, 0, &text) == SOL_READ_CANNOT_OPEN) {
        sol_buf_printf(err, "%s: cannot read: %s", path, strerror(errno));
        return false;
    }
    /* The parser's diagnostics go into err rather than to stderr. */
    char *diag = NULL;
    size_t diag_len = 0;
    FILE *mem = open_memstream(&diag, &diag_len);
    SolContext *ctx = sol_context_new();
    if (mem)
        sol_diag_set_output(sol_context_diag(ctx), mem);
    SolModule *m = sol_parse_buffer(ctx, path, text.data ? text.data : "", text.len);
    SolOp *entry = NULL;
    bool ok = m && sol_entry_find(ctx, m, NULL, &entry);
    if (ok && !entry) {
        sol_buf_printf(err, "%s: no @forward and more than one function: which is the kernel?",
                       path);
        ok = false;
    }
    if (ok && entry->num_regions > 0) {
        SolBlock *body = sol_region_first_block(&entry->regions[0]);
        uint32_t nargs = body ? body->num_args : 0;
        out->index = sol_xcalloc(nargs + 1, sizeof *out->index);
        out->memref = sol_xcalloc(nargs + 1, sizeof *out->memref);
        out->dynamic = sol_xcalloc(nargs + 1, sizeof *out->dynamic);
        for (uint32_t i = 0; i < nargs; i++) {
            const SolValue *a = &body->args[i];
            if (!a->hint)
                continue;
            if (sol_type_is_index(a->type)) {
                out->index[out->num_index++] = sol_xstrdup(a->hint->str);
            } else if (sol_type_is_memref(a->type)) {
                out->dynamic[out->num_memref] = sol_type_num_dynamic(a->type) > 0;
                out->memref[out->num_memref++] = sol_xstrdup(a->hint->str);
            }
        }
    }
    if (m)
        sol_module_free(m);
    sol_context_free(ctx);
    if (mem) {
        fclose(mem);
        if (!ok && diag_len) {
            sol_buf_printf(err, "cannot parse %s:\n", path);
            sol_buf_append(err, diag, diag_len);
        }
        free(diag);
    }
    while (err->len && err->data[err->len - 1] == '\n')
        err->data[--err->len] = '\0';
    if (!ok && !err->len)
        sol_buf_printf(err, "%s: cannot parse", path);
    sol_buf_free(&text);
    return ok;
}
