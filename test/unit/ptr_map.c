/*
 * Unit test of SolPtrMap (lib/Support/ptr_map.h) against a plain array as the reference: an
 * empty map (zeroed or freed) misses every key; growth across 100,000 inserts keeps every
 * value; overwrites keep one entry; pointers that share a hash slot (the same bits above the
 * low three, or strides of 2^20 that differ only in high bits) stay apart; NULL and tiny
 * pointers are keys like any other; presizing; iteration visits every entry once and may
 * change values; deletes, mixed at random with puts over keys that collide in long probe runs
 * (wrapping past the table's end), agree with the reference after every step; clearing
 * empties the map, keeps it usable and shrinks a sparse table. Exit status 0 = pass.
 */
#include "Support/ptr_map.h"

#include "Support/support.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

/* Keys need not point anywhere: they are compared, never dereferenced. */
static const void *key_at(uintptr_t base, uintptr_t stride, size_t i)
{
    return (const void *)(base + stride * i);
}

static bool has(const SolPtrMap *m, const void *k, uint64_t want)
{
    uint64_t got = ~want;
    return sol_ptr_map_get(m, k, &got) && got == want;
}

static void test_empty(void)
{
    SolPtrMap m = {0};
    uint64_t v = 77;
    EXPECT(!sol_ptr_map_get(&m, &m, &v));
    EXPECT(!sol_ptr_map_get(&m, NULL, &v));
    EXPECT(v == 77); /* a miss leaves *val alone */
    EXPECT(!sol_ptr_map_get(&m, &v, NULL));
    EXPECT(m.len == 0);
    size_t it = 0;
    const void *k;
    EXPECT(sol_ptr_map_next(&m, &it, &k) == NULL);
    sol_ptr_map_free(&m); /* freeing an empty map is fine */
    EXPECT(m.cap == 0 && m.len == 0 && !m.keys);
}

/* Many inserts through many doublings: every key keeps its value, absent keys stay absent. */
static void test_growth(uintptr_t base, uintptr_t stride, size_t n)
{
    SolPtrMap m = {0};
    for (size_t i = 0; i < n; i++) {
        sol_ptr_map_put(&m, key_at(base, stride, i), i * 3 + 1);
        EXPECT(m.len == i + 1);
        EXPECT(m.cap >= 2 * m.len); /* at most half full */
        if ((i & (i + 1)) == 0)     /* after each power of two: everything so far is still there */
            for (size_t j = 0; j <= i; j++)
                if (!has(&m, key_at(base, stride, j), j * 3 + 1)) {
                    EXPECT(!"lost a key while growing");
                    break;
                }
    }
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += !has(&m, key_at(base, stride, i), i * 3 + 1);
    EXPECT(bad == 0);
    /* Keys between and beyond the inserted ones miss. */
    size_t false_hits = 0;
    for (size_t i = 0; i < n; i++)
        false_hits += sol_ptr_map_get(&m, (const void *)(base + stride * i + stride / 2), NULL);
    false_hits += sol_ptr_map_get(&m, key_at(base, stride, n), NULL);
    EXPECT(false_hits == 0);
    EXPECT(!sol_ptr_map_get(&m, NULL, NULL));
    sol_ptr_map_free(&m);
    EXPECT(m.len == 0 && !sol_ptr_map_get(&m, key_at(base, stride, 0), NULL));
}

static void test_overwrite(void)
{
    SolPtrMap m = {0};
    int objs[40];
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < 40; i++)
            sol_ptr_map_put(&m, &objs[i], (uint64_t)(round * 100 + i));
    EXPECT(m.len == 40);
    for (int i = 0; i < 40; i++)
        EXPECT(has(&m, &objs[i], (uint64_t)(200 + i)));
    /* Values are full 64-bit: 0, all ones and pointers round-trip. */
    sol_ptr_map_put(&m, &objs[0], 0);
    sol_ptr_map_put(&m, &objs[1], UINT64_MAX);
    sol_ptr_map_put(&m, &objs[2], (uint64_t)(uintptr_t)&m);
    EXPECT(has(&m, &objs[0], 0) && has(&m, &objs[1], UINT64_MAX));
    EXPECT(has(&m, &objs[2], (uint64_t)(uintptr_t)&m));
    EXPECT(m.len == 40);
    sol_ptr_map_free(&m);
    /* A freed map is empty and reusable. */
    sol_ptr_map_put(&m, &objs[5], 5);
    EXPECT(m.len == 1 && has(&m, &objs[5], 5) && !sol_ptr_map_get(&m, &objs[6], NULL));
    sol_ptr_map_free(&m);
}

