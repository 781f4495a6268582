/*
 * Nodes and source ops in words for the report (model.h). lift-einsum's `solar.einsum` lists
 * inputs, then outputs; a node that reads only its own output (an in-place GELU: `->bsj`) or
 * nothing at all (a fill: `->ij`) has no inputs to show, so the string alone is cryptic. The
 * node's `solar.combine` (its scalar ops) and `solar.reduce` say which it is.
 */
#include "Analysis/Report/model.h"

#include "IR/ir.h"

#include <string.h>

bool sol_report_op_attr(const SolOp *op, const char *name, char *buf, size_t size)
{
    for (uint32_t i = 0; op && i < op->num_attrs; i++) {
        const SolNamedAttr *a = &op->attrs[i];
        if (strcmp(a->name->str, name) != 0 || a->value->kind != SOL_ATTR_STRING)
            continue;
        snprintf(buf, size, "%.*s", (int)a->value->str.len, a->value->str.data);
        return true;
    }
    return false;
}

/* `mulf,erf,addf` -> `mulf, erf, addf`. */
static void spaced_list(const char *s, char *buf, size_t size)
{
    size_t n = 0;
    for (; *s && n + 2 < size; s++) {
        buf[n++] = *s;
        if (*s == ',')
            buf[n++] = ' ';
    }
    buf[n] = '\0';
}

/* `-,addf` -> `addf`: solar.reduce has one entry per output, `-` for one that does not
 * accumulate. */
static void drop_unreduced(char *s)
{
    char *w = s;
    for (char *item = s; *item;) {
        char *comma = strchr(item, ',');
        size_t len = comma ? (size_t)(comma - item) : strlen(item);
        if (!(len == 1 && item[0] == '-')) {
            if (w != s)
                *w++ = ',';
            memmove(w, item, len);
            w += len;
        }
        item += len + (comma != NULL);
    }
    *w = '\0';
}

/* The node's scalar work in words, without its einsum: `fill`, `in place: mulf, erf`,
 * `mulf; reduce addf`, `copy`. */
static void node_ops(const SolNode *n, char *buf, size_t size)
{
    char combine[96] = "", reduce[48] = "", ops[112] = "";
    sol_report_op_attr(n->op, "solar.combine", combine, sizeof combine);
    sol_report_op_attr(n->op, "solar.reduce", reduce, sizeof reduce);
    spaced_list(combine, ops, sizeof ops);
    drop_unreduced(reduce);
    bool in_place = strncmp(n->einsum, "->", 2) == 0 && strcmp(combine, "fill") != 0;
    snprintf(buf, size, "%s%s%s%s%s", in_place ? "in place: " : "", ops[0] ? ops : "update",
             reduce[0] ? "; reduce " : "", reduce, "");
}

void sol_report_node_ops(const SolNode *n, char *buf, size_t size)
{
    if (!n->einsum)
        snprintf(buf, size, "loop nest%s", n->data_dependent ? ", data-dependent" : "");
    else
        node_ops(n, buf, size);
    if (n->approximate) {
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, ", approximate");
    }
}

void sol_report_describe_node(const SolNode *n, char *buf, size_t size)
{
    if (!n->einsum) {
        sol_report_node_ops(n, buf, size);
        return;
    }
    char ops[160];
    node_ops(n, ops, sizeof ops);
    const char *arrow = strstr(n->einsum, "->");
    const char *out = arrow ? arrow + 2 : n->einsum;
    if (strcmp(ops, "fill") == 0)
        snprintf(buf, size, "fill %s", out);
    else if (arrow == n->einsum)
        snprintf(buf, size, "%s %s", out, ops);
    else
        snprintf(buf, size, "%s (%s)", n->einsum, ops);
}
