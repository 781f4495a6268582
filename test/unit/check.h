/*
 * The one assertion macro the C unit tests share: EXPECT(cond) reports the file, line and
 * condition of a failed check and counts it; a test's main returns `failures ? 1 : 0`.
 * Each test is one executable, so `failures` is per test.
 */
#ifndef SOLAR_TEST_UNIT_CHECK_H
#define SOLAR_TEST_UNIT_CHECK_H

#include <stdio.h>

static int failures;

#define EXPECT(cond)                                                                               \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

#endif /* SOLAR_TEST_UNIT_CHECK_H */
