/*
 * The pointer -> integer map (see ptr_map.h). Keys are hashed by a multiply that spreads the
 * low bits of the pointer over the word, folded so that pointers differing only in high bits
 * (large strides) still land in different slots; probing is linear, and the table doubles
 * whenever an insert would leave it more than half full, so a probe ends at an empty slot.
 * Deletion shifts the rest of the probe run back into the hole (Knuth's algorithm R), which
 * keeps every key reachable from its home slot without tombstones.
 */
#include "Support/ptr_map.h"

#include "Support/support.h"

#include <stdlib.h>
#include <string.h>

enum { MIN_CAP = 16 };

static size_t ptr_hash(const void *p)
{
    uint64_t h = ((uint64_t)(uintptr_t)p >> 3) * 0x9E3779B97F4A7C15ull;
    return (size_t)(h ^ (h >> 32));
}

/* The slot of key (non-NULL): the one holding it, else the empty one where it would go. */
static size_t find_slot(const SolPtrMap *m, const void *key)
{
    size_t mask = m->cap - 1, i = ptr_hash(key) & mask;
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & mask;
    return i;
}

/* Moves the slot entries into a table of new_cap slots (a power of two). */
static void rehash(SolPtrMap *m, size_t new_cap)
{
    SolPtrMap old = *m;
    m->cap = new_cap;
    m->keys = sol_xcalloc(new_cap, sizeof *m->keys);
    m->vals = sol_xcalloc(new_cap, sizeof *m->vals);
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i]) {
            size_t j = find_slot(m, old.keys[i]);
            m->keys[j] = old.keys[i];
            m->vals[j] = old.vals[i];
        }
    free(old.keys);
    free(old.vals);
}

void sol_ptr_map_init(SolPtrMap *m, size_t expected)
{
    memset(m, 0, sizeof *m);
    size_t cap = MIN_CAP;
    while (cap < 2 * expected)
        cap *= 2;
    if (expected)
        rehash(m, cap);
}

bool sol_ptr_map_get(const SolPtrMap *m, const void *key, uint64_t *val)
{
    if (!key) {
        if (m->has_null && val)
            *val = m->null_val;
        return m->has_null;
    }
    if (!m->cap)
        return false;
    size_t i = find_slot(m, key);
    if (!m->keys[i])
        return false;
    if (val)
        *val = m->vals[i];
    return true;
}

void sol_ptr_map_put(SolPtrMap *m, const void *key, uint64_t val)
{
    if (!key) {
        m->len += !m->has_null;
        m->has_null = true;
        m->null_val = val;
        return;
    }
    size_t slot_entries = m->len - m->has_null;
    if ((slot_entries + 1) * 2 > m->cap)
        rehash(m, m->cap ? m->cap * 2 : MIN_CAP);
    size_t i = find_slot(m, key);
    if (!m->keys[i]) {
        m->keys[i] = key;
        m->len++;
    }
    m->vals[i] = val;
}

bool sol_ptr_map_delete(SolPtrMap *m, const void *key)
{
    if (!key) {
        bool had = m->has_null;
        m->len -= had;
        m->has_null = false;
        m->null_val = 0;
        return had;
    }
    if (!m->cap)
        return false;
    size_t mask = m->cap - 1, hole = find_slot(m, key);
    if (!m->keys[hole])
        return false;
    m->keys[hole] = NULL;
    m->len--;
    /* An entry after the hole moves into it unless its home lies cyclically in (hole, j]:
     * then the probe from its home never passes the hole, and it stays. */
    for (size_t j = (hole + 1) & mask; m->keys[j]; j = (j + 1) & mask) {
        size_t home = ptr_hash(m->keys[j]) & mask;
        bool stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
        if (stays)
            continue;
        m->keys[hole] = m->keys[j];
        m->vals[hole] = m->vals[j];
        m->keys[j] = NULL;
        hole = j;
    }
    return true;
}

void sol_ptr_map_clear(SolPtrMap *m)
{
    size_t slot_entries = m->len - m->has_null;
    m->len = 0;
    m->has_null = false;
    m->null_val = 0;
    if (!m->cap)
        return;
    if (m->cap > MIN_CAP && slot_entries * 8 < m->cap) {
        /* Sparse: start again at a size for as many entries as it held. */
        size_t cap = MIN_CAP;
        while (cap < 4 * slot_entries)
            cap *= 2;
        free(m->keys);
        free(m->vals);
        m->cap = cap;
        m->keys = sol_xcalloc(cap, sizeof *m->keys);
        m->vals = sol_xcalloc(cap, sizeof *m->vals);
        return;
    }
    memset(m->keys, 0, m->cap * sizeof *m->keys);
}

void sol_ptr_map_free(SolPtrMap *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

uint64_t *sol_ptr_map_next(SolPtrMap *m, size_t *it, const void **key)
{
    /* *it: 0 = the NULL key, i + 1 = slot i. */
    if (*it == 0) {
        *it = 1;
        if (m->has_null) {
            *key = NULL;
            return &m->null_val;
        }
    }
    while (*it <= m->cap) {
        size_t i = (*it)++ - 1;
        if (m->keys[i]) {
            *key = m->keys[i];
            return &m->vals[i];
        }
    }
    return NULL;
}
