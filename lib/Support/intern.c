/*
 * The identifier interner: one SolIdent per distinct string, so identifiers compare with ==
 * (Lua's short strings, QBE's intern()). Open addressing with FNV-1a hashes; the table
 * doubles at 50% load. Identifier bytes live in the interner's own arena.
 */
#include "Support/support.h"

#include <stdlib.h>
#include <string.h>

uint32_t sol_hash_bytes(const void *p, size_t n)
{
    const unsigned char *s = p;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ s[i]) * 16777619u;
    return h;
}

static void rehash(SolInterner *in)
{
    size_t cap = in->cap ? in->cap * 2 : 1024;
    const SolIdent **slots = sol_xcalloc(cap, sizeof *slots);
    for (size_t i = 0; i < in->cap; i++) {
        const SolIdent *id = in->slots[i];
        if (!id)
            continue;
        size_t j = id->hash & (cap - 1);
        while (slots[j])
            j = (j + 1) & (cap - 1);
        slots[j] = id;
    }
    free(in->slots);
    in->slots = slots;
    in->cap = cap;
}

const SolIdent *sol_intern(SolInterner *in, const char *s, size_t n)
{
    if (2 * (in->count + 1) > in->cap)
        rehash(in);
    uint32_t h = sol_hash_bytes(s, n);
    size_t j = h & (in->cap - 1);
    for (const SolIdent *id; (id = in->slots[j]); j = (j + 1) & (in->cap - 1))
        if (id->hash == h && id->len == n && memcmp(id->str, s, n) == 0)
            return id;
    SolIdent *id = sol_arena_alloc(&in->arena, sizeof *id + n + 1);
    id->len = (uint32_t)n;
    id->hash = h;
    memcpy(id->str, s, n);
    in->slots[j] = id;
    in->count++;
    return id;
}

const SolIdent *sol_intern_cstr(SolInterner *in, const char *s) { return sol_intern(in, s, strlen(s)); }

int sol_ident_compare(const SolIdent *a, const SolIdent *b)
{
    if (a == b)
        return 0;
    int c = memcmp(a->str, b->str, a->len < b->len ? a->len : b->len);
    return c ? c : (a->len > b->len) - (a->len < b->len);
}

void sol_interner_release(SolInterner *in)
{
    free(in->slots);
    in->slots = NULL;
    in->cap = in->count = 0;
    sol_arena_release(&in->arena);
}
