/*
 * The identifier interner: one SolIdent per distinct string, so identifiers compare with ==
 * (Lua's short strings, QBE's intern()). Open addressing with a word-at-a-time multiplicative
 * hash; the table doubles at 50% load. Identifier bytes live in the interner's own arena.
 */
#include "Support/support.h"

#include <stdlib.h>
#include <string.h>

/* A multiplicative hash over 8-byte words; a short string (most names) is one or two loads
 * (4..8 bytes: the first and last four, overlapping), mixed with its length, and the result is
 * folded so that the low bits, which the tables use, depend on every byte. */
uint32_t sol_hash_bytes(const void *p, size_t n)
{
    const unsigned char *s = p;
    const uint64_t k = 0x9E3779B97F4A7C15ull;
    uint64_t h = (uint64_t)n * k, w;
    if (n > 8) {
        for (size_t i = 0; i + 8 < n; i += 8) {
            memcpy(&w, s + i, 8);
            h = (h ^ w) * k;
            h ^= h >> 29;
        }
        memcpy(&w, s + n - 8, 8);
    } else if (n >= 4) {
        uint32_t a, b;
        memcpy(&a, s, 4);
        memcpy(&b, s + n - 4, 4);
        w = (uint64_t)a << 32 | b;
    } else {
        w = n ? (uint64_t)s[0] << 16 | (uint64_t)s[n >> 1] << 8 | s[n - 1] : 0;
    }
    h = (h ^ w) * k;
    h ^= h >> 32;
    h *= k;
    return (uint32_t)(h >> 32);
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