/* NULL, tiny and unaligned pointers; keys that differ only in their low three bits share the
 * hash and must be told apart by probing. */
static void test_odd_keys(void)
{
    SolPtrMap m = {0};
    EXPECT(!sol_ptr_map_get(&m, NULL, NULL));
    sol_ptr_map_put(&m, NULL, 41);
    EXPECT(m.len == 1 && has(&m, NULL, 41));
    sol_ptr_map_put(&m, NULL, 42);
    EXPECT(m.len == 1 && has(&m, NULL, 42));
    for (uintptr_t p = 1; p < 64; p++)
        sol_ptr_map_put(&m, (const void *)p, p * 10);
    for (uintptr_t p = 0x1000; p < 0x1008; p++) /* one hash, eight keys */
        sol_ptr_map_put(&m, (const void *)p, p);
    sol_ptr_map_put(&m, (const void *)UINTPTR_MAX, 7);
    EXPECT(m.len == 1 + 63 + 8 + 1);
    EXPECT(has(&m, NULL, 42));
    for (uintptr_t p = 1; p < 64; p++)
        EXPECT(has(&m, (const void *)p, p * 10));
    for (uintptr_t p = 0x1000; p < 0x1008; p++)
        EXPECT(has(&m, (const void *)p, p));
    EXPECT(!sol_ptr_map_get(&m, (const void *)0x1008, NULL));
    EXPECT(!sol_ptr_map_get(&m, (const void *)64, NULL));
    EXPECT(has(&m, (const void *)UINTPTR_MAX, 7));
    sol_ptr_map_free(&m);
    EXPECT(!sol_ptr_map_get(&m, NULL, NULL));
}

static void test_init(void)
{
    SolPtrMap m;
    memset(&m, 0xAB, sizeof m); /* init ignores what was there */
    sol_ptr_map_init(&m, 0);
    EXPECT(m.len == 0 && !sol_ptr_map_get(&m, &m, NULL));
    sol_ptr_map_free(&m);
    sol_ptr_map_init(&m, 100);
    size_t cap = m.cap;
    EXPECT(cap >= 200);
    static char objs[100];
    for (int i = 0; i < 100; i++)
        sol_ptr_map_put(&m, &objs[i * 8 % 100], (uint64_t)i); /* 25 distinct keys, rewritten */
    EXPECT(m.cap == cap); /* no growth within the presized room */
    for (int i = 0; i < 100; i++)
        sol_ptr_map_put(&m, &objs[i], (uint64_t)i);
    EXPECT(m.len == 100 && m.cap == cap);
    for (int i = 0; i < 100; i++)
        EXPECT(has(&m, &objs[i], (uint64_t)i));
    sol_ptr_map_free(&m);
}

/* Every entry once, the NULL key included; values changed through the walk stick. */
static void test_iteration(void)
{
    enum { N = 1000 };
    static char objs[N];
    SolPtrMap m = {0};
    for (int i = 0; i < N; i++)
        sol_ptr_map_put(&m, &objs[i], (uint64_t)i);
    sol_ptr_map_put(&m, NULL, N);
    unsigned char *seen = calloc(N + 1, 1);
    size_t it = 0, count = 0;
    const void *k;
    uint64_t *v;
    while ((v = sol_ptr_map_next(&m, &it, &k))) {
        size_t i = k ? (size_t)((const char *)k - objs) : N;
        EXPECT(i <= N && *v == i);
        if (i <= N)
            seen[i]++;
        *v += 1000000;
        count++;
    }
    EXPECT(count == N + 1);
    size_t once = 0;
    for (int i = 0; i <= N; i++)
        once += seen[i] == 1;
    EXPECT(once == N + 1);
    EXPECT(sol_ptr_map_next(&m, &it, &k) == NULL); /* stays at the end */
    for (int i = 0; i < N; i++)
        EXPECT(has(&m, &objs[i], (uint64_t)i + 1000000));
    EXPECT(has(&m, NULL, N + 1000000));
    free(seen);
    sol_ptr_map_free(&m);
}

