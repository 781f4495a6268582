/*
 * The core clock, measured: a chain of dependent register-to-register adds retires one add
 * per cycle (latency 1) on every x86-64 and AArch64 core we know, so adds per second is cycles
 * per second. The addend is a register, not an immediate: recent Intel cores fold chains of
 * immediate adds in the renamer (measured here: 6 "adds per cycle", a 20 GHz clock). The
 * kernel writes its own assembly so the compiler cannot fold the chain either. The best of
 * the repetitions counts (turbo ramps up during the first ones).
 */
#include "Calibrate/calibrate.h"

#define ADDS_PER_BLOCK 200

static uint64_t add_chain(uint64_t blocks)
{
    uint64_t x = 0, one = 1;
    for (uint64_t i = 0; i < blocks; i++) {
#if defined(__x86_64__)
        __asm__ volatile(".rept 200\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
#elif defined(__aarch64__)
        __asm__ volatile(".rept 200\n\tadd %0, %0, %1\n\t.endr" : "+r"(x) : "r"(one));
#else
        for (int k = 0; k < ADDS_PER_BLOCK; k++)
            __asm__ volatile("" : "+r"(x)), x += one; /* the barrier keeps each add */
#endif
    }
    return x;
}

double sol_cal_clock_ghz(const SolCalOptions *o)
{
    /* Double the block count until one run takes a quarter of the target time. */
    uint64_t blocks = 1000;
    while (blocks < (1ull << 40)) {
        double t0 = sol_cal_now();
        add_chain(blocks);
        if (sol_cal_now() - t0 >= o->seconds / 4)
            break;
        blocks *= 2;
    }
    double best = 0;
    for (int r = 0; r < o->repeats; r++) {
        double t0 = sol_cal_now();
        uint64_t sink = add_chain(blocks);
        double t = sol_cal_now() - t0;
        if (sink != blocks * ADDS_PER_BLOCK || !(t > 0))
            return 0;
        double ghz = (double)blocks * ADDS_PER_BLOCK / t * 1e-9;
        if (ghz > best)
            best = ghz;
    }
    return best;
}
