/*
 * Unit test of SolPtrMap (lib/Support/ptr_map.h) against a plain array as the reference: an
 * empty map (zeroed or freed) misses every key; growth across 100,000 inserts keeps every
 * value; overwrites keep one entry; pointers that share a hash slot (the same bits above the
 * low three, or strides of 2^20 that differ only in high bits) stay apart; NULL and tiny
 * pointers are keys like any other; presizing; iteration visits every entry once and may
 * change values. Exit status 0 = pass.
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
    return failures ? 1 : 0;
}