/* A small xorshift generator, so the sequence is the same on every run. */
static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Random puts and deletes over nkeys keys against a reference array (val 0 = absent); every
 * key's presence and value is checked after each step. Keys `base + 8 * (i / 8) + i % 8`
 * share a hash in groups of eight, so deletions happen inside long probe runs. */
static void test_delete_random(uintptr_t base, size_t nkeys, size_t steps, uint64_t seed)
{
    SolPtrMap m = {0};
    uint64_t *ref = calloc(nkeys, sizeof *ref);
    size_t live = 0, bad = 0;
    for (size_t s = 0; s < steps; s++) {
        size_t i = (size_t)(rnd(&seed) % nkeys);
        const void *k = (const void *)(base + i);
        if (rnd(&seed) % 3) {
            uint64_t val = s + 1;
            live += ref[i] == 0;
            ref[i] = val;
            sol_ptr_map_put(&m, k, val);
        } else {
            bool was = ref[i] != 0;
            live -= was;
            ref[i] = 0;
            bad += sol_ptr_map_delete(&m, k) != was;
            bad += sol_ptr_map_delete(&m, k); /* a second delete finds nothing */
        }
        bad += m.len != live;
        if (s % 64 == 0 || s + 1 == steps)
            for (size_t j = 0; j < nkeys; j++) {
                uint64_t got = 0;
                bool in = sol_ptr_map_get(&m, (const void *)(base + j), &got);
                bad += in != (ref[j] != 0) || (in && got != ref[j]);
            }
    }
    EXPECT(bad == 0);
    size_t it = 0, count = 0;
    const void *k;
    while (sol_ptr_map_next(&m, &it, &k))
        count++;
    EXPECT(count == live);
    free(ref);
    sol_ptr_map_free(&m);
}

/* Deleting every key of a full probe run that wraps around the end of the table, in each
 * order the run allows (first, last, middle), leaves the others reachable. */
static void test_delete_wrap(void)
{
    for (int order = 0; order < 3; order++) {
        SolPtrMap m = {0};
        sol_ptr_map_init(&m, 4); /* 16 slots */
        /* Find 4 keys whose home is slot 14 or 15, so that their run wraps past slot 0, and 2
         * whose home is slot 0 or 1, which then sit behind them in the same run. */
        const void *keys[6];
        size_t n = 0, nlow = 0;
        for (uintptr_t p = 8; n < 4 || nlow < 2; p += 8) {
            sol_ptr_map_put(&m, (const void *)p, 0); /* just to learn its home */
            size_t it = 0;
            const void *k;
            uint64_t *v = sol_ptr_map_next(&m, &it, &k);
            size_t slot = it - 2;
            EXPECT(v && k == (const void *)p);
            sol_ptr_map_delete(&m, (const void *)p);
            if (slot >= 14 && n < 4)
                keys[n++] = (const void *)p;
            else if (slot <= 1 && nlow < 2)
                keys[4 + nlow++] = (const void *)p;
        }
        for (size_t i = 0; i < 6; i++)
            sol_ptr_map_put(&m, keys[i], i + 100);
        EXPECT(m.cap == 16 && m.len == 6);
        size_t del[6];
        for (size_t i = 0; i < 6; i++)
            del[i] = order == 0 ? i : order == 1 ? 5 - i : (i * 5 + 2) % 6;
        for (size_t d = 0; d < 6; d++) {
            EXPECT(sol_ptr_map_delete(&m, keys[del[d]]));
            for (size_t i = 0; i < 6; i++) {
                bool gone = false;
                for (size_t e = 0; e <= d; e++)
                    gone = gone || del[e] == i;
                EXPECT(gone ? !sol_ptr_map_get(&m, keys[i], NULL) : has(&m, keys[i], i + 100));
            }
        }
        EXPECT(m.len == 0);
        sol_ptr_map_free(&m);
    }
}

