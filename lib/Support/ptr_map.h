/*
 * SolPtrMap: a map from pointers to 64-bit integers (open addressing, linear probing), for the
 * side tables passes and the executor keep about IR objects: value -> register, op -> program
 * order, loop -> plan entry (a pointer stored as an integer), memref -> tensor index.
 *
 * Embed it in a struct: `SolPtrMap m = {0};` is an empty map, sol_ptr_map_init presizes one,
 * and sol_ptr_map_free returns the storage and leaves an empty map that can be reused. Every
 * key is allowed, NULL included. The table stays at most half full, doubling when it grows.
 * Deleting leaves no tombstones (later entries of the probe run move back), so a map used as
 * a scope set, with keys added and deleted all the time, never fills up.
 */
#ifndef SOLAR_SUPPORT_PTR_MAP_H
#define SOLAR_SUPPORT_PTR_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct SolPtrMap {
    const void **keys; /* cap slots; NULL marks an empty one */
    uint64_t *vals;    /* beside keys */
    size_t cap;        /* 0 or a power of two, more than twice the slot entries */
    size_t len;        /* entries, the NULL key's included */
    bool has_null;     /* the NULL key is kept here, outside the slots */
    uint64_t null_val;
} SolPtrMap;

/* An empty map with room for `expected` entries before it first grows. */
void sol_ptr_map_init(SolPtrMap *m, size_t expected);
/* True when key is in m, with its value in *val (val may be NULL); m is unchanged otherwise. */
bool sol_ptr_map_get(const SolPtrMap *m, const void *key, uint64_t *val);
/* Sets key's value, adding the key or overwriting its old value. */
void sol_ptr_map_put(SolPtrMap *m, const void *key, uint64_t val);
/* Removes key if it is there; true when it was. */
bool sol_ptr_map_delete(SolPtrMap *m, const void *key);
/* Removes every entry. The storage is kept when it is in proportion to the entries removed and
 * shrunk otherwise, so a clear costs time in proportion to what the map held since the last
 * one (a map cleared per function does not pay for the largest function at every clear). */
void sol_ptr_map_clear(SolPtrMap *m);
/* Frees the storage; m is then an empty map again. */
void sol_ptr_map_free(SolPtrMap *m);
/* Visits every entry once, in no particular order, giving a pointer to its value (which may be
 * changed; puts during the walk are not allowed):
 *     size_t it = 0; const void *key; uint64_t *val;
 *     while ((val = sol_ptr_map_next(m, &it, &key))) ...
 * NULL after the last entry. */
uint64_t *sol_ptr_map_next(SolPtrMap *m, size_t *it, const void **key);

#endif /* SOLAR_SUPPORT_PTR_MAP_H */