static void test_delete_null(void)
{
    SolPtrMap m = {0};
    EXPECT(!sol_ptr_map_delete(&m, NULL));
    EXPECT(!sol_ptr_map_delete(&m, &m)); /* an empty map without storage */
    sol_ptr_map_put(&m, NULL, 3);
    sol_ptr_map_put(&m, &m, 4);
    EXPECT(sol_ptr_map_delete(&m, NULL));
    EXPECT(m.len == 1 && !sol_ptr_map_get(&m, NULL, NULL) && has(&m, &m, 4));
    EXPECT(!sol_ptr_map_delete(&m, NULL));
    sol_ptr_map_free(&m);
}

/* Clear empties the map (NULL key included), leaves it usable, keeps a dense table's size and
 * shrinks a sparse one. */
static void test_clear(void)
{
    enum { N = 5000 };
    static char objs[N];
    SolPtrMap m = {0};
    sol_ptr_map_clear(&m); /* clearing a map without storage is fine */
    EXPECT(m.len == 0 && m.cap == 0);
    for (int i = 0; i < N; i++)
        sol_ptr_map_put(&m, &objs[i], (uint64_t)i + 1);
    sol_ptr_map_put(&m, NULL, 9);
    size_t big = m.cap;
    sol_ptr_map_clear(&m);
    EXPECT(m.len == 0 && m.cap == big); /* it was dense: the storage stays */
    size_t hits = 0;
    for (int i = 0; i < N; i++)
        hits += sol_ptr_map_get(&m, &objs[i], NULL);
    EXPECT(hits == 0 && !sol_ptr_map_get(&m, NULL, NULL));
    size_t it = 0;
    const void *k;
    EXPECT(sol_ptr_map_next(&m, &it, &k) == NULL);
    for (int i = 0; i < 10; i++) /* a small round in the big table */
        sol_ptr_map_put(&m, &objs[i * 7], (uint64_t)i);
    EXPECT(m.len == 10 && m.cap == big);
    for (int i = 0; i < 10; i++)
        EXPECT(has(&m, &objs[i * 7], (uint64_t)i));
    sol_ptr_map_clear(&m); /* sparse now: shrinks to the size of that round */
    EXPECT(m.len == 0 && m.cap < big && m.cap >= 16 && m.cap <= 64);
    EXPECT(!sol_ptr_map_get(&m, &objs[0], NULL));
    for (int i = 0; i < N; i++) /* and grows again as needed */
        sol_ptr_map_put(&m, &objs[i], (uint64_t)i + 2);
    size_t bad = 0;
    for (int i = 0; i < N; i++)
        bad += !has(&m, &objs[i], (uint64_t)i + 2);
    EXPECT(bad == 0 && m.len == N);
    sol_ptr_map_free(&m);
}

int main(void)
{
    test_empty();
    test_growth(0x10000, 8, 100000);                 /* dense, like arena-allocated values */
    test_growth(0x7f0000000000, 40, 20000);          /* SolValue-sized strides */
    test_growth(0x100000, (uintptr_t)1 << 20, 5000); /* equal low bits: only high bits differ */
    test_overwrite();
    test_odd_keys();
    test_init();
    test_iteration();
    test_delete_random(0x4000, 300, 20000, 0x9E3779B97F4A7C15ull);
    test_delete_random(0x4000, 40, 5000, 12345); /* few keys: the table stays small and wraps */
    test_delete_wrap();
    test_delete_null();
    test_clear();
    return failures ? 1 : 0;
}
